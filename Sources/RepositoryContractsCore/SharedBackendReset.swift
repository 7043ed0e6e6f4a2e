import RepositoryContractsPrimitives

/// One run of a shared backend's reset before a clause, under the backend's own budget
/// (``SharedBackend/resetTimeout``): the reset's reported progress keeps it alive, and a reset that
/// throws or stalls becomes one message that names the backend and tells a hang from a busy machine.
struct SharedBackendReset {
    let backend: SharedBackend

    init(_ backend: SharedBackend) {
        self.backend = backend
    }

    /// Runs the reset; returns why it failed, or `nil` when it succeeded (or there is none).
    func run() async -> String? {
        guard let body = backend.body else { return nil }
        let monitor = ProgressMonitor()
        let progress = ResetProgress(monitor: monitor)
        do {
            try await withWatchdog(
                backend.resetTimeout, operation: "resetting \(backend.name)", monitor: monitor,
                localProgressLiftsCeiling: true
            ) { try await body(progress) }
            return nil
        } catch let failure as OperationFailure {
            guard case .timedOut(let stall) = failure.reason.kind else { return threw(failure) }
            return gaveUp(stall, steps: progress.completedSteps, sinceLastStep: progress.sinceLastStep)
        } catch {
            return threw(error)
        }
    }

    private var prefix: String {
        "the reset of the shared backend \(backend.name) failed before this clause, so the clause did not run "
            + "(a reset failure, not a clause failure)"
    }

    private func threw(_ error: any Error) -> String {
        "\(prefix): \(describe(error))"
    }

    /// The reset was given up: how long it ran, what progress it reported, and what the watchdog saw.
    private func gaveUp(_ stall: Stall, steps: Int, sinceLastStep: Duration?) -> String {
        let budget = "its resetTimeout of \(backend.resetTimeout.secondsText) (SharedBackend(_:resetTimeout:reset:))"
        var lines = [
            "\(prefix): it was given up after running \(stall.running.secondsText(fractionDigits: 1))"
                + reported(steps: steps, sinceLast: sinceLastStep) + "."
        ]
        let elsewhere = stall.sinceOtherProgress.map { "\($0.secondsText(fractionDigits: 1)) ago" }
        let last = stall.lastOtherMovement.map { " (last: \($0))" } ?? ""
        let others = elsewhere.map { "Other work in this process moved \($0)\(last)." }
            ?? "Nothing else in this process moved while it ran."
        if stall.reachedCeiling {
            lines.append(
                "Other work kept moving (the last \(elsewhere ?? "")) while the reset itself reported no progress for \(budget), "
                    + "until \(ceilingFactor) × that budget had passed: a reset that loops without end, or one that "
                    + "works without reporting progress.")
        } else if steps == 0 {
            lines.append(
                "It reported no progress of its own, so \(budget) was a total budget: a reset still deleting cannot "
                    + "be told from one that hangs. \(others) Call progress.advance() after each request or row "
                    + "(SharedBackend(\"…\") { progress in … }) so that it is never cut off while it works, or raise "
                    + "resetTimeout.")
        } else {
            lines.append(
                "Then its progress stopped: nothing moved for \(budget). \(others) A request that is never answered, "
                    + "a lock never released, or a deadlock in the reset (on a machine too busy for this budget, raise "
                    + "resetTimeout).")
        }
        return lines.joined(separator: "\n")
    }

    /// `, after reporting 540 steps of progress, the last 30.1 s ago`, or nothing when it reported none.
    private func reported(steps: Int, sinceLast: Duration?) -> String {
        guard steps > 0 else { return "" }
        let last = sinceLast.map { ", the last \($0.secondsText(fractionDigits: 1)) ago" } ?? ""
        return ", after reporting \(steps) step\(steps == 1 ? "" : "s") of progress\(last)"
    }
}
