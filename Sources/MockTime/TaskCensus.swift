import RepositoryContractsPrimitives

/// Counts the unstructured tasks (`Task { … }`) started inside one ``MockClock`` scope (the `.mockClock`
/// trait, ``withMockClock(now:startDate:isolation:_:)``) that are still alive: how the clock sees that a
/// plain task it woke has ended, which Swift offers no way to observe directly.
///
/// The scope binds a marker object as a task-local value. `Task { … }` copies the task-local values of
/// the code that starts it, and so holds a reference to the marker until it ends; `async let`,
/// task-group children and `Task.detached { … }` take none. The marker's reference count, less what it
/// was when the scope began, is therefore the number of such tasks alive now (``liveTasks``). When that number is
/// no more than the tasks of the scope asleep on the clock, every other plain task the clock woke has
/// ended. The package's own helper tasks are started without the census, so they are not counted.
package final class TaskCensus: Sendable {
    /// What the scope binds and each `Task { … }` copies: only those hold it, so its reference count
    /// moves with them alone.
    /// `@unchecked Sendable`: ``census`` is written once, by the census's initializer, before the
    /// marker is shared.
    package final class Marker: @unchecked Sendable {
        /// The census it marks: how a clock made inside the scope (`MockClock()` in a `.mockClock` test)
        /// finds the scope's census.
        fileprivate(set) weak var census: TaskCensus?
    }

    /// The marker of the scope the current task runs in.
    @TaskLocal package static var current: Marker?

    /// The scope's marker, held once (released with the census); read without retaining it, so that
    /// every count is taken the same way.
    private let marker: Unmanaged<Marker>
    /// The reference count with no task of the scope alive, read inside the scope's binding.
    private let baseline = Protected<UInt?>(nil)

    /// A census with no baseline yet.
    package init() {
        let marker = Marker()
        self.marker = .passRetained(marker)
        marker.census = self
    }

    deinit {
        marker.release()
    }

    /// Whether `marker` (a task's ``current``) is this census's.
    func isMarker(_ marker: Marker?) -> Bool {
        marker.map { $0 === self.marker.takeUnretainedValue() } ?? false
    }

    /// Runs `body` with the marker bound, the baseline taken first thing inside the binding.
    func counting<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await Self.$current.withValue(marker.takeUnretainedValue()) {
            let count = referenceCount()
            baseline.withLock { $0 = count }
            return try await body()
        }
    }

    /// How many tasks started with `Task { … }` inside the scope (directly or from such a task) are alive;
    /// 0 before the scope began. A read that races a task reading ``current`` may count one more (a
    /// temporary reference): the clock then waits or reports, never calls a task ended too early.
    var liveTasks: Int {
        guard let baseline = baseline.withLock({ $0 }) else { return 0 }
        let count = referenceCount()
        return count > baseline ? Int(count - baseline) : 0
    }

    /// The marker's strong reference count, read the same way for the baseline and every later count.
    @inline(never)
    private func referenceCount() -> UInt {
        _getRetainCount(marker.takeUnretainedValue())
    }

    /// Runs `body` outside any census: for the package's own helper tasks, which are not the test's.
    static func uncounted<Result>(_ body: () throws -> Result) rethrows -> Result {
        try $current.withValue(nil, operation: body)
    }
}

extension MockClock {
    /// Runs `body` with the clock's census bound (see ``TaskCensus``), its baseline taken first: what the
    /// `.mockClock` trait and ``withMockClock(now:startDate:isolation:_:)`` wrap the test body in.
    package func countingPlainTasks<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        guard let census else { return try await body() }
        return try await census.counting(body)
    }
}
