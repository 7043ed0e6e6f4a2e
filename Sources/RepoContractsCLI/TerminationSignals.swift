#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsPlatform
import Foundation
import RepositoryContractsPrimitives

/// SIGINT and SIGTERM, caught from its creation on: ``next()`` returns the first one's name, whether it
/// arrived before the call or after.
final class TerminationSignals: Sendable {
    /// The signal sources, kept while this value lives.
    private let sources = Protected<[any DispatchSourceSignal]>([])
    /// The first signal's name.
    private let received = OneShot<String>()

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
            ProcessCalls.ignore(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let name = ProcessCalls.signalName(number) ?? "signal \(number)"
            source.setEventHandler { [received] in received.fire(name) }
            source.resume()
            sources.append(source)
        }
        self.sources.withLock { $0 = sources }
    }

    /// The name of the first signal received, waiting for one if none has come yet (one task may wait).
    func next() async -> String {
        await received.value()
    }
}
#endif
