import RecordReplayMessages
import Foundation

/// How identifiers are told apart from other values in requests and responses: by the name of the
/// JSON member holding them, by their use in a request's path or query, and as the pieces of a text
/// between URL and word delimiters. The drift check's ``IdentifierMap`` and the recording's
/// ``ServerAssignedIdentifiers`` both learn identifiers this way.
enum IdentifierText {
    /// Whether a JSON member's name says it holds an identifier: `id`, `uuid`, `guid`, or a name that ends
    /// in `Id`, `ID`, `_id` or `-id`.
    static func namesIdentifier(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if ["id", "uuid", "guid"].contains(lowered) { return true }
        return name.hasSuffix("Id") || name.hasSuffix("ID") || lowered.hasSuffix("_id") || lowered.hasSuffix("-id")
    }

    /// Whether `value`, held by the member `memberName` (`nil` for an array element or the top level),
    /// is an identifier: the member is named like one, or a request uses the value in its path or
    /// query (`referenced`).
    static func isIdentifier(_ value: String, memberName: String?, referenced: Set<String>) -> Bool {
        memberName.map(namesIdentifier) == true || referenced.contains(value)
    }

    /// The path segments (decoded) and query values that `requests` use: values worth treating as
    /// identifiers even when their member is not named like one.
    static func referencedValues(in requests: [StubRequest]) -> Set<String> {
        var referenced: Set<String> = []
        for request in requests {
            referenced.formUnion(segments(ofPath: request.path).map(\.decoded))
            referenced.formUnion(request.query.compactMap(\.value))
        }
        referenced.remove("")
        return referenced
    }

    /// A run of a string between delimiters, or a delimiter: the separators of URLs (`/`, `?`, `#`, `&`,
    /// `=`) and of words in a message (white space, quotes, `:`, `,`, `;`, parentheses). `.` and `-` are
    /// not delimiters, so a host name, a decimal number or a UUID stays one piece.
    struct Piece: Equatable {
        let text: String
        let isDelimiter: Bool
    }

    private static let delimiters = Set("/?#&= \t\n'\":,;()".utf8)

    /// `text` cut into pieces and delimiters, in order (joined, they give `text` back). The delimiters
    /// are ASCII, so the text is cut byte by byte: linear, without reading characters.
    static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let next = bytes.index(after: index)
            if delimiters.contains(bytes[index]) {
                if start != index { pieces.append(Piece(text: string(bytes[start..<index]), isDelimiter: false)) }
                pieces.append(Piece(text: string(bytes[index..<next]), isDelimiter: true))
                start = next
            }
            index = next
        }
        if start != bytes.endIndex { pieces.append(Piece(text: string(bytes[start...]), isDelimiter: false)) }
        return pieces
    }

    private static func string(_ bytes: Substring.UTF8View) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The pieces of `text` that are not delimiters, in order.
    static func words(of text: String) -> [String] {
        pieces(of: text).filter { !$0.isDelimiter }.map(\.text)
    }

    /// `text` with every piece that is a key of `map` replaced by its value.
    static func replacingPieces(of text: String, using map: [String: String]) -> String {
        pieces(of: text).map { piece in piece.isDelimiter ? piece.text : (map[piece.text] ?? piece.text) }.joined()
    }

    /// The `/`-separated segments of a percent-encoded path, raw and decoded (the leading empty one
    /// kept, so joining the raw ones with `/` gives the path back).
    static func segments(ofPath path: String) -> [(raw: String, decoded: String)] {
        path.split(separator: "/", omittingEmptySubsequences: false).map { raw in
            (String(raw), PercentEncoding.decoded(raw, plusIsSpace: false))
        }
    }
}
