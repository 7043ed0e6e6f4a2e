#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RepositoryContractsPrimitives

/// SIGINT and SIGTERM, caught from its creation on: ``next()`` returns the first one's name, whether it
/// arrived before the call or after.
final class TerminationSignals: Sendable {
    private struct State {
        /// The signal sources, kept while this value lives.
        var sources: [any DispatchSourceSignal] = []
        var received: String?
        var waiter: CheckedContinuation<String, Never>?
    }

    private let state = Protected(State())

    /// Starts catching SIGINT and SIGTERM (which then no longer end the process). Catching starts before
    /// this returns, so a signal sent as soon as the caller has announced itself (printed its URL) is
    /// never lost or fatal.
    convenience init() {
        self.init(catching: [SIGINT, SIGTERM])
    }

    private init(catching signals: [Int32]) {
        let queue = DispatchQueue(label: "repo-contracts.signals")
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let name = Platform.signalName(number) ?? "signal \(number)"
            source.setEventHandler { [state] in Self.fire(name, into: state) }
            source.resume()
            sources.append(source)
        }
        state.withLock { $0.sources = sources }
    }

    /// The name of the first signal received, waiting for one if none has come yet.
    func next() async -> String {
        await withCheckedContinuation { continuation in
            let received = state.withLock { state -> String? in
                if state.received == nil { state.waiter = continuation }
                return state.received
            }
            if let received { continuation.resume(returning: received) }
        }
    }

    /// Notes the first signal received and resumes the task waiting for one.
    private static func fire(_ name: String, into state: Protected<State>) {
        let waiter = state.withLock { state -> CheckedContinuation<String, Never>? in
            guard state.received == nil else { return nil }
            state.received = name
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: name)
    }
}
#endif
