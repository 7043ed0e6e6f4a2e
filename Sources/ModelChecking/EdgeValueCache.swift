import ContractEngine
import RepositoryContractsPrimitives

/// The edge values derived around samples, kept per type, encoded sample and settings: every step of a
/// check may draw one, and deriving decodes dozens of variants.
enum EdgeValueCache {
    private struct Key: Hashable {
        var type: ObjectIdentifier
        var sample: String
        var settings: EdgeCases
    }

    /// Past this many samples the cache starts again, so that samples drawn at random do not grow it
    /// without bound.
    private static let capacity = 256
    private static let derived = Protected<[Key: any Sendable]>([:])

    /// ``EdgeCases/values(around:)`` of `sample` under `settings`, derived once per key; empty when
    /// `sample` does not encode.
    static func values<Value: Codable & Sendable>(around sample: Value, _ settings: EdgeCases) -> [EdgeCase<Value>] {
        guard let text = EdgeCases.encodedText(of: sample) else { return [] }
        let key = Key(type: ObjectIdentifier(Value.self), sample: text, settings: settings)
        if let cached = derived.withLock({ $0[key] }) as? [EdgeCase<Value>] { return cached }
        let values = settings.values(around: sample)
        derived.withLock { cache in
            if cache.count >= capacity { cache.removeAll() }
            cache[key] = values
        }
        return values
    }
}
