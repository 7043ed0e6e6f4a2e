import ContractEngine

extension ClauseContext where Terms: RepositoryTerms {
    /// The declared queries the witness can run; a failure naming the builder to add for each it cannot.
    func runnableQueries() -> [Query<Terms.Entity>] {
        repositoryPromises.queries.filter { query in
            guard let problem = subject.problem(running: query) else { return true }
            fail("\(conformance.name) declares query \(query) at \(conformance.declaredAt), but \(problem)")
            return false
        }
    }

    /// Stores data made for the queries to tell apart: new entities from the factory, then each edge case
    /// derived from `make(_:)` (creates the store refuses are left out), where the text values tried in
    /// each field include the near misses of the new entities' parameters (another case, a prefix, a
    /// space more). Returns what the creates returned, in creation order.
    func storeQueryData(_ queries: [Query<Terms.Entity>]) async throws -> [Terms.Entity] {
        let base = newEntities(6)
        var settings = repositoryPromises.edgeCases
        for query in queries {
            let misses = QueryParameters.nearMisses(query, of: QueryParameters.stored(query, of: base))
            for case let text as String in misses.map(\.value) where !settings.strings.contains(text) {
                settings.strings.append(text)
            }
        }
        var created = try await createAll(base)
        for edge in factory.edgeCases(settings) where !edge.isChange {
            let entity = twin(of: edge.entity)
            if case .success(let stored) = try await attempt({ try await subject.create(entity) }) {
                created.append(stored)
            }
        }
        return created
    }

    /// Checks every query's answer for each parameter `parameters` picks from what `fetchAll()` returns now.
    func expectAnswers(
        _ queries: [Query<Terms.Entity>], createdAs created: [Terms.Entity], _ when: String,
        parameters: (Query<Terms.Entity>, [Terms.Entity]) -> [QueryParameter]
    ) async throws {
        let stored = try await subject.fetchAll()
        for query in queries {
            try await expectAnswers(query, for: parameters(query, stored), stored: stored, createdAs: created, when)
        }
    }

    /// Checks every query's answer for the parameters of what `fetchAll()` returns now and for every
    /// parameter asked before (an old value must stop finding an entity that no longer has it).
    func expectAnswers(
        _ queries: [Query<Terms.Entity>], createdAs created: [Terms.Entity], _ when: String, asked: inout QueryParameters.Asked
    ) async throws {
        let stored = try await subject.fetchAll()
        for query in queries {
            let parameters = asked.adding(QueryParameters.stored(query, of: stored), to: query.name)
            try await expectAnswers(query, for: parameters, stored: stored, createdAs: created, when)
        }
    }

    private func expectAnswers(
        _ query: Query<Terms.Entity>, for parameters: [QueryParameter], stored: [Terms.Entity], createdAs created: [Terms.Entity], _ when: String
    ) async throws {
        for parameter in parameters {
            guard try await expectAnswer(query, parameter, stored: stored, createdAs: created, when) else { return }
        }
    }

    /// Runs `query` for `parameter` and checks its answer against the declared meaning applied to
    /// `stored`: the same entities, each once, with the stored values, in the declared ordering when the
    /// query is ordered. `false` when the meaning itself threw (the query is not asked again).
    func expectAnswer(
        _ query: Query<Terms.Entity>, _ parameter: QueryParameter, stored: [Terms.Entity], createdAs created: [Terms.Entity], _ when: String
    ) async throws -> Bool {
        var expected: [Terms.Entity] = []
        for entity in stored {
            do {
                if try query.evaluate(entity, parameter) == true { expected.append(entity) }
            } catch {
                fail("\(error) (on entity \(abbreviate(entity.id)), \(when); query declared at \(conformance.declaredAt))")
                return false
            }
        }
        let call = MonitoredRepository<Terms.Entity>.callName(query, parameter)
        let returned = try await subject.query(query, parameter)
        let declared = "query \(query), \(query.meaningKind), declared at \(conformance.declaredAt)"
        let ids = returned.map(\.id)
        let repeated = Set(Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys)
        if !repeated.isEmpty {
            fail("\(when): \(call) returned ids \(abbreviate(Array(repeated))) more than once (\(declared))",
                 expected: "each entity once", actual: abbreviate(ids, limit: 400))
        }
        let expectedIDs = Set(expected.map(\.id)), returnedIDs = Set(ids)
        let missing = expected.filter { !returnedIDs.contains($0.id) }.map(\.id)
        let unexpected = returned.filter { !expectedIDs.contains($0.id) }.map(\.id)
        if !missing.isEmpty || !unexpected.isEmpty {
            var wrong: [String] = []
            if !missing.isEmpty { wrong.append("misses \(missing.count) the meaning finds (\(abbreviate(missing)))") }
            if !unexpected.isEmpty { wrong.append("finds \(unexpected.count) the meaning does not (\(abbreviate(unexpected)))") }
            fail("\(when): \(call) \(wrong.joined(separator: " and ")), among the \(stored.count) entities fetchAll() lists (\(declared))",
                 expected: "\(entities(expected.count)): \(abbreviate(expected.map(\.id), limit: 300))",
                 actual: "\(entities(returned.count)): \(abbreviate(ids, limit: 300))")
            return true
        }
        let byID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in returned {
            if let stored = byID[entity.id], !repositoryPromises.equivalence(entity, stored) {
                fail("\(when): \(call) returned entity \(abbreviate(entity.id)) with a value other than fetchAll() lists: "
                     + "a stale copy? (\(declared))", expected: abbreviate(stored), actual: abbreviate(entity))
            }
        }
        if query.isOrdered, repeated.isEmpty {
            expectOrder(returned, createdAs: created, "\(when): \(call) (\(declared) as ordered)")
        }
        return true
    }
}

/// `1 entity`, `3 entities`.
private func entities(_ count: Int) -> String {
    count == 1 ? "1 entity" : "\(count) entities"
}

/// Which parameters the query clauses ask.
enum QueryParameters {
    /// The most parameters taken from one entity (the first and last halves): an entity with 600 tags
    /// would otherwise cost 600 queries.
    static let perEntity = 6

    /// The distinct parameters of `entities`, in order, at most ``perEntity`` each.
    static func stored<Entity>(_ query: Query<Entity>, of entities: [Entity]) -> [QueryParameter] {
        var seen: Set<QueryParameter> = []
        var list: [QueryParameter] = []
        for entity in entities {
            let all = query.parameters(of: entity)
            let sample = all.count <= perEntity ? all : Array(all.prefix(perEntity / 2) + all.suffix(perEntity / 2))
            list += sample.filter { seen.insert($0).inserted }
        }
        return list
    }

    /// The distinct near misses of `parameters` that are not among them.
    static func nearMisses<Entity>(_ query: Query<Entity>, of parameters: [QueryParameter]) -> [QueryParameter] {
        var seen = Set(parameters)
        return parameters.flatMap { query.nearMisses(of: $0) }.filter { seen.insert($0).inserted }
    }

    /// The parameter of `stored` that the meaning finds the most entities for.
    static func widest<Entity>(_ query: Query<Entity>, among stored: [Entity]) -> QueryParameter? {
        let counted = Self.stored(query, of: stored).map { parameter in
            (parameter, stored.filter { query.matches($0, parameter) == true }.count)
        }
        return counted.max { $0.1 < $1.1 }?.0
    }

    /// The parameters asked so far, per query, in the order first asked.
    struct Asked {
        private var byQuery: [String: [QueryParameter]] = [:]

        /// Adds `parameters` to those of `query` and returns them all.
        mutating func adding(_ parameters: [QueryParameter], to query: String) -> [QueryParameter] {
            var list = byQuery[query] ?? []
            list += parameters.filter { !list.contains($0) }
            byQuery[query] = list
            return list
        }
    }
}
