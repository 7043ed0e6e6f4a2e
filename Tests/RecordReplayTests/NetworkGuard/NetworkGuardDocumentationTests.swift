import Foundation
import RecordReplay
import StubServerTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the articles say of the guard, checked: the message they quote is the one a stopped request
/// gets, and a child process started while the guard is on (curl, another libcurl client, among them)
/// is stopped too.
#if canImport(FoundationNetworking)
    extension NetworkGuardTests {
        @Suite struct Documentation {
            @Test("the interception and troubleshooting articles quote the message of a stopped https request as produced")
            func articlesQuoteTheMessage() async throws {
                let stopped = try await withoutOtherGuards {
                    let networkGuard = try NetworkGuard.engage()
                    defer { networkGuard.end() }
                    _ = try await GuardedAnswer.get("https://api.example.com/todos/1", from: .ephemeral)
                    return networkGuard.stoppedRequests
                }
                let message = try #require(stopped.first?.description)
                for name in ["InterceptingURLSession", "Troubleshooting"] {
                    let quoted = ArticleText.blocks("text", in: try ArticleText.article(name)).contains(message)
                    #expect(quoted, "\(name) does not quote:\n\(message)")
                }
                #expect(try ArticleText.article("InterceptingURLSession").contains("`swift test --filter NetworkGuardTests`"))
            }

            // The article's example: a test on the network guard and a stub server, all on loopback.
            @Test(.networkGuard, .stubServer(fixtures: "Examples"))
            func listsTodos() async throws {
                let titles = try await TodoClient(baseURL: StubServer.current.baseURL).titles()
                #expect(titles == ["Buy milk"])
            }

            @Test("a child process started while the guard is on inherits the proxy variables")
            func childProcessInheritsTheVariables() async throws {
                let output = try await withoutOtherGuards {
                    let networkGuard = try NetworkGuard.engage()
                    defer { networkGuard.end() }
                    return try await ChildProcessOutput.run("/usr/bin/env", [])
                }
                let lines = Set(output.split(separator: "\n").map(String.init))
                for name in ["http_proxy", "HTTPS_PROXY", "ALL_PROXY"] {
                    #expect(lines.contains { $0.hasPrefix("\(name)=http://127.0.0.1:") }, "\(name) not inherited")
                }
                #expect(lines.contains { $0.hasPrefix("no_proxy=localhost,127.0.0.1,::1") })
            }

            @Test(
                "curl, another libcurl client, in a child process: its request is stopped and named",
                .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
            func curlIsStopped() async throws {
                let (output, stopped) = try await withoutOtherGuards {
                    let networkGuard = try NetworkGuard.engage()
                    defer { networkGuard.end() }
                    try GuardedAnswer.requireGuardedEnvironment()
                    // -q: no ~/.curlrc (it could name a proxy of its own).
                    let output = try await ChildProcessOutput.run("/usr/bin/curl", ["-q", "-sS", "-w", "\n%{http_code}", "http://curl.example.invalid/health"])
                    return (output, networkGuard.stoppedRequests)
                }
                #expect(output.hasSuffix("\n403"), "\(output)")
                #expect(stopped.map(\.url) == ["http://curl.example.invalid/health"])
            }
        }
    }

    /// Runs a program to its end and returns what it wrote to standard output (read once it has ended:
    /// the programs here write far less than a pipe holds).
    enum ChildProcessOutput {
        static func run(_ path: String, _ arguments: [String]) async throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                process.terminationHandler = { _ in continuation.resume() }
                do {
                    try process.run()
                } catch {
                    process.terminationHandler = nil
                    continuation.resume(throwing: error)
                }
            }
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }
#endif
