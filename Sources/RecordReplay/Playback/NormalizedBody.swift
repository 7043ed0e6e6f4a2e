import RecordReplayMessages
import RepositoryContractsJSON
import Foundation

/// A body in the form matching compares: JSON by value, a form by its items in any order, anything
/// else by its bytes.
enum NormalizedBody: Sendable, Hashable {
    /// A JSON body: its canonical form (equal exactly when the values are JSON-equal).
    case json(canonical: String)
    /// An `application/x-www-form-urlencoded` body: its items, sorted.
    case form([QueryItem])
    /// Any other body (including an empty one), byte for byte.
    case bytes(Data)

    /// How a request's body is read: decided from its own `Content-Type` and bytes, so both sides of a
    /// comparison are read independently and consistently.
    enum Kind: Sendable, Hashable, CustomStringConvertible {
        case json
        case form
        case bytes

        var description: String {
            switch self {
            case .json: "JSON"
            case .form: "form"
            case .bytes: "bytes"
            }
        }
    }

    var kind: Kind {
        switch self {
        case .json: .json
        case .form: .form
        case .bytes: .bytes
        }
    }

    /// Reads `body` as JSON when `Content-Type` says JSON (`application/json`, `…+json`, `text/json`)
    /// or, when the type is not a form, when the body looks like a JSON object or array; as a form for
    /// `application/x-www-form-urlencoded`; as bytes otherwise, and whenever JSON does not parse.
    /// `ignoring` removes parts of a JSON value first.
    static func reading(
        _ body: Data, contentType: String?, ignoring expressions: [JSONPathExpression]
    ) -> (body: NormalizedBody, json: JSONValue?) {
        guard !body.isEmpty else { return (.bytes(body), nil) }
        let mediaType = contentType.map(Self.mediaType(of:)) ?? ""
        if mediaType == "application/x-www-form-urlencoded" {
            return (.form(PercentEncoding.formItems(body).sorted(by: QueryItem.matchingOrder)), nil)
        }
        let declaresJSON = mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
        if declaresJSON || looksLikeJSON(body), var value = JSONValue(parsingIfValid: body) {
            for expression in expressions { value = value.removing(expression) }
            return (.json(canonical: value.canonicalForm), value)
        }
        return (.bytes(body), nil)
    }

    /// The media type of a `Content-Type` value, lower-cased, without parameters.
    static func mediaType(of contentType: String) -> String {
        let bytes = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let trimmed = bytes.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
        return String(decoding: trimmed.map(\.asciiLowercased), as: UTF8.self)
    }

    private static func looksLikeJSON(_ body: Data) -> Bool {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = body.first(where: { !whitespace.contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

extension QueryItem {
    /// The order matching sorts query and form items in: by name, then value (`nil` first).
    static func matchingOrder(_ left: QueryItem, _ right: QueryItem) -> Bool {
        if left.name != right.name { return left.name < right.name }
        switch (left.value, right.value) {
        case (nil, nil), (.some, nil): return false
        case (nil, .some): return true
        case (.some(let leftValue), .some(let rightValue)): return leftValue < rightValue
        }
    }
}
