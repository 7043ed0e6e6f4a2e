/// One place where two JSON values differ, named by a JSONPath (`$.items[2].title`).
struct JSONDifference: Sendable, Hashable, CustomStringConvertible {
    /// The JSONPath of the differing value.
    var path: String
    /// The recorded value there, or `nil` when the recorded value has nothing there.
    var recorded: JSONValue?
    /// The received value there, or `nil` when the received value has nothing there.
    var received: JSONValue?

    /// `$.title: recorded "Buy milk", received "Buy oat milk"`.
    var description: String {
        "\(path): recorded \(Self.spell(recorded)), received \(Self.spell(received))"
    }

    private static func spell(_ value: JSONValue?) -> String {
        value.map { DiagnosticText.clipped($0.serialized()) } ?? "(absent)"
    }

    /// The differences between `recorded` and `received`, in document order: object members compared
    /// by name (member order ignored), arrays element by element, everything else by value (so `1.0`
    /// and `1` are equal).
    static func between(recorded: JSONValue, received: JSONValue) -> [JSONDifference] {
        var differences: [JSONDifference] = []
        collect(recorded, received, path: "$", into: &differences)
        return differences
    }

    private static func collect(
        _ recorded: JSONValue, _ received: JSONValue, path: String, into differences: inout [JSONDifference]
    ) {
        switch (recorded, received) {
        case (.object(let recordedMembers), .object(let receivedMembers)):
            // Each recorded member pairs with the first unpaired received member of its name: positions by
            // name, taken in order, so many members cost linear time.
            var positionsByName: [String: [Int]] = [:]
            for (position, member) in receivedMembers.enumerated() { positionsByName[member.name, default: []].append(position) }
            var nextByName: [String: Int] = [:]
            var paired = [Bool](repeating: false, count: receivedMembers.count)
            for member in recordedMembers {
                let childPath = path + memberSuffix(member.name)
                let taken = nextByName[member.name, default: 0]
                if let positions = positionsByName[member.name], taken < positions.count {
                    nextByName[member.name] = taken + 1
                    paired[positions[taken]] = true
                    collect(member.value, receivedMembers[positions[taken]].value, path: childPath, into: &differences)
                } else {
                    differences.append(JSONDifference(path: childPath, recorded: member.value, received: nil))
                }
            }
            for (position, member) in receivedMembers.enumerated() where !paired[position] {
                differences.append(
                    JSONDifference(path: path + memberSuffix(member.name), recorded: nil, received: member.value))
            }
        case (.array(let recordedElements), .array(let receivedElements)):
            for position in 0..<max(recordedElements.count, receivedElements.count) {
                let childPath = "\(path)[\(position)]"
                switch (position < recordedElements.count, position < receivedElements.count) {
                case (true, true):
                    collect(recordedElements[position], receivedElements[position], path: childPath, into: &differences)
                case (true, false):
                    differences.append(
                        JSONDifference(path: childPath, recorded: recordedElements[position], received: nil))
                default:
                    differences.append(
                        JSONDifference(path: childPath, recorded: nil, received: receivedElements[position]))
                }
            }
        default:
            if recorded.canonicalForm != received.canonicalForm {
                differences.append(JSONDifference(path: path, recorded: recorded, received: received))
            }
        }
    }

    /// `.name` for identifier-like names, `["odd name"]` otherwise.
    static func memberSuffix(_ name: String) -> String {
        let isIdentifier =
            !name.isEmpty && name.first.map { !$0.isNumber } == true
            && name.unicodeScalars.allSatisfy { scalar in
                scalar == "_" || scalar == "$"
                    || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
            }
        return isIdentifier ? "." + name : "[\(DiagnosticText.quoted(name))]"
    }
}
