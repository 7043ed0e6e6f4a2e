extension RunOutcome {
    /// The steps as the report gives them: where a step passed on a value the two sides assigned
    /// differently, the step that produced it binds its result to `v<n>` (n its place in the trace) and
    /// the Swift of the steps after it reads the value from there instead of writing the model's.
    var reportedSteps: [ProtocolModelCheckResult.Step] {
        let producers = Set(steps.flatMap { $0.renames.map(\.producer) })
        var names: [Int: String] = [:]
        for (index, ran) in steps.enumerated() where producers.contains(ran.step.id) && !ran.model.threw {
            names[ran.step.id] = "v\(index + 1)"
        }
        return steps.map { ran in
            var swift = ran.swift.text
            for rename in ran.renames {
                guard let name = names[rename.producer] else { continue }
                swift = swift.replacing(rename.literal, with: name + rename.accessor)
            }
            return ProtocolModelCheckResult.Step(
                operation: ran.operation, swift: swift, model: ran.model.text, subject: ran.subject.text,
                modelThrew: ran.model.threw, isStatement: ran.swift.isStatement, binding: names[ran.step.id],
                subjectGivenModelValues: ran.subjectGivenModelValues)
        }
    }
}
