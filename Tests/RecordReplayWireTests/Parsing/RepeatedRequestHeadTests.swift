import RecordReplayMessages
import RecordReplayWire
import Foundation
import Testing

/// What a connection remembers of the last request it read, and what it matches.
@Suite("HTTP repeated request head")
struct RepeatedRequestHeadTests {
    /// `text` read in one piece from a fresh decoder, then remembered in `repeated`: what was read.
    @discardableResult
    static func remember(_ text: String, in repeated: inout RepeatedRequestHead) throws -> (StubRequest, used: Int) {
        let bytes = Array(text.utf8)
        var decoder = RequestDecoder(limits: HTTPParserLimits())
        return try bytes.withUnsafeBufferPointer { buffer in
            let (step, used) = try decoder.decode(buffer, reservingBody: { _ throws(HTTPRequestError) in })
            guard case .request(let request, let terms) = step else { throw HTTPRequestError.malformedRequestLine }
            repeated.remember(request, terms: terms, decodedBy: decoder, from: buffer, used: used)
            return (request, used)
        }
    }

    /// `text` remembered by a new memory: the memory and what was read.
    static func remembered(_ text: String) throws -> (RepeatedRequestHead, StubRequest, used: Int) {
        var repeated = RepeatedRequestHead()
        let (request, used) = try remember(text, in: &repeated)
        return (repeated, request, used)
    }

    static func match(_ repeated: RepeatedRequestHead, _ text: String) -> (request: StubRequest, used: Int)? {
        Array(text.utf8).withUnsafeBufferPointer { repeated.match($0) }.map { ($0.request, $0.used) }
    }

    @Test("a head alone matches its own bytes, with or without bytes behind them, and nothing else")
    func headAlone() throws {
        let head = "\r\nGET /a?x=1 HTTP/1.1\r\nHost: h\r\nX-Id: 1\r\n\r\n"
        let (repeated, request, used) = try Self.remembered(head + "GET /next")
        #expect(used == head.utf8.count)
        for received in [head, head + "GET /next HTTP/1.1\r\n", head + head] {
            let match = Self.match(repeated, received)
            #expect(match?.request == request)
            #expect(match?.used == used)
        }
        for received in [String(head.dropLast()), head.replacingOccurrences(of: "X-Id: 1", with: "X-Id: 2"),
                         head.replacingOccurrences(of: "/a", with: "/A"), String(head.dropFirst(2)), ""] {
            #expect(Self.match(repeated, received) == nil, "matched \(received.debugDescription)")
        }
    }

    @Test("each head remembered, the same bytes again included, has a new version; one not remembered keeps it")
    func versions() throws {
        var repeated = RepeatedRequestHead()
        var versions = [repeated.version]
        for text in ["GET /a HTTP/1.1\r\nHost: h\r\n\r\n", "GET /a HTTP/1.1\r\nHost: h\r\n\r\n",
                     "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi", "GET /b HTTP/1.1\r\nHost: h\r\n\r\n"] {
            try Self.remember(text, in: &repeated)
            versions.append(repeated.version)
        }
        #expect(versions == [0, 1, 2, 2, 3])
    }

    @Test("a request with a body, even an empty chunked one, or a long head is not remembered, and forgets the last", arguments: [
        "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi",
        "POST /a HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: h\r\nX-Long: \(String(repeating: "v", count: RepeatedRequestHead.maxRememberedBytes))\r\n\r\n",
    ])
    func notRemembered(text: String) throws {
        let (repeated, _, _) = try Self.remembered(text)
        #expect(Self.match(repeated, text) == nil)
        // Remembering it after a head alone forgets the head.
        var both = try Self.remembered("GET /a HTTP/1.1\r\nHost: h\r\n\r\n").0
        try Self.remember(text, in: &both)
        #expect(Self.match(both, "GET /a HTTP/1.1\r\nHost: h\r\n\r\n") == nil)
    }

    @Test("two byte buffers have the same bytes only when every byte is equal, at every length and position")
    func sameBytes() {
        for length in 0...19 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            // Equal bytes in other memory (an array's copy would share its storage).
            let copy = bytes.map { $0 }
            copy.withUnsafeBytes { copy in bytes.withUnsafeBytes { #expect($0.hasSameBytes(as: copy)) } }
            bytes.withUnsafeBytes { #expect($0.hasSameBytes(as: $0)) }
            for position in 0..<length {
                var changed = bytes
                changed[position] ^= 0x01
                changed.withUnsafeBytes { changed in
                    bytes.withUnsafeBytes { #expect(!$0.hasSameBytes(as: changed), "length \(length), byte \(position)") }
                }
            }
            (bytes + [0]).withUnsafeBytes { longer in bytes.withUnsafeBytes { #expect(!$0.hasSameBytes(as: longer)) } }
        }
    }
}
