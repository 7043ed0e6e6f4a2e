import ContractEngine

/// Entities deleted or created while a traversal is under way (`changesBetweenPages`).
extension PageFamily {
    /// Reads `stored` in pages of 3 (or the maximum, when smaller); after the first page, deletes the last entity it served (the one a
    /// keyset cursor points at) and the entity the declared order puts first among those not yet served.
    /// Every other entity must still appear exactly once, and nothing twice.
    func checkDeleteBetweenPages(over stored: [Entity]) async throws {
        var deleted: [Entity] = []
        let limit = inRange(3)
        let traversal: PageTraversal<Entity>
        do {
            traversal = try await traverse(stored.count, limit: limit) { index, page in
                guard index == 0, let boundary = page.entities.last else { return }
                let served = Set(page.entities.map(\.id))
                let upcoming = promises.ordering.arrange(stored).first { !served.contains($0.id) }
                for entity in [stored.first { $0.id == boundary.id }, upcoming].compactMap({ $0 }) {
                    try await subject.delete(id: entity.id)
                    deleted.append(entity)
                }
            }
        } catch let failure as OperationFailure where failure.operation.hasPrefix("page(") && !deleted.isEmpty {
            guard case .threw(let error) = failure.reason.kind else { throw failure }
            return context.fail(
                "after deleting \(abbreviate(deleted.map(\.id))) (the last served and the next due) between pages of limit \(limit), "
                    + "\(failure.operation) threw \(describe(error)): a cursor must outlive the entity it was taken from, since the "
                    + "pagination promises the traversal goes on (\(declared))",
                expected: "the next page", actual: describe(error))
        }
        let deletedIDs = Set(deleted.map(\.id))
        check(
            traversal, holds: stored.filter { !deletedIDs.contains($0.id) }, mayHold: deleted,
            "the pages of limit \(limit) over \(stored.count) entities, deleting \(abbreviate(deleted.map(\.id))) (the last served and the next "
                + "due) after the first page")
    }

    /// Reads `stored` in pages of 3 (or the maximum, when smaller); after the first page, creates two entities (the store's time moving
    /// before each, so a key it stamps puts them first). Every entity stored before must still appear
    /// exactly once, and nothing twice.
    func checkCreateBetweenPages(over stored: [Entity]) async throws {
        var created: [Entity] = []
        let limit = inRange(3)
        let traversal = try await traverse(stored.count + 2, limit: limit) { index, _ in
            guard index == 0 else { return }
            created = try await createDistinct(2)
        }
        check(
            traversal, holds: stored, mayHold: created,
            "the pages of limit \(limit) over \(stored.count) entities, creating \(abbreviate(created.map(\.id))) after the first page")
    }
}
