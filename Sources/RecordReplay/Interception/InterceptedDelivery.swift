import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplayWire
import RecordReplayFixtures
import RecordReplayRedaction

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an intercepted request ends with, and how it is told to URLSession.
///
/// A fault becomes the `URLError` a real connection surfaces for it:
///
/// | fault | `URLError` |
/// |---|---|
/// | connection reset | `.networkConnectionLost` |
/// | close without reply | `.badServerResponse` (an empty reply) |
/// | malformed response | `.cannotParseResponse` |
/// | truncated body | the head and the bytes kept, then `.networkConnectionLost` |
/// | never respond | `.timedOut`, once the request's `timeoutInterval` has passed on the server's clock |
struct InterceptedDelivery: @unchecked Sendable {
    /// How the request ends.
    enum Outcome: Sendable {
        case response(HTTPURLResponse, body: Data)
        /// The head and part of the body, then the error.
        case partial(HTTPURLResponse, body: Data, error: URLError)
        case failure(URLError)
    }

    /// The protocol instance (called back only from where URLSession allows, see
    /// ``InterceptionPlatform``).
    let urlProtocol: URLProtocol
    /// The request being answered: the protocol's, or where its redirects led.
    let request: URLRequest
    /// What an error's description redacts from the request it names: the scope's
    /// ``StubServer/Configuration/redaction``; `nil` when no scope is active (it then names the method and
    /// origin alone).
    let redaction: Redaction?
    /// Where the response head is built: the scope's cache, or a new one each time without a scope.
    let heads: ResponseHeadCache?

    init(
        protocol urlProtocol: URLProtocol, request: URLRequest? = nil, redaction: Redaction?, heads: ResponseHeadCache? = nil
    ) {
        self.urlProtocol = urlProtocol
        self.request = request ?? urlProtocol.request
        self.redaction = redaction
        self.heads = heads
    }

    private var url: URL {
        request.url ?? URL(string: "about:blank")!
    }

    private var isHead: Bool {
        request.httpMethod == "HEAD"
    }

    /// The outcome of `plan` when it needs no waiting.
    func immediateOutcome(of plan: ResponsePlan) -> Outcome? {
        switch plan {
        case .respond(let response): return .response(httpResponse(response), body: sentBody(of: response))
        case .fault(.neverRespond), .deferred, .blocking: return nil
        case .fault(let fault): return outcome(of: fault)
        }
    }

    /// The outcome of `plan`, waiting as it says: a deferred plan's decision, and for a request never
    /// answered, its `timeout` on `clock` (until the load is cancelled).
    func outcome(of plan: ResponsePlan, timeout: TimeInterval, clock: PlaybackClock) async -> Outcome {
        switch plan {
        case .deferred, .blocking:
            return await outcome(of: plan.settled(), timeout: timeout, clock: clock)
        case .fault(.neverRespond):
            do {
                try await clock.sleep(.milliseconds(Int64((timeout * 1_000).rounded(.up))))
            } catch {
                return .failure(self.error(.cancelled, "the request was cancelled while the stub server held it unanswered"))
            }
            if Task.isCancelled {
                return .failure(self.error(.cancelled, "the request was cancelled while the stub server held it unanswered"))
            }
            return .failure(
                self.error(.timedOut, "the stub server never answered (fault: never respond) within the request's timeout"))
        default:
            return immediateOutcome(of: plan)!
        }
    }

    private func outcome(of fault: ConnectionFault) -> Outcome {
        switch fault {
        case .connectionReset:
            return .failure(error(.networkConnectionLost, "the stub server reset the connection (fault: connection reset)"))
        case .closeWithoutReply:
            return .failure(error(.badServerResponse, "the stub server closed the connection without a reply"))
        case .malformedResponse:
            return .failure(error(.cannotParseResponse, "the stub server sent a malformed response (fault)"))
        case .truncatedBody(let response, let kept):
            return .partial(
                httpResponse(response), body: Data(sentBody(of: response).prefix(kept)),
                error: error(.networkConnectionLost, "the stub server closed the connection before the whole body (fault: truncated body)"))
        case .neverRespond:
            return .failure(error(.timedOut, "the stub server never answered (fault: never respond)"))
        }
    }

    /// Tells the client how the request ended.
    func deliver(_ outcome: Outcome) {
        let client = urlProtocol.client
        switch outcome {
        case .response(let response, let body):
            client?.urlProtocol(urlProtocol, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client?.urlProtocol(urlProtocol, didLoad: body) }
            client?.urlProtocolDidFinishLoading(urlProtocol)
        case .partial(let response, let body, let error):
            client?.urlProtocol(urlProtocol, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client?.urlProtocol(urlProtocol, didLoad: body) }
            client?.urlProtocol(urlProtocol, didFailWithError: error)
        case .failure(let error):
            client?.urlProtocol(urlProtocol, didFailWithError: error)
        }
    }

    /// An error of `code` for this request, its description saying what the stub server did and naming
    /// the request as the ``redaction`` leaves it.
    func error(_ code: URLError.Code, _ description: String) -> URLError {
        URLError(
            code,
            userInfo: [
                NSURLErrorFailingURLErrorKey: url,
                NSLocalizedDescriptionKey: "\(description): \(shownRequestLine)",
            ])
    }

    /// `GET https://api.example.com/todos?page=2`, redacted; `GET https://api.example.com` without a
    /// redaction to apply.
    private var shownRequestLine: String {
        let stubRequest = InterceptedRequest.stubRequest(from: request, withBody: false)
        guard let redaction else {
            return "\(DiagnosticText.clipped(stubRequest.method)) \(stubRequest.origin?.description ?? "")"
        }
        return DiagnosticText.requestLine(redaction.shown(stubRequest))
    }

    /// The body sent for `response`: none for `HEAD` and for statuses that have none.
    private func sentBody(of response: StubResponse) -> Data {
        isHead || (100..<200).contains(response.status) || response.status == 204 || response.status == 304
            ? Data() : response.body
    }

    /// `response` as URLSession hands it over: fields of one name joined with `, `, and the
    /// `Content-Length` the socket would have written.
    private func httpResponse(_ response: StubResponse) -> HTTPURLResponse {
        var fields: [String: String] = [:]
        var names: [String: String] = [:]
        for field in response.headers {
            let key = field.name.lowercased()
            if key == "content-length" || key == "transfer-encoding" { continue }
            if let name = names[key] {
                fields[name] = (fields[name].map { $0 + ", " } ?? "") + field.value
            } else {
                names[key] = field.name
                fields[field.name] = field.value
            }
        }
        if !isHead || !response.body.isEmpty { fields["Content-Length"] = String(response.body.count) }
        guard let heads else {
            return HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields)!
        }
        return heads.response(url: url, status: response.status, fields: fields)
    }
}
