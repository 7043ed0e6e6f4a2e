import Foundation
import Testing

/// Every snippet of README.md and of every catalogue's articles defines the types it uses, or the article
/// says where they are defined (``SnippetNames`` says what counts, and its limits).
@Suite("Documentation: every snippet defines what it uses or says where it is defined")
struct SnippetNamesTests {
    @Test("each article's snippets use only public API, platform names, their own declarations and explained names")
    func everyArticle() throws {
        let root = ReadmeExampleTests.root
        let checker = try SnippetNames(root: root)
        let articles = try SnippetNames.articles(root: root)
        #expect(articles.count >= 30, "found only \(articles.map(\.path))")
        #expect(checker.publicNames.contains("Contract") && checker.exampleNames.contains("InMemoryTodoRepository"))
        for (path, text) in articles {
            let findings = checker.undefinedNames(in: text)
            #expect(findings.isEmpty, """
                \(path) uses names a reader cannot see defined: \(findings.map(\.description).joined(separator: ", ")). \
                Declare each in a snippet, or say right after the snippet what it is with a <doc:…> link, its \
                path (`Tests/…`, `Sources/…`) or its module.
                """)
        }
    }

    @Test("the checker finds an undefined type, and accepts it once declared or explained")
    func checkerCanFail() {
        let checker = SnippetNames(publicNames: ["Conformance"], exampleNames: ["Todo"], moduleNames: ["TodoExample"])
        let fence = "```"
        let undefined = """
            # An article

            \(fence)swift
            let widgets = Conformance("widgets") { WidgetStore(capacity: 3) }
            let names: [Gadget] = []   // Sprocket( in a comment is not a use
            print("Cog(\\(1)) in a string is not a use")
            \(fence)

            That stores widgets.
            """
        #expect(checker.undefinedNames(in: undefined) == [.init(snippet: 1, name: "Gadget"), .init(snippet: 1, name: "WidgetStore")])

        let declared = undefined + "\n\n\(fence)swift\nstruct WidgetStore { let capacity: Int }\nenum Gadget {}\n\(fence)\n"
        #expect(checker.undefinedNames(in: declared).isEmpty)

        let explained = undefined.replacingOccurrences(
            of: "That stores widgets.",
            with: "`WidgetStore` and `Gadget` are the example's own, in `Tests/Widgets/WidgetStore.swift`.")
        #expect(checker.undefinedNames(in: explained).isEmpty)

        // Named without saying where: not enough.
        let unexplained = undefined.replacingOccurrences(of: "That stores widgets.", with: "`WidgetStore` stores widgets.")
        #expect(checker.undefinedNames(in: unexplained).map(\.name) == ["Gadget", "WidgetStore"])

        // An example type counts only where the article names the example target.
        let example = "\(fence)swift\nlet todo = Todo(id: 1)\n\(fence)\n"
        #expect(checker.undefinedNames(in: example) == [.init(snippet: 1, name: "Todo")])
        #expect(checker.undefinedNames(in: example + "\nFrom `TodoExample`.\n").isEmpty)
    }
}
