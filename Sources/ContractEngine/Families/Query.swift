/// A filter a conformer answers, with its meaning as a closure over the entity: declared with
/// ``Conformance/querying(_:)`` and checked by the `queries.*` clauses, which compare the store's answer
/// with the meaning applied to what is stored, for parameters taken from the stored entities and for near
/// misses of them (another case, a prefix, a space more).
///
/// ```swift
/// .querying(.named("tag", parameters: \.tags) { note, tag in note.tags.contains(tag) })
/// ```
///
/// The witness runs it with ``RepositoryWitness/querying(_:_:)`` under the same name. Where Foundation's
/// `Predicate` exists, the meaning can be one: ``predicate(_:isOrdered:parameters:nearMisses:_:)``.
public struct Query<Entity>: Sendable, CustomStringConvertible {
    /// The query's name: how the witness and reports name it.
    public let name: String
    /// Whether its results come in the conformance's declared ordering (else they are compared as a set).
    public let isOrdered: Bool
    /// The type of its parameter, for messages and for checking the witness runs the same type.
    public let parameterType: String
    /// How its meaning is given: `a closure` or `a Predicate`, for messages.
    public let meaningKind: String
    private let parametersOf: @Sendable (Entity) -> [QueryParameter]
    private let nearMissesOf: @Sendable (QueryParameter) -> [QueryParameter]
    private let meaning: @Sendable (Entity, QueryParameter) throws -> Bool?

    /// A query whose parameter is a `Parameter`: `parameters` lists the values an entity would be found by
    /// (its tags, its title's words), and `matches` says whether an entity is an answer for a value.
    ///
    /// - Parameters:
    ///   - isOrdered: Whether results come in the declared ordering. Default: `false` (compared as a set).
    ///   - nearMisses: Values close to a found one that should *not* find the same entities, unless the
    ///     meaning says so. Default: for text, other case, one character less and a space more.
    public static func named<Parameter: Hashable & Sendable>(
        _ name: String,
        isOrdered: Bool = false,
        parameters: @escaping @Sendable (Entity) -> [Parameter],
        nearMisses: (@Sendable (Parameter) -> [Parameter])? = nil,
        matches: @escaping @Sendable (Entity, Parameter) -> Bool
    ) -> Self {
        typed(name, isOrdered: isOrdered, meaningKind: "a closure", parameters: parameters, nearMisses: nearMisses, meaning: matches)
    }

    /// A query over `Parameter` whose meaning may throw: what ``named(_:isOrdered:parameters:nearMisses:matches:)``
    /// and ``predicate(_:isOrdered:parameters:nearMisses:_:)`` build.
    static func typed<Parameter: Hashable & Sendable>(
        _ name: String,
        isOrdered: Bool,
        meaningKind: String,
        parameters: @escaping @Sendable (Entity) -> [Parameter],
        nearMisses: (@Sendable (Parameter) -> [Parameter])?,
        meaning: @escaping @Sendable (Entity, Parameter) throws -> Bool
    ) -> Self {
        let misses: @Sendable (Parameter) -> [Parameter] = nearMisses ?? { QueryParameter.nearMisses(of: $0) }
        return Self(
            name: name, isOrdered: isOrdered, parameterType: "\(Parameter.self)", meaningKind: meaningKind,
            parametersOf: { parameters($0).map(QueryParameter.init) },
            nearMissesOf: { parameter in
                guard let value = parameter.value as? Parameter else { return [] }
                return misses(value).map(QueryParameter.init)
            },
            meaning: { entity, parameter in
                guard let value = parameter.value as? Parameter else { return nil }
                return try meaning(entity, value)
            })
    }

    /// The parameters `entity` would be found by.
    public func parameters(of entity: Entity) -> [QueryParameter] {
        parametersOf(entity)
    }

    /// Values close to `parameter` to try as well.
    public func nearMisses(of parameter: QueryParameter) -> [QueryParameter] {
        nearMissesOf(parameter)
    }

    /// Whether `entity` answers `parameter` by the declared meaning; `nil` when the parameter is of
    /// another type, `false` when the meaning threw (``evaluate(_:_:)`` says why).
    public func matches(_ entity: Entity, _ parameter: QueryParameter) -> Bool? {
        do {
            return try evaluate(entity, parameter)
        } catch {
            return false
        }
    }

    /// Whether `entity` answers `parameter` by the declared meaning; `nil` when the parameter is of
    /// another type.
    ///
    /// - Throws: ``QueryMeaningError`` when the meaning threw (a `Predicate` Foundation cannot evaluate
    ///   on this entity, such as a force unwrap of `nil`).
    public func evaluate(_ entity: Entity, _ parameter: QueryParameter) throws(QueryMeaningError) -> Bool? {
        do {
            return try meaning(entity, parameter)
        } catch {
            throw QueryMeaningError(query: description, meaningKind: meaningKind, parameter: parameter, error: error)
        }
    }

    /// `tag (String)`.
    public var description: String { "\(name) (\(parameterType))" }
}

/// Why a query's declared meaning could not say whether an entity answers a parameter: the meaning threw.
public struct QueryMeaningError: Error, CustomStringConvertible {
    /// The query, as reports name it: `tag (String)`.
    public let query: String
    /// `a closure` or `a Predicate`.
    public let meaningKind: String
    /// The parameter it was evaluated for.
    public let parameter: QueryParameter
    /// What the meaning threw.
    public let error: any Error

    /// The query, its parameter and the error.
    public var description: String {
        "the meaning of query \(query), \(meaningKind), threw evaluating parameter \(abbreviate(parameter)): "
            + "\(describe(error)); a meaning must decide every entity (a Predicate must avoid force unwraps and "
            + "operations Foundation cannot evaluate in memory)"
    }
}

/// A query's parameter, with its type erased.
public struct QueryParameter: Hashable, Sendable, CustomStringConvertible {
    /// The parameter itself.
    public let value: any Hashable & Sendable

    /// Wraps a parameter.
    public init(_ value: any Hashable & Sendable) {
        self.value = value
    }

    /// The value, quoted when it is text.
    public var description: String {
        value is String ? "\"\(value)\"" : String(describing: value)
    }

    /// Whether both hold the same value, of the same type.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    /// Hashes the value, as `AnyHashable` does.
    public func hash(into hasher: inout Hasher) {
        AnyHashable(value).hash(into: &hasher)
    }

    /// For text: the other case, one character less, a space more; nothing for other types.
    static func nearMisses<Parameter>(of value: Parameter) -> [Parameter] {
        guard let text = value as? String, !text.isEmpty else { return [] }
        var misses = [text.uppercased(), text.lowercased(), String(text.dropLast()), text + " ", " " + text]
        misses.removeAll { $0 == text }
        var seen: Set<String> = []
        return misses.filter { seen.insert($0).inserted }.compactMap { $0 as? Parameter }
    }
}

/// How the contract runs one of a conformer's queries, whatever its parameter type.
public struct QueryRunner<Entity: Sendable>: Sendable {
    /// The type of the parameter the witness's query takes: it must be the declared query's.
    public let parameterType: String
    /// Runs the query for a parameter.
    public let run: @Sendable (QueryParameter) async throws -> [Entity]

    /// A runner from its parts.
    public init(parameterType: String, run: @escaping @Sendable (QueryParameter) async throws -> [Entity]) {
        self.parameterType = parameterType
        self.run = run
    }
}

/// Thrown by a ``QueryRunner`` handed a parameter of another type than its query takes.
struct ForeignQueryParameter: Error, CustomStringConvertible {
    let query: String
    let parameter: QueryParameter
    let expected: String
    var description: String {
        "query \(query) was handed parameter \(parameter) of type \(type(of: parameter.value)), but the witness's "
            + "querying(\"\(query)\") takes \(expected): declare and run the query with the same parameter type"
    }
}

extension RepositoryWitness {
    /// The same witness answering the query `name` (declared with ``Conformance/querying(_:)``).
    ///
    /// ```swift
    /// .querying("tag") { (tag: String) in try await store.notes(taggedWith: tag) }
    /// ```
    public func querying<Parameter: Hashable & Sendable>(
        _ name: String, _ run: @escaping @Sendable (Parameter) async throws -> [Entity]
    ) -> Self {
        var copy = self
        copy.queries[name] = QueryRunner(parameterType: "\(Parameter.self)") { parameter in
            guard let value = parameter.value as? Parameter else {
                throw ForeignQueryParameter(query: name, parameter: parameter, expected: "\(Parameter.self)")
            }
            return try await run(value)
        }
        return copy
    }
}
