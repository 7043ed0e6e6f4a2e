package import Foundation
package import RecordReplayMessages

/// A body as the redaction and the secret scan read it, for replay matching: a request body recorded
/// through an encoding (`Content-Encoding: gzip`, a gzip file sent as a payload, UTF-16 or ISO-8859-1
/// text) is stored redacted and written back in that encoding, while the client under test sends its
/// real body, encoded its own way; both are compared as what they hold.
package enum BodyContent {
    /// The most encodings read one inside another (a gzip file of UTF-16 text takes two).
    static let layers = 3

    /// `body` read through the encodings ``BodyEncoding`` reads (gzip inflated, UTF-16 and ISO-8859-1
    /// as UTF-8), layer by layer; `body` itself when none applies.
    package static func decoded(_ body: Data, headers: HTTPHeaders) -> Data {
        var content = body
        for _ in 0..<layers {
            guard let (_, decoded) = BodyEncoding.decoding(content, headers: headers) else { break }
            content = decoded
        }
        return content
    }
}
