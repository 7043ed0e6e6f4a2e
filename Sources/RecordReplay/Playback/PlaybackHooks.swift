import RecordReplayMessages
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplayWire

/// Something plugged into a ``Playback`` behind ``Playback/plan(for:)``: the playback knows recording and
/// the drift check only through this protocol and the two below (it never asks which one it holds).
package protocol PlaybackHook: Sendable {
    /// Adds what the hook has to report (findings, values its own folder reads back) to `contributions`;
    /// called whenever the playback's ``Playback/report`` or ``Playback/contributions`` is read.
    func contribute(to contributions: inout PlaybackContributions)
}

extension PlaybackHook {
    /// Adds nothing.
    package func contribute(to contributions: inout PlaybackContributions) {}
}

/// Answers a request that no stub or recorded interaction answers, in place of the diagnostic answer:
/// how recording plugs into playback (``Playback/recordUnmatched(through:onFailure:)``).
///
/// Called after the request's fault delays, off the playback's lock; many requests may be handed over at
/// once.
package protocol UnansweredRequestHandler: PlaybackHook {
    /// The answer to `request`, the playback's request number `sequenceNumber`.
    func answer(_ request: StubRequest, sequenceNumber: Int) async -> UnansweredRequestAnswer

    /// The answer to `request` as a call that blocks the thread carrying the plan out (a connection's
    /// own), with no hop through the concurrency pool; `nil` when `request` is answered only through
    /// ``answer(_:sequenceNumber:)``. Asked while the plan is made, so it must not block itself.
    func blockingAnswer(to request: StubRequest, sequenceNumber: Int) -> BlockingUnansweredAnswer?
}

extension UnansweredRequestHandler {
    /// None: every request goes through ``answer(_:sequenceNumber:)``.
    package func blockingAnswer(to request: StubRequest, sequenceNumber: Int) -> BlockingUnansweredAnswer? { nil }
}

/// An ``UnansweredRequestAnswer`` worked out by a call that blocks its thread, and the way to cut it short.
package struct BlockingUnansweredAnswer: Sendable {
    /// Works the answer out; may block. After ``cancel`` it returns promptly.
    package let answer: @Sendable () -> UnansweredRequestAnswer
    /// Makes a running or later ``answer`` return promptly; called from another thread.
    package let cancel: @Sendable () -> Void

    /// An answer worked out by `answer`, cut short by `cancel`.
    package init(answer: @escaping @Sendable () -> UnansweredRequestAnswer, cancel: @escaping @Sendable () -> Void) {
        self.answer = answer
        self.cancel = cancel
    }
}

/// What an ``UnansweredRequestHandler`` gives back.
package enum UnansweredRequestAnswer: Sendable {
    /// The response to send; the request's fault effects (a status override, a truncation) apply to it.
    case response(StubResponse)
    /// The handler could not answer: `response` is sent as it is, and the playback's report lists the
    /// request with `diagnostic`, like an unmatched one.
    case failed(StubResponse, diagnostic: String)
}

/// Told of every request a recorded interaction answers, before the client gets the recorded response:
/// how the drift check plugs into playback (``Playback/checkDrift(against:options:)``).
///
/// Called after the request's fault delays, off the playback's lock; the client waits for it.
package protocol AnsweredRequestObserver: PlaybackHook {
    /// `request`, the playback's request number `sequenceNumber`, was answered by `item`;
    /// `fixtureRequests` reads the recorded requests of `item`'s fixture.
    func observe(
        _ request: StubRequest, answeredBy item: StoredInteraction, sequenceNumber: Int,
        fixtureRequests: @escaping @Sendable () -> [StubRequest]
    ) async
}

extension Playback {
    /// Hands every request that nothing answers to `handler` from now on, in place of the diagnostic
    /// answer; `nil` goes back to the diagnostic answer.
    package func answerUnansweredRequests(with handler: (any UnansweredRequestHandler)?) {
        state.withLock { $0.unansweredHandler = handler }
    }

    /// Tells `observer` of every request a recorded interaction answers from now on; `nil` tells no one.
    package func observeAnsweredRequests(with observer: (any AnsweredRequestObserver)?) {
        state.withLock { $0.answeredObserver = observer }
    }

    /// What the hooks plugged in now contribute (see ``PlaybackContributions``).
    package var contributions: PlaybackContributions {
        let (handler, observer) = state.withLock { ($0.unansweredHandler, $0.answeredObserver) }
        var contributions = PlaybackContributions()
        handler?.contribute(to: &contributions)
        observer?.contribute(to: &contributions)
        return contributions
    }
}
