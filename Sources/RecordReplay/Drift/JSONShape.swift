import RepositoryContractsJSON
/// The shape of a JSON value: at each place (array positions folded into `[*]`), which kinds of value
/// stand there and, for objects, which members they have. Two answers to the same request made against
/// different data (a read-only drift check that could not recreate the recorded state) have the same
/// shape when the API has not changed, whatever their values: a renamed, dropped or retyped member
/// shows as a difference of shape.
struct JSONShape {
    /// What stands at one place.
    private struct Place {
        /// The kinds of non-null value seen there (`null` fits any kind: an optional member).
        var kinds: Set<String> = []
        /// How many objects stood there, and in how many of them each member was present (with its kind
        /// when not null).
        var objects = 0
        var members: [String: Int] = [:]
    }

    private var places: [String: Place] = [:]
    /// The places in the order first seen, so that lines come in document order.
    private var order: [String] = []

    /// The shape of `value`.
    init(_ value: JSONValue) {
        add(value, at: "$")
    }

    private mutating func add(_ value: JSONValue, at path: String) {
        if places[path] == nil {
            places[path] = Place()
            order.append(path)
        }
        switch value {
        case .null:
            return
        case .object(let members):
            places[path]!.kinds.insert("object")
            places[path]!.objects += 1
            for name in Set(members.map(\.name)) { places[path]!.members[name, default: 0] += 1 }
            for member in members { add(member.value, at: path + Self.step(member.name)) }
        case .array(let elements):
            places[path]!.kinds.insert("array")
            for element in elements { add(element, at: path + "[*]") }
        case .string: places[path]!.kinds.insert("string")
        case .number: places[path]!.kinds.insert("number")
        case .bool: places[path]!.kinds.insert("boolean")
        }
    }

    /// `.title`, or `["due date"]` for a name that is not identifier-like.
    private static func step(_ name: String) -> String {
        String(JSONPath().member(name).description.dropFirst())
    }

    /// How `live`'s shape differs from `recorded`'s, one line per place, each starting with the place
    /// (`$[*].title: …`): a member every recorded object at a place has and no live object there has; a
    /// member every live object has and no recorded one has; a place whose kinds do not overlap. Only
    /// places both sides show are compared: an empty live array says nothing of its elements.
    static func differences(recorded: JSONShape, live: JSONShape) -> [String] {
        var lines: [String] = []
        for path in recorded.order {
            guard let was = recorded.places[path], let now = live.places[path] else { continue }
            if !was.kinds.isEmpty, !now.kinds.isEmpty, was.kinds.isDisjoint(with: now.kinds) {
                lines.append(
                    "\(path): type changed from \(shown(was.kinds)) to \(shown(now.kinds)) (shape compared, not values)")
                continue
            }
            guard was.objects > 0, now.objects > 0 else { continue }
            for name in was.members.keys.sorted() where was.members[name] == was.objects && now.members[name] == nil {
                lines.append(
                    "\(path + step(name)): missing from the live response (every recorded object here has it, "
                        + "no live one does; shape compared, not values)")
            }
            for name in now.members.keys.sorted() where now.members[name] == now.objects && was.members[name] == nil {
                lines.append(
                    "\(path + step(name)): added in the live response (every live object here has it, no "
                        + "recorded one does; shape compared, not values)")
            }
        }
        return lines
    }

    private static func shown(_ kinds: Set<String>) -> String {
        kinds.sorted().joined(separator: " or ")
    }
}
