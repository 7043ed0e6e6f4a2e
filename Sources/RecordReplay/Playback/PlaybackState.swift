/// Everything a ``Playback`` changes while it runs; always accessed under its lock.
struct PlaybackState: Sendable {
    var index = InteractionIndex()
    /// Stubs in the order they were added (the newest is tried first).
    var stubs: [ProgrammableStub] = []
    /// Fault rules in the order they were added.
    var faultRules: [FaultRule] = []
    /// The journal's entries: oldest first without a journal limit; with one, a ring of at most the
    /// limit's entries, the oldest at ``journalStart`` once it is full (each new entry takes its place).
    var journalEntries: [JournalEntry] = []
    /// Where the oldest entry of a full limited journal is in ``journalEntries``.
    var journalStart = 0
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

    /// Appends `entry`; a limited journal that is full gives the oldest entry's place to it (no entry
    /// moves, whatever the limit), and a limit of zero or less keeps none. `entry` is moved in, not
    /// copied: a copy would retain each of its parts and the caller would release them again.
    mutating func record(_ entry: consuming JournalEntry, limit: Int?) {
        requestCount += 1
        guard let limit else {
            journalEntries.append(entry)
            return
        }
        guard limit > 0 else { return }
        if journalEntries.count < limit {
            journalEntries.append(entry)
        } else {
            journalEntries[journalStart] = entry
            journalStart = (journalStart + 1) % journalEntries.count
        }
    }

    /// The journal's entries, oldest first.
    var journal: [JournalEntry] {
        guard journalStart > 0 else { return journalEntries }
        return Array(journalEntries[journalStart...]) + journalEntries[..<journalStart]
    }
}
