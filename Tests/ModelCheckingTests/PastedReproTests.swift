import ContractEngine
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
        _ = try await store.add("https://c.example", tags: ["swift"])
        // ✗ model observed after this step: returned [Bookmark("https://c.example", tags: ["swift"])]
        //   subject observed after this step: returned [Bookmark("https://c.example", tags: ["news", "swift"])]
        #expect(try await store.all() == [Bookmark(url: "https://c.example", tags: ["news", "swift"])])
        #expect(printed.prefix(3) == [
            #"_ = try await store.add("https://c.example", tags: ["news"])"#,
            #"_ = try await store.remove(url: "https://c.example")"#,
            #"_ = try await store.add("https://c.example", tags: ["swift"])"#,
        ])
        // The same lines on the model agree with what the report says the model observed.
        let model: any BookmarkStore = InMemoryBookmarks()
        _ = try await model.add("https://c.example", tags: ["news"])
        _ = try await model.remove(url: "https://c.example")
        _ = try await model.add("https://c.example", tags: ["swift"])
        #expect(try await model.all() == [Bookmark(url: "https://c.example", tags: ["swift"])])
    }
}
