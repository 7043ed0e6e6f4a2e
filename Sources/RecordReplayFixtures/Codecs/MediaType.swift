import RecordReplayMessages
/// The parts of a `Content-Type` value that decide how a body is stored.
package struct MediaType {
    /// The type and subtype in lower case, without parameters (`application/json`).
    package var essence: String

    /// The media type of a `Content-Type` value (`application/json; charset=utf-8`).
    package init(_ contentType: String) {
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        self.essence = essence.trimmingSpacesAndTabs().lowercased()
    }

    /// `application/json` or any `…/…+json` type.
    package var isJSON: Bool {
        essence == "application/json" || (essence.contains("/") && essence.hasSuffix("+json"))
    }

    /// A type whose bodies are text: `text/*`, JSON, XML, form data, JavaScript.
    var isTextual: Bool {
        essence.hasPrefix("text/") || isJSON || essence == "application/xml" || essence.hasSuffix("+xml")
            || essence == "application/x-www-form-urlencoded" || essence == "application/javascript"
            || essence == "application/ecmascript" || essence == "application/graphql"
    }
}

extension HTTPHeaders {
    /// The media type of the `Content-Type` field, if there is one.
    package var mediaType: MediaType? {
        self["Content-Type"].map(MediaType.init)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    package func trimmingSpacesAndTabs() -> String {
        let text = String(self)
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { bytes.formIndex(after: &start) }
        while start < end {
            let last = bytes.index(before: end)
            guard bytes[last] == 0x20 || bytes[last] == 0x09 else { break }
            end = last
        }
        return String(text[start..<end])
    }
}
