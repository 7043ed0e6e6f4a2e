/// What a connection keeps for its request handler from one request to the next, so that a handler given
/// the very request it was given last can reuse what it worked out for it instead of working it out again
/// (a keep-alive client polling one URL, a load generator).
///
/// The connection decides what a repeat is, from bytes alone: the request came from the same bytes as the
/// last request the handler was given on this connection (``RepeatedRequestHead``), with no other request
/// given in between. What the handler keeps is its own: the connection only carries it.
package struct RequestMemo {
    /// Whether the request the handler is given now is the one it was given last on this connection,
    /// read again from the very same bytes.
    package private(set) var isRepeat = false
    /// What the handler kept from the last request it was given on this connection (`nil`: nothing).
    package var kept: AnyObject?
    /// The remembered head (its ``RepeatedRequestHead/version``) the last request given came from, if it
    /// came from one.
    private var lastHeadVersion: Int?

    /// Nothing given yet.
    package init() {}

    /// Notes that the handler is about to be given a request, read from the remembered head of
    /// `headVersion` (`nil`: from no remembered head), and sets ``isRepeat``.
    package mutating func prepare(headVersion: Int?) {
        isRepeat = headVersion != nil && headVersion == lastHeadVersion
        lastHeadVersion = headVersion
    }
}
