import Foundation
import RepositoryContracts

/// The entity a user writes from the README: a note with a client-assigned id, a date, an optional body
/// and tags.
struct Note: Identifiable, Equatable, Sendable, Codable {
    var id: Int
    var title: String
    var createdAt: Date
    var body: String?
    var tags: [String]
}

/// An entity with string ids, for the identity bugs that only string ids have.
struct Label: Identifiable, Equatable, Sendable, Codable {
    var id: String
    var name: String
}

/// The factories a user writes: one line of `make`, one edited field in `mutate`.
enum NoteContracts {
    static let notes = Contract.crud(
        make: { Note(id: $0, title: "Note \($0)", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double($0)), body: "Body \($0)", tags: ["tag\($0)"]) },
        mutate: { var note = $0; note.title += " (edited)"; return note },
        identity: \.id)

    static let labels = Contract.crud(
        make: { Label(id: "label-\($0)", name: "Label \($0)") },
        mutate: { var label = $0; label.name += " (edited)"; return label },
        identity: \.id)

    /// The fixed seed the model-based checks of the proof run with, so the table is the same every run.
    static let seed: UInt64 = 0x5EED_0029
}
