#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsPlatform
import ContractEngine
import Foundation
import RepositoryContractsPrimitives
import Testing

@testable import RepoContractsCLI

/// The crash-isolation loop, with scripted child processes instead of real ones.
@Suite("Crash isolation")
struct IsolatedRunTests {
    typealias Outline = DemoConformer.ClauseOutline

    static let clauses = ["a", "b", "c", "d"].map { Outline(id: $0, summary: "clause \($0)") }

    static func started(_ id: String) -> ClauseProgress { .started(id: id, summary: "clause \(id)") }
    static func passed(_ id: String) -> ClauseProgress {
        .finished(result: ClauseResult(id: id, summary: "clause \(id)", status: .passed))
    }
    static func outcome(_ events: [ClauseProgress], _ termination: Termination, stderr: String = "") throws -> ChildOutcome {
        var data = Data()
        for event in events {
            data += try ProgressLines.encode(event)
        }
        return ChildOutcome(standardOutput: data, standardError: Data(stderr.utf8), termination: termination)
    }

    /// Hands out scripted outcomes in order and records what each child was asked to skip.
    final class Script: Sendable {
        let outcomes: Protected<[ChildOutcome]>
        let launches = Protected<[[String]]>([])

        init(_ outcomes: [ChildOutcome]) {
            self.outcomes = Protected(outcomes)
        }

        func run() async throws -> ConformanceReport {
            try await IsolatedRun(name: "scripted", capabilities: "[.create]", clauses: IsolatedRunTests.clauses) { name, skipping in
                #expect(name == "scripted")
                self.launches.withLock { $0.append(skipping) }
                guard let next = self.outcomes.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
                    throw ToolError("no more scripted children")
                }
                return next
            }.run()
        }
    }

    @Test("a child that reports every clause is the only child")
    func cleanRun() async throws {
        let script = Script([try Self.outcome(["a", "b", "c", "d"].flatMap { [Self.started($0), Self.passed($0)] }, .exited(0))])
        let report = try await script.run()
        #expect(report.name == "scripted" && report.capabilities == "[.create]")
        #expect(report.clauses.map(\.id) == ["a", "b", "c", "d"])
        #expect(report.clauses.allSatisfy { $0.status == .passed })
        #expect(script.launches.withLock { $0 } == [[]])
    }

    @Test("a trap crashes the running clause only, and a new child goes on after it")
    func crashInTheMiddle() async throws {
        let stderr = """
            Swift/ClosedRange.swift:411: Fatal error: Range requires lowerBound <= upperBound

            *** Signal 4: Backtracing from 0x7f7ed8d6df7f... done ***

            *** Program crashed: Illegal instruction at 0x00007f7ed8d6df7f ***

            Thread 0 crashed:
            rax 0x0000000000000000  0
            """
        let script = Script([
            try Self.outcome([Self.started("a"), Self.passed("a"), Self.started("b")], .signalled(4), stderr: stderr),
            try Self.outcome([Self.started("c"), Self.passed("c"), Self.started("d"), Self.passed("d")], .exited(0)),
        ])
        let report = try await script.run()
        #expect(report.clauses.map(\.id) == ["a", "b", "c", "d"])
        #expect(report.clauses.map(\.status) == [.passed, .crashed, .passed, .passed])
        let message = try #require(report.clauses[1].message)
        #expect(message.contains("crashed with signal 4"))
        #expect(message.contains("Fatal error: Range requires lowerBound <= upperBound"))
        #expect(!message.contains("rax"), "the backtrace stays out of the message")
        #expect(report.clauses[1].summary == "clause b")
        #expect(script.launches.withLock { $0 } == [[], ["a", "b"]])
    }

    @Test("a child that dies before starting any clause stops the loop: every clause left is crashed")
    func crashBeforeAnyClause() async throws {
        let script = Script([try Self.outcome([], .signalled(11), stderr: "dyld: something is missing\n")])
        let report = try await script.run()
        #expect(report.clauses.map(\.id) == ["a", "b", "c", "d"])
        #expect(report.clauses.allSatisfy { $0.status == .crashed })
        #expect(report.clauses.allSatisfy { $0.message?.contains("something is missing") == true })
        #expect(script.launches.withLock { $0.count } == 1)
    }

    @Test("a child that exits early without a clause running gets a successor; one that does nothing ends the loop")
    func earlyExit() async throws {
        let script = Script([
            try Self.outcome([Self.started("a"), Self.passed("a")], .exited(0)),
            try Self.outcome([], .exited(3), stderr: "something went wrong"),
        ])
        let report = try await script.run()
        #expect(report.clauses.map(\.status) == [.passed, .crashed, .crashed, .crashed])
        #expect(report.clauses[1].message?.contains("exited with status 3") == true)
        #expect(script.launches.withLock { $0 } == [[], ["a"]])
    }

    @Test("a clause left running by a clean exit is crashed too (a conformer that calls exit(0))")
    func exitInsideClause() async throws {
        let script = Script([
            try Self.outcome([Self.started("a")], .exited(0)),
            try Self.outcome(["b", "c", "d"].flatMap { [Self.started($0), Self.passed($0)] }, .exited(0)),
        ])
        let report = try await script.run()
        #expect(report.clauses.map(\.status) == [.crashed, .passed, .passed, .passed])
        #expect(report.clauses[0].message?.contains("exited with status 0 while this clause ran") == true)
    }

    @Test("skipped and unknown clauses from a child, and lines that are not events")
    func oddOutput() async throws {
        var output = Data("not json\n".utf8)
        output += try ProgressLines.encode(.finished(result: ClauseResult(id: "a", summary: "clause a", status: .skipped, reason: "n/a")))
        output += try ProgressLines.encode(.finished(result: ClauseResult(id: "zzz", summary: "not in the contract", status: .failed)))
        for id in ["b", "c", "d"] {
            output += try ProgressLines.encode(Self.started(id)) + ProgressLines.encode(Self.passed(id))
        }
        let script = Script([ChildOutcome(standardOutput: output, standardError: Data(), termination: .exited(0))])
        let report = try await script.run()
        #expect(report.clauses.map(\.id) == ["a", "b", "c", "d"])
        #expect(report.clauses[0].status == .skipped && report.clauses[0].reason == "n/a")
    }

    @Test("a child that cannot be started fails the run")
    func launchFailure() async throws {
        await #expect(throws: ToolError.self) { try await Script([]).run() }
    }

    @Test("a program that cannot be started is a ToolError")
    func missingExecutable() async throws {
        await #expect(throws: ToolError.self) {
            try await ChildProcess.run(URL(fileURLWithPath: "/nonexistent/repo-contracts"), arguments: [])
        }
    }

    @Test("the last words of a dying process: what came before the backtrace, or the last lines")
    func lastWords() {
        #expect(CrashDiagnosis.lastWords(of: "one\ntwo\nFatal error: boom\nCurrent stack trace:\n0 libswiftCore.so\n")
            == ["one", "two", "Fatal error: boom"])
        #expect(CrashDiagnosis.lastWords(of: "\n*** Signal 11: Backtracing\n\n*** Program crashed: Bad pointer dereference ***\nrax 0\n")
            == ["*** Program crashed: Bad pointer dereference ***"])
        #expect(CrashDiagnosis.lastWords(of: (1...9).map { "line \($0)" }.joined(separator: "\n"))
            == (5...9).map { "line \($0)" })
        #expect(CrashDiagnosis.lastWords(of: "").isEmpty)
        #expect(CrashDiagnosis.lastWords(of: String(repeating: "x", count: 1_000)).first?.count == CrashDiagnosis.lineLength + 1)
    }

    @Test("termination descriptions name the signal")
    func terminationDescription() {
        #expect(Termination.exited(0).isSuccess)
        #expect(!Termination.signalled(4).isSuccess)
        #expect(Termination.exited(2).description == "exited with status 2")
        #expect(Termination.signalled(9).description == "crashed with signal 9 (SIGKILL)")
        #expect(ProcessCalls.signalName(6) == "SIGABRT")
    }

    @Test("children leave a crash's backtrace unsymbolicated unless SWIFT_BACKTRACE is set; the report keeps what it needs")
    func childrenSkipSymbolication() async throws {
        let environment = IsolatedRun.childEnvironment(["PATH": "/usr/bin"])
        #expect(environment == ["PATH": "/usr/bin", "SWIFT_BACKTRACE": "symbolicate=off"])
        #expect(IsolatedRun.childEnvironment(["SWIFT_BACKTRACE": "enable=no"]) == ["SWIFT_BACKTRACE": "enable=no"])
        // The demo's seed port traps in one clause: in such a child, the crash report still names the fatal
        // error and the signal, and its frames are bare addresses (no function, file or line looked up).
        let demo = try RepoContractsBinary.url(of: "repo-contracts-demo")
        let arguments = [RunConformerCommand.name, "userdefaults"]
        let outcome = try await ChildProcess.run(demo, arguments: arguments, environment: IsolatedRun.childEnvironment())
        #expect(outcome.termination == .signalled(SIGILL) || outcome.termination == .signalled(SIGTRAP), "\(outcome.termination)")
        let standardError = String(decoding: outcome.standardError, as: UTF8.self)
        #expect(standardError.contains("Program crashed"), "\(standardError)")
        #expect(!standardError.contains(" in repo-contracts-demo"), "\(standardError)")
        // Symbolicated (as a user's SWIFT_BACKTRACE may ask), the frames name the binary.
        let symbolicated = try await ChildProcess.run(
            demo, arguments: arguments, environment: IsolatedRun.childEnvironment(["SWIFT_BACKTRACE": "symbolicate=fast"]))
        #expect(String(decoding: symbolicated.standardError, as: UTF8.self).contains(" in repo-contracts-demo"))
        let diagnosis = CrashDiagnosis(termination: outcome.termination, standardError: outcome.standardError)
        // An optimized build (`swift test -c release`) traps without the standard library's message.
        if _isDebugAssertConfiguration() {
            #expect(diagnosis.lastWords.contains { $0.contains("Fatal error: Range requires lowerBound <= upperBound") }, "\(diagnosis.lastWords)")
        }
    }
}
#endif
