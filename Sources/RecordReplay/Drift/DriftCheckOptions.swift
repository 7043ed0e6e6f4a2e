import RepositoryContractsJSON
import RepositoryContractsPrimitives

/// What a drift check (record mode ``RecordMode/drift``, through ``Recording/driftCheck`` in a
/// ``StubServer``'s or the `.stubServer` trait's ``Recording``) compares between a recorded response and the live API's answer to the same request, and how
/// seriously it reports a difference.
///
/// Always compared: the status code, and the body (both JSON: structurally and by value, member order
/// and number spelling ignored; otherwise byte for byte). Headers are compared only when named in
/// ``comparedHeaders`` (`Content-Type` by media type and charset, ignoring case and spacing; any other
/// field by value), and never when ``volatileHeaders`` lists them.
///
/// **State-changing requests.** Only `GET`, `HEAD` and `OPTIONS` requests reach the live API unless
/// ``stateChangingRequests`` is ``StateChangingRequests/send`` (or `REPOSITORY_CONTRACTS_DRIFT_WRITES=send`
/// is set for a `.stubServer` scope): a `POST`, `PUT`, `PATCH` or `DELETE` is answered from the recording
/// and not sent, and the later requests of the same fixture are not checked either (their live answers
/// would depend on the change that was not made); the report says what was left out. When they are
/// sent, each fixture's requests reach the live API one at a time, in the order they are answered, and
/// the identifiers the live API assigns are mapped onto the recorded ones, so an unchanged API whose server assigns ids shows no drift. Point such a check at a disposable
/// environment, never at production.
///
/// Before comparing, the live exchange goes through ``volatileHeaders`` and ``redaction``, as a
/// recording would: a placeholder the recorder wrote equals the secret the live API returns, and no
/// secret appears in a drift message. Unless given here, ``redaction`` is the scope's: the
/// ``StubServer/Configuration/redaction`` (the trait's `redaction:`) the fixtures were recorded with.
public struct DriftCheckOptions: Sendable {
    /// `Content-Type` and `Location`: the fields a client usually acts on.
    public static let defaultComparedHeaders = ["Content-Type", "Location"]

    /// Whether a drift check sends requests that change state on the live API.
    ///
    /// A struct over private storage rather than an enum, so that a new choice is not a breaking change
    /// for code that switches over the ones it knows (compare with `==`).
    public struct StateChangingRequests: RawRepresentable, Sendable, Hashable, CaseIterable {
        /// The choices, for the package's own exhaustive switches; the raw value is the choice's name.
        package enum Kind: String, Sendable, CaseIterable {
            case skip, send
        }

        /// Which choice this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Answer them from the recording only, and leave the fixture's later requests unchecked
        /// (the default): a drift check never changes the live API's data.
        public static let skip = StateChangingRequests(.skip)
        /// Send them, and map the identifiers the live API assigns onto the recorded ones.
        public static let send = StateChangingRequests(.send)

        /// Every choice.
        public static var allCases: [StateChangingRequests] { Kind.allCases.map(StateChangingRequests.init) }

        /// The choice's name, as `REPOSITORY_CONTRACTS_DRIFT_WRITES` spells it: `skip` or `send`.
        public var rawValue: String { kind.rawValue }

        /// The choice named `rawValue`, or nil.
        public init?(rawValue: String) {
            guard let kind = Kind(rawValue: rawValue) else { return nil }
            self.kind = kind
        }
    }

    /// Whether `POST`, `PUT`, `PATCH`, `DELETE` and any other method but `GET`, `HEAD` and `OPTIONS`
    /// reach the live API: ``StateChangingRequests/skip`` unless given.
    public var stateChangingRequests: StateChangingRequests
    /// Response fields compared (names ignoring ASCII case); add to ``defaultComparedHeaders`` rather
    /// than replace it unless you mean to.
    public var comparedHeaders: [String]
    /// Server-owned parts of JSON bodies that legitimately change between calls (timestamps, version
    /// counters, ids the identifier mapping cannot see), declared once for the scope, as JSONPath
    /// expressions: `$.id`, `$.items[*].updatedAt`, `$['odd name']`, `$.meta.*`. Removed from both
    /// sides before comparing. An expression that cannot be parsed ignores nothing and is reported
    /// as an error by ``Playback/report`` (see ``ignoredJSONPathErrors``).
    public var ignoredJSONPaths: [String]
    /// The severity of a drift finding: ``PlaybackReport/Severity/error`` by default, so drift fails
    /// the owning test; ``PlaybackReport/Severity/warning`` only reports it. An upstream that cannot be
    /// reached is reported with the same severity.
    public var severity: PlaybackReport.Severity
    /// Response fields never compared, even when listed in ``comparedHeaders``; the recorder's list
    /// unless given.
    public var volatileHeaders: VolatileHeaders
    /// What is redacted from the live exchange (and the recorded one) before comparing, and from every
    /// request and value a drift message shows: use the same redaction the fixture was recorded with.
    /// Unless set, the check takes the scope's: the ``StubServer/Configuration/redaction`` of its
    /// ``StubServer`` (the `.stubServer` trait's `redaction:`), which is its ``Playback/redaction``;
    /// reading it then gives the default ``Redaction``.
    public var redaction: Redaction {
        get { givenRedaction ?? Redaction() }
        set { givenRedaction = newValue }
    }
    /// ``redaction`` when it was given; `nil` takes the scope's.
    private(set) var givenRedaction: Redaction?

    /// Creates options; every parameter has the default described on its property.
    public init(
        comparedHeaders: [String] = DriftCheckOptions.defaultComparedHeaders,
        ignoredJSONPaths: [String] = [],
        severity: PlaybackReport.Severity = .error,
        volatileHeaders: VolatileHeaders = VolatileHeaders(),
        redaction: Redaction? = nil, stateChangingRequests: StateChangingRequests = .skip
    ) {
        self.stateChangingRequests = stateChangingRequests
        self.comparedHeaders = comparedHeaders
        self.ignoredJSONPaths = ignoredJSONPaths
        self.severity = severity
        self.volatileHeaders = volatileHeaders
        self.givenRedaction = redaction
    }

    /// These options with ``redaction`` set to `scope` unless it was given.
    func redacting(withScope scope: Redaction) -> DriftCheckOptions {
        var options = self
        if options.givenRedaction == nil { options.givenRedaction = scope }
        return options
    }

    /// ``stateChangingRequests`` as `REPOSITORY_CONTRACTS_DRIFT_WRITES` in `environment` may widen it:
    /// `send` sends them; `skip` or no value leaves the options as they are.
    ///
    /// - Throws: ``DriftWritesError`` for any other value.
    public func resolved(environment: [String: String]) throws(DriftWritesError) -> DriftCheckOptions {
        guard let text = EnvironmentVariable.value(of: EnvironmentVariable.driftWrites, in: environment) else { return self }
        guard let choice = StateChangingRequests(rawValue: text.lowercased()) else { throw DriftWritesError(value: text) }
        var resolved = self
        if choice == .send { resolved.stateChangingRequests = .send }
        return resolved
    }

    /// One line for each of ``ignoredJSONPaths`` that cannot be parsed, naming it and the reason
    /// (`"$.items[" : `[` without `]``); empty when all are valid.
    public var ignoredJSONPathErrors: [String] {
        parsedIgnoredJSONPaths.invalid.map { "\(DiagnosticText.quoted($0.expression)): \($0.reason)" }
    }

    /// ``ignoredJSONPaths`` parsed, and those that could not be.
    var parsedIgnoredJSONPaths: (valid: [JSONPathExpression], invalid: [(expression: String, reason: String)]) {
        var valid: [JSONPathExpression] = []
        var invalid: [(expression: String, reason: String)] = []
        for expression in ignoredJSONPaths {
            do {
                valid.append(try JSONPathExpression(parsing: expression))
            } catch {
                invalid.append((expression, error.reason))
            }
        }
        return (valid, invalid)
    }
}

/// `REPOSITORY_CONTRACTS_DRIFT_WRITES` holds a value that is neither `send` nor `skip`.
public struct DriftWritesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value found.
    public var value: String

    /// The variable, its value and the values it takes, as one sentence.
    public var description: String {
        "\(EnvironmentVariable.driftWrites)=\(value) is not understood (expected send or skip)"
    }
}
