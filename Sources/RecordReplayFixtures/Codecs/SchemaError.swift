/// A schema problem found while reading a fixture's JSON, before the file name is attached.
struct SchemaError: Error {
    /// The JSON path of the offending value.
    var path: String
    /// What was wrong.
    var reason: String
    /// Whether the problem is a format version this build cannot read.
    var isUnsupportedVersion = false
}
