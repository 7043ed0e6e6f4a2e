/// What a request's method says about the live API's data: the drift check asks before it sends a
/// request, recording before it looks for the identifiers a request made the live API assign.
enum RequestMethod {
    /// Whether `method` may change state on the server: anything but `GET`, `HEAD` and `OPTIONS`.
    static func changesState(_ method: String) -> Bool {
        !["GET", "HEAD", "OPTIONS"].contains(method.uppercased())
    }
}
