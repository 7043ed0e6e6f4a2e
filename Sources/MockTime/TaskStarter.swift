import RepositoryContractsPrimitives

/// How code under test starts its background tasks, injected so that a test can hand it a
/// ``MockClock``'s starter: `.standard` (a plain `Task`) in the app, ``MockClock/taskStarter`` in tests.
///
/// A task started by a clock's starter runs on the clock's ``MockClock/executor``, so every advance runs
/// its woken work to its next suspension, and the clock follows it to its end: a settling advance or
/// ``MockClock/run(timeout:maxSteps:)`` waits for it after it wakes, through the main actor or I/O,
/// until it sleeps again or ends, and ``IdleRun/Stop/idle`` is then exact.
///
/// ```swift
/// @MainActor final class TickModel {
///     var count = 0
///     private let clock: any Clock<Duration>
///     private let startTask: TaskStarter
///     init(clock: any Clock<Duration> = ContinuousClock(), startTask: TaskStarter = .standard) {
///         self.clock = clock
///         self.startTask = startTask
///     }
///     func start() {
///         startTask { await self.tick() }
///     }
///     private func tick() async {
///         while (try? await clock.sleep(for: .seconds(1))) != nil { count += 1 }
///     }
/// }
/// // In a test: TickModel(clock: clock, startTask: clock.taskStarter)
/// ```
public struct TaskStarter: Sendable {
    private let start: @Sendable (String?, @escaping @Sendable () async -> Void) -> Task<Void, Never>

    /// A starter from how it starts a named task.
    public init(_ start: @escaping @Sendable (_ name: String?, _ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>) {
        self.start = start
    }

    /// The app's starter: a plain `Task`, named where the toolchain and OS name tasks.
    public static let standard = TaskStarter { name, operation in
        #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                return Task(name: name) { await operation() }
            }
        #endif
        return Task { await operation() }
    }

    /// Starts `operation` as a new unstructured task and returns it.
    @discardableResult
    public func callAsFunction(name: String? = nil, _ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        start(name, operation)
    }
}

extension MockClock {
    /// The starter to inject into code under test: it starts tasks with ``startTask(name:fileID:line:_:)->Task<Void,Never>``.
    public var taskStarter: TaskStarter {
        TaskStarter { [self] name, operation in startFollowedTask(name: name, at: nil, operation) }
    }

    /// Starts `operation` as a task on the clock's ``executor`` that the clock follows to its end (see
    /// ``TaskStarter``), and returns it.
    @discardableResult
    public func startTask(
        name: String? = nil, fileID: String = #fileID, line: Int = #line, _ operation: @escaping @Sendable () async -> Void
    ) -> Task<Void, Never> {
        startFollowedTask(name: name, at: "\(fileID):\(line)", operation)
    }

    /// Starts an `operation` that returns a value and does not throw as a task on the clock's
    /// ``executor``, followed to its end like ``startTask(name:fileID:line:_:)->Task<Void,Never>``: its `value` does
    /// not throw either (`await task.value`).
    @discardableResult
    public func startTask<Success: Sendable>(
        name: String? = nil, fileID: String = #fileID, line: Int = #line, _ operation: @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        startFollowedTask(name: name, at: "\(fileID):\(line)", operation)
    }

    /// Starts a throwing `operation` that returns a value as a task on the clock's ``executor``, followed
    /// to its end like ``startTask(name:fileID:line:_:)->Task<Void,Never>``: for a test's own work (`try await task.value`).
    @discardableResult
    public func startTask<Success: Sendable>(
        name: String? = nil, fileID: String = #fileID, line: Int = #line,
        _ operation: @escaping @Sendable () async throws -> Success
    ) -> Task<Success, any Error> {
        let place: String? = "\(fileID):\(line)"
        let start = nextStart()
        let body: @Sendable () async throws -> Success = { [self] in try await following(start, at: place, operation) }
        let task: Task<Success, any Error>
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            #if compiler(>=6.2)
                if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                    task = Task(name: name, executorPreference: executor, operation: body)
                    return remember(task, as: start)
                }
            #endif
            task = Task(executorPreference: executor, operation: body)
        } else {
            task = Task(operation: body)
        }
        return remember(task, as: start)
    }

    /// The non-throwing starts: `operation` on the executor, followed to its end.
    private func startFollowedTask<Success: Sendable>(
        name: String?, at place: String?, _ operation: @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        let start = nextStart()
        let body: @Sendable () async -> Success = { [self] in await following(start, at: place, operation) }
        let task: Task<Success, Never>
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            #if compiler(>=6.2)
                if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                    task = Task(name: name, executorPreference: executor, operation: body)
                    return remember(task, as: start)
                }
            #endif
            task = Task(executorPreference: executor, operation: body)
        } else {
            task = Task(operation: body)
        }
        return remember(task, as: start)
    }

    /// The next start number.
    private func nextStart() -> Int {
        state.withLock { state in
            state.lastStart += 1
            return state.lastStart
        }
    }

    /// Runs `operation` in the task the clock started as `start`, telling the clock when it begins and
    /// ends; throws what `operation` throws, nothing else.
    private func following<Success>(
        _ start: Int, at place: String?, _ operation: () async throws -> Success
    ) async rethrows -> Success {
        let task = currentTaskIdentity()
        state.withLock { state in
            if let task { state.woken.started(task, at: place) }
            state.moved("a task the mock clock started began")
        }
        defer {
            let signals = state.withLock { state in
                state.moved("a task the mock clock started ended")
                state.startedTaskCancellers[start] = nil
                return task.map { state.woken.ended($0) } ?? []
            }
            for signal in signals { signal.fire(true) }
        }
        return try await operation()
    }

    /// Keeps a way to cancel `task` until it ends (see ``cancelStartedTasks()``), and returns it.
    private func remember<Success, Failure>(_ task: Task<Success, Failure>, as start: Int) -> Task<Success, Failure> {
        state.withLock { $0.startedTaskCancellers[start] = { task.cancel() } }
        return task
    }

    /// Cancels every task the clock started that has not ended: what a wait that gives up does, so that
    /// a test awaiting such a task ends instead of hanging.
    package func cancelStartedTasks() {
        let cancellers = state.withLock { state in
            defer { state.startedTaskCancellers = [:] }
            return Array(state.startedTaskCancellers.values)
        }
        for cancel in cancellers { cancel() }
    }
}
