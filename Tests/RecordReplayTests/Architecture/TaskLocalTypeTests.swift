import Foundation
import Testing

/// Every `@TaskLocal` value the package declares has a nominal type (a struct, a class, an array, a
/// tuple), never a function type: binding a task-local value of a function type, optional or not, crashes
/// an optimized build in `swift_task_localValuePush` (Swift 6.3.1; swiftlang/swift#88321), and users can
/// build their tests with `-c release`. `.ci/consumer-release` runs the traits that bind them in such a
/// build; this catches a new declaration at once, in the debug build, where the crash does not show.
@Suite("Task-local values: no function types")
struct TaskLocalTypeTests {
    private static var sourcesFolder: URL { PackageTree.root.appendingPathComponent("Sources") }

    /// `file:line: declaration` for each `@TaskLocal` declaration in `source` whose type is a function type.
    static func functionTypedTaskLocals(in source: String, file: String) -> [String] {
        var found: [String] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let attribute = line.range(of: "@TaskLocal") else { continue }
            let declaration = line[attribute.upperBound...]
            guard let colon = declaration.firstIndex(of: ":") else { continue }  // type inferred from its value
            var type = Substring(declaration[declaration.index(after: colon)...])
            if let equals = type.firstIndexAtDepthZero(of: "=") { type = type[..<equals] }
            if isFunctionType(type) {
                found.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// Whether `type` is a function type, also wrapped in an optional: an arrow outside every bracket once
    /// the optional's `?` and parentheses are taken off. (`[() -> Int]` is an array, `(Int, String)` a tuple.)
    static func isFunctionType(_ type: Substring) -> Bool {
        var type = type.trimmingCharacters(in: .whitespaces)[...]
        while type.hasSuffix("?") || type.hasSuffix("!") { type = type.dropLast() }
        if type.hasPrefix("("), type.hasSuffix(")"), type.dropFirst().firstIndexAtDepthZero(of: ")") == type.index(before: type.endIndex) {
            type = type.dropFirst().dropLast()
        }
        return type.firstIndexAtDepthZero(of: "-", followedBy: ">") != nil
    }

    @Test("no task-local value in Sources has a function type")
    func sourcesDeclareNone() throws {
        let enumerator = try #require(FileManager.default.enumerator(at: Self.sourcesFolder, includingPropertiesForKeys: nil))
        var declarations = 0
        var functionTyped: [String] = []
        let attribute = Data("@TaskLocal".utf8)
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let bytes = try Data(contentsOf: url)
            guard bytes.range(of: attribute) != nil else { continue }
            let source = String(decoding: bytes, as: UTF8.self)
            declarations += source.components(separatedBy: "@TaskLocal").count - 1
            functionTyped += Self.functionTypedTaskLocals(in: source, file: url.path)
        }
        try #require(declarations >= 10, "read \(declarations) @TaskLocal declarations under \(Self.sourcesFolder.path)")
        #expect(
            functionTyped.isEmpty,
            "wrap the function in a struct (see MockClock.ProblemReporter): an optimized build crashes binding it\n\(functionTyped.joined(separator: "\n"))")
    }

    @Test("the check finds function types, optional or not, and leaves arrays of functions, tuples and structs")
    func checkTellsThemApart() {
        let source = """
            @TaskLocal package static var problemReporter: (@Sendable (_ message: String, _ isWarning: Bool) -> Void)?
            @TaskLocal static var plain: @Sendable () -> Int = { 1 }
            @TaskLocal static var sources: [@Sendable () -> UInt64] = [{ 0 }]
            @TaskLocal static var pair: (Int, String)?
            @TaskLocal package static var capture: Capture?
            @TaskLocal package static var current = ResetGate.always
            """
        let found = Self.functionTypedTaskLocals(in: source, file: "Example.swift")
        #expect(found.map { $0.prefix(16) } == ["Example.swift:1:", "Example.swift:2:"], "\(found)")
    }
}

extension StringProtocol {
    /// The first `character` outside every pair of brackets (`()`, `[]`, `<>` and `{}`), followed by
    /// `next` when given.
    fileprivate func firstIndexAtDepthZero(of character: Character, followedBy next: Character? = nil) -> Index? {
        var depth = 0
        var index = startIndex
        while index < endIndex {
            let current = self[index]
            let following = self.index(after: index)
            if depth == 0, current == character, next == nil || (following < endIndex && self[following] == next) {
                return index
            }
            switch current {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "<": depth += 1
            case ">": if index > startIndex, self[self.index(before: index)] == "-" { break } else { depth -= 1 }
            default: break
            }
            index = following
        }
        return nil
    }
}
