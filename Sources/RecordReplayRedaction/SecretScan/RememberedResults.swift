import RepositoryContractsPrimitives

/// Results remembered for the process by their input, within two bounds on the input bytes they stand
/// for: an input larger than ``largestRemembered`` is computed every time, and the store forgets
/// everything once the inputs it holds would pass ``bytesRemembered``.
///
/// The secret scan's results are kept this way, since fixtures repeat themselves: a fixture's findings
/// (``SecretScan/rememberedFindings(in:)``), and the scans of the texts inside fixtures, whose header
/// values, titles and member names recur from one interaction and one recording to the next
/// (``SecretScanShapes/matches(in:name:)``, ``Redaction/textCredentials(in:bytes:)``).
struct RememberedResults<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Store {
        var values: [HashedKey: Value] = [:]
        var bytes = 0
    }

    /// A key with its hash, computed before the lock is taken: hashing a text is most of a look-up's
    /// work, and scans on several threads (a test run, `redact` over many files) share the store.
    private struct HashedKey: Hashable {
        let key: Key
        let hash: Int

        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.hash == rhs.hash && lhs.key == rhs.key }
    }

    /// The largest input remembered, in bytes.
    let largestRemembered: Int
    /// The most input bytes the store holds before it forgets everything.
    let bytesRemembered: Int
    private let store = Protected(Store())

    init(largestRemembered: Int, bytesRemembered: Int) {
        self.largestRemembered = largestRemembered
        self.bytesRemembered = bytesRemembered
    }

    /// The value remembered for `key`, or `compute()`'s, remembered when `size` (the input's bytes) is
    /// within ``largestRemembered``.
    func value(for key: Key, size: Int, _ compute: () -> Value) -> Value {
        guard size <= largestRemembered else { return compute() }
        let key = HashedKey(key)
        if let known = store.withLock({ $0.values[key] }) { return known }
        let value = compute()
        store.withLock { store in
            if store.bytes + size > bytesRemembered {
                store.values = [:]
                store.bytes = 0
            }
            if store.values.updateValue(value, forKey: key) == nil { store.bytes += size }
        }
        return value
    }
}

extension SecretScanShapes {
    struct ScanInput: Hashable, Sendable {
        var text: String
        var name: String?
    }

    static let remembered = RememberedResults<ScanInput, [Match]>(largestRemembered: 4_096, bytesRemembered: 8 << 20)
}

extension TextCredentials {
    /// What the search for credentials inside a text reads: the text, and what decides whether a name
    /// names a credential (``Redaction/redacts(_:listed:)`` over the body-member names).
    struct ScanInput: Hashable, Sendable {
        var text: String
        var listed: [String]
        var allowed: [String]
        var redactsCredentialNames: Bool
    }

    static let remembered = RememberedResults<ScanInput, [Found]>(largestRemembered: 4_096, bytesRemembered: 8 << 20)
}
