/// Everything a ``Playback`` changes while it runs; always accessed under its lock.
struct PlaybackState: Sendable {
    var index = InteractionIndex()
    /// Stubs in the order they were added (the newest is tried first).
    var stubs: [ProgrammableStub] = []
    /// Fault rules in the order they were added.
    var faultRules: [FaultRule] = []
    /// The journal, oldest first; with a journal limit, up to half as many again as the limit before
    /// the oldest are dropped in one step.
    var journalEntries: [JournalEntry] = []
    /// Every request received, including those dropped from a limited journal.
    var requestCount = 0
    var unmatchedRequests: [PlaybackReport.UnmatchedRequest] = []
    /// Connections and requests the server turned away to stay within its limits, oldest first (at most
    /// ``maxRefusalsKept``).
    var refusals: [ConnectionRefusal] = []
    /// What the loaded fixture files that still hold secrets are reported with.
    var leakingFixtures: [String] = []
    /// What the network guard of an interception on this server noted: requests it stopped, and why
    /// it could not stop some (see ``NetworkGuard``).
    var networkGuardFindings: [PlaybackReport.Finding] = []
    var stubFailures: [PlaybackReport.StubFailure] = []
    /// What answers the requests nothing else answers (recording), if anything.
    var unansweredHandler: (any UnansweredRequestHandler)?
    /// What is told of each request a recorded interaction answers (the drift check), if anything.
    var answeredObserver: (any AnsweredRequestObserver)?
    var stubCount = 0
    var faultRuleCount = 0
    /// The fixture the scope would have replayed but that does not exist, named in unmatched-request hints.
    var missingFixture: MissingFixtureNote?
}

extension PlaybackState {
    /// The most refusals kept: a client refused in a loop does not grow the list without bound.
    static let maxRefusalsKept = 1_000

    mutating func note(_ refusal: ConnectionRefusal) {
        if refusals.count < Self.maxRefusalsKept { refusals.append(refusal) }
    }

    /// Appends `entry`, dropping the oldest entries once a limited journal is half as long again as
    /// `limit` (so dropping costs O(1) per request on average).
    mutating func record(_ entry: JournalEntry, limit: Int?) {
        requestCount += 1
        journalEntries.append(entry)
        if let limit, journalEntries.count >= limit + max(limit / 2, 1) {
            journalEntries.removeFirst(journalEntries.count - limit)
        }
    }

    /// The journal's entries within `limit`, oldest first.
    func journal(limit: Int?) -> [JournalEntry] {
        guard let limit, journalEntries.count > limit else { return journalEntries }
        return Array(journalEntries.suffix(limit))
    }
}
