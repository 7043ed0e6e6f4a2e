/// A filter a conformer answers, with its meaning as a closure over the entity: declared with
/// ``Conformance/querying(_:)`` and checked by the `queries.*` clauses, which compare the store's answer
/// with the meaning applied to what is stored, for parameters taken from the stored entities and for near
/// misses of them (another case, a prefix, a space more).
///
/// ```swift
/// .querying(.named("tag", parameters: \.tags) { note, tag in note.tags.contains(tag) })
/// ```
///
/// The witness runs it with ``RepositoryWitness/querying(_:_:)`` under the same name.
public struct Query<Entity>: Sendable, CustomStringConvertible {
    /// The query's name: how the witness and reports name it.
    public let name: String
    /// Whether its results come in the conformance's declared ordering (else they are compared as a set).
    public let isOrdered: Bool
    /// The type of its parameter, for messages.
    public let parameterType: String
    private let parametersOf: @Sendable (Entity) -> [QueryParameter]
    private let nearMissesOf: @Sendable (QueryParameter) -> [QueryParameter]
    private let matchesParameter: @Sendable (Entity, QueryParameter) -> Bool?

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
        let misses: @Sendable (Parameter) -> [Parameter] = nearMisses ?? { QueryParameter.nearMisses(of: $0) }
        return Self(
            name: name, isOrdered: isOrdered, parameterType: "\(Parameter.self)",
            parametersOf: { parameters($0).map(QueryParameter.init) },
            nearMissesOf: { parameter in
                guard let value = parameter.value as? Parameter else { return [] }
                return misses(value).map(QueryParameter.init)
            },
            matchesParameter: { entity, parameter in
                guard let value = parameter.value as? Parameter else { return nil }
                return matches(entity, value)
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
    /// another type.
    public func matches(_ entity: Entity, _ parameter: QueryParameter) -> Bool? {
        matchesParameter(entity, parameter)
    }

    /// `tag (String)`.
    public var description: String { "\(name) (\(parameterType))" }
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

    public static func == (lhs: Self, rhs: Self) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

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
    /// Runs the query for a parameter.
    public let run: @Sendable (QueryParameter) async throws -> [Entity]
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
        copy.queries[name] = QueryRunner { parameter in
            guard let value = parameter.value as? Parameter else {
                throw ForeignQueryParameter(query: name, parameter: parameter, expected: "\(Parameter.self)")
            }
            return try await run(value)
        }
        return copy
    }
}
