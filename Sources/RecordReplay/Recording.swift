public import Foundation
import RepositoryContractsPrimitives

/// What a scope records from the live API and how it writes it: the one value the `.stubServer` trait
/// (`recording:`), ``StubServer/Configuration-swift.struct/recording`` and `repo-contracts record`
/// take.
///
/// ```swift
/// @Test(.stubServer(fixtures: "Todos", recording: Recording(mode: .once, upstream: liveAPI)))
/// ```
///
/// Every part has a default, chosen so that re-recording the same traffic writes the same bytes:
/// interactions in ``RecordedOrder/canonical`` order, identifiers the live API assigned written as
/// ``ServerIdentifiers/placeholders``, volatile headers left out, and a failed test's recording
/// dropped. The mode defaults to ``RecordMode/fromEnvironment``: nothing records unless
/// `REPOSITORY_CONTRACTS_RECORD` says so (see ``resolved(environment:)``).
///
/// A struct whose parts are `var`s with defaults, so that a later part is not a breaking change.
public struct Recording: Sendable {
    /// Whether the scope records (see ``RecordMode``); ``RecordMode/fromEnvironment`` unless given.
    public var mode: RecordMode
    /// The live API's base URL that recording and the drift check forward to; `nil` unless given (the
    /// `.stubServer` trait then reads `REPOSITORY_CONTRACTS_UPSTREAM`). A scope that intercepts
    /// `URLSession` needs none: each request names its origin.
    public var upstream: URL?
    /// The order a recording writes interactions in: ``RecordedOrder/canonical`` unless given.
    public var order: RecordedOrder
    /// What a recording writes for identifiers the live API assigned: ``ServerIdentifiers/placeholders``
    /// unless given.
    public var identifiers: ServerIdentifiers
    /// The order a recording writes JSON members in: ``JSONMemberOrder/asReceived`` unless given;
    /// ``JSONMemberOrder/sorted`` for a server whose member order varies.
    public var jsonMemberOrder: JSONMemberOrder
    /// Header fields a recording leaves out, so that the same traffic records the same bytes.
    public var volatileHeaders: VolatileHeaders
    /// What the ``RecordMode/drift`` mode compares, and how seriously it reports a difference.
    public var driftCheck: DriftCheckOptions
    /// How long a request forwarded to the live API (recording, drift) may go without an answer:
    /// 10 minutes unless given. In a test the client's own timeout and the contract's progress-aware
    /// watchdog end a hung call long before; this bound only keeps a starved machine from failing a
    /// forward that was merely slow.
    public var upstreamTimeout: Duration
    /// Whether the `.stubServer` trait writes what a failed test recorded (an issue recorded or an
    /// error thrown in its scope): `false` unless given, so a broken run (a 500 from a half-deployed
    /// API, a test that threw halfway) never becomes the fixture; a warning names the file left as it
    /// was.
    public var writesWhenTestFails: Bool
    /// Whether a recording is written even when the secret scan still finds a credential in it (an
    /// explicit opt-out): `false` unless given, and the write fails with
    /// ``RecordingError/secretsFound(file:findings:)``.
    public var allowsSecrets: Bool

    /// A recording; every part has a default (see the properties).
    public init(
        mode: RecordMode = .fromEnvironment, upstream: URL? = nil, order: RecordedOrder = .canonical,
        identifiers: ServerIdentifiers = .placeholders, jsonMemberOrder: JSONMemberOrder = .asReceived,
        volatileHeaders: VolatileHeaders = VolatileHeaders(), driftCheck: DriftCheckOptions = DriftCheckOptions(),
        upstreamTimeout: Duration = .seconds(600), writesWhenTestFails: Bool = false, allowsSecrets: Bool = false
    ) {
        self.mode = mode
        self.upstream = upstream
        self.order = order
        self.identifiers = identifiers
        self.jsonMemberOrder = jsonMemberOrder
        self.volatileHeaders = volatileHeaders
        self.driftCheck = driftCheck
        self.upstreamTimeout = upstreamTimeout
        self.writesWhenTestFails = writesWhenTestFails
        self.allowsSecrets = allowsSecrets
    }

    /// Records what `REPOSITORY_CONTRACTS_RECORD` says, from the live API
    /// `REPOSITORY_CONTRACTS_UPSTREAM` names, with every other part at its default: what the
    /// `.stubServer` trait does unless given a recording.
    public static let fromEnvironment = Recording(mode: .fromEnvironment)

    /// Records nothing: the scope only replays. What a ``StubServer`` does unless configured otherwise.
    public static let never = Recording(mode: .never)

    /// This recording as the environment completes it: the mode ``RecordMode/resolved(environment:)``
    /// gives, the upstream `REPOSITORY_CONTRACTS_UPSTREAM` names when none is given, and the drift
    /// check as ``DriftCheckOptions/resolved(environment:)`` gives it. The `.stubServer` trait resolves
    /// its recording so when a test case starts.
    ///
    /// - Throws: ``RecordModeError`` when `REPOSITORY_CONTRACTS_RECORD` names no mode,
    ///   ``DriftWritesError`` when `REPOSITORY_CONTRACTS_DRIFT_WRITES` holds something else than a choice.
    public func resolved(environment: [String: String]) throws -> Recording {
        var resolved = self
        resolved.mode = try mode.resolved(environment: environment)
        if resolved.upstream == nil, let text = EnvironmentVariable.value(of: EnvironmentVariable.upstream, in: environment) {
            resolved.upstream = URL(string: text)
        }
        resolved.driftCheck = try driftCheck.resolved(environment: environment)
        return resolved
    }

    /// What a recording does to the exchanges it recorded before they are redacted and written.
    var normalization: RecordingNormalization {
        RecordingNormalization(
            order: order, identifiers: identifiers, jsonMemberOrder: jsonMemberOrder, volatileHeaders: volatileHeaders)
    }
}
