public import RecordReplay

/// What a `.stubServer(fixtures:)` scope records: the mode the environment names, or one chosen in code.
///
/// Not an optional ``RecordMode``: there, `.none` would read as `Optional.none` ("nothing chosen"), and a
/// test written to never touch the network would record from it whenever the environment asks.
public struct RecordChoice: Sendable, Hashable {
    /// The mode chosen in code; nil reads the environment.
    public let mode: RecordMode?

    /// `REPOSITORY_CONTRACTS_RECORD` when set; else ``RecordMode/never`` when `CI` is set, and
    /// ``RecordMode/once`` otherwise (see ``RecordMode/resolved(explicit:environment:)``).
    public static let fromEnvironment = RecordChoice(mode: nil)
    /// Never records, whatever the environment says.
    public static let never = mode(.never)
    /// Records a fixture that does not exist yet, whatever the environment says.
    public static let once = mode(.once)
    /// Replays what the fixture answers and records the rest, whatever the environment says.
    public static let newEpisodes = mode(.newEpisodes)
    /// Records everything anew, overwriting the fixture, whatever the environment says.
    public static let all = mode(.all)
    /// Replays and checks the live API for drift, whatever the environment says.
    public static let drift = mode(.drift)

    /// `mode`, whatever the environment says.
    public static func mode(_ mode: RecordMode) -> RecordChoice {
        RecordChoice(mode: mode)
    }

    /// Spell out what is meant: `.never` (never record) or `.fromEnvironment`.
    @available(*, unavailable, message: "write .never to never record, or .fromEnvironment")
    public static var none: RecordChoice { .never }
}
