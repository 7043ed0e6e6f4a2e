import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// On Linux, `URLSession.shared` copies the registered protocol classes when it is created: one created
/// after another session and before interception was prepared cannot be intercepted, and the attempt
/// says so instead of letting requests reach the network. Run in a fresh process (an exit test), where
/// nothing prepared interception yet.
@Suite struct SharedSessionTooEarlyTests {
    #if canImport(FoundationNetworking) && (os(Linux))
        @Test func interceptionRefusesASharedSessionCreatedFirst() async {
            await #expect(processExitsWith: .exitCode(42), observing: [\.standardErrorContent]) {
                _ = URLSession(configuration: .ephemeral)
                _ = URLSession.shared.configuration
                do {
                    _ = try await StubServer().interceptURLSession()
                } catch let error as URLSessionInterceptionError {
                    guard case .sharedSessionCreatedFirst(let classes) = error.kind, classes.contains("_HTTPURLProtocol"),
                        error.description.contains("URLSessionInterception.prepare()")
                    else { exit(1) }
                    FileHandle.standardError.write(Data(error.description.utf8))
                    exit(42)
                } catch {
                    exit(2)
                }
                exit(3)
            }
        }

        @Test func preparedFirstTheSharedSessionIsIntercepted() async {
            await #expect(processExitsWith: .exitCode(42)) {
                _ = URLSession(configuration: .ephemeral)
                URLSessionInterception.prepare()
                let server = StubServer()
                server.playback.stub(.get("/x"), with: StubResponse(status: 207))
                let status = try? await server.interceptingURLSession {
                    let (_, response) = try await URLSession.shared.data(from: URL(string: "https://api.example.com/x")!)
                    return (response as? HTTPURLResponse)?.statusCode
                }
                exit(status == 207 ? 42 : 1)
            }
        }
    #endif
}
