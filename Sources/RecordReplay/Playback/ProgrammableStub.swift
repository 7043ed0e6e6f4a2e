import RecordReplayMessages
/// A stub added by ``Playback/stub(_:times:respond:)``.
struct ProgrammableStub: Sendable {
    /// How the stub answers.
    enum Answer: Sendable {
        case constant(StubResponse)
        case closure(@Sendable (StubRequest) async throws -> StubResponse)
    }

    let id: StubID
    let pattern: RequestPattern
    let answer: Answer
    /// How many more requests it may answer; `nil` for no limit.
    var remainingUses: Int?
}
