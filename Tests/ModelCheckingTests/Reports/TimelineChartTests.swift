import Foundation
import ModelChecking
import Testing
import BrokenExamples
import TodoExample
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The failing parallel run as a picture: well-formed SVG, a lane per task, a bar per call where its
/// ticks are, its full text as a tooltip.
@Suite("Timeline chart of a failing parallel run")
struct TimelineChartTests {
    static func document(_ svg: String) throws -> XMLDocument {
        try XMLDocument(data: Data(svg.utf8), options: [])
    }

    /// The `<g>` elements of the bars, in document order.
    static func bars(in document: XMLDocument) throws -> [XMLElement] {
        try document.nodes(forXPath: "//*[local-name()='g']").compactMap { $0 as? XMLElement }
    }

    /// The integer value of the attribute `name` (read from the list: FoundationXML's `attribute(forName:)`
    /// finds nothing in a document with a default namespace).
    static func attribute(_ name: String, of element: XMLElement?) -> Int? {
        element?.attributes?.first { $0.name == name }?.stringValue.flatMap { Int($0) }
    }

    @Test("a chart made by hand: one bar per call, at its ticks, its text escaped and whole in the tooltip; overlapping calls overlap")
    func handMade() throws {
        let chart = TimelineChart(
            title: "racy <store> & co", lanes: ["before/after", "task 1", "task 2"],
            bars: [
                .init(lane: 0, invocation: 0, response: 1, call: "create(k1) v1", result: "returned v1"),
                .init(lane: 1, invocation: 2, response: 5, call: "update(k1) \"v2\" <a&b>", result: "returned v2"),
                .init(lane: 2, invocation: 3, response: 4, call: "update(k1) v3", result: "threw conflict\u{1}"),
            ],
            notes: ["No order explains every response."])
        let document = try Self.document(chart.svg)
        #expect(document.rootElement()?.name == "svg")
        let bars = try Self.bars(in: document)
        #expect(bars.count == 3)
        let titles = bars.map { $0.elements(forName: "title").first?.stringValue ?? "" }
        #expect(titles[1] == "update(k1) \"v2\" <a&b> → returned v2 (ticks 2 to 5)")
        #expect(titles[2] == "update(k1) v3 → threw conflict\u{FFFD} (ticks 3 to 4)")
        let rects = bars.map { $0.elements(forName: "rect").first }
        for (bar, rect) in zip(chart.bars, rects) {
            #expect(Self.attribute("x", of: rect) == chart.x(of: bar.invocation))
            #expect(Self.attribute("width", of: rect) == chart.x(of: bar.response) - chart.x(of: bar.invocation))
            #expect(Self.attribute("y", of: rect) == chart.y(ofLane: bar.lane) + 6)
        }
        // Task 2's call (ticks 3–4) lies inside task 1's (2–5): they overlap on the x axis.
        let first = try #require(Self.attribute("x", of: rects[1])), second = try #require(Self.attribute("x", of: rects[2]))
        #expect(first < second && second < first + (Self.attribute("width", of: rects[1]) ?? 0))
        #expect(chart.svg.contains("racy &lt;store&gt; &amp; co") && chart.svg.contains("No order explains every response."))
    }

    @Test("notes wrap at spaces and the picture is wide enough for its longest line")
    func notesWrap() throws {
        let note = (1...40).map { "word\($0)" }.joined(separator: " ")
        let chart = TimelineChart(title: "t", lanes: ["before/after"],
                                  bars: [.init(lane: 0, invocation: 0, response: 1, call: "c", result: "r")], notes: [note])
        let svg = try Self.document(chart.svg)
        let texts = try svg.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        let wrapped = texts.filter { $0.hasPrefix("word") }
        #expect(wrapped.count > 1 && wrapped.joined(separator: " ") == note, "\(wrapped)")
        let width = try #require(Self.attribute("width", of: svg.rootElement()))
        #expect(wrapped.allSatisfy { Double($0.count) * 7.3 <= Double(width) }, "width \(width)")
    }

    @Test("a long label is cut to its bar and ends in …; the tooltip keeps it whole")
    func longLabels() throws {
        let long = "update(k1) " + String(repeating: "x", count: 200)
        let chart = TimelineChart(title: "t", lanes: ["before/after", "task 1"],
                                  bars: [.init(lane: 1, invocation: 0, response: 1, call: long, result: "returned")], notes: [])
        let bar = try #require(try Self.bars(in: Self.document(chart.svg)).first)
        let texts = bar.elements(forName: "text").compactMap(\.stringValue)
        #expect(texts.first?.hasSuffix("…") == true && (texts.first?.count ?? 0) < 20)
        #expect(bar.elements(forName: "title").first?.stringValue?.contains(long) == true)
    }

    @Test("the failing run of a falsified parallel check: a lane per task, a bar per call of its history, the replay line")
    func fromParallelCheck() async throws {
        let result = await ModelCheck.check(RaceBugs.checkThenActCreate, factory: ExampleContracts.todoFactory, seed: 11)
        let failure = try #require(result.parallel?.failure)
        let chart = try #require(result.timelineChart)
        let tasks = failure.outcome.history.map(\.task).max() ?? 0
        #expect(chart.lanes.count == tasks + 1 && chart.bars.count == failure.outcome.history.count)
        #expect(chart.notes.last?.hasPrefix("Replays exactly: the tasks ran on a seeded scheduler") == true, "\(chart.notes)")
        let bars = try Self.bars(in: Self.document(chart.svg))
        #expect(bars.count == failure.outcome.history.count)
        let correct = await ModelCheck.check(RaceBugs.locked, factory: ExampleContracts.todoFactory, seed: 11)
        #expect(correct.passed && correct.timelineChart == nil)
    }
}
