import RecordReplayMessages
import Foundation

/// Replaces learned identifiers by their placeholders (or by nothing, to compare interactions without
/// them) in every text of an interaction: as a whole piece (`/todos/<id>`, `"id":"<id>"`) and inside a
/// longer one (`todo-<id>`), so that no spelling of an id the client might send back is left behind.
struct IdentifierReplacement {
    /// Identifier → replacement.
    let map: [String: String]
    /// The identifiers, longest first, for the search inside longer pieces.
    private let longestFirst: [String]
    /// The shortest identifier's length in UTF-8 bytes: shorter pieces cannot hold one.
    private let shortest: Int

    init(_ map: [String: String]) {
        self.map = map
        longestFirst = map.keys.sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1 }
        shortest = map.keys.map(\.utf8.count).min() ?? 0
    }

    /// `text` with every identifier replaced.
    func replacing(in text: String) -> String {
        guard !map.isEmpty else { return text }
        return IdentifierText.pieces(of: text).map { piece in
            guard !piece.isDelimiter else { return piece.text }
            if let whole = map[piece.text] { return whole }
            guard piece.text.utf8.count > shortest else { return piece.text }
            var replaced = piece.text
            for identifier in longestFirst where replaced.contains(identifier) {
                replaced = replaced.replacingOccurrences(of: identifier, with: map[identifier] ?? identifier)
            }
            return replaced
        }.joined()
    }
}

extension Interaction {
    /// The interaction with `replacement` applied to its path, query values, fields and bodies (UTF-8
    /// ones). Placeholders of the same length keep a body's layout and length.
    func replacingIdentifiers(_ replacement: IdentifierReplacement) -> Interaction {
        guard !replacement.map.isEmpty else { return self }
        var copy = self
        copy.request.path = replacement.replacing(in: request.path)
        copy.request.query = request.query.map { item in
            QueryItem(name: item.name, value: item.value.map(replacement.replacing(in:)))
        }
        copy.request.headers = request.headers.replacingIdentifiers(replacement)
        copy.request.body = request.body.replacingIdentifiers(replacement)
        copy.response.headers = response.headers.replacingIdentifiers(replacement)
        copy.response.body = response.body.replacingIdentifiers(replacement)
        return copy
    }
}

extension HTTPHeaders {
    fileprivate func replacingIdentifiers(_ replacement: IdentifierReplacement) -> HTTPHeaders {
        var copy = self
        for index in copy.fields.indices {
            copy.fields[index].value = replacement.replacing(in: copy.fields[index].value)
        }
        return copy
    }
}

extension Data {
    /// A UTF-8 body with the identifiers replaced; other bodies as they are.
    fileprivate func replacingIdentifiers(_ replacement: IdentifierReplacement) -> Data {
        guard let text = utf8Text else { return self }
        let replaced = replacement.replacing(in: text)
        return replaced == text ? self : Data(replaced.utf8)
    }
}
