import ContractEngine

extension ModelRun {
    /// Whether the store must refuse a write of `entity`: the conformance declares inputs it refuses
    /// (``Conformance/refusing(_:)``) and `entity` is one of them, by the declared `refuses` predicate or
    /// because the declared `invalid` leaves it as it is (a derived edge case with an empty title, for a
    /// store refusing empty titles).
    func isRefused(_ entity: Entity) -> Bool {
        Self.isRefused(entity, by: conformance)
    }

    /// Whether `conformance` declares `entity` refused (see ``isRefused(_:)``).
    static func isRefused(_ entity: Entity, by conformance: ModelSubject<Entity>) -> Bool {
        guard let failing = conformance.promises.failingWrites else { return false }
        return failing.refuses(entity) || failing.invalid(entity) == entity
    }

    /// What is wrong with how the subject answered a write the conformance declares it refuses: it must
    /// throw (an error of the declared kind). `nil` when it refused as declared, or the write is not one.
    func refusal(
        of request: Request<Entity>, _ observed: ObservedOutcome<Entity>
    ) -> (check: String, message: String, expected: String)? {
        guard let failing = conformance.promises.failingWrites, let entity = request.entity, isRefused(entity) else { return nil }
        let call = if case .create = request { "create(_:)" } else { "update(_:)" }
        let expected = "throws" + (failing.error.map { " \($0.rawValue)" } ?? "") + ", changing nothing"
        switch observed {
        case .threw(let kind, _):
            guard let wanted = failing.error, kind != wanted else { return nil }
            return ("refusalError", "\(call) of \(failing.summary) threw, but not as declared (\(failing))", expected)
        default:
            return ("refusal", "\(call) of \(failing.summary) returned; declared: \(failing) at \(conformance.declaredAt)", expected)
        }
    }
}
