import Foundation

/// Checks that every ```swift snippet of an article defines the types it uses, or that the article says
/// where they are defined: the rule "a snippet defines what it uses or links to where it is defined".
///
/// A name counts as a type use when it is `UpperCamelCase` and either followed by `(`, `.` or `<`
/// (`Todo(…)`, `ExampleContracts.inMemory`, `Conformance<…>`), or written where a type goes: after `:`,
/// `->`, `[`, `<`, `,`, `&`, `some`, `any`, `as`, `is`. It passes when it is
/// - public API of this package: the first component of a name in `.ci/api-baseline.txt`, or a module name
///   there;
/// - in `platformNames`: the standard library, Foundation, Swift Testing and XCTest names the articles use;
/// - declared in a snippet of the same article (`struct`, `class`, `actor`, `enum`, `protocol`,
///   `typealias`, `associatedtype`, `func`, or a generic parameter of one of those);
/// - a public type of the example target `TodoExample`, in an article that names `TodoExample`;
/// - or written in backticks in the paragraph right after a snippet of the article, when that paragraph
///   also links (`<doc:`), gives a path in the repository (backticked, from `Sources/`, `Tests/` or
///   `Contracts/`) or names a module of the package in backticks.
///
/// Its limits: it reads text, not Swift. Names in string literals and comments are ignored (so is a type
/// inside a string interpolation); lowerCamelCase free functions and values (`todos`, `fetchWithRetry`)
/// are not checked; a name declared or explained anywhere in the article counts for all its snippets,
/// and an explanation is trusted, not checked against the declaration it points to; a generic parameter's
/// constraint written inline (`<T: Foo, U>`) declares only `T` and `U`.
struct SnippetNames {
    /// A name a snippet uses that nothing defines: the snippet's number in its article (from 1) and the name.
    struct Finding: Hashable, CustomStringConvertible {
        let snippet: Int
        let name: String
        var description: String { "snippet \(snippet): \(name)" }
    }

    /// The standard library, Foundation, Swift Testing and XCTest names the articles use.
    static let platformNames: Set<String> = [
        // Swift
        "Any", "AnyObject", "Array", "AsyncStream", "AsyncThrowingStream", "Bool", "CancellationError", "Character",
        "Clock", "Codable", "Comparable", "ContinuousClock", "CustomStringConvertible", "Decodable", "Dictionary",
        "Double", "Duration", "Encodable", "Equatable", "Error", "Hashable", "Identifiable", "Int", "MainActor",
        "Never", "Optional", "Result", "Self", "Sendable", "Set", "String", "SuspendingClock", "Task", "UInt32",
        "Void",
        // Foundation
        "Bundle", "Data", "Date", "HTTPURLResponse", "JSONDecoder", "JSONEncoder", "JSONSerialization", "NSLock",
        "Predicate", "ProcessInfo", "URL", "URLRequest", "URLSession", "URLSessionConfiguration", "UUID",
        // Swift Testing
        "Issue", "SourceLocation", "Suite", "Tag", "Test", "Trait",
        // XCTest
        "XCTAssertEqual", "XCTAssertFalse", "XCTAssertTrue", "XCTestCase", "XCTFail", "XCTUnwrap", "XCUIApplication",
    ]

    /// The package's public names: the first component of each name in the API baseline, and its modules.
    let publicNames: Set<String>
    /// The public types of the example target `TodoExample`.
    let exampleNames: Set<String>
    /// The package's module names, which make a paragraph an explanation.
    let moduleNames: Set<String>

    init(publicNames: Set<String>, exampleNames: Set<String>, moduleNames: Set<String>) {
        self.publicNames = publicNames
        self.exampleNames = exampleNames
        self.moduleNames = moduleNames
    }

    /// The checker for this repository: `.ci/api-baseline.txt` and `Sources/TodoExample`.
    init(root: URL) throws {
        // The baseline: one symbol a line, tab-separated: module (`Module` or `Module@ExtendedModule`),
        // name (`Type.member(label:)`), USR, declaration.
        let baseline = try String(contentsOf: root.appendingPathComponent(".ci/api-baseline.txt"), encoding: .utf8)
        var names: Set<String> = []
        var modules: Set<String> = ["TodoExample", "ExampleSystems"]
        for line in baseline.split(separator: "\n") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 2 else { continue }
            modules.insert(String(columns[0].split(separator: "@")[0]))
            if let first = columns[1].split(whereSeparator: { ".(<".contains($0) }).first { names.insert(String(first)) }
        }
        var examples: Set<String> = []
        let folder = root.appendingPathComponent("Sources/TodoExample")
        for case let file as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
        where file.pathExtension == "swift" {
            let source = try String(contentsOf: file, encoding: .utf8)
            examples.formUnion(Self.matches(#"\bpublic\s+(?:final\s+)?(?:struct|class|actor|enum|protocol|typealias)\s+([A-Z]\w*)"#, in: source))
        }
        self.init(publicNames: names.union(modules), exampleNames: examples, moduleNames: modules)
    }

    /// README.md and every article of every catalogue (`*.docc` under `Sources` and `Contracts`), by path
    /// from `root`.
    static func articles(root: URL) throws -> [(path: String, text: String)] {
        var paths = ["README.md"]
        for top in ["Sources", "Contracts"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(top), includingPropertiesForKeys: nil)
            for case let file as URL in enumerator?.allObjects ?? [] where file.pathExtension == "md" && file.path.contains(".docc/") {
                paths.append(String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
            }
        }
        return try paths.sorted().map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The names the snippets of `article` use that nothing defines, in snippet order.
    func undefinedNames(in article: String) -> [Finding] {
        let snippets = Self.snippets(of: article)
        var defined = Self.platformNames.union(publicNames)
        if article.contains("TodoExample") { defined.formUnion(exampleNames) }
        for snippet in snippets {
            let code = Self.stripped(snippet.code)
            for declaration in Self.matchGroups(
                #"\b(?:struct|class|actor|enum|protocol|typealias|associatedtype|func)\s+([A-Za-z_]\w*)(?:\s*<([^>]*)>)?"#, in: code) {
                defined.insert(declaration[0])
                defined.formUnion(Self.matches(#"(?:^|,)\s*([A-Z]\w*)"#, in: declaration[1]))
            }
            if isExplanation(snippet.paragraph) { defined.formUnion(Self.matches(#"`([A-Z]\w*)"#, in: snippet.paragraph)) }
        }
        var findings: [Finding] = []
        for (index, snippet) in snippets.enumerated() {
            let used = Self.typeUses(in: Self.stripped(snippet.code))
            findings += used.subtracting(defined).sorted().map { Finding(snippet: index + 1, name: $0) }
        }
        return findings
    }

    /// Whether `paragraph` says where something is: a `<doc:` link, a backticked path in the repository, or
/// a module's name in backticks.
    func isExplanation(_ paragraph: String) -> Bool {
        paragraph.contains("<doc:") || !Self.matches(#"`((?:Sources|Tests|Contracts)/[^`\s]*)`"#, in: paragraph).isEmpty
            || Self.matches(#"`(\w+)`"#, in: paragraph).contains(where: moduleNames.contains)
    }

    /// The UpperCamelCase names `code` uses as types.
    static func typeUses(in code: String) -> Set<String> {
        Set(matches(#"(?<![\w.@#])([A-Z]\w*)(?=[(.<])"#, in: code))
            .union(matches(#"(?:(?:->|[:\[<,&])\s*|\b(?:some|any|as[?!]?|is)\s+)([A-Z]\w*)"#, in: code))
    }

    /// Each ```swift block of `article` with the paragraph after it (up to a blank line, a fence or a heading).
    static func snippets(of article: String) -> [(code: String, paragraph: String)] {
        let lines = article.components(separatedBy: "\n")
        var result: [(code: String, paragraph: String)] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```swift") else { index += 1; continue }
            var end = index + 1
            while end < lines.count, lines[end] != "```" { end += 1 }
            let code = lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n")
            var next = end + 1
            while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
            var paragraph: [String] = []
            while next < lines.count, !lines[next].trimmingCharacters(in: .whitespaces).isEmpty,
                  !lines[next].hasPrefix("```"), !lines[next].hasPrefix("#") {
                paragraph.append(lines[next])
                next += 1
            }
            result.append((code, paragraph.joined(separator: "\n")))
            index = end + 1
        }
        return result
    }

    /// `code` without its string literals and comments.
    static func stripped(_ code: String) -> String {
        var text = code
        for pattern in [##"#?"""[\s\S]*?"""#?"##, ##"#"(?:[^"\n]|"(?!#))*"#"##, #""(?:\\.|[^"\\\n])*""#, #"//[^\n]*"#] {
            text = text.replacingOccurrences(of: pattern, with: "\"\"", options: .regularExpression)
        }
        return text
    }

    /// The first capture group of each match of `pattern` in `text`.
    static func matches(_ pattern: String, in text: String) -> [String] {
        matchGroups(pattern, in: text).map { $0[0] }
    }

    /// The capture groups (an empty string for one that did not take part) of each match of `pattern`.
    static func matchGroups(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        let string = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: string.length)).map { match in
            (1..<match.numberOfRanges).map { group in
                let range = match.range(at: group)
                return range.location == NSNotFound ? "" : string.substring(with: range)
            }
        }
    }
}
