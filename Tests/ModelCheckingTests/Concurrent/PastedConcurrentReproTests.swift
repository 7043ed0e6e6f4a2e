import ContractEngine
import ModelChecking
import Testing

/// The Swift a concurrent report prints compiles against the user's types and, run, shows the race.
@Suite("Concurrent model check: the printed repro, pasted")
struct PastedConcurrentReproTests {
    /// The lines as printed for the racy store (seed 1), pasted below; which two adds shrinking keeps
    /// depends on the interleavings, so their arguments are compared as `store.add(…)`.
    static let pasted = [
        "let gate = TaskGate(tasks: 2)",
        "try await withThrowingTaskGroup(of: Void.self) { group in",
        "    group.addTask {",
        "        await gate.arriveAndWait()",
        #"        _ = try await store.add("https://a.example", tags: ["news"])"#,
        "    }",
        "    group.addTask {",
        "        await gate.arriveAndWait()",
        #"        _ = try await store.add("https://a.example", tags: ["news"])"#,
        "    }",
        "    try await group.waitForAll()",
        "}",
    ]

    /// `line` with the arguments of an `add` call elided.
    static func elidingArguments(_ line: String) -> String {
        guard let call = line.firstRange(of: "store.add(") else { return line }
        return line[..<call.upperBound] + "…)"
    }

    @Test("the repro printed for the racy add, pasted as it printed, makes a duplicate bookmark on fresh stores")
    func pastedRepro() async throws {
        let result = await ConcurrentBookmarkCheckTests.check({ RacyBookmarks() }, seed: 1)
        let printed = try #require(result.swiftLines, "\(result)")
        // Beside CPU-burning processes shrinking may keep more steps (see ConcurrentBookmarkCheckTests); the
        // two-step repro is what it prints on an idle machine.
        if result.failure?.stepCount == 2 {
            #expect(printed.prefix(Self.pasted.count).map(Self.elidingArguments) == Self.pasted.map(Self.elidingArguments), "\(result)")
            #expect(printed.dropFirst(Self.pasted.count).allSatisfy { $0.hasPrefix("//") }, "\(result)")
        }
        var duplicated = 0
        for _ in 0..<20 {
            let store: any BookmarkStore = RacyBookmarks()
            // Pasted from the report:
            let gate = TaskGate(tasks: 2)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    await gate.arriveAndWait()
                    _ = try await store.add("https://a.example", tags: ["news"])
                }
                group.addTask {
                    await gate.arriveAndWait()
                    _ = try await store.add("https://a.example", tags: ["news"])
                }
                try await group.waitForAll()
            }
            // then observed: returned [Bookmark("https://a.example", tags: ["news"]), Bookmark("https://a.example", tags: ["news"])]
            let all = try await store.all()
            #expect(all.allSatisfy { $0 == Bookmark(url: "https://a.example", tags: ["news"]) } && (1...2).contains(all.count))
            if all.count == 2 { duplicated += 1 }
        }
        // The gate is what makes the race show (without it, 0 of 200 runs on an idle machine; with it, 200).
        #expect(duplicated >= 1, "the race showed in \(duplicated) of 20 runs")
        // The same lines on the model never duplicate: whichever add goes second replaces the first.
        let model: any BookmarkStore = InMemoryBookmarks()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { _ = try await model.add("https://a.example", tags: ["news"]) }
            group.addTask { _ = try await model.add("https://a.example", tags: ["news"]) }
            try await group.waitForAll()
        }
        #expect(try await model.all() == [Bookmark(url: "https://a.example", tags: ["news"])])
    }

    @Test("the prefix (when shrinking kept one) prints before the gate and the task group; a call the subject threw prints with try?")
    func prefixAndThrows() async throws {
        // Seed 5 shrinks to an add in the prefix, then a rename and an add racing.
        let result = await ConcurrentBookmarkCheckTests.check({ RacyBookmarks() }, seed: 5)
        let failure = try #require(result.failure, "\(result)")
        let printed = try #require(result.swiftLines)
        #expect(printed.prefix(failure.prefix.count) == failure.prefix.map { "_ = \($0.threw ? "try?" : "try") await \($0.swift)" }[...])
        #expect(Array(printed.dropFirst(failure.prefix.count).prefix(2)) == [
            "let gate = TaskGate(tasks: \(failure.tasks.count))", "try await withThrowingTaskGroup(of: Void.self) { group in",
        ], "\(result)")
        for call in failure.tasks.flatMap({ $0 }) {
            #expect(printed.contains("        _ = \(call.threw ? "try?" : "try") await \(call.swift)"), "\(result)")
        }
    }
}
