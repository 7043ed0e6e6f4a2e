package import RecordReplayMessages

/// The last request a connection read from its head alone (no body), kept with the bytes it came from,
/// so that a keep-alive client sending the very same bytes again (a client polling one URL, a load
/// generator) gets the same request without the bytes being parsed again.
///
/// Reading a request is a function of its bytes and the connection's limits alone, and a head without a
/// body is complete when its empty line arrives, whatever follows. So when the bytes received start with
/// the remembered ones, the decoder would give the same request and use exactly those bytes: the match
/// is byte for byte, never by meaning. `.ci/fuzz` checks that for every input it runs.
package struct RepeatedRequestHead {
    /// Heads up to this size are remembered (a connection keeps one).
    package static let maxRememberedBytes = 1024

    private var bytes: [UInt8] = []
    private var request: StubRequest?
    private var terms = ResponseTerms()
    /// Which head is remembered: a new number each time another is.
    package private(set) var version = 0

    /// Nothing remembered yet.
    package init() {}

    /// The remembered request and its terms, with the count of bytes they came from, when `received`
    /// starts with those bytes.
    package func match(_ received: UnsafeBufferPointer<UInt8>) -> (request: StubRequest, terms: ResponseTerms, used: Int)? {
        guard let request, received.count >= bytes.count else { return nil }
        let same = bytes.withUnsafeBytes { remembered in
            remembered.hasSameBytes(as: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(received)[0..<remembered.count]))
        }
        return same ? (request, terms, bytes.count) : nil
    }

    /// Remembers `request`, which `decoder` has just given from the first `used` bytes of `received`,
    /// when it came from a head alone and the head is small enough; otherwise forgets what it held.
    /// Returns whether it remembered it.
    @discardableResult
    package mutating func remember(
        _ request: StubRequest, terms: ResponseTerms, decodedBy decoder: RequestDecoder,
        from received: UnsafeBufferPointer<UInt8>, used: Int
    ) -> Bool {
        guard decoder.gaveHeadAlone, used <= Self.maxRememberedBytes else {
            self.request = nil
            bytes.removeAll(keepingCapacity: true)
            return false
        }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: received[0..<used]))
        self.request = request
        self.terms = terms
        version &+= 1
        return true
    }
}
