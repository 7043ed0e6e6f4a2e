#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import RepositoryContractsPlatform
import Foundation
import RecordReplay

/// How `record` and `serve --drift` send what goes over URLSession (`https`): on Linux, each request in a
/// child process running ``ForwardInChildCommand``, because swift-corelibs-foundation ends the process
/// on a valid chunked answer with a trailer field, which would lose the whole recording. Elsewhere (or
/// when this program's executable cannot be found) in this process.
enum ChildProcessForwarding {
    /// What the forwarder is given: `nil` sends in this process.
    static var current: UpstreamForwarder.ChildProcessForwarding? {
        #if canImport(FoundationNetworking)
            guard let executable = try? ChildProcess.currentExecutable() else { return nil }
            return { job throws(UpstreamError) in try await forward(job, executable: executable) }
        #else
            return nil
        #endif
    }

    /// What corelibs URLSession prints when a trailer ends it.
    static let trailerCrash = "Transfer completed, but there's no response."

    /// Runs `job` in a child process started from `executable` and returns its answer.
    ///
    /// - Throws: ``UpstreamError`` naming the URL: the child's own error, or how it died with the end of
    ///   what it printed, and for the trailer crash what to do instead.
    static func forward(_ job: ForwardJob, executable: URL) async throws(UpstreamError) -> StubResponse {
        let url = job.url.absoluteString
        // The job holds the request's credentials: a file only this user reads, removed at once.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("repo-contracts-forward-\(UUID()).json")
        guard ProcessCalls.writePrivateFile(job.encoded(), to: file.path) else {
            throw UpstreamError(url: url, reason: "could not write the forward job to \(file.path)")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome: ChildOutcome
        do {
            outcome = try await ChildProcess.run(executable, arguments: [ForwardInChildCommand.name, file.path])
        } catch {
            throw UpstreamError(url: url, reason: "could not start the child process that sends it: \(error)")
        }
        guard outcome.termination.isSuccess else {
            let said = String(decoding: outcome.standardError, as: UTF8.self)
            let lastLine = said.split(separator: "\n").last.map(String.init) ?? "(nothing on standard error)"
            if said.contains(trailerCrash) {
                throw UpstreamError(
                    url: url,
                    reason: "URLSession on Linux cannot read this answer (a chunked body with a trailer field: \"\(trailerCrash)\"), "
                        + "so it is not recorded; record this API over http, through a TLS-terminating proxy in front of it")
            }
            throw UpstreamError(url: url, reason: "the child process that sent it over URLSession \(outcome.termination): \(lastLine)")
        }
        return try job.response(from: outcome.standardOutput)
    }
}
#endif
