import RecordReplayMessages
import Foundation
@testable import RecordReplay
import RecordReplayWire
import Testing

/// What the guard's listener reads: a proxy's `CONNECT host:port` (which the decoder takes only when
/// asked, so the stub server still answers it 400) and an absolute-form request, and what it names.
@Suite struct NetworkGuardProxyRequestTests {
    static func decode(_ text: String, acceptsConnect: Bool) -> Result<StubRequest, HTTPRequestError> {
        var limits = HTTPParserLimits()
        limits.acceptsConnect = acceptsConnect
        var decoder = RequestDecoder(limits: limits)
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            do throws(HTTPRequestError) {
                let (step, _) = try decoder.decode(UnsafeBufferPointer(buffer), reservingBody: { _ throws(HTTPRequestError) in })
                guard case .request(let request, _) = step else { return .failure(.malformedRequestLine) }
                return .success(request)
            } catch {
                return .failure(error)
            }
        }
    }

    @Test("CONNECT host:port is read as a request only by a listener that accepts it")
    func connectIsReadWhenAccepted() throws {
        let connect = "CONNECT api.example.com:443 HTTP/1.1\r\nHost: api.example.com:443\r\n\r\n"
        let request = try Self.decode(connect, acceptsConnect: true).get()
        #expect(request.method == "CONNECT" && request.path == "api.example.com:443" && request.query.isEmpty)
        #expect(try Self.decode("CONNECT [2001:db8::1]:8443 HTTP/1.1\r\nHost: x\r\n\r\n", acceptsConnect: true).get().path == "[2001:db8::1]:8443")
        #expect(throws: HTTPRequestError.invalidTarget) { try Self.decode(connect, acceptsConnect: false).get() }
    }

    @Test("a CONNECT target that is not host:port is refused", arguments: ["/", "api.example.com", "api.example.com:", "a@b:443", "h:443/x", "2001:db8::1:443", "[::1:443", "h:123456"])
    func malformedConnectTargets(_ target: String) {
        #expect(throws: HTTPRequestError.invalidTarget) {
            try Self.decode("CONNECT \(target) HTTP/1.1\r\nHost: x\r\n\r\n", acceptsConnect: true).get()
        }
    }

    @Test("the listener names a tunnel by its authority, a plain request by its Host, path and query")
    func stoppedRequestNames() throws {
        let tunnel = GuardListener.stoppedRequest(for: StubRequest(method: "CONNECT", path: "[2001:DB8::1]:8443"))
        #expect(tunnel == .init(method: "CONNECT", host: "2001:db8::1", port: 8443, url: "https://[2001:db8::1]:8443"))
        #expect(tunnel.description.contains("(CONNECT [2001:db8::1]:8443 through the proxy environment"))
        let plain = try Self.decode("POST http://API.example.com/todos?a=1&b=x%20y HTTP/1.1\r\nHost: API.example.com\r\nContent-Length: 2\r\n\r\n{}", acceptsConnect: true).get()
        #expect(GuardListener.stoppedRequest(for: plain) == .init(method: "POST", host: "api.example.com", port: 80, url: "http://api.example.com/todos?a=1&b=x%20y"))
    }
}
