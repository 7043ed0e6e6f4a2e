import MockTimeTesting
import Testing

@testable import MockTime

/// The census that lets a clock see plain tasks of its scope end: it counts `Task { … }` (and tasks
/// such tasks start) while they live, and not `async let`, task-group children, detached tasks or the
/// clock's own helpers.
@Suite("Mock time: the census of a scope's plain tasks", .mockClock)
struct TaskCensusTests {
    @Test("a plain task counts while it lives; async let, group children and detached tasks do not")
    func counts() async {
        let census = MockClock.current.census!
        #expect(census.liveTasks == 0)
        let gate = AsyncStream<Void>.makeStream()
        let plain = Task { for await _ in gate.stream {} }
        #expect(census.liveTasks == 1)
        let (created, creating) = AsyncStream<Void>.makeStream()
        let nested = Task {
            let inner = Task { for await _ in gate.stream {} }
            creating.yield()
            await inner.value
        }
        for await _ in created { break }
        let detached = Task.detached { for await _ in gate.stream {} }
        async let child: Void = { for await _ in gate.stream {} }()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in gate.stream {} }
            #expect(census.liveTasks == 3, "the plain task, the nested one and its inner task")
            gate.continuation.finish()
        }
        await child
        await plain.value
        await nested.value
        await detached.value
        #expect(census.liveTasks == 0)
    }

    @MainActor @Test("the same under the main actor: the test body itself is not counted")
    func mainActorBody() async {
        #expect(MockClock.current.census!.liveTasks == 0)
        let task = Task { 1 }
        _ = await task.value
        #expect(MockClock.current.census!.liveTasks == 0)
    }

    @Test("a clock made inside the scope shares its census; one made outside any scope has none")
    func clocksMadeInsideAndOutside() async {
        #expect(MockClock().census === MockClock.current.census)
        #expect(await Task.detached { MockClock().census }.value == nil)
    }
}
