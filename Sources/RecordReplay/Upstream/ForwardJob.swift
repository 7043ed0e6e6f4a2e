import RecordReplayMessages
package import Foundation
import RepositoryContractsPrimitives

/// One forward over URLSession handed to a child process, and the answer it hands back: how a recording
/// on Linux survives an answer URLSession cannot read.
///
/// swift-corelibs-foundation ends the process on a valid chunked answer with a trailer field (a fatal
/// error, which cannot be caught), and `https` has no other client in the toolchain. Run in a child, the
/// fatal error ends only the child: the parent reports that one request as not recorded and records on
/// (see ``UpstreamForwarder/init(upstream:timeout:originRoutes:plainHTTPOverURLSession:forwardingInChildProcess:)``).
///
/// Both sides speak JSON: the job (method, URL, fields, body in base64, timeout) written by the parent,
/// and the answer (status, fields, body in base64, or the error) written by the child on its standard
/// output.
package struct ForwardJob: Sendable, Hashable {
    /// The request as the client sent it (its method, fields and body are forwarded).
    package var request: StubRequest
    /// Where it goes.
    package var url: URL
    /// The forwarder's timeout, in whole seconds.
    package var timeoutSeconds: Int

    /// A job for `request` to `url`.
    package init(request: StubRequest, url: URL, timeoutSeconds: Int) {
        self.request = request
        self.url = url
        self.timeoutSeconds = timeoutSeconds
    }

    /// The job as the child reads it.
    package func encoded() -> Data {
        let object: [String: Any] = [
            "method": request.method, "url": url.absoluteString, "timeout": timeoutSeconds,
            "headers": Self.fieldList(request.headers), "body": request.body.base64EncodedString(),
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// Reads a job written by ``encoded()``.
    ///
    /// - Throws: ``UpstreamError`` saying what is missing, for a file that is no job.
    package init(decoding data: Data) throws(UpstreamError) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let method = object["method"] as? String, let text = object["url"] as? String, let url = URL(string: text),
            let timeout = object["timeout"] as? Int, let fields = object["headers"] as? [[String]],
            let body = (object["body"] as? String).flatMap({ Data(base64Encoded: $0) })
        else {
            throw UpstreamError(url: "(unknown)", reason: "the forward job is not valid: it needs method, url, timeout, headers and body")
        }
        self.init(
            request: StubRequest(method: method, path: url.path, headers: Self.headers(fields), body: body), url: url,
            timeoutSeconds: timeout)
    }

    /// Sends the job over URLSession in this process (the child's side) and returns the answer, or the
    /// error, as the parent reads it (``response(from:)``).
    package func run() async -> Data {
        let forwarder = UpstreamForwarder(upstream: nil, timeout: .seconds(timeoutSeconds))
        let object: [String: Any]
        do {
            let response = try await forwarder.forwardInThisProcess(request, to: url)
            object = [
                "status": response.status, "headers": Self.fieldList(response.headers),
                "body": response.body.base64EncodedString(),
            ]
        } catch {
            object = ["error": (error as? UpstreamError)?.reason ?? "\(error)"]
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// The answer the child wrote (``run()``).
    ///
    /// - Throws: ``UpstreamError`` naming the URL: the child's error, or an answer that is not valid.
    package func response(from output: Data) throws(UpstreamError) -> StubResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: output)) as? [String: Any] else {
            throw UpstreamError(url: url.absoluteString, reason: "the child process that forwarded it wrote no answer")
        }
        if let reason = object["error"] as? String {
            throw UpstreamError(url: url.absoluteString, reason: reason)
        }
        guard let status = object["status"] as? Int, let fields = object["headers"] as? [[String]],
            let body = (object["body"] as? String).flatMap({ Data(base64Encoded: $0) })
        else {
            throw UpstreamError(url: url.absoluteString, reason: "the child process that forwarded it wrote an answer that is not valid")
        }
        return StubResponse(status: status, headers: Self.headers(fields), body: body)
    }

    /// Fields as JSON: `[[name, value], …]`, in order, repeats kept.
    private static func fieldList(_ headers: HTTPHeaders) -> [[String]] {
        headers.map { [$0.name, $0.value] }
    }

    /// Fields read back from ``fieldList(_:)``.
    private static func headers(_ fields: [[String]]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for field in fields where field.count == 2 { headers.append(name: field[0], value: field[1]) }
        return headers
    }
}
