import RepositoryContractsJSON
/// A body's `style` object in the native format: the parts of a ``JSONSerializationStyle`` that differ
/// from the default, each under its own name, in a fixed order (see the FixtureFileFormat article of
/// the RecordReplay catalogue).
extension JSONSerializationStyle {
    /// The members of the `style` object, in the order they are written: one for each part that
    /// differs from the default, so none for the default style (whose `style` member is left out).
    var fixtureMembers: [JSONValue.Member] {
        StyleMember.all.compactMap { member in member.value(self).map { JSONValue.Member(member.name, $0) } }
    }

    /// Reads a `style` object strictly: unknown members, values of the wrong type, values that are the
    /// default (a member is written only when it differs), an empty object, `escapedLineSeparators`
    /// beside `escapedNonASCII` (which implies it) and `emptyContainers` without `indent` are refused.
    init(fixtureNode node: SchemaNode) throws(SchemaError) {
        let object = try node.object(strict: true)
        try object.rejectUnknownFields(StyleMember.all.map(\.name))
        guard !object.names.isEmpty else {
            throw node.error("an empty style is the default: leave \"style\" out")
        }
        self.init()
        for member in StyleMember.all {
            if let child = object.present(member.name) { try member.read(child, &self) }
        }
        if escapedNonASCII, let child = object.present("escapedLineSeparators") {
            throw child.error("implied by \"escapedNonASCII\": leave it out")
        }
        if indent == nil, let child = object.present("emptyContainers") {
            throw child.error("applies to indented output only: add \"indent\" or leave it out")
        }
    }
}

/// One member of a `style` object: its name, how to write it and how to read it.
private struct StyleMember: Sendable {
    /// The member's name.
    let name: String
    /// The member's value for a style, `nil` when the style has the default.
    let value: @Sendable (JSONSerializationStyle) -> JSONValue?
    /// Sets the style's part from the member's node, or throws when the value is not allowed.
    let read: @Sendable (SchemaNode, inout JSONSerializationStyle) throws(SchemaError) -> Void

    /// Every member, in the order they are written (built once: every JSON body written or read
    /// with a style goes through them).
    static let all: [StyleMember] = [
            flag("escapedSlash", \.escapedSlash),
            flag("escapedNonASCII", \.escapedNonASCII),
            flag("escapedHTML", \.escapedHTML),
            flag("escapedLineSeparators", \.escapedLineSeparators),
            choice("hexCase", \.hexCase),
            choice("controlCharacters", \.controlCharacters),
            indent,
            choice("itemSeparator", \.itemSeparator),
            choice("keySeparator", \.keySeparator),
            choice("emptyContainers", \.emptyContainers),
            flag("trailingNewline", \.trailingNewline),
        ]

    /// A part that is `false` by default, written as `true` when set.
    private static func flag(_ name: String, _ part: any WritableKeyPath<JSONSerializationStyle, Bool> & Sendable) -> StyleMember {
        StyleMember(name: name, value: { $0[keyPath: part] ? .bool(true) : nil }) { node, style throws(SchemaError) in
            switch node.value {
            case .bool(true): style[keyPath: part] = true
            case .bool(false): throw node.error("false is the default: leave the member out")
            default: throw node.mismatch("expected true")
            }
        }
    }

    /// A part with a few possible values, written as the value's name.
    private static func choice<Choice: RawRepresentable<String> & CaseIterable & Equatable & Sendable>(
        _ name: String, _ part: any WritableKeyPath<JSONSerializationStyle, Choice> & Sendable
    ) -> StyleMember {
        let defaultChoice = JSONSerializationStyle.compact[keyPath: part]
        let expectation = "expected one of " + Choice.allCases.filter { $0 != defaultChoice }.map { DiagnosticText.quoted($0.rawValue) }.joined(separator: ", ")
        return StyleMember(name: name, value: { $0[keyPath: part] == defaultChoice ? nil : .string($0[keyPath: part].rawValue) }) {
            node, style throws(SchemaError) in
            guard case .string(let text) = node.value, let choice = Choice(rawValue: text) else {
                throw node.mismatch(expectation)
            }
            guard choice != defaultChoice else {
                throw node.error("\(DiagnosticText.quoted(choice.rawValue)) is the default: leave the member out")
            }
            style[keyPath: part] = choice
        }
    }

    /// The indentation of one level: 1 to 16 spaces or tabs.
    private static var indent: StyleMember {
        StyleMember(name: "indent", value: { $0.indent.map(JSONValue.string) }) { node, style throws(SchemaError) in
            guard case .string(let indent) = node.value, JSONSerializationStyle.isValidIndent(indent) else {
                throw node.mismatch("expected 1 to 16 spaces or 1 to 16 tabs")
            }
            style.indent = indent
        }
    }
}
