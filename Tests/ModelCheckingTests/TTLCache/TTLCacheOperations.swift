import ModelChecking

/// The operations of ``TTLCache``, declared once, with time as a step: all a user writes.
enum TTLCacheOperations {
    static let ttl: Duration = .seconds(60)
    // declaration: begin
    static let keys = ["a", "b"]
    static let values = ["x", "y"]

    static let all: [ProtocolOperation<CacheSystem>] = [
        .init("set(_:for:)", arguments: { d in (value: d.element(of: values), key: d.element(of: keys)) },
              call: { try await $0.cache.set($1.value, for: $1.key) },
              swift: { "cache.set(\($0.value.swiftLiteral), for: \($0.key.swiftLiteral))" }),
        .init("value(for:)", arguments: { d in d.element(of: keys) },
              call: { try await $0.cache.value(for: $1) }, swift: { "cache.value(for: \($0.swiftLiteral))" }),
        .init("removeValue(for:)", arguments: { d in d.element(of: keys) },
              call: { try await $0.cache.removeValue(for: $1) }, swift: { "cache.removeValue(for: \($0.swiftLiteral))" }),
        .init("count()", call: { try await $0.cache.count() }, swift: "cache.count()"),
        .advancingTime(of: \.clock, by: [.seconds(1), .seconds(20), .seconds(59), .seconds(60)]),
    ]
    // declaration: end
}
