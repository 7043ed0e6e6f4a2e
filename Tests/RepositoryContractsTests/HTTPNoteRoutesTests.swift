import Foundation
import MockTime
import RecordReplay
import RepositoryContracts
import Testing
import TodoExample

/// Every route of the notes API, through the HTTP client, answers as the in-memory store does: one script
/// of every `NoteStore` operation (refusals included) runs on both, each store on its own clock moved in
/// step, and the transcripts must be equal. It covers the routes of the families whose clauses are not on
/// this branch yet (pages, conditional updates, soft delete, batches, tag search).
@Suite("HTTP note API routes")
struct HTTPNoteRoutesTests {
    @Test("the HTTP client over the fake API answers every operation as the in-memory store", .stubServer())
    func sameTranscriptAsInMemory() async throws {
        let memoryClock = MockClock()
        let inMemory = await Self.transcript(of: InMemoryNoteStore(now: { memoryClock.date }), clock: memoryClock)

        let api = NoteAPIFake()
        StubServer.current.playback.stub(.any) { api.respond(to: $0) }
        let http = await Self.transcript(of: HTTPNoteRepository(baseURL: StubServer.current.baseURL), clock: api.clock)

        #expect(http.count == inMemory.count)
        for (index, (overHTTP, local)) in zip(http, inMemory).enumerated() where overHTTP != local {
            Issue.record("step \(index): over HTTP \(overHTTP), in memory \(local)")
        }
        #expect(inMemory.contains { $0.contains("conflict") } && inMemory.contains { $0.contains("invalidInput") })
    }

    /// What each step of the script returned or threw (the error's kind only: the messages differ).
    static func transcript(of store: some NoteStore, clock: MockClock) async -> [String] {
        var lines: [String] = []
        func step(_ name: String, _ body: () async throws -> String) async {
            clock.advance(by: .seconds(1))
            do {
                lines.append("\(name) → \(try await body())")
            } catch let error as RepositoryError {
                lines.append("\(name) → \(error.kind)")
            } catch {
                lines.append("\(name) → \(error)")
            }
        }
        let odd = "a+b&c =%/é"
        for id in 1...4 {
            await step("create \(id)") { "\(try await store.create(Note(id: id, title: "Note \(id)", tags: id.isMultiple(of: 2) ? ["even", odd] : ["Odd"])))" }
        }
        await step("create 1 again") { "\(try await store.create(Note(id: 1, title: "again")))" }
        await step("create empty title") { "\(try await store.create(Note(id: 9, title: "")))" }
        await step("update 2") { "\(try await store.update(Note(id: 2, title: "Two", tags: ["even"])))" }
        await step("update 2 at stale 1") { "\(try await store.update(Note(id: 2, title: "Stale"), expectedVersion: 1))" }
        await step("update 2 at 2") { "\(try await store.update(Note(id: 2, title: "Fresh"), expectedVersion: 2))" }
        await step("update 99") { "\(try await store.update(Note(id: 99, title: "None")))" }
        await step("update 2 empty title") { "\(try await store.update(Note(id: 2, title: "")))" }
        for tag in ["even", "Even", "Odd", odd, "", "a"] {
            await step("tagged \(tag)") { "\(try await store.notes(taggedWith: tag))" }
        }
        await step("pages of 2") {
            var pages: [String] = []
            var cursor: String?
            repeat {
                let page = try await store.page(after: cursor, limit: 2)
                pages.append("\(page.notes.map(\.id)) next \(page.next ?? "none")")
                cursor = page.next
            } while cursor != nil
            return pages.joined(separator: "; ")
        }
        await step("page of 0") { "\(try await store.page(after: nil, limit: 0))" }
        await step("page of 500") { "\(try await store.page(after: nil, limit: 500).notes.count)" }
        await step("page after a bad cursor") { "\(try await store.page(after: "%%not a cursor&limit=1", limit: 2))" }
        await step("delete 3") { try await store.delete(id: 3); return "done" }
        await step("fetch 3") { "\(String(describing: try await store.fetch(id: 3)))" }
        await step("tagged Odd after delete") { "\(try await store.notes(taggedWith: "Odd").map(\.id))" }
        await step("page after delete") { "\(try await store.page(after: nil, limit: 10).notes.map(\.id))" }
        await step("create 3 while deleted") { "\(try await store.create(Note(id: 3, title: "Three")))" }
        await step("update 3 while deleted") { "\(try await store.update(Note(id: 3, title: "Three")))" }
        await step("delete 3 again") { try await store.delete(id: 3); return "done" }
        await step("restore 3") { try await store.restore(id: 3); return "done" }
        await step("fetch 3 restored") { "\(String(describing: try await store.fetch(id: 3)))" }
        await step("restore 3 again") { try await store.restore(id: 3); return "done" }
        await step("purge 3") { try await store.purge(id: 3); return "done" }
        await step("restore 3 purged") { try await store.restore(id: 3); return "done" }
        await step("create 3 after purge") { "\(try await store.create(Note(id: 3, title: "Three again")))" }
        await step("delete 99") { try await store.delete(id: 99); return "done" }
        await step("purge 99") { try await store.purge(id: 99); return "done" }
        await step("batch 5, 6") { "\(try await store.insertAll([Note(id: 5, title: "Five"), Note(id: 6, title: "Six")]))" }
        await step("batch 7, 1") { "\(try await store.insertAll([Note(id: 7, title: "Seven"), Note(id: 1, title: "One")]))" }
        await step("batch 8, 8") { "\(try await store.insertAll([Note(id: 8, title: "Eight"), Note(id: 8, title: "Eight")]))" }
        await step("batch 10, empty title") { "\(try await store.insertAll([Note(id: 10, title: "Ten"), Note(id: 11, title: "")]))" }
        await step("batch of none") { "\(try await store.insertAll([]))" }
        await step("fetch all") { "\(try await store.fetchAll())" }
        await step("fetch 1") { "\(String(describing: try await store.fetch(id: 1)))" }
        await step("fetch -1") { "\(String(describing: try await store.fetch(id: -1)))" }
        return lines
    }
}
