package import Foundation

/// Whether a body recorded next to a `Content-Encoding` header is still encoded, or was decoded by the
/// recorder (as HAR requires for `content.text`) and so must be replayed without the header.
package enum ContentCoding {
    /// Whether `body` still looks encoded with the outermost coding of `contentEncoding`.
    ///
    /// Only bodies stored as base64 can hold encoded bytes; for them: `gzip` needs the gzip magic
    /// `1f 8b`, `deflate` a zlib header, `zstd` the zstd magic, and `br` (which has no magic) bytes that
    /// are not valid UTF-8 while the media type is textual (a decoded text body would be valid UTF-8).
    /// Any other coding is assumed kept.
    package static func bodyIsStillEncoded(
        _ body: Data, contentEncoding: String, storedAsBase64: Bool, mediaType: MediaType?
    ) -> Bool {
        guard storedAsBase64, !body.isEmpty else { return false }
        let outermost =
            contentEncoding.split(separator: ",").last.map { $0.trimmingSpacesAndTabs().lowercased() } ?? ""
        let bytes = [UInt8](body.prefix(4))
        switch outermost {
        case "gzip", "x-gzip":
            return bytes.starts(with: [0x1F, 0x8B])
        case "deflate":
            guard bytes.count >= 2 else { return false }
            return bytes[0] & 0x0F == 8 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
        case "zstd":
            return bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD])
        case "br":
            return mediaType?.isTextual == true && body.utf8Text == nil
        default:
            return true
        }
    }
}
