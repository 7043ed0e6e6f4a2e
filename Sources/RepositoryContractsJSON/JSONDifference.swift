/// One place where a JSON value differs from the recorded one: the one tree walk behind both the
/// unmatched-request diagnosis (recorded request body against the received one) and the drift check
/// (recorded response body against the live one).
///
/// Object members are paired by name, member order ignored (a repeated name pairs in order of
/// appearance); arrays are compared element by element; everything else by value, so `1.0` and `1`
/// are equal. Each caller writes the differences its own way.
package struct JSONDifference: Sendable, Hashable {
    /// What differs at the place.
    package enum Change: Sendable, Hashable {
        /// Both sides have a value here and they differ: scalars of different values, or values of
        /// different kinds (a string and a number, an object and an array…).
        case changed(recorded: JSONValue, observed: JSONValue)
        /// Only the recorded side has a value here.
        case removed(recorded: JSONValue)
        /// Only the observed side has a value here.
        case added(observed: JSONValue)
        /// Both sides have an array here, of different lengths; the elements one side lacks follow as
        /// differences of their own.
        case countChanged(recorded: Int, observed: Int)
    }

    /// Where the values differ.
    package var path: JSONPath
    /// How they differ.
    package var change: Change

    /// The differences between `recorded` and `observed` (the received or live value), in document
    /// order: a member or element before the ones after it, an array's count change before its
    /// elements, members only the observed side has after those of the recorded side.
    package static func between(recorded: JSONValue, observed: JSONValue) -> [JSONDifference] {
        var differences: [JSONDifference] = []
        collect(recorded, observed, at: JSONPath(), into: &differences)
        return differences
    }

    private static func collect(
        _ recorded: JSONValue, _ observed: JSONValue, at path: JSONPath, into differences: inout [JSONDifference]
    ) {
        switch (recorded, observed) {
        case (.object(let recordedMembers), .object(let observedMembers)):
            // Each recorded member pairs with the first unpaired observed member of its name: positions by
            // name, taken in order, so many members cost linear time.
            var positionsByName: [String: [Int]] = [:]
            for (position, member) in observedMembers.enumerated() {
                positionsByName[member.name, default: []].append(position)
            }
            var nextByName: [String: Int] = [:]
            var paired = [Bool](repeating: false, count: observedMembers.count)
            for member in recordedMembers {
                let memberPath = path.member(member.name)
                let taken = nextByName[member.name, default: 0]
                if let positions = positionsByName[member.name], taken < positions.count {
                    nextByName[member.name] = taken + 1
                    paired[positions[taken]] = true
                    collect(member.value, observedMembers[positions[taken]].value, at: memberPath, into: &differences)
                } else {
                    differences.append(JSONDifference(path: memberPath, change: .removed(recorded: member.value)))
                }
            }
            for (position, member) in observedMembers.enumerated() where !paired[position] {
                differences.append(JSONDifference(path: path.member(member.name), change: .added(observed: member.value)))
            }
        case (.array(let recordedElements), .array(let observedElements)):
            if recordedElements.count != observedElements.count {
                differences.append(
                    JSONDifference(
                        path: path, change: .countChanged(recorded: recordedElements.count, observed: observedElements.count)))
            }
            for position in 0..<max(recordedElements.count, observedElements.count) {
                let elementPath = path.index(position)
                if position >= observedElements.count {
                    differences.append(JSONDifference(path: elementPath, change: .removed(recorded: recordedElements[position])))
                } else if position >= recordedElements.count {
                    differences.append(JSONDifference(path: elementPath, change: .added(observed: observedElements[position])))
                } else {
                    collect(recordedElements[position], observedElements[position], at: elementPath, into: &differences)
                }
            }
        default:
            if recorded.canonicalForm != observed.canonicalForm {
                differences.append(JSONDifference(path: path, change: .changed(recorded: recorded, observed: observed)))
            }
        }
    }
}
