import BrokenExamples
import Foundation
import RepositoryContracts
import RepositoryContractsPrimitives
import Testing
import TodoExample

/// A falsified model-based check attaches its whole report, and a falsified parallel or concurrent one
/// its failing run as a picture; nothing attached holds a credential.
@Suite("Attachments of a falsified model-based check")
struct ModelCheckAttachmentTests {
    /// The attachments `body` records; its issues are expected (a falsified check) unless `passes`.
    static func attachments(passes: Bool = false, _ body: @escaping @Sendable () async -> Void) async -> [FailureAttachment] {
        let captured = Protected<[FailureAttachment]>([])
        let capturing = { @Sendable in
            await FailureAttachment.$capture.withValue(FailureAttachment.Capture { attachment in captured.withLock { $0.append(attachment) } }) { await body() }
        }
        if passes { await capturing() } else { await withKnownIssue { await capturing() } }
        return captured.withLock { $0 }
    }

    @Test("a falsified parallel check attaches the report as text and the failing run as SVG, named by conformer and seed")
    func parallel() async throws {
        let attachments = await Self.attachments {
            await RaceBugs.checkThenActCreate.verifyModel(factory: ExampleContracts.todoFactory, seed: 11)
        }
        #expect(attachments.map(\.name) == ["model-check check-then-act-create 0x000000000000000b.txt",
                                            "model-check check-then-act-create 0x000000000000000b timeline.svg"])
        #expect(attachments.first?.text.contains("parallel plan") == true)
        let svg = try #require(attachments.last?.text)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg") && svg.contains("task 2"))
    }

    @Test("a falsified sequential check attaches the report only; a passing one nothing")
    func sequential() async throws {
        let attachments = await Self.attachments {
            await ModelCheckFamilyBug.staleUpdateAccepted.conformance.verifyModel(factory: NoteContracts.factory, seed: 0x45)
        }
        #expect(attachments.count == 1 && attachments.first?.name.hasSuffix(".txt") == true, "\(attachments.map(\.name))")
        let passing = await Self.attachments(passes: true) {
            await ExampleContracts.inMemory.verifyModel(factory: ExampleContracts.todoFactory, runs: 5, seed: 1)
        }
        #expect(passing.isEmpty)
    }

    @Test("a credential in the values a parallel check's calls sent and got back is redacted in both attachments")
    func redacted() async throws {
        let token = "ghp_" + "R8t2Wq9ZkP4xN7mL3vB6yC1dF5hJ0aS2eU9o"
        let factory = EntityFactory<Todo>(make: { Todo(id: $0, title: "\(token)\($0)") }, mutate: { $0.toggled() }, identity: \.id)
        let attachments = await Self.attachments { await RaceBugs.checkThenActCreate.verifyModel(factory: factory, seed: 11) }
        try #require(attachments.count == 2)
        for attachment in attachments {
            #expect(!attachment.text.contains("R8t2Wq9ZkP4xN7mL3vB6yC1dF5hJ0aS2eU9o"), "\(attachment.name)")
        }
        #expect(attachments.first?.text.contains("REDACTED") == true)
        // The chart's texts are redacted one by one before it is drawn.
        let chart = TimelineChart(
            title: "leaky", lanes: ["before/after", "task 1"],
            bars: [.init(lane: 1, invocation: 0, response: 1, call: "create(k1) \(token)", result: "returned Bearer \(token)")],
            notes: ["token=\(token)"])
        let svg = FailureAttachment(chart: chart, named: "leaky.svg").text
        #expect(!svg.contains("R8t2Wq9ZkP4xN7mL3vB6yC1dF5hJ0aS2eU9o") && svg.contains("REDACTED") && svg.contains("create(k1)"), "\(svg)")
    }

    /// A counter whose increment reads, hops to another actor, then writes: concurrent increments lose one.
    actor RacyCounter {
        private var value = 0
        private let disk = Disk()
        actor Disk { func write() {} }

        func increment() async {
            let read = value
            await disk.write()
            value = read + 1
        }

        func current() -> Int { value }
    }

    static let counterOperations: [ProtocolOperation<RacyCounter>] = [
        .init("increment()", call: { await $0.increment() }, swift: "await store.increment()"),
        .init("current()", call: { await $0.current() }, swift: "await store.current()"),
    ]

    @Test("a falsified concurrent check records its report and attaches it with the timeline; a passing one records nothing")
    func concurrent() async throws {
        let attachments = await Self.attachments {
            let result = await ProtocolModelCheck.checkConcurrently(
                model: { RacyCounter() }, subject: { RacyCounter() }, operations: Self.counterOperations,
                observe: { await $0.current() }, seed: 7)
            result.recordIssueIfFalsified()
        }
        #expect(attachments.map(\.name) == ["concurrent model check 0x0000000000000007.txt",
                                            "concurrent model check 0x0000000000000007 timeline.svg"])
        #expect(attachments.last?.text.contains("task 1") == true)
    }
}
