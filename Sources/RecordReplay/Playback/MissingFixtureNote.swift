import RepositoryContractsPrimitives

/// A fixture a scope looked for and did not find, kept so that every request nothing answers says
/// where the fixture belongs and how to record it.
struct MissingFixtureNote: Sendable, Hashable {
    /// The file that would have been replayed (`…/Fixtures/Todos/listsTodos.json`).
    var path: String
    /// The command that records it (see ``RecordingCommand``).
    var command: String
}

extension Playback {
    /// Notes that the scope's fixture `path` does not exist and `command` records it.
    func noteMissingFixture(at path: String, recordedBy command: String) {
        state.withLock { $0.missingFixture = MissingFixtureNote(path: path, command: command) }
    }
}
