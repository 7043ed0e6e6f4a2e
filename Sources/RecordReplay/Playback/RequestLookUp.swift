/// What planning works out for a request from the request alone and the loaded fixtures: its normalised
/// form, the keys it is looked up under, and where its received key's bucket is in the index.
///
/// A value, so that a caller that keeps nothing (``Playback/plan(for:)``, interception) allocates
/// nothing for it; a connection that keeps it boxes it in a ``PlanMemo``. The keys and the bucket hold
/// only while the index's ``InteractionIndex/layout`` is the one they were found in: loading an
/// interaction can add a bucket for the key or a redacted shape to look it up under.
struct RequestLookUp: Sendable {
    let normalized: NormalizedRequest
    let keys: LookupKeys
    /// Where the bucket of ``LookupKeys/received`` is (`nil`: nothing was recorded under it), in `layout`.
    let receivedBucket: Int?
    /// The index's layout the keys and the bucket were found in.
    let layout: InteractionIndex.Layout

    init(normalized: NormalizedRequest, keys: LookupKeys, in index: InteractionIndex) {
        self.normalized = normalized
        self.keys = keys
        self.receivedBucket = index.bucketPosition(for: keys.received)
        self.layout = index.layout
    }

    /// Whether the keys and the bucket still hold for `index`.
    func holds(for index: InteractionIndex) -> Bool {
        layout === index.layout
    }
}

/// The last request's ``RequestLookUp``, as a connection keeps it (``RecordReplayWire/RequestMemo``),
/// so that the very same request again on that connection is not normalised, keyed and hashed again.
final class PlanMemo: Sendable {
    let lookUp: RequestLookUp

    init(_ lookUp: RequestLookUp) {
        self.lookUp = lookUp
    }
}
