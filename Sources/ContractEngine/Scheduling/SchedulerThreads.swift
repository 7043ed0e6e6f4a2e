import Foundation
import RepositoryContractsPrimitives

/// The threads seeded schedulers run their jobs on, kept between runs: a parallel model-based check
/// makes hundreds of runs, each on a scheduler of its own, and starting and ending a thread for each was
/// about 5 % of such a check's time.
///
/// A body is handed to a thread that waits for one, or to a new thread when none waits: it never waits
/// for a busy thread (a scheduler's thread may be blocked by a conformer, for good). A thread that
/// finishes its body waits for the next one, unless ``maximumWaiting`` threads wait already: then it ends.
/// Waiting threads wait without a time limit; at most ``maximumWaiting`` of them stay in a process.
package final class SchedulerThreads: Sendable {
    /// The threads every seeded scheduler uses.
    package static let shared = SchedulerThreads(maximumWaiting: 4)

    /// What a thread did after its body, for tests: it waits for the next body, or it ended.
    package enum Event: Sendable { case waits, ended }

    /// How many threads may wait for a body at once.
    package let maximumWaiting: Int
    private let waiting = Protected<[Mailbox]>([])
    private let observe: (@Sendable (Event) -> Void)?

    /// Threads of which at most `maximumWaiting` wait for work; `observe` hears what each did after a body.
    package init(maximumWaiting: Int, observe: (@Sendable (Event) -> Void)? = nil) {
        self.maximumWaiting = maximumWaiting
        self.observe = observe
    }

    /// How many threads wait for a body now.
    package var waitingCount: Int { waiting.withLock { $0.count } }

    /// Runs `body` on a thread of its own: one that waits for work, or a new one.
    package func run(_ body: @escaping @Sendable () -> Void) {
        if let mailbox = waiting.withLock({ $0.popLast() }) {
            mailbox.deliver(body)
        } else {
            Thread { [self] in serve(first: body) }.start()
        }
    }

    /// Runs the bodies this thread is handed, until it is not let wait for another.
    private func serve(first: @escaping @Sendable () -> Void) {
        let mailbox = Mailbox(first)
        while true {
            // The body (and what it holds, such as its scheduler) is released before the thread waits.
            if let body = mailbox.take() { body() }
            let waits = waiting.withLock { waiting in
                guard waiting.count < maximumWaiting else { return false }
                waiting.append(mailbox)
                return true
            }
            guard waits else {
                observe?(.ended)
                return
            }
            observe?(.waits)
            mailbox.waitForDelivery()
        }
    }
}

/// One thread's next body, and the semaphore that wakes the thread when it is delivered.
private final class Mailbox: Sendable {
    private let body: Protected<(@Sendable () -> Void)?>
    private let delivered = DispatchSemaphore(value: 0)

    init(_ first: @escaping @Sendable () -> Void) {
        body = Protected(first)
    }

    func deliver(_ next: @escaping @Sendable () -> Void) {
        body.withLock { $0 = next }
        delivered.signal()
    }

    func take() -> (@Sendable () -> Void)? {
        body.withLock { body in
            defer { body = nil }
            return body
        }
    }

    func waitForDelivery() {
        delivered.wait()
    }
}
