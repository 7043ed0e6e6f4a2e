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

    /// The differences between `recorded` and `live`, in document order.
    static func differences(recorded: JSONValue, live: JSONValue) -> [String] {
        var lines: [String] = []
        collect(recorded, live, path: "$", into: &lines)
        return lines
    }

    private static func collect(_ recorded: JSONValue, _ live: JSONValue, path: String, into lines: inout [String]) {
        switch (recorded, live) {
        case (.object(let recordedMembers), .object(let liveMembers)):
            var unpaired = liveMembers
            for member in recordedMembers {
                let memberPath = path + JSONDifference.memberSuffix(member.name)
                if let match = unpaired.firstIndex(where: { $0.name == member.name }) {
                    collect(member.value, unpaired[match].value, path: memberPath, into: &lines)
                    unpaired.remove(at: match)
                } else {
                    lines.append(missing(at: memberPath, recorded: member.value))
                }
            }
            for member in unpaired {
                lines.append(added(at: path + JSONDifference.memberSuffix(member.name), live: member.value))
            }
        case (.array(let recordedElements), .array(let liveElements)):
            if recordedElements.count != liveElements.count {
                lines.append(
                    "\(path): recorded \(count(recordedElements.count)), live \(count(liveElements.count))")
            }
            for position in 0..<max(recordedElements.count, liveElements.count) {
                let elementPath = "\(path)[\(position)]"
                if position >= liveElements.count {
                    lines.append(missing(at: elementPath, recorded: recordedElements[position]))
                } else if position >= recordedElements.count {
                    lines.append(added(at: elementPath, live: liveElements[position]))
                } else {
                    collect(recordedElements[position], liveElements[position], path: elementPath, into: &lines)
                }
            }
        default:
            if kind(of: recorded) != kind(of: live) {
                lines.append(
                    "\(path): type changed from \(kind(of: recorded)) to \(kind(of: live)): "
                        + "recorded \(shown(recorded)), live \(shown(live))")
            } else if recorded.canonicalForm != live.canonicalForm {
                lines.append("\(path): recorded \(shown(recorded)), live \(shown(live))")
            }
        }
    }

    private static func missing(at path: String, recorded: JSONValue) -> String {
        "\(path): missing from the live response (recorded \(shown(recorded)))"
    }

    private static func added(at path: String, live: JSONValue) -> String {
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
