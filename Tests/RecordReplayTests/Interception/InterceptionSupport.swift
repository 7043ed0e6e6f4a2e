import RecordReplayMessages
import Foundation
import RecordReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET through `URLSession.shared`: status, body as text, and the `URLError` when it failed.
struct SharedSessionAnswer: Sendable {
    var status: Int?
    var text: String
    var error: URLError?

    static func get(_ url: String, timeout: TimeInterval? = nil, method: String = "GET", body: Data? = nil, headers: [String: String] = [:])
        async -> SharedSessionAnswer
    {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let timeout { request.timeoutInterval = timeout }
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            return SharedSessionAnswer(
                status: (response as? HTTPURLResponse)?.statusCode, text: String(decoding: data, as: UTF8.self))
        } catch let error as URLError {
            return SharedSessionAnswer(status: nil, text: "", error: error)
        } catch {
            return SharedSessionAnswer(status: nil, text: "\(error)", error: nil)
        }
    }
}

/// A stub server that is never started: interception answers in process.
func interceptionServer(
    _ interactions: [Interaction] = [], clock: any Clock<Duration> = ContinuousClock(),
    playback: PlaybackOptions = PlaybackOptions()
) -> StubServer {
    let server = StubServer(.init(playback: playback, clock: clock))
    server.load(Fixture(interactions: interactions), source: "inline")
    return server
}

/// `GET path` answered with `text`.
func textInteraction(_ path: String, _ text: String, status: Int = 200) -> Interaction {
    Interaction(
        request: StubRequest(method: "GET", path: path),
        response: StubResponse(status: status, headers: ["Content-Type": "text/plain"], body: Data(text.utf8)))
}
