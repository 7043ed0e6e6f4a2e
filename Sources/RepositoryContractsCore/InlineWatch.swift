import RepositoryContractsPrimitives

/// A call of a sequence run inline that went its limit without any sign of progress: which call of the
/// sequence it was (counting from 1), what it was, and how it looked when it was given up.
package struct InlineHang: Sendable {
    /// Its place among the sequence's calls watched one at a time.
    package var number: Int
    /// The call, as its watchdog names it.
    package var operation: String
    /// How it looked when it was given up.
    package var stall: Stall

    /// The call at `number` of its sequence, named `operation`, given up as `stall` says.
    package init(number: Int, operation: String, stall: Stall) {
        self.number = number
        self.operation = operation
        self.stall = stall
    }
}

/// How a sequence of calls watched inline ended.
package enum InlineWatchedOutcome<Value: Sendable>: Sendable {
    /// The sequence ran to its end: what it returned or threw.
    case finished(Result<Value, any Error>)
    /// A call stalled (`hang`), or the caller was cancelled (`nil`): the sequence's task was abandoned where
    /// it stood (it may still be running), and nothing it did counts.
    case abandoned(InlineHang?)
}

/// Runs `body` in a task of its own, where each call ``withWatchdog(_:operation:monitor:localProgressLiftsCeiling:_:)``
/// watches runs inline, in that task: no task and no hand-over per call. A call is judged as a watchdog
/// judges it, from its own start. When one stalls, the whole sequence is given up
/// (``InlineWatchedOutcome/abandoned(_:)``), because its task is stuck in that call: the caller runs the
/// sequence again with ``withHangReplayed(_:_:)``, where that call fails at once as a stalled watchdog's
/// would, so the sequence ends as it would have with a task per call, without calling the hung code again.
///
/// For a sequence of calls made one after another (a model-based check's run: four watched calls a
/// step): a task per call and the caller's resumption woke two pool threads a call, most of a run's CPU
/// time in a debug build. A call that starts while another call of the sequence runs (the sequence's own
/// tasks in parallel) is watched in a task of its own, as outside.
package func withInlineWatchedCalls<Value: Sendable>(
    _ body: @escaping @Sendable () async throws -> Value
) async -> InlineWatchedOutcome<Value> {
    let executor = RunExecutorScope.current
    let ended = OneShot<InlineWatchedOutcome<Value>>()
    let sequenceTask = Protected<Task<Void, Never>?>(nil)
    let scope = InlineWatch(onStall: { hang in
        // The stalled call may be blocking the run executor's thread: the caller must not wait for it.
        executor?.release()
        ended.fire(.abandoned(hang))
        // Should the call come back, the rest of the sequence is told it is not wanted.
        sequenceTask.withLock { $0 }?.cancel()
    })
    let work: @Sendable () async -> Void = {
        let result: Result<Value, any Error>
        do {
            result = .success(try await InlineWatch.$current.withValue(scope) { try await body() })
        } catch {
            result = .failure(error)
        }
        scope.close()
        ended.fire(.finished(result))
    }
    let task = executor?.startTask(work) ?? Task(operation: work)
    sequenceTask.withLock { $0 = task }
    return await withTaskCancellationHandler {
        await ended.value()
    } onCancel: {
        task.cancel()
        scope.close()
        ended.fire(.abandoned(nil))
    }
}

/// Runs `body` (the sequence given up for `hang`, again, on fresh systems) with every watched call in a
/// task of its own, except the call at `hang`'s place: when it is the same operation, it is not made, and
/// fails at once with `hang`'s stall, as its watchdog would have failed it.
package func withHangReplayed<Value>(_ hang: InlineHang, _ body: () async throws -> Value) async rethrows -> Value {
    try await InlineWatch.$current.withValue(InlineWatch(replaying: hang)) { try await body() }
}

/// The calls of one sequence watched inline (``withInlineWatchedCalls(_:)``), or counted while a sequence
/// given up runs again (``withHangReplayed(_:_:)``).
///
/// Inline, one alarm at a time serves every call: it is set for the first look of the call running when it
/// is set (a quarter of its limit after its start), and when it goes off while a later call runs, it is
/// set again for that call's first look. A call still running at its first look gets a task that watches
/// it from its start, cancelled when the call ends.
final class InlineWatch: Sendable {
    /// The sequence the current task's watched calls belong to, if any.
    @TaskLocal static var current: InlineWatch?

    /// What a watched call of the sequence does.
    enum Call<Value> {
        /// It ran inline, and gave this.
        case ran(Result<Value, any Error>)
        /// It is the hung call of a sequence run again: it fails as its watchdog did.
        case replayedHang(OperationFailure)
        /// It is to be watched in a task of its own.
        case watchedApart
    }

    private struct Running {
        var number: Int
        var watch: CallWatch
        var operation: @Sendable () -> String
    }

    private struct State {
        var lastNumber = 0
        var running: Running?
        /// Whether an alarm is set, or being set, for the first look of a call.
        var alarmPending = false
        /// Counts the alarms set, so that a handle is kept only for the alarm still pending.
        var alarmGeneration = 0
        var alarm: RealTimeAlarms.Alarm?
        /// The task watching a call past its first look, and that call's number.
        var watching: (number: Int, task: Task<Void, Never>)?
        var closed = false

        /// Marks a new alarm as pending; its generation.
        mutating func newAlarm() -> Int {
            alarmPending = true
            alarmGeneration += 1
            return alarmGeneration
        }
    }

    private let state = Protected(State())
    private let onStall: @Sendable (InlineHang) -> Void
    /// The hung call of the sequence given up, when this one runs it again.
    private let replaying: InlineHang?

    init(onStall: @escaping @Sendable (InlineHang) -> Void) {
        self.onStall = onStall
        replaying = nil
    }

    init(replaying hang: InlineHang) {
        onStall = { _ in }
        replaying = hang
    }

    /// Makes one watched call of the sequence, judged from `watch` (read as it starts) and named by
    /// `operation`: inline, or, when the sequence runs again, the hung call failing at once; or neither
    /// (``Call/watchedApart``) when another call of the sequence is running, the sequence is over, or it
    /// runs again and this is not its hung call.
    func call<Value>(
        _ watch: CallWatch, _ operation: @escaping @Sendable () -> String, _ body: () async throws -> Value
    ) async -> Call<Value> {
        let started: (number: Int, alarm: Int?)? = state.withLock { state in
            guard state.running == nil, !state.closed else { return nil }
            state.lastNumber += 1
            state.running = Running(number: state.lastNumber, watch: watch, operation: operation)
            return (state.lastNumber, replaying != nil || state.alarmPending ? nil : state.newAlarm())
        }
        guard let started else { return .watchedApart }
        defer { callEnded(started.number) }
        if let replaying {
            // Counted, so that the hung call is known by its place; every call but it watched apart.
            guard started.number == replaying.number else { return .watchedApart }
            let name = operation()
            guard name == replaying.operation else { return .watchedApart }
            return .replayedHang(OperationFailure(operation: name, reason: .timedOut(replaying.stall)))
        }
        if let generation = started.alarm { setAlarm(for: watch, generation: generation) }
        do {
            return .ran(.success(try await body()))
        } catch {
            return .ran(.failure(error))
        }
    }

    /// Ends the sequence: no alarm or watching task is left behind.
    func close() {
        let (alarm, watching) = state.withLock { state in
            state.closed = true
            defer { (state.alarm, state.watching) = (nil, nil) }
            return (state.alarm, state.watching?.task)
        }
        if let alarm { RealTimeAlarms.shared.cancel(alarm) }
        watching?.cancel()
    }

    private func callEnded(_ number: Int) {
        let watching: Task<Void, Never>? = state.withLock { state in
            state.running = nil
            guard let watching = state.watching, watching.number == number else { return nil }
            state.watching = nil
            return watching.task
        }
        watching?.cancel()
    }

    /// Sets the alarm for `watch`'s first look, keeping its handle while it is the pending one.
    private func setAlarm(for watch: CallWatch, generation: Int) {
        let alarm = RealTimeAlarms.shared.schedule(at: watch.firstLook) { [self] in firstLookDue() }
        let closed = state.withLock { state -> Bool in
            if !state.closed, state.alarmPending, state.alarmGeneration == generation { state.alarm = alarm }
            return state.closed
        }
        if closed { RealTimeAlarms.shared.cancel(alarm) }
    }

    /// The alarm went off: watch the call running now if its first look is due, else set the alarm again
    /// for its first look; no alarm while no call runs (the next call sets one).
    private func firstLookDue() {
        let now = ContinuousClock.now
        enum Next { case none, watch(Running), alarm(CallWatch, generation: Int) }
        let next: Next = state.withLock { state in
            (state.alarmPending, state.alarm) = (false, nil)
            guard !state.closed, let running = state.running, state.watching?.number != running.number else { return .none }
            return running.watch.firstLook <= now ? .watch(running) : .alarm(running.watch, generation: state.newAlarm())
        }
        switch next {
        case .none: return
        case .alarm(let watch, let generation): setAlarm(for: watch, generation: generation)
        case .watch(let running):
            let task = Task { [self] in
                guard let stall = await running.watch.waitForStall() else { return }
                let stillRunning = state.withLock { !$0.closed && $0.running?.number == running.number }
                guard stillRunning else { return }
                close()
                onStall(InlineHang(number: running.number, operation: running.operation(), stall: stall))
            }
            let ended = state.withLock { state -> Bool in
                guard !state.closed, state.running?.number == running.number else { return true }
                state.watching = (running.number, task)
                return false
            }
            if ended { task.cancel() }
        }
    }
}
