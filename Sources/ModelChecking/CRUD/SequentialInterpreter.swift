import ContractEngine

/// The sequential run's step interpreter: each request judged against the reference model.
struct SequentialInterpreter<Entity: Identifiable & Equatable & Sendable>: StepInterpreter where Entity.ID: Sendable {
    let run: ModelRun<Entity>
    let subject: GuardedSubject<Entity>
    var tables: SequentialTables<Entity>
    let anomalies: AnomalyLog

    /// Makes one request of the subject (the model's request and the subject's for the same part),
    /// observes what it did, judges it against the model, and on agreement moves the model and both
    /// sides' tables on.
    mutating func interpret(_ part: ModelOperation, _ partReference: Int) async -> InterpretedPart {
        let expectedRequest = tables.modelSide.request(for: part, newReference: partReference)
        let request = tables.subjectSide.request(for: part, newReference: partReference)
        let seenAnomalies = anomalies.messages.count
        let observed = await AnomalyLog.$current.withValue(anomalies) { [subject] in await subject.perform(request) }
        let observedText = DeferredText(describing: observed, holding: Entity.self) { $0.description }
        func result(_ failure: StepFailure?) -> InterpretedPart {
            InterpretedPart(observed: observedText, returned: observed.returned, failure: failure)
        }
        if case .broke(let text) = observed {
            return result(StepFailure("broken", "the call did not complete", expected: "a result", actual: text))
        }
        if anomalies.messages.count > seenAnomalies {
            return result(StepFailure("anomaly", anomalies.messages[seenAnomalies], expected: "every completion handler called exactly once"))
        }
        let judged = RequestJudgement(expected: expectedRequest, sent: request, observed: observed, part: part, partReference: partReference)
        if let failure = await run.judge(judged, subject: subject, tables: &tables) { return result(failure) }
        var returned: Entity?
        if case .value(let value) = observed { returned = value }
        tables.modelSide.record(part, expectedRequest, newReference: partReference, succeeded: observed.returned, returned: nil)
        tables.subjectSide.record(part, request, newReference: partReference, succeeded: observed.returned, returned: returned)
        return result(nil)
    }

    func swiftSource(for operation: ModelOperation, newReference: Int, threw: Bool) -> String? {
        tables.subjectSide.swiftSource(for: operation, newReference: newReference, threw: threw)
    }
}
