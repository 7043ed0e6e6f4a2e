extension ConcurrentModelCheckResult.Failure {
    /// The report of `shrunk`, a failing run of the shrunk plan of plan number `plan` (seed `seed`).
    init<System>(
        seed: UInt64, plan: Int, originalStepCount: Int, failedRuns: Int, shrunk: ConcurrentOutcome<System>, shrinkAttempts: Int,
        shrunkFailures: (failed: Int, made: Int), scheduleReplays: (failed: Int, made: Int)
    ) {
        let labels = Self.labels(of: shrunk.calls)
        let bindings = Self.bindings(of: shrunk.calls, labels: labels)
        let calls = zip(shrunk.calls, labels).map { recorded, label in
            var swift = recorded.swift.text
            for rename in recorded.renames {
                guard let name = bindings[rename.producer] else { continue }
                swift = swift.replacing(rename.literal, with: name + rename.accessor)
            }
            return ConcurrentModelCheckResult.Call(
                label: label, operation: recorded.operation, swift: swift, isStatement: recorded.swift.isStatement,
                result: recorded.result.text, threw: recorded.result.threw, invocation: recorded.invocation,
                response: recorded.response, binding: recorded.step.flatMap { bindings[$0.id] })
        }
        let places = shrunk.calls.map(\.place)
        let taskNumbers = Set(places.compactMap { if case .task(let number) = $0 { number } else { nil } }).sorted()
        self.seed = seed
        self.plan = plan
        self.originalStepCount = originalStepCount
        self.failedRuns = failedRuns
        self.prefix = zip(calls, places).filter { $0.1 == .prefix }.map(\.0)
        self.tasks = taskNumbers.map { number in zip(calls, places).filter { $0.1 == .task(number) }.map(\.0) }
        self.observation = zip(calls, places).first { $0.1 == .afterTasks }?.0
        self.deadEnd = Self.deadEnd(of: shrunk, labels: labels)
        self.shrinkAttempts = shrinkAttempts
        self.shrunkFailedRuns = shrunkFailures.failed
        self.shrunkReruns = shrunkFailures.made
        self.schedule = shrunk.schedule
        self.failedScheduleReplays = scheduleReplays.failed
        self.scheduleReplays = scheduleReplays.made
    }

    /// The names the repro binds producers' results to, by step id: the label of each call that returned a
    /// value a later call passes on and the two sides assigned differently.
    static func bindings<System>(of calls: [RecordedCall<System>], labels: [String]) -> [Int: String] {
        let producers = Set(calls.flatMap { $0.renames.map(\.producer) })
        var names: [Int: String] = [:]
        for (call, label) in zip(calls, labels) {
            guard let id = call.step?.id, producers.contains(id), !call.result.threw else { continue }
            names[id] = label
        }
        return names
    }

    /// `p1`, `p2`, … for the prefix's calls, `t1.1`, … for task 1's, `observation`; `calls` are in
    /// invocation order, so a task's calls are in its own order.
    static func labels<System>(of calls: [RecordedCall<System>]) -> [String] {
        var counts: [CallPlace: Int] = [:]
        return calls.map { call in
            counts[call.place, default: 0] += 1
            let count = counts[call.place, default: 0]
            switch call.place {
            case .prefix: return "p\(count)"
            case .task(let number): return "t\(number).\(count)"
            case .afterTasks: return "observation"
            }
        }
    }

    /// The search's dead end on `outcome`, in labels and result texts.
    static func deadEnd<System>(of outcome: ConcurrentOutcome<System>, labels: [String]) -> ConcurrentModelCheckResult.DeadEnd {
        guard case .notLinearizable(let end) = outcome.verdict else { return .init(explained: [], unexplained: []) }
        return .init(
            explained: end.order.map { labels[$0] },
            unexplained: end.stuck.map { .init(label: labels[$0.call], subject: outcome.calls[$0.call].result.text, model: $0.model.text) })
    }
}

extension ConcurrentModelCheckResult {
    /// The shrunk plan as the body of an `async throws` test on a fresh subject named `store`: the prefix's
    /// lines (`_ = try await` and the step's `swift:`, `try?` where the subject threw; a statement as it is),
    /// then a throwing task
    /// group with one child task per task, started together by a ``TaskGate`` as the check started them,
    /// then the observation and the dead end as comments; `nil` when the check passed.
    public var swiftLines: [String]? {
        guard let failure else { return nil }
        func line(_ call: Call) -> String {
            if call.isStatement { return call.swift }
            return "\(call.binding.map { "let \($0) =" } ?? "_ =") \(call.threw ? "try?" : "try") await \(call.swift)"
        }
        var lines = failure.prefix.map(line)
        if !failure.tasks.isEmpty {
            lines.append("let gate = TaskGate(tasks: \(failure.tasks.count))")
            lines.append("try await withThrowingTaskGroup(of: Void.self) { group in")
            for task in failure.tasks {
                lines.append("    group.addTask {")
                lines.append("        await gate.arriveAndWait()")
                lines += task.map { "        " + line($0) }
                lines.append("    }")
            }
            lines.append("    try await group.waitForAll()")
            lines.append("}")
        }
        if let observation = failure.observation { lines.append("// then observed: \(observation.result)") }
        return lines + failure.deadEndLines.map { "// " + $0 }
    }
}
