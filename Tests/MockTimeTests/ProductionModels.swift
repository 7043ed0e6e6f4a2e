// The production-side pattern the README shows, compiled here: code that starts its own tasks takes a
// `TaskStarter` (`.standard` in the app) and a clock; a test hands it `clock.taskStarter` and the clock.
// ReadmeClockExampleTests checks that the README quotes this file.
import Dispatch
import MockTime

// README production pattern begins
/// Refreshes a token every hour, in a task of its own: it takes a clock and a task starter.
actor TokenRefresher {
    private(set) var refreshes = 0
    private let clock: any Clock<Duration>
    private let startTask: TaskStarter

    init(clock: any Clock<Duration> = ContinuousClock(), startTask: TaskStarter = .standard) {
        self.clock = clock
        self.startTask = startTask
    }

    @discardableResult
    nonisolated func start() -> Task<Void, Never> {
        startTask(name: "token refresher") { await self.refreshEveryHour() }
    }

    private func refreshEveryHour() async {
        while (try? await clock.sleep(for: .seconds(3_600))) != nil {
            refreshes += 1
        }
    }
}

/// A `@MainActor` model with a sleep loop: a count bumped every second.
@MainActor
final class TickingModel {
    private(set) var count = 0
    private let clock: any Clock<Duration>
    private let startTask: TaskStarter
    private var loop: Task<Void, Never>?

    init(clock: any Clock<Duration> = ContinuousClock(), startTask: TaskStarter = .standard) {
        self.clock = clock
        self.startTask = startTask
    }

    func start() {
        loop = startTask { await self.tick() }
    }

    func stop() {
        loop?.cancel()
    }

    private func tick() async {
        while (try? await clock.sleep(for: .seconds(1))) != nil {
            count += 1
        }
    }
}

/// A plain (non-isolated) poller: every 30 s it asks a server, a short request between two sleeps.
final class Poller: Sendable {
    private let clock: any Clock<Duration>
    private let startTask: TaskStarter
    private let fetch: @Sendable () async -> Void

    init(clock: any Clock<Duration> = ContinuousClock(), startTask: TaskStarter = .standard,
         fetch: @escaping @Sendable () async -> Void) {
        self.clock = clock
        self.startTask = startTask
        self.fetch = fetch
    }

    @discardableResult
    func start(polls: Int) -> Task<Void, Never> {
        startTask(name: "poller") {
            for _ in 0..<polls {
                guard (try? await self.clock.sleep(for: .seconds(30))) != nil else { return }
                await self.fetch()
            }
        }
    }
}
// README production pattern ends

/// I/O as the poller sees it: a continuation another thread resumes (no wall-clock wait involved).
@Sendable func simulatedRequest() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async { continuation.resume() }
    }
}
