import Foundation

/// A memo and the id its notebook assigned it.
struct Memo: Equatable, Sendable {
    var id: String
    var text: String
}

/// Why a notebook refused.
enum NoteBookError: Error, Equatable {
    case notFound
}

/// A notebook whose store assigns the ids (a database's serial or UUID keys): the protocol of the proof
/// that a check follows ids each side assigned itself.
protocol NoteBook: Sendable {
    func create(_ text: String) async throws -> Memo
    func text(of id: String) async throws -> String?
    /// Throws ``NoteBookError/notFound`` when no note has `id`.
    func update(id: String, text: String) async throws
    func delete(id: String) async throws
    func count() async throws -> Int
}

/// The fake: ids `n1`, `n2`, … in creation order.
actor CountingNoteBook: NoteBook {
    private var notes: [String: String] = [:]
    private var created = 0

    func create(_ text: String) -> Memo {
        created += 1
        notes["n\(created)"] = text
        return Memo(id: "n\(created)", text: text)
    }

    func text(of id: String) -> String? { notes[id] }

    func update(id: String, text: String) throws {
        guard notes[id] != nil else { throw NoteBookError.notFound }
        notes[id] = text
    }

    func delete(id: String) { notes[id] = nil }
    func count() -> Int { notes.count }
}

/// A notebook with UUID ids, as a store that assigns them does; `bug` plants one mistake.
actor UUIDNoteBook: NoteBook {
    enum Bug: CaseIterable, Sendable {
        /// `update` of a deleted note writes it back (an upsert) instead of refusing.
        case updateRecreatesDeleted
    }

    private let bug: Bug?
    private var notes: [String: String] = [:]

    init(bug: Bug? = nil) {
        self.bug = bug
    }

    func create(_ text: String) -> Memo {
        let id = UUID().uuidString
        notes[id] = text
        return Memo(id: id, text: text)
    }

    func text(of id: String) -> String? { notes[id] }

    func update(id: String, text: String) throws {
        guard notes[id] != nil || bug == .updateRecreatesDeleted else { throw NoteBookError.notFound }
        notes[id] = text
    }

    func delete(id: String) { notes[id] = nil }
    func count() -> Int { notes.count }
}
