import Foundation
import RepositoryContractsPrimitives

extension ModelCheckResult {
    /// The failing parallel run as a picture, when a parallel plan failed: the lanes of its tasks, why no
    /// order explains it, and how to replay it.
    package var timelineChart: TimelineChart? {
        guard let report = parallel, let failure = report.failure else { return nil }
        let lanes = ["before/after"] + (1...max(1, failure.outcome.history.map(\.task).max() ?? 1)).map { "task \($0)" }
        let bars = failure.outcome.history.map { entry in
            let call = entry.call.call
            var sent = call.version.map { " v\($0)" } ?? ""
            if case .conditionalUpdate = call.operation { sent += " @" + (call.carried.map { "v\($0)" } ?? "?") }
            return TimelineChart.Bar(
                lane: entry.task, invocation: entry.call.invocation, response: entry.call.response,
                call: "\(call.operation)\(sent)", result: entry.observed)
        }
        return TimelineChart(
            title: "\(subject): parallel plan \(failure.plan) (seed \(hex(failure.seed))), a failing run",
            lanes: lanes, bars: bars,
            notes: failure.explanation.map { $0.trimmingCharacters(in: .whitespaces) }
                + [ParallelFailure.replayLine(schedule: failure.outcome.schedule, replays: failure.replays, uncontrolled: report.uncontrolled)])
    }
}

extension ConcurrentModelCheckResult {
    /// The failing run of the shrunk plan as a picture, when the check is falsified: a lane for the
    /// prefix and the observation, one per task, the dead end and the seed below.
    package var timelineChart: TimelineChart? {
        guard let failure else { return nil }
        let lanes = ["before/after"] + failure.tasks.indices.map { "task \($0 + 1)" }
        func bars(_ calls: [Call], lane: Int) -> [TimelineChart.Bar] {
            calls.map { call in
                TimelineChart.Bar(
                    lane: lane, invocation: call.invocation, response: call.response,
                    call: "\(call.label) " + (call.swift.isEmpty ? call.operation : call.swift), result: call.result)
            }
        }
        let all = bars(failure.prefix, lane: 0) + failure.tasks.enumerated().flatMap { bars($1, lane: $0 + 1) }
            + bars(failure.observation.map { [$0] } ?? [], lane: 0)
        return TimelineChart(
            title: "Concurrent model check: plan \(failure.plan) (seed \(hex(failure.seed))), a failing run",
            lanes: lanes, bars: all,
            notes: failure.deadEndLines.map { $0.trimmingCharacters(in: .whitespaces) }
                + ["Replay: \(EnvironmentVariable.seed)=\(hex(failure.seed))"])
    }
}
