/// How a ``Playback`` matches requests to recorded interactions and how strict its report is.
///
/// The default matches on method, path, query (order-insensitive) and body (JSON-semantic for JSON,
/// order-insensitive for forms, byte-exact otherwise), compares no header, answers a request that was
/// made more often than recorded as unmatched, and reports unused interactions as warnings.
public struct PlaybackOptions: Sendable {
    /// What happens when a request matches recorded interactions that have all been used.
    ///
    /// A struct over private storage rather than an enum, so that a new choice is not a breaking change
    /// for code that switches over the ones it knows (compare with `==`).
    public struct Exhaustion: Sendable, Hashable {
        /// The choices, for the package's own exhaustive switches.
        package enum Kind: Sendable, Hashable {
            case reportUnmatched, repeatLast
        }

        /// Which choice this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// The request is unmatched, with a diagnostic naming the used-up interactions (the default:
        /// right for stateful APIs, where a second identical request may legitimately get a different
        /// answer that was never recorded).
        public static let reportUnmatched = Exhaustion(.reportUnmatched)
        /// The last matching interaction's response is sent again (what `repo-contracts serve` uses).
        public static let repeatLast = Exhaustion(.repeatLast)
    }

    /// How ``Playback/report`` reports interactions that no request used.
    ///
    /// A struct over private storage rather than an enum, so that a new policy is not a breaking change
    /// for code that switches over the ones it knows (compare with `==`).
    public struct UnusedInteractionPolicy: Sendable, Hashable {
        /// The policies, for the package's own exhaustive switches.
        package enum Kind: Sendable, Hashable {
            case error, warning, ignore
        }

        /// Which policy this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Unused interactions are errors: the owning test fails.
        public static let error = UnusedInteractionPolicy(.error)
        /// Unused interactions are warnings (the default).
        public static let warning = UnusedInteractionPolicy(.warning)
        /// Unused interactions are listed in the report but are neither errors nor warnings.
        public static let ignore = UnusedInteractionPolicy(.ignore)
    }

    /// Header names whose values must be equal for a request to match (names compared ignoring ASCII
    /// case, values exactly, every field of that name in order). Empty by default: volatile headers
    /// (`Date`, `User-Agent`, tracing IDs) would otherwise make every replay miss.
    public var matchedHeaders: [String]
    /// Extra matching rules, each named in diagnostics: ignore lists
    /// (``RequestMatcher/ignoringQueryItems(_:)``, ``RequestMatcher/ignoringJSONPaths(_:)``) and
    /// closures (``RequestMatcher/init(name:replacing:matches:)``).
    public var customMatchers: [RequestMatcher]
    /// What happens when a request matches only interactions that were already used.
    public var exhaustion: Exhaustion
    /// How unused interactions are reported by ``Playback/report``.
    public var unusedInteractions: UnusedInteractionPolicy
    /// The status of the diagnostic response to an unmatched request; `599` by default.
    ///
    /// 599 is in the 5xx class, so every client treats it as a failure, yet no server sends it for a
    /// real reason: a repository cannot mistake it for a legitimate answer (as it could a 404, which
    /// many read as "no such entity"), and it stands out in logs.
    public var unmatchedStatus: Int
    /// How many of the latest requests the journal keeps; `nil` (the default) keeps every one, as a
    /// test scope wants. A long-running server (`repo-contracts serve`) sets a limit so its memory
    /// does not grow with the number of requests; sequence numbers keep counting every request. A limit
    /// of zero or less keeps no entry.
    public var journalLimit: Int?
    /// The largest request body the journal and the report keep whole (default 1 MiB). A larger body is
    /// kept as its first `journalBodyLimit` bytes, and ``JournalEntry/bodyByteCount`` gives its real
    /// size, so a test that sends large uploads, or a client sending them in a loop, does not hold them
    /// all in memory. Matching, recording and the drift check always see the whole body.
    public var journalBodyLimit: Int
    /// Whether an interaction with a recorded ``Interaction/latency`` answers only after that long,
    /// measured on the playback's clock (with a `MockClock`, a test decides when the time has passed);
    /// `false` by default: replay answers at once.
    public var replaysRecordedLatency: Bool

    /// Creates options; every parameter has the default described on its property.
    public init(
        matchedHeaders: [String] = [],
        customMatchers: [RequestMatcher] = [],
        exhaustion: Exhaustion = .reportUnmatched,
        unusedInteractions: UnusedInteractionPolicy = .warning,
        unmatchedStatus: Int = 599,
        journalLimit: Int? = nil,
        journalBodyLimit: Int = 1 << 20,
        replaysRecordedLatency: Bool = false
    ) {
        self.journalLimit = journalLimit
        self.journalBodyLimit = journalBodyLimit
        self.replaysRecordedLatency = replaysRecordedLatency
        self.matchedHeaders = matchedHeaders
        self.customMatchers = customMatchers
        self.exhaustion = exhaustion
        self.unusedInteractions = unusedInteractions
        self.unmatchedStatus = unmatchedStatus
    }
}
