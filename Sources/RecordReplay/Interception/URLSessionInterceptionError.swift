/// Why `URLSession` requests cannot be intercepted.
public enum URLSessionInterceptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `URLSession.shared` was created before the intercepting protocol was registered, and its protocol
    /// classes (fixed when it was made, on Linux) put the system's HTTP protocol first.
    case sharedSessionCreatedFirst(protocolClasses: [String])
    /// The current task already holds an interception it has not ended: a second one would wait for the
    /// first forever.
    case alreadyIntercepting

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .sharedSessionCreatedFirst(let classes):
            return """
                URLSession.shared cannot be intercepted: it was created before interception was prepared, and \
                its protocol classes (\(classes.joined(separator: ", "))) are fixed when it is made, with the \
                system's HTTP protocol first. Call URLSessionInterception.prepare() before anything in the \
                process uses URLSession (the .stubServer(interceptsURLSession: true) trait does so when the \
                test list is built; in XCTest, in the test class's `override class func setUp()`), or pass \
                the server's baseURL to the code under test instead
                """
        case .alreadyIntercepting:
            return """
                this task already intercepts URLSession: end() the interception it holds before starting \
                another (interceptions are serialized process-wide, so the second would wait forever)
                """
        }
    }
}
