import ContractEngine

extension CRUDClauses {
    /// The `pages.*` clauses: pagination, switched on by ``Conformance/paginated(_:)``. Pages follow the
    /// declared ``Ordering``, judged on the entities the pages return.
    static var pages: [Clause<CRUD<Entity>>] {
        [
            Clause("pages.everyEntityOnce", "pages of limit 1, 2 and 3 hold every entity exactly once, in the declared order, none more than its limit",
                   requires: .create, when: { promises, _ in paginationMissing(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                try await pages.checkEveryEntityOnce(try await pages.createDistinct(7), "entities with distinct sort keys")
            },
            Clause("pages.everyEntityOnceWithTies", "pages of limit 1, 2 and 3 hold every entity exactly once when entities tie on the first sort key",
                   requires: .create, when: { promises, _ in paginationMissing(promises) ?? tiesImpossible(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                let tied = try await pages.createTied(groups: [3, 4])
                try await pages.checkEveryEntityOnce(tied, "entities tied on \(pages.firstKeyTies) in groups of 3 and 4")
            },
            Clause("pages.endOnlyAtEnd", "only the page holding the last entity says it is the last, for a count that is a multiple of the limit and one that is not",
                   requires: .create, when: { promises, _ in paginationMissing(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                var stored = try await pages.createDistinct(6)
                try await pages.checkEnd(of: stored, limit: 3)
                stored += try await pages.createDistinct(1)
                try await pages.checkEnd(of: stored, limit: 3)
            },
            Clause("pages.emptyRepository", "the first page of an empty repository is empty and is the last",
                   requires: .create, when: { promises, _ in paginationMissing(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                for limit in [1, pages.inRange(3)] {
                    let page = try await context.subject.page(after: nil, limit: limit)
                    pages.expectEmptyAndLast(page, "\(pageRequest(after: nil, limit: limit)) on an empty repository")
                }
            },
            Clause("pages.zeroLimit", "a page of limit 0 is empty (or refused, as declared) and changes nothing",
                   requires: .create, when: { promises, _ in paginationMissing(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                try await pages.checkZeroLimit(over: try await pages.createDistinct(3))
            },
            Clause("pages.maximumLimit", "a page of the declared maximum limit holds that many when more are stored, and the pages of it hold every entity once",
                   requires: .create, when: { promises, _ in paginationMissing(promises) ?? maximumMissing(promises) }) { context in
                guard let pages = PageFamily(context), let maximum = pages.pagination.maximumLimit else { return }
                try await pages.checkMaximumLimit(maximum, over: try await pages.createDistinct(pages.countAboveMaximum(maximum)))
            },
            Clause("pages.oversizedLimit", "a limit above the maximum is served as the maximum (or refused, as declared) and changes nothing",
                   requires: .create, when: { promises, _ in paginationMissing(promises) ?? maximumMissing(promises) }) { context in
                guard let pages = PageFamily(context), let maximum = pages.pagination.maximumLimit else { return }
                try await pages.checkOversizedLimit(maximum, over: try await pages.createDistinct(pages.countAboveMaximum(maximum)))
            },
            Clause("pages.invalidCursorRefused", "a cursor the store never issued is refused with the declared error and changes nothing",
                   requires: .create, when: { promises, _ in paginationMissing(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                try await pages.checkInvalidCursors(over: try await pages.createDistinct(3))
            },
            Clause("pages.deleteBetweenPages", "deleting a served and an unserved entity between pages: every untouched entity still appears exactly once",
                   requires: [.create, .delete], when: { promises, _ in paginationMissing(promises) ?? changesUnpromised(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                try await pages.checkDeleteBetweenPages(over: try await pages.createDistinct(7))
            },
            Clause("pages.createBetweenPages", "creating entities between pages: every untouched entity still appears exactly once",
                   requires: .create, when: { promises, _ in paginationMissing(promises) ?? changesUnpromised(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                try await pages.checkCreateBetweenPages(over: try await pages.createDistinct(7))
            },
            Clause("pages.hideDeleted", "pages never show deleted entities, and show every other entity exactly once",
                   requires: [.create, .delete], when: { promises, _ in paginationMissing(promises) }) { context in
                guard let pages = PageFamily(context) else { return }
                var stored = try await pages.createDistinct(6)
                for index in [4, 1] {
                    try await context.subject.delete(id: stored.remove(at: index).id)
                }
                try await pages.checkEveryEntityOnce(stored, "entities left after deleting 2 of 6", limits: [2, 4])
            },
        ]
    }

    /// Why the `pages.*` clauses do not apply: no pagination is declared.
    private static func paginationMissing(_ promises: RepositoryPromises<Entity>) -> String? {
        promises.pagination == nil ? "no pagination is declared (.paginated(…))" : nil
    }

    /// Why the limit-range clauses do not apply: no maximum limit is declared.
    private static func maximumMissing(_ promises: RepositoryPromises<Entity>) -> String? {
        promises.pagination?.maximumLimit == nil ? "the pagination declares no maximumLimit" : nil
    }

    /// Why the between-pages clauses do not apply: nothing is promised about changes between pages.
    private static func changesUnpromised(_ promises: RepositoryPromises<Entity>) -> String? {
        promises.pagination?.changesBetweenPages == .unspecified
            ? "the pagination declares changesBetweenPages: .unspecified (no promise about changes between pages)" : nil
    }

    /// Why the contract cannot make ties: no sort key, or a first key it can neither write nor get from
    /// the store's clock.
    private static func tiesImpossible(_ promises: RepositoryPromises<Entity>) -> String? {
        guard let first = promises.ordering.keys.first else {
            return "the declared ordering (\(promises.ordering)) has no sort key to make ties on: declare .sorted(by: …)"
        }
        if first.name == "id" { return "the first sort key is the id: entities never tie on it" }
        if first.canMakeTies || promises.storeMaintained.contains(where: { $0.name == first.name }) { return nil }
        return "the first sort key \(first.name) is read-only and not store-maintained: the contract cannot make ties on it"
    }
}
