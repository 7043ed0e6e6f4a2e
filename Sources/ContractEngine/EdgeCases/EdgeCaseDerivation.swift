import Foundation
import RepositoryContractsJSON

/// Derives ``EdgeCase``s from a `Codable` value: one candidate value at a time put into its tree (in
/// each field, or at the root of a scalar), decoded back, kept when it decodes and changes the value.
/// The paths of `identity` (and below them) are left alone: for an entity, where its twin differs.
struct EdgeCaseDerivation<Value: Sendable> {
    let base: Value
    let identity: [JSONPath]
    let settings: EdgeCases

    /// One value to try at one path.
    private struct Candidate {
        var label: String
        /// `nil`: the member removed (an optional set to `nil`).
        var value: ValueTree?
        var isChange = false
    }

    func derive() -> [EdgeCase<Value>] {
        guard let tree = ValueTreeText.tree(of: base) else { return [] }
        var found: [EdgeCase<Value>] = []
        var seen: Set<ValueTree> = [tree]
        for (path, value) in tree.paths() + absentOptionals(base, tree) where !identity.contains(where: { path.components.starts(with: $0.components) }) {
            var candidates = self.candidates(for: value)
            if case .member = path.components.last, value != .null, tree.value(at: path) != nil {
                candidates.append(Candidate(label: "nil", value: nil))
            }
            var extremes: [String: ValueTree] = [:]
            var labels: Set<String> = []
            for candidate in candidates where !labels.contains(candidate.label) {
                let variant = tree.replacing(path, with: candidate.value)
                guard let entity = ValueTreeText.decode(variant, as: Value.self), let decoded = ValueTreeText.tree(of: entity),
                      !seen.contains(decoded) else { continue }
                if let ladder = Self.ladder(of: candidate.label) {
                    extremes[ladder] = candidate.value
                    continue
                }
                seen.insert(decoded)
                labels.insert(candidate.label)
                found.append(EdgeCase(
                    name: "\(path.description): \(candidate.label)", path: path.description, entity: entity, isChange: candidate.isChange,
                    substitution: (path, candidate.value)))
            }
            // Of each ladder of extremes, only the farthest value that decodes.
            for (label, value) in extremes.sorted(by: { $0.key < $1.key }) {
                let variant = tree.replacing(path, with: value)
                guard let entity = ValueTreeText.decode(variant, as: Value.self), let decoded = ValueTreeText.tree(of: entity),
                      !seen.contains(decoded) else { continue }
                seen.insert(decoded)
                found.append(EdgeCase(name: "\(path.description): \(label)", path: path.description, entity: entity, isChange: false, substitution: (path, value)))
            }
        }
        return found
    }

    /// Optional stored properties that the base value leaves `nil` (and so encodes as absent), as paths with
    /// a `null` value: found by reflection, in nested objects too.
    private func absentOptionals(_ base: Value, _ tree: ValueTree) -> [(JSONPath, ValueTree)] {
        Self.absentOptionals(in: base, tree, at: JSONPath())
    }

    private static func absentOptionals(in value: Any, _ tree: ValueTree, at path: JSONPath) -> [(JSONPath, ValueTree)] {
        guard case .object(let members) = tree else { return [] }
        return Mirror(reflecting: value).children.flatMap { child -> [(JSONPath, ValueTree)] in
            guard let label = child.label, !label.hasPrefix("_") else { return [] }
            let mirror = Mirror(reflecting: child.value)
            if let member = members.first(where: { $0.key == label }) {
                // A present optional reflects as its wrapped value's one child.
                let wrapped: Any? = mirror.displayStyle == .optional ? mirror.children.first?.value : child.value
                guard let wrapped else { return [] }
                return absentOptionals(in: wrapped, member.value, at: path.member(label))
            }
            guard mirror.displayStyle == .optional, mirror.children.isEmpty else { return [] }
            return [(path.member(label), .null)]
        }
    }

    private static var ladderPrefix: String { "largest" }
    private static var negativeLadderPrefix: String { "most negative" }

    /// Ladders keep only their farthest decodable rung: the label the rung is reported under.
    private static func ladder(of label: String) -> String? {
        if label.hasPrefix(ladderPrefix) { return "largest value the type decodes" }
        if label.hasPrefix(negativeLadderPrefix) { return "most negative value the type decodes" }
        return nil
    }

    private func candidates(for value: ValueTree) -> [Candidate] {
        switch value {
        case .string(let text): return stringCandidates(text)
        case .number(let text): return numberCandidates(text)
        case .bool(let flag): return [Candidate(label: "toggled", value: .bool(!flag), isChange: true)]
        case .date(let date): return dateCandidates(date)
        case .array(let elements): return arrayCandidates(elements)
        case .null:
            let present: [ValueTree] = [.string("present"), .number("1"), .bool(true), .date(Date(timeIntervalSince1970: 1_700_000_000.5)), .array([]), .object([])]
            return present.map { Candidate(label: "present", value: $0, isChange: true) }
        case .object: return []
        }
    }

    private func stringCandidates(_ text: String) -> [Candidate] {
        let combining = (0..<320).map { $0 % 2 == 0 ? "e\u{301}" : "a\u{308}\u{323}" }.joined()
        var list: [Candidate] = [
            Candidate(label: "changed", value: .string(text + " (changed)"), isChange: true),
            Candidate(label: "empty", value: .string("")),
            Candidate(label: "whitespace-padded", value: .string("  \(text) \t")),
            Candidate(label: "320 characters with combining marks", value: .string(combining)),
            Candidate(label: "emoji ZWJ sequences", value: .string("👩‍👩‍👧‍👦 👨🏽‍💻 🏳️‍🌈")),
            Candidate(label: "right-to-left", value: .string("שלום עולם مرحبا بالعالم")),
            Candidate(label: "NUL", value: .string("before\u{0}after")),
            Candidate(label: "quotes", value: .string("\"double\" 'single' `back` \\ backslash")),
            Candidate(label: "newlines", value: .string("line 1\nline 2\r\nline 3\n")),
        ]
        list += settings.strings.enumerated().map { Candidate(label: "added string \($0.offset + 1)", value: .string($0.element)) }
        return list
    }

    private func numberCandidates(_ text: String) -> [Candidate] {
        let changed = Int(text).map { String($0 == Int.max ? $0 - 1 : $0 + 1) } ?? Double(text).map { "\($0 + 1.5)" } ?? "1"
        var list: [Candidate] = [
            Candidate(label: "changed", value: .number(changed), isChange: true),
            Candidate(label: "0", value: .number("0")),
            Candidate(label: "-1", value: .number("-1")),
            Candidate(label: "0.5", value: .number("0.5")),
            Candidate(label: "0.1", value: .number("0.1")),
        ]
        let largest = ["127", "255", "32767", "65535", "2147483647", "4294967295", "9223372036854775807", "18446744073709551615",
                       "3.4028234663852886e38", "1.7976931348623157e308"]
        let mostNegative = ["-128", "-32768", "-2147483648", "-9223372036854775808", "-3.4028234663852886e38", "-1.7976931348623157e308"]
        list += largest.map { Candidate(label: "\(Self.ladderPrefix) \($0)", value: .number($0)) }
        list += mostNegative.map { Candidate(label: "\(Self.negativeLadderPrefix) \($0)", value: .number($0)) }
        list += settings.integers.enumerated().map { Candidate(label: "added integer \($0.offset + 1)", value: .number(String($0.element))) }
        list += settings.decimals.enumerated().map { Candidate(label: "added decimal \($0.offset + 1)", value: .number("\($0.element)")) }
        return list
    }

    /// Dates at each precision a store keeps (whole seconds, milliseconds, microseconds) and one below the
    /// microsecond, which only a store keeping every bit of a `Date` returns unchanged (PostgreSQL keeps
    /// microseconds, so it cuts a `Date()`); then the far past and future.
    private func dateCandidates(_ date: Date) -> [Candidate] {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        var list: [Candidate] = [
            Candidate(label: "changed", value: .date(date.addingTimeInterval(61.5)), isChange: true),
            Candidate(label: "sub-millisecond", value: .date(Date(timeIntervalSince1970: seconds + 0.123456))),
            Candidate(label: "before 1970", value: .date(Date(timeIntervalSince1970: -2_208_988_800.25))),
            Candidate(label: "far future", value: .date(Date(timeIntervalSince1970: 32_503_680_000.5))),
            Candidate(label: "sub-microsecond", value: .date(Date(timeIntervalSince1970: seconds + 0.123456789))),
            Candidate(label: "whole seconds", value: .date(Date(timeIntervalSince1970: seconds))),
            Candidate(label: "whole milliseconds", value: .date(Date(timeIntervalSince1970: seconds + 0.123))),
        ]
        list += settings.dates.enumerated().map { Candidate(label: "added date \($0.offset + 1)", value: .date($0.element)) }
        return list
    }

    private func arrayCandidates(_ elements: [ValueTree]) -> [Candidate] {
        let kinds: [(ValueTree) -> ValueTree?]
        if let first = elements.first {
            kinds = [{ _ in first }]
        } else {
            kinds = [{ _ in .string("item") }, { _ in .number("1") }]
        }
        var list: [Candidate] = []
        for kind in kinds {
            guard let sample = kind(.null) else { continue }
            func numbered(_ index: Int) -> ValueTree {
                switch sample {
                case .string(let text): .string("\(text) \(String(format: "%04d", index))")
                case .number: .number(String(index))
                default: sample
                }
            }
            let unsorted: [ValueTree]
            switch sample {
            case .string: unsorted = [.string("zulu"), .string("alpha"), .string("mike")]
            case .number: unsorted = [.number("3"), .number("1"), .number("2")]
            default: unsorted = elements.count >= 2 ? elements.reversed() : [numbered(2), numbered(1)]
            }
            list += [
                Candidate(label: "changed", value: .array(elements + [numbered(elements.count + 1)]), isChange: true),
                Candidate(label: "empty", value: .array([])),
                Candidate(label: "one element", value: .array([sample])),
                Candidate(label: "unsorted", value: .array(unsorted)),
                Candidate(label: "duplicates", value: .array([sample, sample, sample])),
                Candidate(label: "600 elements", value: .array((1...600).map(numbered))),
            ]
        }
        return list
    }
}
