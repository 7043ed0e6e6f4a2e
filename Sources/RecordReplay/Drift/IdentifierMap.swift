import RecordReplayMessages
import RepositoryContractsJSON
import Foundation

/// The identifiers a live API assigned in place of the recorded ones, learned while a drift check
/// replays one fixture, so that later requests reach the live API's own resources and its answers can
/// be compared with the recording.
///
/// A pair `recorded → live` is learned from the live and the recorded answer to the same state-changing
/// request (a `POST` that creates, a `PUT` that upserts: where a server assigns identifiers; the
/// answers to reads are only compared, so a read that now returns another resource is drift):
/// - JSON bodies, walked side by side (members by name, elements by position): a value that differs
///   where the member is named like an identifier (`id`, `uuid`, `…Id`, `…_id`, `…ID`), or whose
///   recorded value a recorded request of the fixture uses as a path segment or query value;
///   strings that differ only in such segments (`"url": "http://…/todos/7"`) give their segments;
/// - the `Location` header, segment by segment;
/// - the `ETag` header, as a whole (used again in `If-Match` and `If-None-Match`).
///
/// The first pair learned for a recorded value stays. A value that is neither named like an identifier
/// nor used in a request (a title, a flag, a count) is never learned, so a field whose value changed is
/// still reported as drift.
struct IdentifierMap: Sendable {
    /// Recorded value → live value.
    private(set) var liveByRecorded: [String: String] = [:]
    /// Live value → recorded value.
    private(set) var recordedByLive: [String: String] = [:]
    /// Recorded entity tags → live ones.
    private var liveETags: [String: String] = [:]
    /// Path segments and query values the fixture's recorded requests use: recorded values worth
    /// mapping even when their member is not named like an identifier.
    let referencedValues: Set<String>

    /// An empty map for a fixture whose recorded requests are `requests`.
    init(requests: [StubRequest]) {
        referencedValues = IdentifierText.referencedValues(in: requests)
    }

    /// Whether nothing has been learned.
    var isEmpty: Bool { liveByRecorded.isEmpty && liveETags.isEmpty }

    // MARK: Learning

    /// Learns the pairs that `recorded` and `live`, two answers to the same state-changing request, show.
    mutating func learn(recorded: StubResponse, live: StubResponse) {
        if let recordedJSON = JSONValue(parsingIfValid: recorded.body), let liveJSON = JSONValue(parsingIfValid: live.body) {
            learn(recorded: recordedJSON, live: liveJSON, memberName: nil)
        }
        if let recordedLocation = recorded.headers["Location"], let liveLocation = live.headers["Location"] {
            learnSegments(recorded: recordedLocation, live: liveLocation, requireReference: false)
        }
        if let recordedTag = recorded.headers["ETag"], let liveTag = live.headers["ETag"], recordedTag != liveTag,
            liveETags[recordedTag] == nil
        {
            liveETags[recordedTag] = liveTag
        }
    }

    private mutating func learn(recorded: JSONValue, live: JSONValue, memberName: String?) {
        switch (recorded, live) {
        case (.object(let recordedMembers), .object(let liveMembers)):
            var liveByName: [String: JSONValue] = [:]
            for member in liveMembers where liveByName[member.name] == nil { liveByName[member.name] = member.value }
            for member in recordedMembers {
                if let liveValue = liveByName[member.name] {
                    learn(recorded: member.value, live: liveValue, memberName: member.name)
                }
            }
        case (.array(let recordedElements), .array(let liveElements)):
            for (recordedElement, liveElement) in zip(recordedElements, liveElements) {
                learn(recorded: recordedElement, live: liveElement, memberName: memberName)
            }
        case (.string(let recordedText), .string(let liveText)) where recordedText != liveText:
            if IdentifierText.isIdentifier(recordedText, memberName: memberName, referenced: referencedValues) {
                pair(recordedText, liveText)
            } else {
                learnSegments(recorded: recordedText, live: liveText, requireReference: true)
            }
        case (.number(let recordedNumber), .number(let liveNumber)) where recordedNumber != liveNumber:
            if IdentifierText.isIdentifier(recordedNumber, memberName: memberName, referenced: referencedValues) {
                pair(recordedNumber, liveNumber)
            }
        default:
            break
        }
    }

    /// Pairs the segments in which `recorded` and `live` differ, when both split into the same number
    /// of segments and every other segment agrees (`…/todos/7` and `…/todos/912`).
    private mutating func learnSegments(recorded: String, live: String, requireReference: Bool) {
        let recordedPieces = IdentifierText.pieces(of: recorded)
        let livePieces = IdentifierText.pieces(of: live)
        guard recordedPieces.count == livePieces.count, recordedPieces.count > 1 else { return }
        var pairs: [(String, String)] = []
        for (recordedPiece, livePiece) in zip(recordedPieces, livePieces) where recordedPiece != livePiece {
            guard !recordedPiece.isDelimiter, !livePiece.isDelimiter else { return }
            if requireReference, !referencedValues.contains(recordedPiece.text) { return }
            pairs.append((recordedPiece.text, livePiece.text))
        }
        for (recordedText, liveText) in pairs { pair(recordedText, liveText) }
    }

    private mutating func pair(_ recorded: String, _ live: String) {
        guard !recorded.isEmpty, !live.isEmpty, liveByRecorded[recorded] == nil, recordedByLive[live] == nil else {
            return
        }
        liveByRecorded[recorded] = live
        recordedByLive[live] = recorded
    }

    // MARK: Applying

    /// `request` as the live API should receive it: recorded identifiers in its path, query, body and
    /// `If-Match`/`If-None-Match` fields replaced by the live ones learned so far.
    func mappingToLive(_ request: StubRequest) -> StubRequest {
        guard !isEmpty else { return request }
        var mapped = request
        mapped.path = IdentifierText.segments(ofPath: request.path).map { segment in
            liveByRecorded[segment.decoded].map(Self.encodedPathSegment) ?? segment.raw
        }.joined(separator: "/")
        mapped.query = request.query.map { item in
            QueryItem(name: item.name, value: item.value.map { liveByRecorded[$0] ?? $0 })
        }
        var headers = HTTPHeaders()
        for field in request.headers {
            let name = field.name.lowercased()
            let value =
                name == "if-match" || name == "if-none-match"
                ? field.value.split(separator: ",").map { tag in
                    let trimmed = String(tag.trimmingSpacesAndTabs())
                    return liveETags[trimmed] ?? trimmed
                }.joined(separator: ", ")
                : field.value
            headers.append(name: field.name, value: value)
        }
        mapped.headers = headers
        mapped.body = Self.replacing(in: request.body, using: liveByRecorded) ?? request.body
        return mapped
    }

    /// `response` with the live identifiers learned so far replaced by the recorded ones, in its JSON
    /// body and `Location` field, and the elements of its arrays of identified objects put in the order
    /// `recorded` has them, so that it compares equal to a recording of the same behaviour: a list
    /// sorted by ids the server assigned has no order a recording can keep. (Order is compared as
    /// recorded in fixtures where no identifier was learned.)
    func mappingToRecorded(_ response: StubResponse, recorded: StubResponse) -> StubResponse {
        guard !recordedByLive.isEmpty else { return response }
        var mapped = response
        if let location = response.headers["Location"] {
            mapped.headers.replaceOrAppend(name: "Location", value: IdentifierText.replacingPieces(of: location, using: recordedByLive))
        }
        guard !response.body.isEmpty, let live = JSONValue(parsingIfValid: response.body) else { return mapped }
        var value = Self.replacing(live, using: recordedByLive, memberName: nil)
        if let recordedValue = JSONValue(parsingIfValid: recorded.body) {
            value = Self.aligning(value, to: recordedValue)
        }
        if value != live { mapped.body = Data(value.serialized().utf8) }
        return mapped
    }

    /// `live` with the elements of each array of identified objects reordered to follow the recorded
    /// array's identifiers (elements the recording does not have keep their order, after the others).
    private static func aligning(_ live: JSONValue, to recorded: JSONValue) -> JSONValue {
        switch (live, recorded) {
        case (.object(let members), .object(let recordedMembers)):
            var recordedByName: [String: JSONValue] = [:]
            for member in recordedMembers where recordedByName[member.name] == nil { recordedByName[member.name] = member.value }
            return .object(members.map { member in
                recordedByName[member.name].map { .init(member.name, aligning(member.value, to: $0)) } ?? member
            })
        case (.array(let elements), .array(let recordedElements)):
            let liveKeys = elements.map(identifier(of:))
            let recordedKeys = recordedElements.map(identifier(of:))
            guard !elements.isEmpty, liveKeys.allSatisfy({ $0 != nil }), recordedKeys.allSatisfy({ $0 != nil }) else {
                return .array(zip(elements, recordedElements).map { aligning($0, to: $1) } + elements.dropFirst(recordedElements.count))
            }
            var remaining = Array(elements.indices)
            var ordered: [JSONValue] = []
            for (recordedKey, recordedElement) in zip(recordedKeys, recordedElements) {
                if let found = remaining.firstIndex(where: { liveKeys[$0] == recordedKey }) {
                    ordered.append(aligning(elements[remaining.remove(at: found)], to: recordedElement))
                }
            }
            return .array(ordered + remaining.map { elements[$0] })
        default:
            return live
        }
    }

    /// The value of an object's `id` member, or else of its first member named like an identifier.
    private static func identifier(of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return (members.first { $0.name == "id" } ?? members.first { IdentifierText.namesIdentifier($0.name) })?.value
    }

    /// The JSON `body` with mapped values replaced (see ``replacing(_:using:memberName:)``), compactly
    /// serialized; `nil` when the body is not JSON or nothing changed.
    private static func replacing(in body: Data, using map: [String: String]) -> Data? {
        guard !body.isEmpty, let value = JSONValue(parsingIfValid: body) else { return nil }
        let replaced = replacing(value, using: map, memberName: nil)
        return replaced == value ? nil : Data(replaced.serialized().utf8)
    }

    /// Replaces, in a JSON value, numbers equal to a mapped value where the member is named like an
    /// identifier, and mapped words of strings (a whole string, a path segment of a URL, a word of a
    /// message such as `"no todo 7"`).
    private static func replacing(_ value: JSONValue, using map: [String: String], memberName: String?) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.map { .init($0.name, replacing($0.value, using: map, memberName: $0.name)) })
        case .array(let elements):
            return .array(elements.map { replacing($0, using: map, memberName: memberName) })
        case .number(let lexeme):
            guard memberName.map(IdentifierText.namesIdentifier) == true, let mapped = map[lexeme] else { return value }
            return mapped.allSatisfy(\.isASCIIDigitOrSign) ? .number(mapped) : .string(mapped)
        case .string(let text):
            return .string(IdentifierText.replacingPieces(of: text, using: map))
        case .bool, .null:
            return value
        }
    }

    // MARK: Reading

    /// `segment` percent-encoded for a path (`/` included, so it stays one segment).
    private static func encodedPathSegment(_ segment: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}

extension Character {
    /// A digit or a minus sign: the characters of an integer lexeme.
    fileprivate var isASCIIDigitOrSign: Bool { ("0"..."9").contains(self) || self == "-" }
}
