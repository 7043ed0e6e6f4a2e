import Foundation
import RepositoryContracts

/// The one bug a ``NoteStore`` carries (``none``: correct).
enum NoteBug: String, CaseIterable, Sendable {
    case none
    // value: the backend keeps something other than what was sent
    case datesRoundedToSeconds, datesTruncatedToMilliseconds, datesTruncatedToMicroseconds, datesBefore1970Clamped, farFutureDatesClamped
    case titleTruncatedTo64, titleTrimmed, titleCutAtNUL, titleNewlinesReplaced
    case emptyBodyStoredAsNil, bodyDroppedWhenLong
    case tagsSorted, tagsDeduplicated, tagsCappedAtTen, emptyTagsGetADefault
    case updateIgnoresBody, updateIgnoresTags, updateIgnoresCreatedAt
    // ordering
    case fetchAllCappedAt500, updateMovesToEnd
    // identity
    case deleteMatchesByValue, updateMatchesByValue
    // policy
    case updateOfMissingUpserts
    // cache
    case readCacheNotInvalidatedByUpdate, listCacheNotInvalidatedByUpdate

    /// What kind of bug it is, for the kill table.
    var kind: String {
        switch self {
        case .none: "correct"
        case .fetchAllCappedAt500, .updateMovesToEnd: "ordering"
        case .deleteMatchesByValue, .updateMatchesByValue: "identity"
        case .updateOfMissingUpserts: "policy"
        case .readCacheNotInvalidatedByUpdate, .listCacheNotInvalidatedByUpdate: "cache"
        default: "value"
        }
    }
}

/// An in-memory note repository with at most one bug, chosen at creation. Insertion order; update and
/// delete of a missing id throw `notFound`; create of an existing id throws `conflict`.
actor NoteStore: RepositoryProtocol {
    let bug: NoteBug
    private var notes: [Int: Note] = [:]
    private var order: [Int] = []
    private var readCache: [Int: Note] = [:]
    private var listCache: [Note]?

    init(_ bug: NoteBug = .none) {
        self.bug = bug
    }

    func create(_ note: Note) throws -> Note {
        guard notes[note.id] == nil else { throw RepositoryError.conflict("note \(note.id) exists") }
        let stored = Self.kept(note, bug)
        notes[note.id] = stored
        order.append(note.id)
        listCache = nil
        return stored
    }

    func fetch(id: Int) -> Note? {
        if bug == .readCacheNotInvalidatedByUpdate, let cached = readCache[id], notes[id] != nil { return cached }
        let found = notes[id]
        readCache[id] = found
        return found
    }

    func fetchAll() -> [Note] {
        if bug == .listCacheNotInvalidatedByUpdate, let listCache { return listCache }
        var all = order.compactMap { notes[$0] }
        if bug == .fetchAllCappedAt500 { all = Array(all.prefix(500)) }
        listCache = all
        return all
    }

    func update(_ note: Note) throws -> Note {
        if bug == .updateMatchesByValue {
            let twins = notes.values.filter { $0.title == notes[note.id]?.title && $0.id != note.id }
            for twin in twins { notes[twin.id] = Note(id: twin.id, title: note.title, createdAt: note.createdAt, body: note.body, tags: note.tags) }
        }
        guard let old = notes[note.id] else {
            guard bug == .updateOfMissingUpserts else { throw RepositoryError.notFound("no note \(note.id)") }
            return try create(note)
        }
        var stored = Self.kept(note, bug)
        switch bug {
        case .updateIgnoresBody: stored.body = old.body
        case .updateIgnoresTags: stored.tags = old.tags
        case .updateIgnoresCreatedAt: stored.createdAt = old.createdAt
        case .updateMovesToEnd: order.removeAll { $0 == note.id }; order.append(note.id)
        default: break
        }
        notes[note.id] = stored
        if bug != .listCacheNotInvalidatedByUpdate { listCache = nil }
        if bug != .readCacheNotInvalidatedByUpdate { readCache[note.id] = nil }
        return stored
    }

    func delete(id: Int) throws {
        guard let gone = notes.removeValue(forKey: id) else { throw RepositoryError.notFound("no note \(id)") }
        order.removeAll { $0 == id }
        if bug == .deleteMatchesByValue {
            for twin in notes.values where twin.title == gone.title && twin.body == gone.body {
                notes[twin.id] = nil
                order.removeAll { $0 == twin.id }
            }
        }
        readCache[id] = nil
        listCache = nil
    }

    /// What the buggy backend keeps of `note`.
    static func kept(_ note: Note, _ bug: NoteBug) -> Note {
        var note = note
        let seconds = note.createdAt.timeIntervalSince1970
        switch bug {
        case .datesRoundedToSeconds: note.createdAt = Date(timeIntervalSince1970: seconds.rounded(.down))
        case .datesTruncatedToMilliseconds: note.createdAt = Date(timeIntervalSince1970: (seconds * 1000).rounded(.down) / 1000)
        case .datesTruncatedToMicroseconds:
            // What a timestamptz column keeps through postgres-nio: whole microseconds since 2000, the
            // rest cut off (`Int64(seconds * 1_000_000)`), and read back by dividing.
            let epoch = Date(timeIntervalSince1970: 946_684_800)
            let micros = Int64(note.createdAt.timeIntervalSince(epoch) * 1_000_000)
            note.createdAt = Date(timeInterval: Double(micros) / 1_000_000, since: epoch)
        case .datesBefore1970Clamped: note.createdAt = Date(timeIntervalSince1970: max(0, seconds))
        case .farFutureDatesClamped: note.createdAt = Date(timeIntervalSince1970: min(Double(Int32.max), seconds))
        case .titleTruncatedTo64: note.title = String(note.title.prefix(64))
        case .titleTrimmed: note.title = note.title.trimmingCharacters(in: .whitespacesAndNewlines)
        case .titleCutAtNUL: note.title = String(note.title.prefix { $0 != "\0" })
        case .titleNewlinesReplaced: note.title = note.title.replacingOccurrences(of: "\n", with: " ")
        case .emptyBodyStoredAsNil: if note.body == "" { note.body = nil }
        case .bodyDroppedWhenLong: if (note.body?.count ?? 0) > 255 { note.body = nil }
        case .tagsSorted: note.tags.sort()
        case .tagsDeduplicated: note.tags = note.tags.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        case .tagsCappedAtTen: note.tags = Array(note.tags.prefix(10))
        case .emptyTagsGetADefault: if note.tags.isEmpty { note.tags = ["inbox"] }
        default: break
        }
        return note
    }
}
