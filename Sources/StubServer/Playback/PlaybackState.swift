/// Everything a ``Playback`` changes while it runs; always accessed under its lock.
struct PlaybackState: Sendable {
    var index = InteractionIndex()
    /// Stubs in the order they were added (the newest is tried first).
    var stubs: [ProgrammableStub] = []
    /// Fault rules in the order they were added.
    var faultRules: [FaultRule] = []
    var journalEntries: [JournalEntry] = []
    var unmatchedRequests: [PlaybackReport.UnmatchedRequest] = []
    var stubFailures: [PlaybackReport.StubFailure] = []
    var stubCount = 0
    var faultRuleCount = 0
}
