/// A field the store sets itself (a version, an ETag, a timestamp): left out when the contract compares
/// what it sent with what the store holds, and checked by its own rule instead.
///
/// ```swift
/// Conformance<CRUD<Note>>("in-memory") { … }
///     .maintaining(.version(\.version), .updatedAt(\.updatedAt), .createdAt(\.createdAt))
/// ```
///
/// Every rule also says: reads leave the field as it was, and a write that fails leaves it as it was.
public struct StoreMaintained<Entity>: Sendable, CustomStringConvertible {
    /// What the store promises about the field.
    ///
    /// A struct over private storage rather than an enum, so that a new rule is not a breaking change
    /// for code that switches over the ones it knows (compare with `==`).
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        /// The rules, for the package's own exhaustive switches.
        package enum Kind: String, Sendable, Hashable {
            case version, entityTag, refreshedOnWrite, setOnCreate
        }

        /// Which rule this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Set on create, and larger after every write than before it.
        public static var version: Rule { Rule(.version) }
        /// Set on create, and different after every write that changes the content.
        public static var entityTag: Rule { Rule(.entityTag) }
        /// Set on create, and refreshed by every write: never earlier than before, later whenever the
        /// store's time moved in between (see ``RepositoryWitness/movingStoreTime(_:)``).
        public static var refreshedOnWrite: Rule { Rule(.refreshedOnWrite) }
        /// Set on create, and never changed by a write.
        public static var setOnCreate: Rule { Rule(.setOnCreate) }

        /// The rule's name: `version`, `entityTag`, `refreshedOnWrite`, `setOnCreate`.
        public var description: String { kind.rawValue }
    }

    /// The path's name: `version`.
    public let name: String
    /// What the store promises about it.
    public let rule: Rule
    private let copyValue: @Sendable (Entity, Entity) -> Entity
    private let equalValues: @Sendable (Entity, Entity) -> Bool
    private let increasing: (@Sendable (Entity, Entity) -> Bool)?
    private let text: @Sendable (Entity) -> String

    private init<Value: Equatable & Sendable>(
        _ path: any WritableKeyPath<Entity, Value> & Sendable, _ rule: Rule,
        increasing: (@Sendable (Value, Value) -> Bool)?
    ) {
        name = SortKey<Entity>.name(of: path)
        self.rule = rule
        copyValue = { target, source in
            var copy = target
            copy[keyPath: path] = source[keyPath: path]
            return copy
        }
        equalValues = { $0[keyPath: path] == $1[keyPath: path] }
        if let isLess = increasing {
            self.increasing = { earlier, later in isLess(earlier[keyPath: path], later[keyPath: path]) }
        } else {
            self.increasing = nil
        }
        text = { String(describing: $0[keyPath: path]) }
    }

    /// A version the store sets on create and increases on every write (a counter, a row version).
    public static func version<Value: Comparable & Sendable>(_ path: any WritableKeyPath<Entity, Value> & Sendable) -> Self {
        Self(path, .version, increasing: { $0 < $1 })
    }

    /// An entity tag the store sets on create and changes on every write that changes the content.
    public static func entityTag<Value: Equatable & Sendable>(_ path: any WritableKeyPath<Entity, Value> & Sendable) -> Self {
        Self(path, .entityTag, increasing: nil)
    }

    /// A timestamp the store sets on create and refreshes on every write (`updatedAt`, `modified`).
    public static func updatedAt<Value: Comparable & Sendable>(_ path: any WritableKeyPath<Entity, Value> & Sendable) -> Self {
        Self(path, .refreshedOnWrite, increasing: { $0 < $1 })
    }

    /// A value the store sets on create and keeps (`createdAt`, an owner, a server-side slug).
    public static func createdAt<Value: Equatable & Sendable>(_ path: any WritableKeyPath<Entity, Value> & Sendable) -> Self {
        Self(path, .setOnCreate, increasing: nil)
    }

    /// `version (a version)`: the field and its rule, as reports name them.
    public var description: String {
        switch rule.kind {
        case .version: "\(name) (a version)"
        case .entityTag: "\(name) (an entity tag)"
        case .refreshedOnWrite: "\(name) (refreshed on write)"
        case .setOnCreate: "\(name) (set on create)"
        }
    }

    /// `target` with this field's value taken from `source`.
    public func adopting(_ target: Entity, from source: Entity) -> Entity {
        copyValue(target, source)
    }

    /// Whether `lhs` and `rhs` hold the same value in this field.
    public func hasSameValue(_ lhs: Entity, _ rhs: Entity) -> Bool {
        equalValues(lhs, rhs)
    }

    /// Whether `later`'s value is larger than `earlier`'s; `nil` for a field whose values are not ordered.
    public func increased(from earlier: Entity, to later: Entity) -> Bool? {
        increasing?(earlier, later)
    }

    /// The field's value in `entity`, for messages.
    public func value(in entity: Entity) -> String {
        text(entity)
    }
}

extension Equivalence {
    /// The same relation, comparing `entity` with `expected` after `expected` took the values of
    /// `fields` from `entity`: store-maintained fields never count as a difference.
    func ignoring(_ fields: [StoreMaintained<Entity>]) -> Self {
        guard !fields.isEmpty else { return self }
        let names = fields.map { $0.name }.joined(separator: ", ")
        return Self("\(name), ignoring the store-maintained \(names)") { actual, expected in
            self(actual, fields.reduce(expected) { $1.adopting($0, from: actual) })
        }
    }
}
