import ContractEngine

/// The end of the pages, the limits at and beyond their range, and cursors the store never issued.
extension PageFamily {
    /// Reads `stored` in pages of `limit` and checks that only the page holding the last entity says it
    /// is the last (with `.mayEndWithEmptyPage`, that page may instead lead to one empty last page).
    func checkEnd(of stored: [Entity], limit: Int) async throws {
        let limit = inRange(limit)
        let traversal = try await traverse(stored.count, limit: limit)
        let what = "the pages of limit \(limit) over \(stored.count) entities"
        let served = Set(traversal.entities.map(\.id)).count
        guard let last = traversal.pages.indices.last else { return }
        guard traversal.ended else {
            return context.fail(
                "\(what): \(traversal.call(last)) still returned a next cursor after \(traversal.pages.count) pages (\(declared))",
                expected: "a last page (no next cursor)", actual: traversal.shown)
        }
        guard served >= stored.count else {
            return context.fail(
                "\(what): \(traversal.call(last)) had no next cursor, saying it was the last page, after \(served) of "
                    + "\(stored.count) entities (\(declared))",
                expected: "a next cursor on every page before the one holding the last entity", actual: traversal.shown)
        }
        guard let holding = traversal.pages.lastIndex(where: { !$0.entities.isEmpty }) else { return }
        let trailing = traversal.pages.count - 1 - holding
        let allowed = pagination.end == .exact ? 0 : 1
        if trailing > allowed {
            let next = traversal.pages[holding].next.map(\.description) ?? "nil"
            context.fail(
                "\(what): \(traversal.call(holding)) held the last entity but returned next cursor \(abbreviate(next, limit: 60)), "
                    + "which led to \(trailing) empty page\(trailing == 1 ? "" : "s"); the pagination declares end: \(pagination.end) (\(declared))",
                expected: pagination.end == .exact
                    ? "no next cursor on the page holding the last entity" : "at most one empty page after the page holding the last entity",
                actual: traversal.shown)
        }
    }

    /// Records a failure unless `page`, the first of an empty repository, is empty and has no next cursor.
    func expectEmptyAndLast(_ page: PageOfEntities<Entity>, _ what: String) {
        if !page.entities.isEmpty {
            context.fail(
                "\(what) returned \(page.entities.count) entities (\(declared))", expected: "an empty page",
                actual: abbreviate(page.entities, limit: 400))
        }
        if let next = page.next {
            context.fail("\(what) returned next cursor \(abbreviate(next.description, limit: 60)) (\(declared))",
                         expected: "no next cursor", actual: next.description)
        }
    }

    /// A page of limit 0 over `stored`: empty, or refused, as declared; and nothing changes.
    func checkZeroLimit(over stored: [Entity]) async throws {
        let what = "\(pageRequest(after: nil, limit: 0)) over \(stored.count) entities"
        switch pagination.zeroLimit.kind {
        case .clamped:
            let page = try await subject.page(after: nil, limit: 0)
            if !page.entities.isEmpty {
                context.fail(
                    "\(what) returned \(page.entities.count) entities; the pagination declares zeroLimit: \(pagination.zeroLimit), an empty page "
                        + "(\(declared))",
                    expected: "an empty page", actual: abbreviate(page.entities.map(\.id)))
            }
            if let next = page.next {
                // Nothing may be skipped: the page after the empty one starts where the first page does.
                let first = try await subject.page(after: nil, limit: inRange(3)).entities.map(\.id)
                let after = try await subject.page(after: next, limit: inRange(3)).entities.map(\.id)
                if after != first {
                    context.fail(
                        "\(what) returned next cursor \(abbreviate(next.description, limit: 60)), and the page after it does not start where "
                            + "the first page does (\(declared))",
                        expected: abbreviate(first), actual: abbreviate(after))
                }
            }
        case .rejected(let kind):
            let result = try await context.attempt { try await subject.page(after: nil, limit: 0) }
            expectRefused(result, as: kind, what, declaration: "zeroLimit: \(pagination.zeroLimit)")
        }
        try await context.expectUnchanged(since: stored, "after \(what)")
    }

    /// How many entities the maximum-limit clauses store: one more than the maximum, or the
    /// conformance's bulk count when that is smaller.
    func countAboveMaximum(_ maximum: Int) -> Int {
        min(maximum + 1, max(promises.bulkEntityCount, 2))
    }

    /// Pages of the maximum limit over `stored`: the first holds the maximum when more are stored, and
    /// together they hold every entity once.
    func checkMaximumLimit(_ maximum: Int, over stored: [Entity]) async throws {
        let traversal = try await traverse(stored.count, limit: maximum)
        let what = "the pages of the maximum limit \(maximum) over \(stored.count) entities"
        check(traversal, holds: stored, what)
        let full = min(stored.count, maximum)
        if let first = traversal.pages.first, first.entities.count < full {
            context.fail(
                "\(what): \(traversal.call(0)) returned \(first.entities.count) entities; with \(stored.count) stored, a page of the declared "
                    + "maximum limit holds \(full) (\(declared))",
                expected: "\(full) entities", actual: "\(first.entities.count)")
        }
    }

    /// A limit above the maximum over `stored`: served as the maximum, or refused, as declared; and
    /// nothing changes.
    func checkOversizedLimit(_ maximum: Int, over stored: [Entity]) async throws {
        let limit = maximum + 1
        let what = "\(pageRequest(after: nil, limit: limit)) over \(stored.count) entities (the maximum is \(maximum))"
        switch pagination.oversizedLimit.kind {
        case .clamped:
            let traversal = try await traverse(stored.count, limit: limit)
            // An offset reader takes a page shorter than the limit asked for as the last.
            check(traversal, holds: stored, bound: maximum, mayEndEarly: subject.pagesByOffset,
                  "the pages of limit \(limit), above the maximum \(maximum), over \(stored.count) entities")
            let full = min(stored.count, maximum)
            if let first = traversal.pages.first, first.entities.count < full {
                context.fail(
                    "\(what) returned \(first.entities.count) entities; the pagination declares oversizedLimit: \(pagination.oversizedLimit), "
                        + "a page of the maximum, \(full) (\(declared))",
                    expected: "\(full) entities", actual: "\(first.entities.count)")
            }
        case .rejected(let kind):
            let result = try await context.attempt { try await subject.page(after: nil, limit: limit) }
            expectRefused(result, as: kind, what, declaration: "oversizedLimit: \(pagination.oversizedLimit)")
        }
        try await context.expectUnchanged(since: stored, "after \(what)")
    }

    /// Every cursor the store never issued is refused, with the declared kind, and nothing changes. The
    /// store first issues a cursor of its own (a store that checks cursors against those it issued has
    /// issued one).
    func checkInvalidCursors(over stored: [Entity]) async throws {
        let cursors = subject.invalidPageCursors
        guard !cursors.isEmpty else {
            return context.fail(
                "the witness's pages have no cursor the store never issued (the contract makes one only for String and Int cursors): "
                    + "give one, .paging(invalidCursor: …) { cursor, limit in … } (\(declared))",
                expected: "an invalid cursor to try", actual: "none")
        }
        let limit = inRange(2)
        _ = try await subject.page(after: nil, limit: limit)
        let declaration = pagination.invalidCursor.map { "invalidCursor: .\($0.rawValue)" } ?? "an invalid cursor is refused"
        for cursor in cursors {
            let what = "\(pageRequest(after: cursor, limit: limit)), a cursor the store never issued,"
            let result = try await context.attempt { try await subject.page(after: cursor, limit: limit) }
            expectRefused(result, as: pagination.invalidCursor, what, declaration: declaration)
        }
        try await context.expectUnchanged(since: stored, "after the pages of cursors the store never issued")
    }
}
