import Foundation
import RepositoryContractsPrimitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The last `HTTPURLResponse` an interception built, handed out again while requests get the same one.
///
/// Building an `HTTPURLResponse` is the costliest step of answering an intercepted request that is the
/// interception's own (Foundation re-cases and checks every field name each time). A replay asks for the
/// same head for the same URL over and over, and the object is immutable, so the one built last is
/// reused whenever the URL, the status and every field are equal.
final class ResponseHeadCache: Sendable {
    private struct Entry: @unchecked Sendable {
        let url: URL
        let status: Int
        let fields: [String: String]
        let response: HTTPURLResponse
    }

    private let last = Protected<Entry?>(nil)

    /// The response for `url` with `status` and `fields`: the last one built when all three are equal,
    /// else a new one (kept as the last).
    func response(url: URL, status: Int, fields: [String: String]) -> HTTPURLResponse {
        let reused = last.withLock { last -> HTTPURLResponse? in
            guard let last, last.status == status, last.url == url, last.fields == fields else { return nil }
            return last.response
        }
        if let reused { return reused }
        let built = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)!
        last.withLock { $0 = Entry(url: url, status: status, fields: fields, response: built) }
        return built
    }
}
