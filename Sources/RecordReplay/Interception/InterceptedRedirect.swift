import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirects URLSession follows by itself, followed in process: an intercepted request answered with
/// a 301, 302, 303, 307 or 308 and a `Location` asks the playback again for the new URL, as the client
/// would have (swift-corelibs-foundation cannot take a redirect from a protocol, so the protocol follows
/// it itself, on every platform alike).
enum InterceptedRedirect {
    /// The most redirects followed for one request, as URLSession allows.
    static let limit = 16

    /// The request a redirect answer leads to, or `nil` when `outcome` is not one. A 303, and a 301 or
    /// 302 to a `POST`, become a `GET` without a body; a 307 or 308 keeps the method and body.
    static func next(after outcome: InterceptedDelivery.Outcome, from request: URLRequest) -> URLRequest? {
        guard case .response(let response, _) = outcome, [301, 302, 303, 307, 308].contains(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location"),
            let base = request.url, let target = URL(string: location, relativeTo: base)?.absoluteURL
        else { return nil }
        var next = request
        next.url = target
        let method = request.httpMethod ?? "GET"
        let becomesGet = response.statusCode == 303 ? method != "HEAD" : [301, 302].contains(response.statusCode) && method == "POST"
        if becomesGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return next
    }
}
