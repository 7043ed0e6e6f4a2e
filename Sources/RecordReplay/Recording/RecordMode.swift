import RepositoryContractsPrimitives

/// Whether a scope records from the live API, and what it keeps.
///
/// | mode | fixture exists | fixture missing |
/// |---|---|---|
/// | `never` | replay only | fail, saying how to record |
/// | `once` | replay only | record it |
/// | `newEpisodes` | replay what matches, record the rest | record it |
/// | `all` | record everything anew, **overwriting** the file | record it |
/// | `drift` | replay only, and ask the live API too, reporting where it now answers differently | fail, saying how to record |
///
/// Chosen in code, or with `REPOSITORY_CONTRACTS_RECORD=never|once|newEpisodes|all|drift` (`none`, its
/// old name, is still read as `never`); see ``resolved(explicit:environment:)``. `drift` never writes the fixture: see
/// ``Playback/checkDrift(against:options:)`` for what it compares.
public enum RecordMode: String, Sendable, Hashable, CaseIterable {
    /// Renamed ``never``: `.none` beside an optional mode reads as `Optional.none` ("no mode given"),
    /// which records when the environment says so.
    @available(*, unavailable, renamed: "never")
    public static var none: RecordMode { .never }

    /// Never records: a request the fixture does not answer fails the test.
    case never
    /// Records a fixture that does not exist yet; an existing one is only replayed.
    case once
    /// Replays what the fixture answers and records the requests it does not.
    case newEpisodes
    /// Records every request again and overwrites the fixture.
    case all
    /// Replays like ``never`` and also sends every request the fixture answers to the live API,
    /// reporting each response that differs from the recorded one (a drift check); writes nothing.
    case drift

    /// The mode in effect: `explicit` when given; else `REPOSITORY_CONTRACTS_RECORD` when set; else
    /// `never` when `CI` is set (a CI run never reaches for the network unless asked explicitly), and
    /// `once` otherwise.
    ///
    /// - Throws: ``RecordModeError`` when the variable holds something else than a mode's name.
    public static func resolved(
        explicit: RecordMode? = nil, environment: [String: String]
    ) throws(RecordModeError) -> RecordMode {
        if let explicit { return explicit }
        if let text = environment[EnvironmentVariable.record], !text.isEmpty {
            guard let mode = RecordMode(named: text) else {
                throw RecordModeError(value: text)
            }
            return mode
        }
        return environment[EnvironmentVariable.continuousIntegration].map { !$0.isEmpty } == true ? .never : .once
    }

    /// The mode named `text` (its raw value, or `none`, ``never``'s old name), or nil.
    package init?(named text: String) {
        if text == "none" {
            self = .never
        } else {
            self.init(rawValue: text)
        }
    }

    /// Whether a request the fixture does not answer goes to the live API in this mode, given whether
    /// the fixture file existed when the scope began.
    public func recordsUnmatched(fixtureExisted: Bool) -> Bool {
        switch self {
        case .never, .drift: false
        case .once: !fixtureExisted
        case .newEpisodes, .all: true
        }
    }

    /// Whether the fixture's recorded interactions are replayed at all (`all` records everything anew).
    public var replaysRecordedInteractions: Bool { self != .all }

    /// Whether the requests the fixture answers are also sent to the live API to compare its answers
    /// with the recorded ones (`drift`).
    public var checksDrift: Bool { self == .drift }
}

/// `REPOSITORY_CONTRACTS_RECORD` holds a value that is not a record mode.
public struct RecordModeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value found.
    public var value: String

    public var description: String {
        let modes = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        return "\(EnvironmentVariable.record)=\(value) is not a record mode (expected one of: \(modes))"
    }
}
