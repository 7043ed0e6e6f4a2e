import RepositoryContractsJSON
package import Foundation
package import RecordReplayMessages

/// How a fixture stores a body: as a JSON value with the style that rebuilds its bytes, as text, or as
/// base64.
enum StoredBody: Equatable {
    /// A JSON body, stored as the value and the serialization details the value cannot carry, and
    /// replayed as the value serialized in that style, which gives back the recorded bytes.
    case json(JSONValue, style: JSONSerializationStyle)
    /// A UTF-8 text body, stored as a string (replayed byte-for-byte).
    case text(String)
    /// Any other body, stored as standard base64 with padding (replayed byte-for-byte).
    case base64(String)

    /// How to store `body`: JSON when the media type is JSON, the bytes parse (within
    /// `maximumJSONDepth`) and some ``JSONSerializationStyle`` serializes the value back to exactly
    /// these bytes (escaped `/`, `\uXXXX` escapes, indentation, separators, a final line feed: see
    /// ``JSONSerializationStyle/init(reproducing:of:)``); text when the bytes are valid UTF-8 and either
    /// the media type is textual or there are no control characters other than tab, LF and CR; base64
    /// otherwise. `nil` for an empty body.
    ///
    /// A body without a `Content-Type` is not stored as JSON even when it parses: nothing says it is
    /// JSON (`[1]` or `{}` may be plain text to the server and its client), and storing it as text keeps
    /// the fixture saying what was sent. Requests and responses with a JSON `Content-Type` are the ones
    /// reviewers read as JSON; they are stored as JSON whatever serializer wrote them.
    init?(body: Data, mediaType: MediaType?, maximumJSONDepth: Int) {
        guard !body.isEmpty else { return nil }
        if mediaType?.isJSON == true, let json = Self.json(body, maximumDepth: maximumJSONDepth) {
            self = json
        } else if let text = body.utf8Text,
            mediaType?.isTextual == true || !text.utf8.contains(where: \.isDisallowedInPlainText)
        {
            self = .text(text)
        } else {
            self = .base64(body.base64EncodedString())
        }
    }

    /// The body as a JSON value and the style that rebuilds it, or `nil` when it does not parse or no
    /// style gives back its bytes.
    private static func json(_ body: Data, maximumDepth: Int) -> StoredBody? {
        let bytes = [UInt8](body)
        guard let value = JSONValue(parsingIfValid: bytes, maximumDepth: maximumDepth),
            let style = JSONSerializationStyle(reproducing: bytes, of: value)
        else { return nil }
        return .json(value, style: style)
    }

    /// The bytes to replay, or `nil` when base64 text does not decode.
    var bytes: Data? {
        switch self {
        case .json(let value, let style): Data(value.serialized(style: style).utf8)
        case .text(let text): Data(text.utf8)
        case .base64(let encoded): Data(base64Encoded: encoded)
        }
    }
}

extension Data {
    /// The bytes as a string when they are valid UTF-8 (so the string gives back the same bytes).
    package var utf8Text: String? {
        // Decoding replaces each invalid sequence with U+FFFD, so the bytes come back unchanged only when
        // they were valid; `Data`'s comparison is one `memcmp`, where comparing element by element is a
        // generic call per byte in a debug build.
        let text = String(decoding: self, as: UTF8.self)
        return Data(text.utf8) == self ? text : nil
    }
}

extension UInt8 {
    /// A C0 control character other than tab, LF and CR, or DEL.
    fileprivate var isDisallowedInPlainText: Bool {
        (self < 0x20 && self != 0x09 && self != 0x0A && self != 0x0D) || self == 0x7F
    }
}

/// How the native format stores a body, for tools that describe fixtures (`repo-contracts inspect`).
package enum StoredBodyKind: String, Sendable {
    /// No body.
    case empty
    /// A JSON value.
    case json
    /// UTF-8 text.
    case text
    /// Base64 of arbitrary bytes.
    case base64

    /// The kind the native format stores `body` as, sent with `headers`.
    package init(body: Data, headers: HTTPHeaders) {
        let maximumDepth = JSONValue.defaultMaximumDepth - NativeFixtureCodec.bodyNestingOffset
        switch StoredBody(body: body, mediaType: headers.mediaType, maximumJSONDepth: maximumDepth) {
        case nil: self = .empty
        case .json: self = .json
        case .text: self = .text
        case .base64: self = .base64
        }
    }
}
