import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay

/// A user's redaction with in-house names added (a header, a query item, a JSON member) whose value is
/// no credential by the default rules: what the tests of issue 42 ("no credential in a diagnostic")
/// check every diagnostic against.
enum TenantRedaction {
    /// The value under each added name: a tenant id the default rules leave in clear.
    static let value = "acme-" + "tenant-" + "4711"
    /// Another tenant's id, for a fixture recorded with a different value.
    static let otherValue = "umbrella-" + "tenant-" + "0815"
    static let header = "X-Tenant"
    static let queryItem = "tenant"
    static let member = "tenantCode"

    /// The defaults plus the three names.
    static var redaction: Redaction {
        var redaction = Redaction()
        redaction.headerNames.append(header)
        redaction.queryNames.append(queryItem)
        redaction.bodyMemberNames.append(member)
        return redaction
    }

    /// `method path?tenant=<value>&<query>` with `X-Tenant: <value>` and, when `title` is given, a JSON
    /// body `{"tenantCode":"<value>","title":"<title>"}`.
    static func request(
        _ method: String, _ path: String, query: String = "", title: String? = nil, value: String = TenantRedaction.value
    ) -> StubRequest {
        var items = [QueryItem(name: queryItem, value: value)]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            items.append(QueryItem(name: parts[0], value: parts.count > 1 ? parts[1] : nil))
        }
        var headers: HTTPHeaders = [header: value]
        var body = Data()
        if let title {
            headers.append(name: "Content-Type", value: "application/json")
            body = Data(#"{"\#(member)":"\#(value)","title":"\#(title)"}"#.utf8)
        }
        return StubRequest(method: method, path: path, query: items, headers: headers, body: body)
    }

    /// Whether the default ``Redaction`` leaves `request` as it is: the names are no credentials by the
    /// default rules, so only the configured redaction can keep the value out of a message.
    static func defaultsKeep(_ request: StubRequest) -> Bool {
        Redaction().shown(request) == request
    }
}
