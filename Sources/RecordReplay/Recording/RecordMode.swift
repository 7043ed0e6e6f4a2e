import RepositoryContractsPrimitives

/// Whether a scope records from the live API, and what it keeps: the one type for choosing a mode, in
/// code or through the environment.
///
/// | mode | fixture exists | fixture missing |
/// |---|---|---|
/// | `never` | replay only | fail, saying how to record |
/// | `once` | replay only | record it |
/// | `newEpisodes` | replay what matches, record the rest | record it |
/// | `all` | record everything anew, **overwriting** the file | record it |
/// | `drift` | replay only, and ask the live API too, reporting where it now answers differently | fail, saying how to record |
/// | `fromEnvironment` | what `REPOSITORY_CONTRACTS_RECORD` names; else `never` | |
///
/// `REPOSITORY_CONTRACTS_RECORD=never|once|newEpisodes|all|drift` names a mode (`none`, `never`'s old
/// name, is still read); under `xcodebuild test`, set it in the scheme or test plan, or as
/// `TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD` (see ``resolved(environment:)``). Unset, nothing records:
/// a run reaches the network only when a mode asks for it, wherever it runs and whatever it can see of
/// `CI`. `drift` never writes the fixture: see ``DriftCheckOptions`` for what it compares.
///
/// A struct over private storage rather than an enum, so that a new mode is not a breaking change for
/// code that switches over the modes it knows (compare the modes with `==`).
public struct RecordMode: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// The modes; the policy each one stands for is written out once, in ``plan(fixtureExists:)``.
    private enum Storage: String, Sendable, CaseIterable {
        case never, once, newEpisodes, all, drift, fromEnvironment
    }

    private let storage: Storage

    private init(_ storage: Storage) {
        self.storage = storage
    }

    /// Never records: a request the fixture does not answer fails the test.
    public static let never = RecordMode(.never)
    /// Records a fixture that does not exist yet; an existing one is only replayed.
    public static let once = RecordMode(.once)
    /// Replays what the fixture answers and records the requests it does not.
    public static let newEpisodes = RecordMode(.newEpisodes)
    /// Records every request again and overwrites the fixture.
    public static let all = RecordMode(.all)
    /// Replays like ``never`` and also sends every request the fixture answers to the live API,
    /// reporting each response that differs from the recorded one (a drift check); writes nothing.
    public static let drift = RecordMode(.drift)
    /// The mode `REPOSITORY_CONTRACTS_RECORD` (or `TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD`) names when
    /// set; else ``never``, so that no run reaches for the network unless asked. Read when a scope loads
    /// its fixture (``resolved(environment:)``).
    public static let fromEnvironment = RecordMode(.fromEnvironment)

    /// The modes a scope can be in: every mode but ``fromEnvironment``, which stands for one of them.
    public static var allCases: [RecordMode] {
        Storage.allCases.filter { $0 != .fromEnvironment }.map(RecordMode.init)
    }

    /// The mode's name, as `REPOSITORY_CONTRACTS_RECORD` and `repo-contracts record --mode` spell it.
    public var rawValue: String { storage.rawValue }

    /// The mode named `rawValue` (one of ``allCases``), or nil.
    public init?(rawValue: String) {
        guard let storage = Storage(rawValue: rawValue), storage != .fromEnvironment else { return nil }
        self.storage = storage
    }

    /// The mode named `text` (its raw value, or `none`, ``never``'s old name), or nil.
    package init?(named text: String) {
        self.init(rawValue: text == "none" ? RecordMode.never.rawValue : text)
    }

    /// The mode's name, as `REPOSITORY_CONTRACTS_RECORD` spells it (`once`, `drift`, …).
    public var description: String { rawValue }

    /// The mode in effect: this one, or for ``fromEnvironment`` the one `environment` names in
    /// `REPOSITORY_CONTRACTS_RECORD`, else in `TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD` (the name
    /// `xcodebuild test` strips), else ``never``.
    ///
    /// - Throws: ``RecordModeError`` when `REPOSITORY_CONTRACTS_RECORD` holds something else than a
    ///   mode's name.
    public func resolved(environment: [String: String]) throws(RecordModeError) -> RecordMode {
        guard storage == .fromEnvironment else { return self }
        guard let text = EnvironmentVariable.value(of: EnvironmentVariable.record, in: environment) else { return .never }
        guard let mode = RecordMode(named: text) else { throw RecordModeError(value: text) }
        return mode
    }

    /// The mode in effect: `explicit` when given; else the one the environment names (see
    /// ``fromEnvironment``).
    ///
    /// - Throws: ``RecordModeError`` when the variable holds something else than a mode's name.
    public static func resolved(
        explicit: RecordMode? = nil, environment: [String: String]
    ) throws(RecordModeError) -> RecordMode {
        try (explicit ?? .fromEnvironment).resolved(environment: environment)
    }

    /// What a scope in this mode does with its fixture file, given whether the file exists: the record
    /// mode policy, in one place for `StubServer`, the `.stubServer` trait and `repo-contracts record`.
    /// ``fromEnvironment`` plans like ``never``: resolve it first.
    package func plan(fixtureExists: Bool) -> FixturePlan {
        switch storage {
        case .never, .fromEnvironment:
            FixturePlan(replaysFixture: fixtureExists, records: false, keepsRecorded: false, checksDrift: false)
        case .once:
            FixturePlan(replaysFixture: fixtureExists, records: !fixtureExists, keepsRecorded: false, checksDrift: false)
        case .newEpisodes:
            FixturePlan(replaysFixture: fixtureExists, records: true, keepsRecorded: true, checksDrift: false)
        case .all:
            FixturePlan(replaysFixture: false, records: true, keepsRecorded: false, checksDrift: false)
        case .drift:
            FixturePlan(replaysFixture: fixtureExists, records: false, keepsRecorded: false, checksDrift: fixtureExists)
        }
    }

    /// Whether a request the fixture does not answer goes to the live API in this mode, given whether
    /// the fixture file existed when the scope began.
    public func recordsUnmatched(fixtureExisted: Bool) -> Bool {
        plan(fixtureExists: fixtureExisted).records
    }

    /// Whether the fixture's recorded interactions are replayed at all (`all` records everything anew).
    public var replaysRecordedInteractions: Bool { plan(fixtureExists: true).replaysFixture }

    /// Whether the requests the fixture answers are also sent to the live API to compare its answers
    /// with the recorded ones (`drift`).
    public var checksDrift: Bool { plan(fixtureExists: true).checksDrift }
}

/// What one scope does with its fixture file, as its ``RecordMode`` decides (``RecordMode/plan(fixtureExists:)``).
package struct FixturePlan: Sendable, Hashable {
    /// The existing file is read and its interactions replayed.
    package var replaysFixture: Bool
    /// Requests nothing answers go to the live API, and the recording is written when the scope ends.
    package var records: Bool
    /// The written file keeps the interactions the existing one held (new episodes are added to them).
    package var keepsRecorded: Bool
    /// The requests the fixture answers are also sent to the live API and compared.
    package var checksDrift: Bool

    /// Whether the scope needs a live API's base URL.
    package var needsUpstream: Bool { records || checksDrift }
    /// Whether the scope has nothing to replay and nothing to record: its fixture is missing and the
    /// mode does not record it.
    package var lacksFixture: Bool { !replaysFixture && !records }
}

/// `REPOSITORY_CONTRACTS_RECORD` holds a value that is not a record mode.
public struct RecordModeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value found.
    public var value: String

    /// The variable, its value and the modes it takes, as one sentence.
    public var description: String {
        let modes = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        return "\(EnvironmentVariable.record)=\(value) is not a record mode (expected one of: \(modes))"
    }
}
