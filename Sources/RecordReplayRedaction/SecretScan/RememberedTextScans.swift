import RepositoryContractsPrimitives

/// The results of the text scans that a process repeats most, remembered by their input: the shape scan
/// of a text (``SecretScanShapes/matches(in:name:)``) and the search for credentials inside a text
/// (``Redaction/textCredentials(in:)``).
///
/// Fixtures repeat their texts: every interaction carries the same header values, and a contract's
/// recordings the same titles and field names. In the project's own suite, 400,000 shape scans read
/// 9,600 distinct texts. A text longer than ``longestRemembered`` is scanned every time, and the store
/// forgets everything once the texts it holds pass ``bytesRemembered``.
struct RememberedTextScans<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Store {
        var values: [Key: Value] = [:]
        var bytes = 0
    }

    /// The longest text remembered, in UTF-8 bytes.
    static var longestRemembered: Int { 4_096 }
    /// The most text bytes one store holds before it forgets everything.
    static var bytesRemembered: Int { 8 << 20 }

    private let store = Protected(Store())

    /// The value remembered for `key`, or `compute()`'s, remembered when `size` (the text's length) is
    /// within ``longestRemembered``.
    func value(for key: Key, size: Int, _ compute: () -> Value) -> Value {
        guard size <= Self.longestRemembered else { return compute() }
        if let known = store.withLock({ $0.values[key] }) { return known }
        let value = compute()
        store.withLock { store in
            if store.bytes + size > Self.bytesRemembered {
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

    static let remembered = RememberedTextScans<ScanInput, [Match]>()
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

    static let remembered = RememberedTextScans<ScanInput, [Found]>()
}
