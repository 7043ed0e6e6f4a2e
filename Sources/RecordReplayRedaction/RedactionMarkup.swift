import Foundation
import RecordReplayFixtures

extension Redaction {
    /// `text` (a `multipart/form-data` body) with the content of each part whose name holds a
    /// credential replaced by the placeholder; boundaries, part headers and line breaks are kept, so
    /// the body stays valid multipart. `nil` when nothing changed.
    func redactMultipart(
        _ text: String, boundary: String, side: String, at index: Int, log: inout RedactionLog
    ) -> String? {
        let delimiter = "--" + boundary
        var parts = text.components(separatedBy: delimiter)
        guard parts.count > 2 else { return nil }
        var changed = false
        for position in 1..<parts.count where !parts[position].hasPrefix("--") {
            let part = parts[position]
            guard let headEnd = part.range(of: "\r\n\r\n") ?? part.range(of: "\n\n") else { continue }
            let head = part[..<headEnd.lowerBound]
            guard let name = Self.formDataName(in: head), redacts(name, listed: bodyMemberNames) else { continue }
            var content = part[headEnd.upperBound...]
            let lineEnd = content.hasSuffix("\r\n") ? "\r\n" : content.hasSuffix("\n") ? "\n" : ""
            content = content.dropLast(lineEnd.count)
            guard !content.isEmpty, content != Self.placeholder else { continue }
            parts[position] = part[..<headEnd.upperBound] + Self.placeholder + lineEnd
            log.record(index, "\(side).body multipart \(name)", .deniedName, secrets: [String(content)])
            changed = true
        }
        return changed ? parts.joined(separator: delimiter) : nil
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="…"` header.
    private static func formDataName(in head: Substring) -> String? {
        for line in head.split(whereSeparator: \.isNewline)
        where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpacesAndTabs().lowercased() == "name" else { continue }
                return pair[1].trimmingSpacesAndTabs().trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// `text` (an XML or HTML body) with credentials replaced by the placeholder: the text of an element
    /// whose name holds a credential (`<password>…</password>`, `<ns:ApiKey>…`), the value of such an
    /// attribute (`token="…"`), and the `value` or `content` of a tag whose `name` or `key` attribute
    /// holds one (`<input name="password" value="…">`, `<meta name="csrf-token" content="…">`,
    /// `<add key="ApiKey" value="…">`). A tolerant scan, not a parser: the markup around is kept as it was.
    /// `nil` when nothing changed.
    func redactMarkup(_ text: String, side: String, at index: Int, log: inout RedactionLog) -> String? {
        var output = ""
        var changed = false
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            output += "<" + redactAttributes(of: tag, side: side, at: index, log: &log, changed: &changed) + ">"
            rest = rest[rest.index(after: close)...]
            // An element's text up to the next tag.
            let elementName = tag.prefix { !$0.isWhitespace && $0 != "/" }
            let localName = elementName.split(separator: ":").last.map(String.init) ?? ""
            guard !tag.hasPrefix("/"), !tag.hasPrefix("!"), !tag.hasPrefix("?"), !tag.hasSuffix("/"),
                !localName.isEmpty, redacts(localName, listed: bodyMemberNames)
            else { continue }
            let contentEnd = rest.firstIndex(of: "<") ?? rest.endIndex
            let content = rest[..<contentEnd].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !content.isEmpty, content != Self.placeholder else { continue }
            output += rest[..<contentEnd].replacingOccurrences(of: content, with: Self.placeholder)
            log.record(index, "\(side).body element \(localName)", .deniedName, secrets: [content])
            changed = true
            rest = rest[contentEnd...]
        }
        output += rest
        return changed ? output : nil
    }

    /// A tag's inside with credential attribute values replaced.
    private func redactAttributes(
        of tag: Substring, side: String, at index: Int, log: inout RedactionLog, changed: inout Bool
    ) -> String {
        let attributes = Self.attributes(in: tag)
        let namedCredential = attributes.contains {
            ["name", "key"].contains($0.name.lowercased()) && redacts(String(tag[$0.value]), listed: bodyMemberNames)
        }
        var result = String(tag)
        for attribute in attributes.reversed() {
            let name = attribute.name
            // `key` names the credential in `<add key="ApiKey" value="…">`, not one itself.
            let isCredential =
                (redacts(name, listed: bodyMemberNames) && !(namedCredential && name.lowercased() == "key"))
                || (namedCredential && ["value", "content"].contains(name.lowercased()))
            let value = String(tag[attribute.value])
            guard isCredential, !value.isEmpty, value != Self.placeholder else { continue }
            let offset = tag.distance(from: tag.startIndex, to: attribute.value.lowerBound)
            let length = tag.distance(from: attribute.value.lowerBound, to: attribute.value.upperBound)
            let start = result.index(result.startIndex, offsetBy: offset)
            result.replaceSubrange(start..<result.index(start, offsetBy: length), with: Self.placeholder)
            log.record(index, "\(side).body attribute \(name)", .deniedName, secrets: [value])
            changed = true
        }
        return result
    }

    /// The quoted attributes of a tag's inside: each name and the range of its value.
    private static func attributes(in tag: Substring) -> [(name: String, value: Range<Substring.Index>)] {
        var found: [(name: String, value: Range<Substring.Index>)] = []
        var position = tag.startIndex
        while let equals = tag[position...].firstIndex(of: "=") {
            let name = tag[position..<equals].reversed().drop { $0.isWhitespace }.prefix { !$0.isWhitespace }
            let afterEquals = tag.index(after: equals)
            guard afterEquals < tag.endIndex, tag[afterEquals] == "\"" || tag[afterEquals] == "'" else {
                position = afterEquals
                continue
            }
            let quote = tag[afterEquals]
            let valueStart = tag.index(after: afterEquals)
            guard let valueEnd = tag[valueStart...].firstIndex(of: quote) else { break }
            found.append((String(name.reversed()), valueStart..<valueEnd))
            position = tag.index(after: valueEnd)
        }
        return found
    }
}
