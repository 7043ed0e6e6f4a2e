import Foundation

extension StubRequest {
    /// The request as the parser read it: path and query split from the target, fields in order, the body
    /// de-chunked.
    init(head: RequestHead, body: [UInt8]) {
        let target = RequestTarget(head.target)
        self.init(
            method: head.method, path: target.path,
            query: target.query.map { QueryItem(name: $0.name, value: $0.value) },
            headers: HTTPHeaders(head.fields.map { HTTPHeaders.Field(name: $0.name, value: $0.value) }),
            body: body.isEmpty ? Data() : Data(body))
    }
}
