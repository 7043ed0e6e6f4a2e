/// What a drift check (``Playback/checkDrift(against:options:)``, record mode ``RecordMode/drift``)
/// compares between a recorded response and the live API's answer to the same request, and how
/// seriously it reports a difference.
///
/// Always compared: the status code, and the body (both JSON: structurally and by value, member order
/// and number spelling ignored; otherwise byte for byte). Headers are compared only when named in
/// ``comparedHeaders`` (`Content-Type` by media type and charset, ignoring case and spacing; any other
/// field by value), and never when ``volatileHeaders`` lists them.
///
/// Before comparing, the live exchange goes through ``volatileHeaders`` and ``redaction``, as a
/// recording would: a placeholder the recorder wrote equals the secret the live API returns, and no
/// secret appears in a drift message.
public struct DriftCheckOptions: Sendable {
    /// `Content-Type` and `Location`: the fields a client usually acts on.
    public static let defaultComparedHeaders = ["Content-Type", "Location"]

    /// Response fields compared (names ignoring ASCII case); add to ``defaultComparedHeaders`` rather
    /// than replace it unless you mean to.
    public var comparedHeaders: [String]
    /// Parts of JSON bodies that legitimately change between calls (ids, timestamps), as JSONPath
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
    /// What is redacted from the live exchange (and the recorded one) before comparing; the recorder's
    /// default unless given: use the same redaction the fixture was recorded with.
    public var redaction: Redaction

    /// Creates options; every parameter has the default described on its property.
    public init(
        comparedHeaders: [String] = DriftCheckOptions.defaultComparedHeaders,
        ignoredJSONPaths: [String] = [],
        severity: PlaybackReport.Severity = .error,
        volatileHeaders: VolatileHeaders = VolatileHeaders(),
        redaction: Redaction = Redaction()
    ) {
        self.comparedHeaders = comparedHeaders
        self.ignoredJSONPaths = ignoredJSONPaths
        self.severity = severity
        self.volatileHeaders = volatileHeaders
        self.redaction = redaction
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
