#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import FoundationEssentials
import RecordReplay

extension StubServer {
    /// Runs the server in the foreground for `serve` and `record`: starts it, prints its base URL as the
    /// first line of standard output and `status` (given the base URL) on standard error, waits for
    /// SIGINT or SIGTERM, stops, and returns the signal's name.
    ///
    /// - Throws: ``ToolError`` when the port cannot be bound.
    func runInForeground(_ console: Console, status: (String) -> String) async throws -> String {
        let signals = TerminationSignals()
        do {
            try await start()
        } catch {
            throw ToolError("\(error)")
        }
        let url = baseURL.absoluteString
        console.print(url)
        console.printError(status(url) + "; stop with Ctrl-C.")
        let signal = await signals.next()
        await stop()
        return signal
    }
}
#endif
