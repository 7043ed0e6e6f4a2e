public import Foundation

/// The slice of `UserDefaults` the original repository uses, so the port can run on a store made per test.
public protocol KeyValueStore: AnyObject, Sendable {
    func object(forKey key: String) -> Any?
    func set(_ value: Any?, forKey key: String)
}

/// `UserDefaults` as a `KeyValueStore`: what the original repository used (`UserDefaults.standard`).
/// `UserDefaults` is documented as thread-safe; Foundation does not mark it `Sendable` on every platform.
public final class UserDefaultsStore: KeyValueStore, @unchecked Sendable {
    private let defaults: UserDefaults

    public init(_ defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    public func object(forKey key: String) -> Any? {
        defaults.object(forKey: key)
    }

    public func set(_ value: Any?, forKey key: String) {
        defaults.set(value, forKey: key)
    }
}

/// A `KeyValueStore` in memory: a fresh, isolated `UserDefaults` stand-in for each test.
public final class InMemoryKeyValueStore: KeyValueStore, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Any] = [:]

    public init() {}

    public func object(forKey key: String) -> Any? {
        lock.withLock { values[key] }
    }

    public func set(_ value: Any?, forKey key: String) {
        lock.withLock { values[key] = value }
    }
}
