import RecordReplayMessages
import RepositoryContractsJSON
import Foundation

/// The identifiers a live API assigned during a recording, values that change every time it is
/// recorded, and the placeholders a fixture stores in their place (see ``ServerIdentifiers``).
///
/// Learned as the drift check's ``IdentifierMap`` learns identifiers (``IdentifierText``), from the
/// answers to state-changing requests (anything but `GET`, `HEAD` and `OPTIONS`): a JSON string whose
/// member is named like an identifier, or that a request of the recording uses as a path segment or
/// query value (a piece of a longer string, such as the last segment of a `url`, when a request uses
/// that piece), and the pieces of the `Location` and `Content-Location` fields. Of those, only values
/// that look random are kept (`looksRandom(_:)`: UUIDs, runs of 16 or more letters and digits
/// holding both, such runs of 14 or more after a prefix like `cus_`, and base64url ids); numbers and
/// words are left alone, since a backend reset before recording assigns them the same way every time.
/// A value a request sent before any answer held it is the client's own and is never replaced. When
/// identifiers were found, the `ETag`s that look random are learned too: an entity tag hashes a body
/// that holds them.
struct ServerAssignedIdentifiers: Sendable, Hashable {
    /// The values learned, in no order.
    let values: Set<String>
    /// The words of each interaction (request, then response; see `words(of:)`), when values were
    /// learned; empty otherwise.
    let words: [[String]]

    /// The identifiers assigned in `interactions`, given in the order the requests arrived.
    init(learningFrom interactions: [Interaction]) {
        let referenced = IdentifierText.referencedValues(in: interactions.map(\.request))
        var candidates: Set<String> = []
        for interaction in interactions where RequestMethod.changesState(interaction.request.method) {
            let found = Self.candidates(in: interaction.response, referenced: referenced)
            candidates.formUnion(found.filter(Self.looksRandom))
        }
        // Most recordings stop here: nothing random was assigned, and no text needs reading.
        guard !candidates.isEmpty else {
            values = []
            words = []
            return
        }
        var answered: Set<String> = []
        var clientSent: Set<String> = []
        var words: [[String]] = []
        for interaction in interactions {
            let (request, response) = (Self.words(of: interaction.request), Self.words(of: interaction.response))
            for word in request where !answered.contains(word) {
                clientSent.insert(word)
            }
            answered.formUnion(response)
            words.append(request + response)
        }
        self.words = words
        var values = candidates.subtracting(clientSent)
        if !values.isEmpty {
            for interaction in interactions {
                for tag in interaction.response.headers.values(for: "ETag").flatMap(IdentifierText.words(of:))
                where Self.looksRandom(tag) && !clientSent.contains(tag) {
                    values.insert(tag)
                }
            }
        }
        self.values = values
    }

    /// The values `response` shows as identifiers (before the randomness filter).
    private static func candidates(in response: StubResponse, referenced: Set<String>) -> Set<String> {
        var found: Set<String> = []
        for name in ["Location", "Content-Location"] {
            for value in response.headers.values(for: name) { found.formUnion(IdentifierText.words(of: value)) }
        }
        if response.headers.mediaType.map({ $0.isJSON }) != false, !response.body.isEmpty,
            let json = JSONValue(parsingIfValid: response.body)
        {
            collect(in: json, memberName: nil, referenced: referenced, into: &found)
        }
        return found
    }

    private static func collect(
        in value: JSONValue, memberName: String?, referenced: Set<String>, into found: inout Set<String>
    ) {
        switch value {
        case .object(let members):
            for member in members {
                collect(in: member.value, memberName: member.name, referenced: referenced, into: &found)
            }
        case .array(let elements):
            for element in elements {
                collect(in: element, memberName: memberName, referenced: referenced, into: &found)
            }
        case .string(let text):
            if IdentifierText.isIdentifier(text, memberName: memberName, referenced: referenced) {
                found.insert(text)
            } else {
                found.formUnion(IdentifierText.words(of: text).filter(referenced.contains))
            }
        case .number, .bool, .null:
            break
        }
    }

    /// Whether `value` looks like a random identifier: a UUID (`8-4-4-4-12` hexadecimal digits); 16 or
    /// more ASCII letters and digits with at least one of each (hexadecimal ids and hashes, ULIDs,
    /// base62 tokens), or 14 or more after a prefix of lower-case letters ending in `_` (`cus_…`,
    /// `todo_…`); or 16 or more letters, digits, `-` and `_` holding a digit, an upper-case and a
    /// lower-case letter (base64url ids such as nanoid's). Integers, words, slugs and dates do not.
    static func looksRandom(_ value: String) -> Bool {
        if isUUID(value) { return true }
        let (prefix, tail) = prefixed(value)
        let bytes = Array(tail.utf8)
        if bytes.count >= (prefix.isEmpty ? 16 : 14), bytes.allSatisfy(\.isASCIILetterOrDigit) {
            return bytes.contains(where: \.isASCIIDigit) && bytes.contains { !$0.isASCIIDigit }
        }
        let all = Array(value.utf8)
        return all.count >= 16
            && all.allSatisfy { $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
            && all.contains(where: \.isASCIIDigit) && all.contains { (0x41...0x5A).contains($0) }
            && all.contains { (0x61...0x7A).contains($0) }
    }

    /// `value` split after a prefix of up to 16 lower-case letters and `_` that ends in `_`, or an empty
    /// prefix and `value`.
    private static func prefixed(_ value: String) -> (prefix: Substring, tail: Substring) {
        let head = value.utf8.prefix { (0x61...0x7A).contains($0) || $0 == UInt8(ascii: "_") }
        guard let end = head.lastIndex(of: UInt8(ascii: "_")), value.utf8.distance(from: value.startIndex, to: end) < 16
        else { return ("", value[...]) }
        let split = value.utf8.index(after: end)
        return (value[..<split], value[split...])
    }

    private static func isUUID(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { index in
            [8, 13, 18, 23].contains(index) ? bytes[index] == UInt8(ascii: "-") : bytes[index].isASCIIHexDigit
        }
    }

    // MARK: Placeholders

    /// A placeholder for each value, numbered from 1 in the order the values first appear in `words`
    /// (the ``words`` of the interactions, in the order they are written); a number whose placeholder
    /// is one of `taken` (words the fixture already holds) is skipped.
    func placeholders(numberingIn words: [[String]], avoiding taken: Set<String>) -> [String: String] {
        var placeholders: [String: String] = [:]
        var number = 0
        func assign(_ value: String) {
            guard values.contains(value), placeholders[value] == nil else { return }
            var placeholder: String
            repeat {
                number += 1
                placeholder = Self.placeholder(for: value, number: number)
            } while taken.contains(placeholder) || values.contains(placeholder)
            placeholders[value] = placeholder
        }
        for word in words.joined() { assign(word) }
        for value in values.sorted() { assign(value) }
        return placeholders
    }

    /// The `number`th placeholder, in the shape of `value`: a UUID gives
    /// `00000000-0000-4000-8000-` and the number in 12 hexadecimal digits, in the case of `value`'s
    /// letters; anything else its prefix (`cus_`) and the number in decimal, padded with zeros to the
    /// length of the rest.
    static func placeholder(for value: String, number: Int) -> String {
        if isUUID(value) {
            let hex = String(number, radix: 16, uppercase: value.utf8.contains { (0x41...0x46).contains($0) })
            return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        }
        let (prefix, tail) = prefixed(value)
        let digits = String(number)
        return prefix + String(repeating: "0", count: max(0, tail.utf8.count - digits.count)) + digits
    }

    // MARK: Reading

    /// The words of a request (path, query values, fields, body) in a fixed order: JSON members by
    /// name, so a server that varies their order numbers placeholders the same way.
    static func words(of request: StubRequest) -> [String] {
        IdentifierText.words(of: request.path) + request.query.compactMap(\.value).flatMap(IdentifierText.words(of:))
            + words(of: request.headers, body: request.body)
    }

    /// The words of a response (fields, body), as `words(of:)` reads a request's.
    static func words(of response: StubResponse) -> [String] {
        words(of: response.headers, body: response.body)
    }

    private static func words(of headers: HTTPHeaders, body: Data) -> [String] {
        var words = headers.flatMap { IdentifierText.words(of: $0.value) }
        if headers.mediaType.map({ $0.isJSON }) != false, !body.isEmpty, let json = JSONValue(parsingIfValid: body) {
            collectWords(in: json, into: &words)
        } else if let text = body.utf8Text {
            words += IdentifierText.words(of: text)
        }
        return words
    }

    private static func collectWords(in value: JSONValue, into words: inout [String]) {
        switch value {
        case .object(let members):
            for member in members.sorted(by: JSONValue.Member.precedesCanonically) {
                words += IdentifierText.words(of: member.name)
                collectWords(in: member.value, into: &words)
            }
        case .array(let elements):
            for element in elements { collectWords(in: element, into: &words) }
        case .string(let text):
            words += IdentifierText.words(of: text)
        case .number, .bool, .null:
            break
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    fileprivate var isASCIILetterOrDigit: Bool {
        isASCIIDigit || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
    fileprivate var isASCIIHexDigit: Bool {
        isASCIIDigit || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
