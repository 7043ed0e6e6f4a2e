import RecordReplayMessages
import Foundation
import RecordReplayWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLRequest` as the playback sees a request: origin, method, path as encoded, query items,
/// header fields (sorted by name, as a `URLRequest` keeps them unordered) and body.
enum InterceptedRequest {
    /// `request` as a ``StubRequest``; without its body when not `withBody` (a stream is read once).
    static func stubRequest(from request: URLRequest, withBody: Bool = true) -> StubRequest {
        let url = request.url
        let components = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        let path = components?.percentEncodedPath ?? "/"
        let query = components?.percentEncodedQuery.map { PercentEncoding.formItems(Data($0.utf8)) } ?? []
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
        return StubRequest(
            method: request.httpMethod ?? "GET", path: path.isEmpty ? "/" : path, query: query,
            headers: HTTPHeaders(headers.map { ($0.key, $0.value) }), body: withBody ? body(of: request) : Data(),
            origin: url.flatMap(HTTPOrigin.init(url:)))
    }

    /// The body, whether the request holds it as data or as a stream (URLSession may hand a protocol
    /// either).
    private static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return Data() }
        var body = Data()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            body.append(buffer, count: count)
        }
        return body
    }
}
