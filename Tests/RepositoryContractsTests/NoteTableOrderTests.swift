import ContractEngine
import Foundation
import Testing
import TodoExample

/// `NoteTable` keeps its live notes in the store's order as it changes, instead of sorting them on each
/// read: after every write of a long random sequence, `live` is what sorting the live notes gives.
@Suite("NoteTable: the live notes in order")
struct NoteTableOrderTests {
    static let ids = 0..<12

    /// The live notes as the rule defines them: every id's live note, sorted.
    static func expectedLive(_ table: NoteTable) -> [Note] {
        ids.compactMap { table.fetch(id: $0) }.sorted(by: NoteTable.isBefore)
    }

    @Test("after each write of 3,000 random ones (ties in time included), live is the sorted live notes", arguments: [1, 2, 3] as [UInt64])
    func liveStaysSorted(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var table = NoteTable()
        // A few instants only, so that many notes tie on updatedAt and the id decides.
        let instants = (0..<4).map { Date(timeIntervalSinceReferenceDate: Double($0) * 60) }
        for step in 0..<3_000 {
            let id = Int(random.next() % UInt64(Self.ids.count))
            let now = instants[Int(random.next() % 4)]
            let note = Note(id: id, title: "note \(step)", updatedAt: instants[Int(random.next() % 4)])
            switch random.next() % 8 {
            case 0, 1: _ = try? table.create(note, now: now)
            case 2: _ = try? table.update(note, now: now)
            case 3: _ = try? table.update(note, expectedVersion: table.fetch(id: id)?.version ?? 0, now: now)
            case 4: try? table.softDelete(id: id)
            case 5: try? table.restore(id: id)
            case 6: try? table.purge(id: id)
            default:
                if random.next() % 2 == 0 {
                    table.overwrite(note)
                } else {
                    _ = try? table.insertAll([note, Note(id: (id + 1) % Self.ids.count, title: "next")], now: now)
                }
            }
            #expect(table.live == Self.expectedLive(table), "step \(step)")
            if table.live != Self.expectedLive(table) { return }
        }
        #expect(!table.live.isEmpty)
    }

    @Test("a table decoded from its encoding lists the same live notes in the same order")
    func decodedTableKeepsTheOrder() throws {
        var table = NoteTable()
        for id in Self.ids { _ = try table.create(Note(id: id, title: "n\(id)"), now: Date(timeIntervalSinceReferenceDate: Double(id % 3))) }
        try table.softDelete(id: 4)
        let decoded = try JSONDecoder().decode(NoteTable.self, from: JSONEncoder().encode(table))
        #expect(decoded.live == table.live)
        #expect(decoded.live.count == Self.ids.count - 1)
        #expect(decoded.live == Self.expectedLive(decoded))
    }
}
