import ContractEngine
import Foundation
import ModelChecking
import Testing

/// Edge values derived around a `Codable` sample: what each kind of sample gives, the settings, the
/// names a repro makes them again by, and how a draw chooses among them.
@Suite("Edge values derived around a Codable sample")
struct EdgeValueDrawTests {
    @Test("a String sample gives the empty, padded, long, emoji, right-to-left, NUL, quoted and multi-line strings, at the root")
    func stringSample() {
        let values = EdgeCases.derived.values(around: "Groceries")
        #expect(values.map(\.name) == [
            "$: empty", "$: whitespace-padded", "$: 320 characters with combining marks", "$: emoji ZWJ sequences",
            "$: right-to-left", "$: NUL", "$: quotes", "$: newlines",
        ])
        #expect(values.allSatisfy { $0.path == "$" && !$0.isChange && $0.value != "Groceries" })
        #expect(values[0].value == "" && values[1].value == "  Groceries \t" && values[5].value == "before\u{0}after")
        #expect(values[2].value.count == 320)
    }

    @Test("the Swift a repro prints for each string edge value is a literal that makes it again")
    func stringLiterals() {
        let values = EdgeCases.derived.values(around: "Groceries").map(\.value).filter { $0.count < 100 }
        // Each literal as `swiftLiteral` prints it, pasted into this file.
        let pasted = [
            "", "  Groceries \t", "👩‍👩‍👧‍👦 👨🏽‍💻 🏳️‍🌈", "שלום עולם مرحبا بالعالم", "before\0after",
            "\"double\" \'single\' `back` \\ backslash", "line 1\nline 2\r\nline 3\n",
        ]
        #expect(values == pasted)
        #expect(values.map(\.swiftLiteral) == [
            #""""#, #""  Groceries \t""#, #""👩‍👩‍👧‍👦 👨🏽‍💻 🏳️‍🌈""#, #""שלום עולם مرحبا بالعالم""#, #""before\0after""#,
            #""\"double\" \'single\' `back` \\ backslash""#, #""line 1\nline 2\r\nline 3\n""#,
        ])
        let combining = EdgeCases.derived.values(around: "Groceries")[2].value
        #expect(combining.swiftLiteral == "\"" + combining + "\"")
    }

    @Test("an Int sample gives 0, -1 and the extremes; a narrower integer its own extremes")
    func integerSamples() {
        #expect(EdgeCases.derived.values(around: 3).map(\.value) == [0, -1, Int.max, Int.min])
        #expect(EdgeCases.derived.values(around: 3).map(\.name) == [
            "$: 0", "$: -1", "$: largest value the type decodes", "$: most negative value the type decodes",
        ])
        #expect(EdgeCases.derived.values(around: Int8(3)).map(\.value) == [0, -1, 127, -128])
        #expect(EdgeCases.derived.values(around: UInt8(3)).map(\.value) == [0, 255])
    }

    @Test("a struct sample gives each field's edge values, the other fields kept")
    func structSample() {
        let values = EdgeCases.derived.values(around: Draft.sample)
        let titles = values.filter { $0.path == "$.title" }, words = values.filter { $0.path == "$.words" }
        #expect(titles.map(\.name) == EdgeCases.derived.values(around: "Groceries").map { "$.title: " + $0.name.dropFirst(3) })
        #expect(titles.allSatisfy { $0.value.words == 3 })
        #expect(words.map(\.value.words) == [0, -1, Int.max, Int.min] && words.allSatisfy { $0.value.title == "Groceries" })
        #expect(titles.count + words.count == values.count)
    }

    @Test("plain changes are not edge values: a Bool derives none, an optional left nil none, a present one nil")
    func changesLeftOut() {
        #expect(EdgeCases.derived.values(around: true).isEmpty)
        let absent: Int? = nil
        #expect(EdgeCases.derived.values(around: absent).isEmpty)
        #expect(EdgeCases.derived.values(around: [Draft.sample]).map(\.name).contains("$: empty"))
    }

    @Test("exclusions and added values apply; derivation off gives none")
    func settingsApply() throws {
        let settings = EdgeCases.derived(adding: ["Robert'); DROP TABLE drafts;--"])
            .excluding(.nulInText, because: "the store refuses NUL").excluding(.named("$: empty"), because: "required")
        let names = settings.values(around: "Groceries").map(\.name)
        #expect(!names.contains("$: NUL") && !names.contains("$: empty") && names.contains("$: added string 1"), "\(names)")
        #expect(throws: EdgeCaseNotFound.self) { try settings.value("$: NUL", around: "Groceries") }
        #expect(EdgeCases.off.values(around: "Groceries").isEmpty)
    }

    @Test("every edge value is made again by its name; an unknown name throws, naming the known ones")
    func namesRoundTrip() throws {
        for edge in EdgeCases.derived.values(around: Draft.sample) {
            #expect(try EdgeCases.derived.value(edge.name, around: Draft.sample) == edge.value)
        }
        let error = try #require(throws: EdgeCaseNotFound.self) { try EdgeCases.derived.value("$.title: shouting", around: Draft.sample) }
        #expect(error.name == "$.title: shouting" && error.known.contains("$.title: empty"))
        #expect(error.description.contains("around the sample") && error.description.contains("$.title: empty"), "\(error)")
    }

    @Test("choice 0 draws the sample itself; choice k the k-th edge value; a choice past the end the last")
    func choices() {
        let values = EdgeCases.derived.values(around: "Groceries").map(\.value)
        var first = Draw(replaying: [0])
        #expect(first.edgeValue(around: "Groceries") == "Groceries" && first.choices == [0])
        for (index, value) in values.enumerated() {
            var draw = Draw(replaying: [index + 1])
            #expect(draw.edgeValue(around: "Groceries") == value)
        }
        var past = Draw(replaying: [99])
        #expect(past.edgeValue(around: "Groceries") == values.last && past.choices == [values.count])
        var named = Draw(replaying: [6])
        #expect(named.edgeCase(around: "Groceries")?.name == "$: NUL")
        var plain = Draw(replaying: [0])
        #expect(plain.edgeCase(around: Draft.sample) == nil)
    }

    @Test("a sample that does not encode, or derives nothing, is drawn as it is, with no choice made")
    func nothingDerived() {
        var nan = Draw(replaying: [3])
        #expect(nan.edgeValue(around: Double.nan).isNaN && nan.choices.isEmpty)
        var flag = Draw(replaying: [1])
        #expect(flag.edgeValue(around: false) == false && flag.choices.isEmpty)
        var off = Draw(replaying: [1])
        #expect(off.edgeValue(around: "Groceries", in: .off) == "Groceries" && off.choices.isEmpty)
    }

    @Test("draws under other settings are derived under those settings, not served from another's cache")
    func cacheKeyedBySettings() {
        var all = Draw(replaying: [6]), excluding = Draw(replaying: [6])
        #expect(all.edgeValue(around: "Groceries") == "before\u{0}after")
        #expect(excluding.edgeValue(around: "Groceries", in: .excluding(.nulInText, because: "refused")) == "\"double\" \'single\' `back` \\ backslash")
        var other = Draw(replaying: [1])
        #expect(other.edgeValue(around: "Notes") == "" && other.choices == [1])
        var padded = Draw(replaying: [2])
        #expect(padded.edgeValue(around: "Notes") == "  Notes \t")
    }
}
