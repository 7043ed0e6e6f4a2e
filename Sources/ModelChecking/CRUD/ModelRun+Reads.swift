import ContractEngine

extension ModelRun {
    /// Reads every page with `limit` (capped at the declared maximum) and compares their concatenation
    /// with the model's live entities: each exactly once, values equivalent, in the declared order judged
    /// on what the store returned, no page over its limit, and the end signalled as declared.
    func pageThrough(
        limit requested: Int, subject: GuardedSubject<Entity>, model: ReferenceModel<Entity>, subjectSide: SideTables<Entity>,
        state: inout FamilyRunState<Entity>
    ) async -> FamilyStep {
        guard let pagination = conformance.promises.pagination else { return .skip("no pagination is declared") }
        guard let reader = subject.witness.pages else {
            return missingMember(".paginated(…)", "pages", ".paging { cursor, limit in … } or .pagingByOffset { offset, limit in … }")
        }
        let limit = max(1, min(requested, pagination.maximumLimit ?? requested))
        let expected = model.fetchAll()
        let swift = """
            do {
                var cursor: PageCursor? = nil
                repeat { cursor = try await repo.pages!.read(cursor, \(limit)).next } while cursor != nil
            }
            """
        // Pages may be shorter than their limit, but only the last may be empty: one page per entity, and one more.
        let pages: [[Entity]]
        switch await readPages(reader, limit: limit, most: expected.count + 1, subject: subject, swift: swift) {
        case .success(let read): pages = read
        case .failure(let failed): return failed.step
        }
        let observed = DeferredText(describing: pages, holding: Entity.self) { Self.summary(of: $0) }
        let all = pages.flatMap { $0 }
        if let (check, message) = compareListing(all, expected, subjectSide, model: model, judgeOrder: true, what: "the pages (limit \(limit))") {
            return .failed(check, message, expected: "\(expected.count) entities: \(abbreviate(expected, limit: 300))", observed: observed, swift: swift,
                           actual: "\(all.count) entities: \(abbreviate(all, limit: 300))")
        }
        if pagination.end == .exact, pages.count > 1, pages.last?.isEmpty == true {
            return .failed(
                "end", "the page holding the last entity has a next cursor, and the page after it is empty; declared end .exact "
                    + "(use end: .mayEndWithEmptyPage if the store cannot know)", expected: "no next cursor on the last entity's page",
                observed: observed, swift: swift)
        }
        return observeReads(all, subjectSide, call: "a page", state: &state, observed: observed, swift: swift)
    }

    /// Every page from the start, `limit` at a time; the failed step when a page threw, held more than its
    /// limit, was empty with a next cursor, or the pages went past `most`.
    private func readPages(
        _ reader: PageReader<Entity>, limit: Int, most: Int, subject: GuardedSubject<Entity>, swift: String
    ) async -> Result<[[Entity]], FailedStep> {
        var pages: [[Entity]] = [], cursor: PageCursor?
        func failed(_ check: String, _ message: String, expected: String, observed: String? = nil) -> Result<[[Entity]], FailedStep> {
            .failure(FailedStep(step: .failed(check, message, expected: expected, observed: DeferredText(observed ?? Self.summary(of: pages)), swift: swift)))
        }
        repeat {
            let after = cursor
            let outcome = await subject.call("page(after: \(after?.description ?? "nil"), limit: \(limit))") { try await reader.read(after, limit) }
            guard let page = outcome.returnedValue else {
                let text = outcome.text { _ in "" }
                return failed(
                    outcome.brokenText == nil ? "outcome" : "broken", "page \(pages.count + 1) (after \(after?.description ?? "the start"), limit \(limit)) \(text)",
                    expected: "every page returns", observed: Self.summary(of: pages) + ", then " + text)
            }
            pages.append(page.entities)
            if page.entities.count > limit {
                return failed(
                    "limit", "page \(pages.count) holds \(page.entities.count) entities, more than its limit \(limit)", expected: "at most \(limit) per page")
            }
            if page.entities.isEmpty, page.next != nil {
                return failed(
                    "end", "page \(pages.count) is empty but has a next cursor (\(page.next!))", expected: "an empty page ends the traversal")
            }
            cursor = page.next
            if pages.count > most {
                return failed(
                    "end", "the pages do not end: \(pages.count) pages of limit \(limit) for \(most - 1) entities", expected: "at most \(most) pages")
            }
        } while cursor != nil
        return .success(pages)
    }

    /// `3 pages: 2 + 2 + 0`.
    private static func summary(of pages: [[Entity]]) -> String {
        "\(pages.count) page\(pages.count == 1 ? "" : "s"): " + pages.map { "\($0.count)" }.joined(separator: " + ")
    }

    /// Runs a declared query with a parameter of an entity (or a near miss of it) and compares the
    /// answer with the query's meaning applied to the model's live entities.
    func query(
        _ index: Int, of reference: EntityReference, parameter: Int, nearMiss: Int?, subject: GuardedSubject<Entity>,
        model: ReferenceModel<Entity>, sides: (model: SideTables<Entity>, subject: SideTables<Entity>), state: inout FamilyRunState<Entity>
    ) async -> FamilyStep {
        let queries = conformance.promises.queries
        guard !queries.isEmpty else { return .skip("no query is declared") }
        let query = queries[index % queries.count]
        guard let runner = subject.witness.queries[query.name] else {
            return missingMember(
                ".querying(.named(\"\(query.name)\", …))", "query \"\(query.name)\"",
                ".querying(\"\(query.name)\") { (parameter: \(query.parameterType)) in … }")
        }
        let parameters = query.parameters(of: sides.model.last(reference))
        guard !parameters.isEmpty else { return .skip("\(reference) has no parameter for query \(query.name)") }
        var chosen = parameters[parameter % parameters.count]
        var how = "a parameter of \(reference)"
        if let nearMiss {
            let misses = query.nearMisses(of: chosen)
            if !misses.isEmpty {
                how = "a near miss of \(reference)'s \(chosen)"
                chosen = misses[nearMiss % misses.count]
            }
        }
        let argument = chosen
        let expected = model.fetchAll().filter { query.matches($0, argument) == true }
        let outcome = await subject.call("\(query.name)(\(argument))") { try await runner.run(argument) }
        let swift = "_ = \(outcome.returnedValue == nil ? "try?" : "try") await repo.queries[\(String(reflecting: query.name))]!.run(QueryParameter(\(swiftLiteral(argument.value))))"
        let observed = outcome.deferredText(holding: Entity.self) { abbreviate($0, limit: 300) }
        guard let found = outcome.returnedValue else {
            return .failed(
                outcome.brokenText == nil ? "outcome" : "broken", "query \(query.name)(\(argument)) (\(how)) did not return",
                expected: "returns \(abbreviate(expected, limit: 300))", observed: observed, swift: swift)
        }
        let what = "query \(query.name)(\(argument)) (\(how))"
        if let (check, message) = compareListing(found, expected, sides.subject, model: model, judgeOrder: query.isOrdered, what: what) {
            return .failed(check, message, expected: "returns \(abbreviate(expected, limit: 300)) (the meaning applied to the live entities)",
                           observed: observed, swift: swift)
        }
        return observeReads(found, sides.subject, call: "query \(query.name)", state: &state, observed: observed, swift: swift)
    }

    /// Checks the store-maintained fields of entities a read returned.
    private func observeReads(
        _ entities: [Entity], _ side: SideTables<Entity>, call: String, state: inout FamilyRunState<Entity>, observed: DeferredText, swift: String
    ) -> FamilyStep {
        for entity in entities {
            if let id = side.harnessID(entity.id), let broken = state.observe(entity, id: id, isWrite: false, call: call) {
                return .failed("maintained", broken, expected: "the store-maintained fields as they last showed", observed: observed, swift: swift)
            }
        }
        return FamilyStep(observed: observed, swift: swift)
    }

    /// Compares a listing (pages, a query's answer) with the model's: the same entities by harness id,
    /// each once, equivalent values, and (when `judgeOrder`) the declared order, judged on the returned
    /// values with ``Ordering/firstViolation(in:creationRank:)``.
    func compareListing(
        _ listed: [Entity], _ expected: [Entity], _ side: SideTables<Entity>, model: ReferenceModel<Entity>, judgeOrder: Bool, what: String
    ) -> (String, String)? {
        let ids = listed.map { side.harnessID($0.id) }
        let expectedIDs = Set(expected.map { $0.id })
        var counts: [Entity.ID: Int] = [:]
        for id in ids.compactMap({ $0 }) { counts[id, default: 0] += 1 }
        let duplicates = counts.filter { $0.value > 1 }.map { abbreviate($0.key) }.sorted()
        let missing = expected.filter { counts[$0.id] == nil }.map { abbreviate($0.id) }
        let unexpected = zip(listed, ids).filter { $0.1 == nil || !expectedIDs.contains($0.1!) }.map { abbreviate($0.0.id) }
        if !duplicates.isEmpty || !missing.isEmpty || !unexpected.isEmpty {
            var parts: [String] = []
            if !missing.isEmpty { parts.append("missing \(missing.joined(separator: ", "))") }
            if !unexpected.isEmpty {
                let hidden = zip(listed, ids).contains { $0.1.map(model.isSoftDeleted) == true }
                parts.append("unexpected \(unexpected.joined(separator: ", "))" + (hidden ? " (soft-deleted)" : ""))
            }
            if !duplicates.isEmpty { parts.append("more than once \(duplicates.joined(separator: ", "))") }
            return ("contents", "\(what) hold other entities than the model's live ones: " + parts.joined(separator: "; "))
        }
        let byID = Dictionary(zip(ids.map { $0! }, listed), uniquingKeysWith: { first, _ in first })
        for entity in expected where !conformance.equivalence(byID[entity.id]!, entity) {
            return ("value", "\(what) return a different value for id \(abbreviate(entity.id))")
        }
        guard judgeOrder else { return nil }
        let ranks = model.creationRanks
        if let index = conformance.ordering.firstViolation(in: listed, creationRank: { side.harnessID($0).flatMap { ranks[$0] } }) {
            return ("order", "\(what) break the declared order (\(conformance.ordering)) at position \(index + 1): "
                + "\(abbreviate(listed[index - 1])) then \(abbreviate(listed[index]))")
        }
        return nil
    }
}

/// A family step that failed, as an error a read can return.
struct FailedStep: Error {
    var step: FamilyStep
}
