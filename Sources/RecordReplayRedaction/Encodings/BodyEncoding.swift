import Foundation
import RecordReplayMessages
import RecordReplayFixtures

/// How a body that is not UTF-8 is read as text before it is judged, and written back after: the
/// redaction, the secret scan and the propagation all read such a body through it.
///
/// - **gzip** (the magic `1f 8b`): a gzip file sent or returned as a payload, inflated (``Gzip``);
///   written back as gzip.
/// - **a content coding** the body is stored in (`Content-Encoding: gzip` or `deflate`, as a HAR file or
///   a hand-written fixture may keep it): decoded, written back in the same coding.
/// - **UTF-16**: a byte order mark, a `charset=utf-16…` parameter, or (with no charset) text whose every
///   other byte is zero.
/// - **ISO-8859-1**: a `charset` of `iso-8859-1`, `latin1`, `windows-1252`, `us-ascii` or `iso-8859-15`,
///   or a `text/…` type with no charset (HTTP/1.1's default).
enum BodyEncoding: Equatable {
    case gzip
    case contentCoding(String)
    case utf16(bigEndian: Bool, byteOrderMark: Bool)
    case latin1

    /// The encoding of `body` and its content as UTF-8 (or, for gzip, as the bytes it holds); nil when
    /// `body` is UTF-8 already or none of the encodings reads it.
    static func decoding(_ body: Data, headers: HTTPHeaders) -> (encoding: BodyEncoding, content: Data)? {
        guard !body.isEmpty else { return nil }
        // A declared coding whatever the bytes look like (a zlib stream may happen to be valid UTF-8).
        if let coding = headers["Content-Encoding"],
            let content = CompressedBody.decoded(body, contentEncoding: coding, limit: Gzip.largestInflated)
        {
            return (.contentCoding(coding), content)
        }
        // UTF-16 of ASCII text is valid UTF-8 too, with a zero every other byte.
        guard body.utf8Text == nil || body.contains(0) else { return nil }
        let bytes = [UInt8](body)
        if Gzip.isGzip(bytes) {
            return Gzip.decompressed(bytes).map { (.gzip, Data($0)) }
        }
        let charset = headers["Content-Type"].flatMap(Self.charset)
        let isTextual = headers.mediaType.map { $0.essence.hasPrefix("text/") || $0.isJSON || $0.essence.contains("xml") } ?? false
        if let encoding = utf16(bytes, charset: charset) {
            let dropped = encoding == .utf16(bigEndian: false, byteOrderMark: true) || encoding == .utf16(bigEndian: true, byteOrderMark: true)
            let content = Data(bytes.dropFirst(dropped ? 2 : 0))
            guard case .utf16(let bigEndian, _) = encoding,
                let text = String(data: content, encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian)
            else { return nil }
            return (encoding, Data(text.utf8))
        }
        let latin1Charsets = ["iso-8859-1", "latin1", "iso_8859-1", "windows-1252", "cp1252", "us-ascii", "iso-8859-15"]
        if charset.map(latin1Charsets.contains) ?? (isTextual && !bytes.contains(0)) {
            return String(data: body, encoding: .isoLatin1).map { (.latin1, Data($0.utf8)) }
        }
        return nil
    }

    /// `content` (UTF-8, or for gzip the bytes) written back in this encoding; UTF-8 when a character
    /// has no ISO-8859-1 form (a redacted body is never lost for want of a character).
    func encoded(_ content: Data) -> Data {
        switch self {
        case .gzip:
            return Data(Gzip.compressed([UInt8](content)))
        case .contentCoding(let coding):
            return CompressedBody.encoded(content, contentEncoding: coding) ?? content
        case .utf16(let bigEndian, let byteOrderMark):
            let text = String(decoding: content, as: UTF8.self)
            let mark: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
            return Data(mark) + (text.data(using: bigEndian ? .utf16BigEndian : .utf16LittleEndian) ?? content)
        case .latin1:
            return String(decoding: content, as: UTF8.self).data(using: .isoLatin1) ?? content
        }
    }

    /// The `Content-Encoding` of `body` when it names a coding that nothing here reads (`br`, `zstd`,
    /// `compress`, codings stacked) or a gzip or deflate body that does not decode, and the body is not
    /// UTF-8 text either: a body nobody can check for credentials. Nil for `identity`, a body that
    /// decodes, and a body that is UTF-8 text as stored (a coding named but already undone). A charset
    /// guess does not make such a body readable: compressed bytes read as ISO-8859-1 are no text.
    static func unreadableCoding(of body: Data, headers: HTTPHeaders) -> String? {
        guard let coding = headers["Content-Encoding"]?.trimmingSpacesAndTabs(), !coding.isEmpty,
            coding.lowercased() != "identity", !body.isEmpty, body.utf8Text == nil
        else { return nil }
        switch decoding(body, headers: headers)?.encoding {
        case .gzip?, .contentCoding?: return nil
        default: return coding
        }
    }

    private static func utf16(_ bytes: [UInt8], charset: String?) -> BodyEncoding? {
        if bytes.starts(with: [0xFF, 0xFE]) { return .utf16(bigEndian: false, byteOrderMark: true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return .utf16(bigEndian: true, byteOrderMark: true) }
        switch charset {
        case "utf-16be": return .utf16(bigEndian: true, byteOrderMark: false)
        case "utf-16", "utf-16le": return .utf16(bigEndian: false, byteOrderMark: false)
        case nil:
            // ASCII text in UTF-16: every other byte zero.
            guard bytes.count >= 8, bytes.count % 2 == 0 else { return nil }
            let odd = stride(from: 1, to: bytes.count, by: 2).allSatisfy { bytes[$0] == 0 }
            let even = stride(from: 0, to: bytes.count, by: 2).allSatisfy { bytes[$0] == 0 }
            return odd ? .utf16(bigEndian: false, byteOrderMark: false) : even ? .utf16(bigEndian: true, byteOrderMark: false) : nil
        default:
            return nil
        }
    }

    /// The `charset` parameter of a `Content-Type` value, lower-cased and unquoted.
    private static func charset(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpacesAndTabs().lowercased() == "charset" else { continue }
            return pair[1].trimmingSpacesAndTabs().trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        return nil
    }
}
