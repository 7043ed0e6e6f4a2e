import RecordReplayMessages
import Foundation
@testable import RecordReplay
@testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
import Testing

/// Which values a recording learns as server-assigned identifiers, and the placeholders it writes for
/// them (``ServerIdentifiers``).
@Suite("Recording: server-assigned identifiers as placeholders")
struct ServerIdentifierPlaceholderTests {
    private static let uuid = "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
    private static let otherUUID = "c0ffee00-1234-4abc-8def-0123456789ab"
    private static let objectID = "507f1f77bcf86cd799439011"

    private static func exchange(
        _ method: String, _ path: String, query: [QueryItem] = [], body: String = "", status: Int = 200,
        headers: HTTPHeaders = ["Content-Type": "application/json"], response: String = ""
    ) -> Interaction {
        Interaction(
            request: StubRequest(
                method: method, path: path, query: query,
                headers: body.isEmpty ? [:] : ["Content-Type": "application/json"], body: Data(body.utf8)),
            response: StubResponse(status: status, headers: headers, body: Data(response.utf8)))
    }

    private static func normalized(
        _ interactions: [Interaction], identifiers: ServerIdentifiers = .placeholders, kept: Fixture? = nil
    ) -> [Interaction] {
        let exchanges = interactions.enumerated().map {
            RecordedExchange(interaction: $0.element, sequenceNumber: $0.offset + 1, flight: (2 * $0.offset)..<(2 * $0.offset + 1))
        }
        return RecordingNormalization(
            order: .canonical, identifiers: identifiers, jsonMemberOrder: .asReceived,
            volatileHeaders: VolatileHeaders()
        ).interactions(from: exchanges, keeping: kept)
    }

    @Test("UUIDs, runs of 16 or more letters and digits holding both, 14 or more after a cus_-style prefix, and base64url ids look random; integers, words, slugs and short codes do not",
          arguments: [
              (uuid, true), (otherUUID, true), (objectID, true), ("01ARZ3NDEKTSV4RRFFQ69G5FAV", true),
              ("V1StGXR8Z5jdHi6BmyT", true), ("cus_NffrFeUfNV2Hib", true), ("sk_test_4eC39HqLyjWDarjtT1zdp7dc", true),
              ("cus_Nffr", false), ("user_profile_settings", false), ("V1StGXR8_Z5jdHi6B-myT", true),
              ("release-notes-2024-edition", false), ("42", false), ("1234567890123456789", false),
              ("release-notes-2024", false), ("abcdefghijklmnopq", false), ("A1B2", false), ("2024-05-01T10:00:00Z", false),
          ])
    func randomLooking(value: String, looksRandom: Bool) {
        #expect(ServerAssignedIdentifiers.looksRandom(value) == looksRandom)
    }

    @Test("placeholders keep the shape: a UUID stays a version-4 UUID in the letters' case, other ids are zero-padded decimals of the same length after their prefix")
    func placeholderShapes() {
        #expect(ServerAssignedIdentifiers.placeholder(for: Self.otherUUID, number: 1) == "00000000-0000-4000-8000-000000000001")
        #expect(ServerAssignedIdentifiers.placeholder(for: Self.otherUUID, number: 26) == "00000000-0000-4000-8000-00000000001a")
        #expect(ServerAssignedIdentifiers.placeholder(for: Self.uuid, number: 26) == "00000000-0000-4000-8000-00000000001A")
        #expect(ServerAssignedIdentifiers.placeholder(for: Self.objectID, number: 7) == "000000000000000000000007")
        #expect(ServerAssignedIdentifiers.placeholder(for: "cus_NffrFeUfNV2Hib", number: 12) == "cus_00000000000012")
        #expect(ServerAssignedIdentifiers.placeholder(for: "V1StGXR8_Z5jdHi6B-myT", number: 3) == "000000000000000000003")
        #expect(UUID(uuidString: ServerAssignedIdentifiers.placeholder(for: Self.uuid, number: 1)) != nil)
    }

    @Test("ids learned from answers to state-changing requests are replaced everywhere: path (inside a segment too), query, Location, JSON, text, same length")
    func replacedEverywhere() throws {
        let created = #"{"id":"\#(Self.uuid)","url":"http:\/\/api.example.com\/todos\/\#(Self.uuid)"}"#
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.append(name: "Location", value: "/todos/\(Self.uuid)")
        let interactions = [
            Self.exchange("POST", "/todos", body: #"{"title":"milk"}"#, status: 201, headers: headers, response: created),
            Self.exchange("GET", "/todos/\(Self.uuid)", response: #"{"id":"\#(Self.uuid)","title":"milk"}"#),
            Self.exchange("GET", "/search", query: [QueryItem(name: "after", value: Self.uuid)],
                          headers: ["Content-Type": "text/plain"], response: "found \(Self.uuid) once"),
            Self.exchange("GET", "/archive/todo-\(Self.uuid).json", response: "{}"),
        ]
        let placeholder = "00000000-0000-4000-8000-000000000001"
        let written = Self.normalized(interactions)
        #expect(written[0].response.headers["Location"] == "/todos/\(placeholder)")
        #expect(String(decoding: written[0].response.body, as: UTF8.self)
                == #"{"id":"\#(placeholder)","url":"http:\/\/api.example.com\/todos\/\#(placeholder)"}"#)
        #expect(written[0].response.body.count == interactions[0].response.body.count)
        #expect(written[1].request.path == "/todos/\(placeholder)")
        #expect(written[2].request.query == [QueryItem(name: "after", value: placeholder)])
        #expect(String(decoding: written[2].response.body, as: UTF8.self) == "found \(placeholder) once")
        #expect(written[3].request.path == "/archive/todo-\(placeholder).json")
        #expect(written.allSatisfy { !String(decoding: $0.response.body, as: UTF8.self).contains(Self.uuid) })
    }

    @Test("ids inside longer pieces are all replaced, however many were learned: side by side, of two lengths, after non-ASCII text")
    func manyIdsInsidePieces() throws {
        let uuids = (0..<300).map { _ in UUID().uuidString.lowercased() }
        let items = uuids.enumerated().map { index, id in
            #"{"id":"\#(id)","ref":"todo_\#(id)x","pair":"\#(id)\#(uuids[(index + 1) % uuids.count])","note":"é\#(id)","objectId":"\#(Self.objectID)"}"#
        }
        let created = #"{"ownerId":"\#(Self.objectID)","items":[\#(items.joined(separator: ","))]}"#
        let interactions = [Self.exchange("POST", "/todos/bulk", body: "[]", status: 201, response: created)]
        let written = try #require(Self.normalized(interactions).first)
        let body = String(decoding: written.response.body, as: UTF8.self)
        #expect(written.response.body.count == interactions[0].response.body.count)
        // As bytes (the ids are ASCII): Foundation's `String.contains` over this text took most of the test.
        #expect(uuids.allSatisfy { written.response.body.range(of: Data($0.utf8)) == nil })
        #expect(!body.contains(Self.objectID))
        // Numbered in reading order, members by name: the first item's id, then its objectId. The first id
        // is the first placeholder wherever it stands: whole, inside a piece, after é, beside another id.
        let (first, second) = ("00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000003")
        #expect(body.contains(#""id":"\#(first)""#))
        #expect(body.contains(#""ref":"todo_\#(first)x""#))
        #expect(body.contains(#""note":"é\#(first)""#))
        #expect(body.contains(#""pair":"\#(first)\#(second)""#))
        #expect(body.contains(#""ownerId":"000000000000000000000002""#))
    }

    @Test("the client's own ids, ids only a read returned, integers and words are kept; a fixture without random ids is written as with asReceived")
    func keptValues() {
        let interactions = [
            // The client chose this UUID: it was sent before any answer held it.
            Self.exchange("PUT", "/todos/\(Self.otherUUID)", body: #"{"title":"a"}"#,
                          response: #"{"id":"\#(Self.otherUUID)","title":"a"}"#),
            // A read: ids in its answer were not assigned by this recording.
            Self.exchange("GET", "/todos", response: #"[{"id":"\#(Self.uuid)"}]"#),
            // Auto-increment integers and words, named like ids.
            Self.exchange("POST", "/notes", body: #"{"title":"b"}"#, status: 201,
                          response: #"{"id":7,"noteId":"7","slugId":"release-notes-2024"}"#),
            Self.exchange("GET", "/notes/7", response: #"{"id":7}"#),
        ]
        #expect(ServerAssignedIdentifiers(learningFrom: interactions).values.isEmpty)
        #expect(Self.normalized(interactions) == Self.normalized(interactions, identifiers: .asReceived))
        #expect(Self.normalized(interactions) == interactions)
    }

    @Test("what is learned: members named like ids, values later requests use, Location segments, and then random-looking ETags")
    func learned() {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "ETag": #""\#(Self.objectID)ff""#]
        headers.append(name: "Location", value: "/boards/01ARZ3NDEKTSV4RRFFQ69G5FAV")
        let interactions = [
            Self.exchange("POST", "/boards", status: 201, headers: headers,
                          response: #"{"board":{"ownerId":"\#(Self.uuid)","token":"V1StGXR8Z5jdHi6BmyT","slug":"\#(Self.objectID)"}}"#),
            Self.exchange("GET", "/by-slug/\(Self.objectID)", response: "{}"),
        ]
        #expect(ServerAssignedIdentifiers(learningFrom: interactions).values == [
            Self.uuid, Self.objectID, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "\(Self.objectID)ff",
        ])
        // Without an id, an ETag alone is not learned.
        let tagOnly = [Self.exchange("PUT", "/settings", body: "{}", headers: ["ETag": #""\#(Self.objectID)ff""#], response: "")]
        #expect(ServerAssignedIdentifiers(learningFrom: tagOnly).values.isEmpty)
    }

    @Test("placeholders are numbered in order of first appearance, members read by name, whatever order the server wrote them in")
    func numberedByFirstAppearance() {
        let first = [
            Self.exchange("POST", "/pairs", body: "{}", status: 201,
                          response: #"{"leftId":"\#(Self.uuid)","rightId":"\#(Self.otherUUID)"}"#),
        ]
        let shuffled = [
            Self.exchange("POST", "/pairs", body: "{}", status: 201,
                          response: #"{"rightId":"\#(Self.otherUUID)","leftId":"\#(Self.uuid)"}"#),
        ]
        for interactions in [first, shuffled] {
            let body = String(decoding: Self.normalized(interactions)[0].response.body, as: UTF8.self)
            #expect(body.contains(#""leftId":"00000000-0000-4000-8000-000000000001""#))
            #expect(body.contains(#""rightId":"00000000-0000-4000-8000-000000000002""#))
        }
    }

    @Test("a placeholder the fixture already holds (kept interactions, the client's own ordinal ids) is skipped")
    func takenPlaceholdersSkipped() throws {
        let ordinal = "00000000-0000-4000-8000-000000000001"
        let kept = Fixture(interactions: [Self.exchange("GET", "/todos/\(ordinal)", response: "{}")])
        let interactions = [
            Self.exchange("PUT", "/todos/\(ordinal)", body: "{}", response: #"{"id":"\#(ordinal)"}"#),
            Self.exchange("POST", "/todos", body: "{}", status: 201, response: #"{"id":"\#(Self.otherUUID)"}"#),
        ]
        let written = Self.normalized(interactions)
        #expect(written[0] == interactions[0])
        #expect(String(decoding: written[1].response.body, as: UTF8.self) == #"{"id":"00000000-0000-4000-8000-000000000002"}"#)
        let afterKept = Self.normalized([interactions[1]], kept: kept)
        #expect(String(decoding: afterKept[0].response.body, as: UTF8.self) == #"{"id":"00000000-0000-4000-8000-000000000002"}"#)
        let alone = Self.normalized([interactions[1]])
        #expect(String(decoding: alone[0].response.body, as: UTF8.self) == #"{"id":"\#(ordinal)"}"#)
    }

    @Test("an id under a credential name is still redacted, in every place its placeholder stood")
    func redactedAfterPlaceholders() throws {
        let interactions = [
            Self.exchange("POST", "/sessions", body: "{}", status: 201, response: #"{"sessionId":"\#(Self.uuid)"}"#),
            Self.exchange("GET", "/sessions/\(Self.uuid)", response: #"{"ok":true}"#),
        ]
        let written = Redaction().redact(Fixture(interactions: Self.normalized(interactions))).fixture
        #expect(String(decoding: written.interactions[0].response.body, as: UTF8.self) == #"{"sessionId":"REDACTED"}"#)
        #expect(written.interactions[1].request.path == "/sessions/REDACTED")
    }
}
