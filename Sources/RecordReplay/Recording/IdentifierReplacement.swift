import RecordReplayMessages
import Foundation

/// Replaces learned identifiers by their placeholders (or by nothing, to compare interactions without
/// them) in every text of an interaction: as a whole piece (`/todos/<id>`, `"id":"<id>"`) and inside a
/// longer one (`todo-<id>`), so that no spelling of an id the client might send back is left behind.
struct IdentifierReplacement {
    /// Identifier → replacement.
    let map: [String: String]
    /// The identifiers by length in UTF-8 bytes, longest first, for the search inside longer pieces.
    private let byLength: [IdentifiersOfOneLength]
    /// The shortest identifier's length in UTF-8 bytes: shorter pieces cannot hold one.
    private let shortest: Int

    init(_ map: [String: String]) {
        self.map = map
        byLength = Dictionary(grouping: map, by: \.key.utf8.count)
            .map { IdentifiersOfOneLength(length: $0.key, replacements: $0.value) }
            .sorted { $0.length > $1.length }
        shortest = map.keys.map(\.utf8.count).min() ?? 0
    }

    /// `text` with every identifier replaced.
    func replacing(in text: String) -> String {
        guard !map.isEmpty else { return text }
        return IdentifierText.pieces(of: text).map { piece in
            guard !piece.isDelimiter else { return piece.text }
            if let whole = map[piece.text] { return whole }
            guard piece.text.utf8.count > shortest else { return piece.text }
            return replacingInside(piece.text)
        }.joined()
    }

    /// `piece` with every identifier inside it replaced, read once from the start: at each byte the
    /// longest identifier that starts there, if any. Linear in the piece's length, whatever the number
    /// of identifiers (a recording may learn thousands).
    private func replacingInside(_ piece: String) -> String {
        let bytes = Array(piece.utf8)
        var replaced: [UInt8] = []
        var index = 0, changed = false
        scan: while index < bytes.count {
            for identifiers in byLength where index + identifiers.length <= bytes.count {
                if let replacement = identifiers.replacement(at: index, in: bytes) {
                    if !changed {
                        replaced.reserveCapacity(bytes.count)
                        replaced.append(contentsOf: bytes[..<index])
                        changed = true
                    }
                    replaced.append(contentsOf: replacement)
                    index += identifiers.length
                    continue scan
                }
            }
            if changed { replaced.append(bytes[index]) }
            index += 1
        }
        return changed ? String(decoding: replaced, as: UTF8.self) : piece
    }
}

/// The identifiers of one length in UTF-8 bytes, with their replacements, and the first bytes of each for
/// a quick look before the whole identifier is compared.
private struct IdentifiersOfOneLength {
    let length: Int
    private let replacements: [[UInt8]: [UInt8]]
    private let heads: Set<UInt32>

    init(length: Int, replacements: [(key: String, value: String)]) {
        self.length = length
        self.replacements = Dictionary(replacements.map { (Array($0.key.utf8), Array($0.value.utf8)) }) { first, _ in first }
        heads = Set(self.replacements.keys.map { Self.head(of: $0, at: 0, length: length) })
    }

    /// The replacement of the identifier that starts at `index` of `bytes`, if one does.
    func replacement(at index: Int, in bytes: [UInt8]) -> [UInt8]? {
        guard heads.contains(Self.head(of: bytes, at: index, length: length)) else { return nil }
        return replacements[Array(bytes[index..<index + length])]
    }

    /// Up to the first four bytes from `index`, as one number.
    private static func head(of bytes: [UInt8], at index: Int, length: Int) -> UInt32 {
        var head: UInt32 = 0
        for offset in 0..<min(4, length) { head = head << 8 | UInt32(bytes[index + offset]) }
        return head
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
