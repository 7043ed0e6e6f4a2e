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
    /// The starter to inject into code under test: it starts tasks with ``startTask(name:_:)``.
    public var taskStarter: TaskStarter {
        TaskStarter { [self] name, operation in startTask(name: name, operation) }
    }

    /// Starts `operation` as a task on the clock's ``executor`` that the clock follows to its end (see
    /// ``TaskStarter``), and returns it.
    @discardableResult
    public func startTask(name: String? = nil, _ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let body = followed(operation)
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            #if compiler(>=6.2)
                if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                    return Task(name: name, executorPreference: executor) { try? await body() }
                }
            #endif
            return Task(executorPreference: executor) { try? await body() }
        }
        return Task { try? await body() }
    }

    /// Starts a throwing `operation` that returns a value as a task on the clock's ``executor``, followed
    /// to its end like ``startTask(name:_:)``: for a test's own work (`try await task.value`).
    @discardableResult
    public func startTask<Success: Sendable>(
        name: String? = nil, _ operation: @escaping @Sendable () async throws -> Success
    ) -> Task<Success, any Error> {
        let body = followed(operation)
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            #if compiler(>=6.2)
                if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                    return Task(name: name, executorPreference: executor) { try await body() }
                }
            #endif
            return Task(executorPreference: executor) { try await body() }
        }
        return Task { try await body() }
    }

    /// `operation`, telling the clock when the task running it starts and ends.
    private func followed<Success>(
        _ operation: @escaping @Sendable () async throws -> Success
    ) -> @Sendable () async throws -> Success {
        { [self] in
            let task = currentTaskIdentity()
            if let task { state.withLock { $0.woken.started(task) } }
            defer {
                if let task {
                    for signal in state.withLock({ $0.woken.ended(task) }) { signal.fire(true) }
                }
            }
            return try await operation()
        }
    }
}
