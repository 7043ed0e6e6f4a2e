import RepositoryContractsJSON
import RecordReplayMessages

extension SchemaNode {
    /// The origin written as a string, `scheme://host[:port]` with nothing after it (not even `/`), or an
    /// error naming what was found.
    func origin() throws(SchemaError) -> HTTPOrigin {
        let text = try string()
        guard !text.hasSuffix("/"), let origin = HTTPOrigin(text) else {
            throw error(
                "expected an origin such as \"https://api.example.com\" (scheme, host and optional port, "
                    + "nothing after them), found \(JSONValue.string(text).briefDescription)")
        }
        return origin
    }
}
