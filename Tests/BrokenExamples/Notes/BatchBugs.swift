public import ContractEngine
import MockTime
public import TodoExample

/// One batch bug each, in a note store otherwise correct (the in-memory one): the rows of the `batch.*`
/// kill table.
public enum BatchBug: String, CaseIterable, Sendable {
    /// Inserts one note at a time and stops at the first clash: the notes before it stay stored, though
    /// batches are declared all or nothing.
    case storesPrefixBeforeClash
    /// A batch that repeats an id is accepted: the last of the two wins.
    case lastDuplicateWins
    /// Returns the stored notes in the store's order (newest write first, then by id), not as sent.
    case returnsInStoreOrder
    /// Stores and returns only the first 100 notes of a batch, silently.
    case dropsBeyond100

    /// The store with this bug, every family declared as for the correct stores.
    public var conformance: Conformance<CRUD<Note>> {
        let bug = self
        return NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("batch bug \(rawValue)") {
            let clock = MockClock()
            return NoteContracts.witness(BatchBugStore(bug, base: InMemoryNoteStore(now: { clock.date })), clock: clock)
        })
    }
}

/// The in-memory note store with one ``BatchBug``.
public actor BatchBugStore: WrappedNoteStore {
    public let base: InMemoryNoteStore
    private let bug: BatchBug

    /// `base` with `bug`.
    public init(_ bug: BatchBug, base: InMemoryNoteStore) {
        self.bug = bug
        self.base = base
    }

    public func insertAll(_ notes: [Note]) async throws -> [Note] {
        switch bug {
        case .storesPrefixBeforeClash:
            var stored: [Note] = []
            for note in notes {
                stored.append(try await base.create(note))
            }
            return stored
        case .lastDuplicateWins:
            let last = Dictionary(notes.map { ($0.id, $0) }, uniquingKeysWith: { _, later in later })
            var seen: Set<Int> = []
            return try await base.insertAll(notes.filter { seen.insert($0.id).inserted }.compactMap { last[$0.id] })
        case .returnsInStoreOrder:
            return try await base.insertAll(notes).sorted(by: NoteTable.isBefore)
        case .dropsBeyond100:
            return try await base.insertAll(Array(notes.prefix(100)))
        }
    }
}

/// A correct store for batches declared `.partial`: it inserts the notes one by one, skips each it cannot
/// store, and returns those it stored. Declared all or nothing, it is wrong.
public actor PartialBatchNoteStore: WrappedNoteStore {
    public let base: InMemoryNoteStore

    /// A store over `base`.
    public init(base: InMemoryNoteStore) {
        self.base = base
    }

    public func insertAll(_ notes: [Note]) async throws -> [Note] {
        var stored: [Note] = []
        for note in notes {
            if let created = try? await base.create(note) { stored.append(created) }
        }
        return stored
    }

    /// Its conformance, every family declared as for the correct stores, batches as `batches`.
    public static func conformance(_ batches: BatchWrites) -> Conformance<CRUD<Note>> {
        NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("partial batches") {
            let clock = MockClock()
            return NoteContracts.witness(PartialBatchNoteStore(base: InMemoryNoteStore(now: { clock.date })), clock: clock)
        }).batchWrites(batches)
    }
}
