import ContractEngine
import MockTime
import ModelChecking
import Testing

/// The Swift a report prints compiles against the user's types and reproduces the divergence.
@Suite("Protocol model check: the printed repro, pasted")
struct PastedReproTests {
    @Test("the repro printed for removeLeavesTags (seed 7), pasted as it printed, shows the old tag again")
    func pastedRepro() async throws {
        let result = await BookmarkModelCheckTests.check(.removeLeavesTags, seed: 7)
        let printed = try #require(result.swiftLines)
        // Pasted from the report:
        let store: any BookmarkStore = IndexedBookmarks(bug: .removeLeavesTags)
        _ = try await store.add("https://c.example", tags: ["news"])
        _ = try await store.remove(url: "https://c.example")
        _ = try await store.add("https://c.example", tags: [])
        // ✗ model observed after this step: returned [Bookmark("https://c.example", tags: [])]
        //   subject observed after this step: returned [Bookmark("https://c.example", tags: ["news"])]
        #expect(try await store.all() == [Bookmark(url: "https://c.example", tags: ["news"])])
        #expect(printed.prefix(3) == [
            #"_ = try await store.add("https://c.example", tags: ["news"])"#,
            #"_ = try await store.remove(url: "https://c.example")"#,
            #"_ = try await store.add("https://c.example", tags: [])"#,
        ])
        // The same lines on the model agree with what the report says the model observed.
        let model: any BookmarkStore = InMemoryBookmarks()
        _ = try await model.add("https://c.example", tags: ["news"])
        _ = try await model.remove(url: "https://c.example")
        _ = try await model.add("https://c.example", tags: [])
        #expect(try await model.all() == [Bookmark(url: "https://c.example", tags: [])])
    }

    @Test("the repro printed for overwriteEvictedEarly (seed 7), time steps included, pasted as it printed, loses the value")
    func pastedTimeRepro() async throws {
        let result = await TTLCacheModelCheckTests.check(.overwriteEvictedEarly, seed: 7)
        let printed = try #require(result.swiftLines)
        // Pasted from the report, after the clock and the cache it names:
        let clock = MockClock()
        let cache: any TTLCache = ExpiringCache(ttl: .seconds(60), clock: clock, bug: .overwriteEvictedEarly)
        _ = try await cache.set("x", for: "b")
        clock.advance(by: .seconds(1))
        _ = try await cache.set("x", for: "b")
        clock.advance(by: .seconds(59))
        _ = try await cache.value(for: "b")
        // ✗ model returned Optional("x")
        //   subject returned nil
        #expect(try await cache.value(for: "b") == nil)
        #expect(printed.prefix(5) == [
            #"_ = try await cache.set("x", for: "b")"#, "clock.advance(by: .seconds(1))", #"_ = try await cache.set("x", for: "b")"#,
            "clock.advance(by: .seconds(59))", #"_ = try await cache.value(for: "b")"#,
        ])
    }

    @Test("the repro printed for the notebook's upsert (seed 4), pasted as it printed, runs on the UUID subject and brings the note back")
    func pastedIDRepro() async throws {
        let result = await NoteBookModelCheckTests.check(.updateRecreatesDeleted, seed: 4)
        let printed = try #require(result.swiftLines)
        // Pasted from the report:
        let notes: any NoteBook = UUIDNoteBook(bug: .updateRecreatesDeleted)
        let v1 = try await notes.create("a")
        _ = try await notes.delete(id: v1.id)
        _ = try await notes.update(id: v1.id, text: "a")
        // ✗ model threw NoteBookError: notFound
        //   subject returned
        #expect(try await notes.text(of: v1.id) == "a")
        #expect(printed.prefix(3) == [
            #"let v1 = try await notes.create("a")"#, "_ = try await notes.delete(id: v1.id)", #"_ = try await notes.update(id: v1.id, text: "a")"#,
        ])
    }
}
