import ContractEngine

/// What every `pages.*` clause works with: its context, the declared pagination, and the checks the
/// clauses share (making entities with distinct or tied sort keys, judging a traversal, a refusal).
struct PageFamily<Entity: Identifiable & Equatable & Sendable> where Entity.ID: Sendable {
    let context: ClauseContext<CRUD<Entity>>
    let pagination: Pagination

    /// The family for `context`, or `nil` after recording why its clauses cannot run: a conformance that
    /// declares pages but whose witness reads none.
    init?(_ context: ClauseContext<CRUD<Entity>>) {
        guard let pagination = context.repositoryPromises.pagination else { return nil }
        self.context = context
        self.pagination = pagination
        guard context.subject.readsPages else {
            context.fail(
                "\(context.conformance.name) declares .paginated(…) (conformance declared at \(context.conformance.declaredAt)) "
                    + "but its witness has no pages: add .paging { cursor, limit in … } (or .pagingByOffset { offset, limit in … }) "
                    + "to its witness",
                expected: "a witness that reads pages", actual: "no pages on the witness")
            return nil
        }
    }

    var subject: MonitoredRepository<Entity> { context.subject }
    var promises: RepositoryPromises<Entity> { context.repositoryPromises }

    /// What was declared, and where: the tail of every failure.
    var declared: String {
        "declared: \(pagination); conformance declared at \(context.conformance.declaredAt)"
    }

    // MARK: Entities

    /// Whether the first sort key is a field the store maintains (an `updatedAt`): ties on it come from the
    /// store's time standing still, not from values the contract writes.
    var firstKeyIsStoreMaintained: Bool {
        guard let first = promises.ordering.keys.first else { return false }
        return promises.storeMaintained.contains { $0.name == first.name }
    }

    /// How the ties on the first key are made, for messages.
    var firstKeyTies: String {
        guard let first = promises.ordering.keys.first else { return "no key" }
        return firstKeyIsStoreMaintained
            ? "\(first.name) (store-maintained: created while the store's time stood still)" : "\(first.name) (copied from one entity to the others)"
    }

    /// Creates `count` entities, moving the store's time before each when the witness can: a sort key
    /// the store stamps differs from one to the next. Returns them as stored, in creation order.
    func createDistinct(_ count: Int) async throws -> [Entity] {
        var stored: [Entity] = []
        for entity in context.newEntities(count) {
            await subject.witness.moveStoreTime?()
            stored.append(try await subject.create(entity))
        }
        return stored
    }

    /// Creates groups of entities tied on the first sort key, the groups apart: a store-maintained key
    /// ties when the store's time stands still within a group (it moves between groups), a writable one
    /// when the contract copies the group's first value into the others (unless that copies the identity
    /// too, as a key the id is computed from would: such a key never ties, and the entities are created
    /// as made).
    func createTied(groups: [Int]) async throws -> [Entity] {
        guard let key = promises.ordering.keys.first else { return [] }
        var stored: [Entity] = []
        for size in groups {
            await subject.witness.moveStoreTime?()
            let members = context.newEntities(size)
            let tied = firstKeyIsStoreMaintained ? members : members.map { key.tie($0, to: members[0]) ?? $0 }
            let tiesIdentity = tied.dropFirst().contains { $0.id == members[0].id }
            for entity in tiesIdentity ? members : tied {
                stored.append(try await subject.create(entity))
            }
        }
        return stored
    }

    // MARK: Traversals

    /// `limit`, or the declared maximum when that is smaller: the clauses' small limits on a store whose
    /// maximum is smaller still.
    func inRange(_ limit: Int) -> Int {
        min(limit, pagination.maximumLimit ?? limit)
    }

    /// Pages enough for `count` entities in pages of `limit`, and a few more: a traversal still going
    /// after them does not end.
    func traverse(
        _ count: Int, limit: Int,
        afterEachPage: (_ index: Int, _ page: PageOfEntities<Entity>) async throws -> Void = { _, _ in }
    ) async throws -> PageTraversal<Entity> {
        try await subject.allPages(limit: limit, maximumPages: count / max(limit, 1) + 3, afterEachPage: afterEachPage)
    }

    /// Reads `stored` in pages of each limit and checks each traversal holds it exactly once, in order.
    func checkEveryEntityOnce(_ stored: [Entity], _ description: String, limits: [Int] = [1, 2, 3]) async throws {
        for limit in limits.map(inRange).uniqued() {
            let traversal = try await traverse(stored.count, limit: limit)
            check(traversal, holds: stored, "the pages of limit \(limit) over \(stored.count) \(description)")
        }
    }

    /// Records a failure for every way `traversal` breaks the promise that it holds each of `expected`
    /// exactly once, in the declared order, with the values stored: a page over `bound` (its limit by
    /// default), an id served twice, one never served, one not stored, a value that differs, an order
    /// broken, a traversal that never ends.
    ///
    /// - Parameters:
    ///   - expected: The entities that must each appear once, in creation order, as stored.
    ///   - mayHold: Entities created or deleted during the traversal: each may appear, at most once.
    ///   - mayEndEarly: The traversal may stop before serving everything (an offset reader that reads a
    ///     page shorter than an out-of-range limit asked for as the last).
    func check(
        _ traversal: PageTraversal<Entity>, holds expected: [Entity], mayHold: [Entity] = [], bound: Int? = nil,
        mayEndEarly: Bool = false, _ what: String
    ) {
        let shown = traversal.shown
        let bound = bound ?? traversal.limit
        if !traversal.ended, let last = traversal.pages.indices.last {
            context.fail(
                "\(what): \(traversal.call(last)) still returned a next cursor after \(traversal.pages.count) pages, more than "
                    + "\(expected.count) entities need (\(declared))",
                expected: "a last page (no next cursor)", actual: shown)
        }
        for (index, page) in traversal.pages.enumerated() where page.entities.count > bound {
            context.fail(
                "\(what): \(traversal.call(index)) returned \(page.entities.count) entities, more than \(bound) (\(declared))",
                expected: "at most \(bound) entities", actual: abbreviate(page.entities.map(\.id), limit: 400))
        }
        let served = traversal.entities
        var times: [Entity.ID: Int] = [:]
        for entity in served { times[entity.id, default: 0] += 1 }
        let twice = served.map(\.id).filter { times[$0, default: 0] > 1 }.uniqued()
        if !twice.isEmpty {
            context.fail("\(what): ids \(abbreviate(twice)) were served more than once (\(declared))", expected: "every id once", actual: shown)
        }
        let missing = expected.map(\.id).filter { times[$0] == nil }
        if !missing.isEmpty, !mayEndEarly || !traversal.ended {
            let ending = traversal.ended ? ", and the last page read had no next cursor, saying it was the last" : ""
            context.fail(
                "\(what): ids \(abbreviate(missing)) were never served\(ending) (\(declared))",
                expected: abbreviate(promises.ordering.arrange(expected).map(\.id), limit: 400), actual: shown)
        }
        let known = Set((expected + mayHold).map(\.id))
        let strangers = served.filter { !known.contains($0.id) }
        if !strangers.isEmpty {
            context.fail(
                "\(what): the pages served entities that are not stored (deleted, or never created) (\(declared))",
                expected: "none", actual: abbreviate(strangers.map(\.id), limit: 400))
        }
        let stored = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in served {
            if let original = stored[entity.id], !promises.equivalence(entity, original) {
                context.fail(
                    "\(what): the pages returned a different value for id \(abbreviate(entity.id)) than create(_:) stored "
                        + "(\(promises.equivalence.name))",
                    expected: abbreviate(original), actual: abbreviate(entity))
            }
        }
        if twice.isEmpty {
            let untouched = served.filter { stored[$0.id] != nil }
            context.expectOrder(untouched, createdAs: expected, "\(what): the entities the pages served, in the order served")
        }
    }

    // MARK: Refusals

    /// Records a failure unless `result` is a refusal classified as `kind` (any error for `nil`).
    /// `declaration` names what promised the refusal: `invalidCursor: .invalidInput`.
    func expectRefused(_ result: Result<PageOfEntities<Entity>, any Error>, as kind: RepositoryError.Kind?, _ what: String, declaration: String) {
        let expected = kind.map { "an error classified as \($0.rawValue)" } ?? "an error"
        switch result {
        case .success(let page):
            context.fail(
                "\(what) returned a page instead of throwing, as the pagination declares (\(declaration)); \(declared)",
                expected: expected, actual: "\(page.entities.count) entities \(abbreviate(page.entities.map(\.id))), next \(page.next.map(\.description) ?? "nil")")
        case .failure(let error):
            let classified = promises.classifyError(error)
            if let kind, classified != kind {
                context.fail(
                    "\(what) threw \(describe(error)), classified as \(classified?.rawValue ?? "no kind"), not as the pagination declares "
                        + "(\(declaration)); \(declared)",
                    expected: expected, actual: classified?.rawValue ?? "no kind")
            }
        }
    }
}

extension PageTraversal where Entity: Identifiable {
    /// The pages as failures show them: each page's ids, and `(last)` on the page without a next cursor.
    var shown: String {
        let text = pages.map { page in "\(page.entities.map(\.id))" + (page.next == nil ? " (last)" : "") }
        return abbreviate(text.joined(separator: ", "), limit: 600)
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each only the first time it occurs.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
