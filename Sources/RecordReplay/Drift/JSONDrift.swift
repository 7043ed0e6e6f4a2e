import RepositoryContractsJSON
/// How a live JSON body differs from the recorded one, one line per difference, each starting with
/// the JSONPath of the place (`$.items[2].title`): changed values, changed types, members missing or
/// added, and arrays whose length changed (then each missing or added element).
///
/// Object members are paired by name (member order ignored); arrays element by element; scalars of
/// the same type by value (so `1.0` and `1` are equal). Values are shown as compact JSON, shortened
/// past ``longestShownValue`` characters.
enum JSONDrift {
    /// The longest value a line shows in full.
    static let longestShownValue = 120

    /// The differences between `recorded` and `live`, in document order (see ``JSONDifference``).
    static func differences(recorded: JSONValue, live: JSONValue) -> [String] {
        JSONDifference.between(recorded: recorded, observed: live).map(line)
    }

    /// `$.title: recorded "Buy milk", live "Buy oat milk"`, and the like.
    private static func line(_ difference: JSONDifference) -> String {
        let path = difference.path
        switch difference.change {
        case .changed(let recorded, let live) where kind(of: recorded) != kind(of: live):
            return "\(path): type changed from \(kind(of: recorded)) to \(kind(of: live)): "
                + "recorded \(shown(recorded)), live \(shown(live))"
        case .changed(let recorded, let live):
            return "\(path): recorded \(shown(recorded)), live \(shown(live))"
        case .removed(let recorded):
            return missing(at: path, recorded: recorded)
        case .added(let live):
            return added(at: path, live: live)
        case .countChanged(let recorded, let live):
            return "\(path): recorded \(count(recorded)), live \(count(live))"
        }
    }

    private static func missing(at path: JSONPath, recorded: JSONValue) -> String {
        "\(path): missing from the live response (recorded \(shown(recorded)))"
    }

    private static func added(at path: JSONPath, live: JSONValue) -> String {
        "\(path): added in the live response (live \(shown(live)))"
    }

    private static func count(_ elements: Int) -> String {
        "\(elements) element\(elements == 1 ? "" : "s")"
    }

    /// `object`, `array`, `string`, `number`, `boolean` or `null`.
    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// The value as compact JSON, cut after ``longestShownValue`` characters.
    static func shown(_ value: JSONValue) -> String {
        let text = value.serialized()
        guard text.count > longestShownValue else { return text }
        return text.prefix(longestShownValue) + "… (\(text.utf8.count) bytes)"
    }
}
