/// Why `URLSession` requests cannot be intercepted.
///
/// A struct over private storage rather than an enum, so that a new reason is not a breaking change for
/// code that switches over the ones it knows: compare with `==` (`error == .alreadyIntercepting`).
public struct URLSessionInterceptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reasons, for the package's own exhaustive switches.
    package enum Kind: Sendable, Hashable {
        case sharedSessionCreatedFirst(protocolClasses: [String])
        case alreadyIntercepting
    }

    /// Which reason this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// `URLSession.shared` was created before the intercepting protocol was registered, and its protocol
    /// classes (fixed when it was made, on Linux) put the system's HTTP protocol first.
    public static func sharedSessionCreatedFirst(protocolClasses: [String]) -> Self {
        Self(.sharedSessionCreatedFirst(protocolClasses: protocolClasses))
    }

    /// The current task already holds an interception it has not ended: a second one would wait for the
    /// first forever.
    public static let alreadyIntercepting = Self(.alreadyIntercepting)

    /// What went wrong and what to do.
    public var description: String {
        switch kind {
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
