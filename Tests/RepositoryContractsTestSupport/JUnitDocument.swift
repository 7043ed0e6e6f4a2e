import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A JUnit XML report parsed with Foundation's XML parser and checked against the rules CI services
/// read (GitHub Actions test reporters, GitLab, Jenkins): what the tests of the CI reports assert on.
package struct JUnitDocument {
    /// One `<testcase>`.
    package struct Case: Equatable {
        package var classname: String
        package var name: String
        package var time: String
        /// `passed`, `failure`, `error` or `skipped`: the child that says how it ended.
        package var outcome: String
        /// That child's `message` attribute.
        package var message: String?
        /// That child's `type` attribute.
        package var type: String?
        /// That child's text.
        package var text: String
        /// Its `<system-out>`.
        package var output: String?
        /// Its properties, by name.
        package var properties: [String: String]
    }

    /// One `<testsuite>`.
    package struct Suite {
        package var attributes: [String: String]
        package var properties: [String: String]
        package var cases: [Case]
        package var name: String { attributes["name"] ?? "" }
    }

    /// The root's attributes.
    package var attributes: [String: String]
    /// The suites, in document order.
    package var suites: [Suite]
    /// Every rule the document breaks, one line each; empty for a valid report.
    package var problems: [String]

    /// Parses `xml` (a document that is not well-formed throws) and checks it.
    package init(_ xml: String) throws {
        #if canImport(FoundationXML) || os(macOS)
        // XMLDocument recovers from some errors on Linux (an unescaped `&` only prints a warning); the
        // streaming parser stops at the first, as CI services' parsers do.
        let parser = XMLParser(data: Data(xml.utf8))
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.propertyListReadCorrupt) }
        let document = try XMLDocument(data: Data(xml.utf8), options: [])
        guard let root = document.rootElement() else { throw CocoaError(.propertyListReadCorrupt) }
        attributes = Self.attributes(of: root)
        var problems: [String] = []
        if root.name != "testsuites" { problems.append("the root is <\(root.name ?? "")>, not <testsuites>") }
        var suites: [Suite] = []
        for element in Self.children(of: root) {
            guard element.name == "testsuite" else {
                problems.append("<testsuites> has a <\(element.name ?? "")> child")
                continue
            }
            suites.append(Self.suite(element, problems: &problems))
        }
        self.suites = suites
        let totals = suites.map(\.attributes)
        for key in ["tests", "failures", "errors", "skipped"] {
            let sum = totals.compactMap { $0[key].flatMap(Int.init) }.reduce(0, +)
            if attributes[key] != String(sum) { problems.append("<testsuites \(key)=\"\(attributes[key] ?? "")\">, its suites say \(sum)") }
        }
        Self.checkTime(attributes["time"], of: "<testsuites>", problems: &problems)
        self.problems = problems
        #else
        throw CocoaError(.featureUnsupported)
        #endif
    }

    /// Every case of every suite.
    package var cases: [Case] { suites.flatMap(\.cases) }

    #if canImport(FoundationXML) || os(macOS)
    private static func suite(_ element: XMLElement, problems: inout [String]) -> Suite {
        let attributes = attributes(of: element)
        let name = attributes["name"] ?? ""
        if name.isEmpty { problems.append("a <testsuite> has no name") }
        var properties: [String: String] = [:]
        var cases: [Case] = []
        for child in children(of: element) {
            switch child.name {
            case "properties": properties = Self.properties(child)
            case "testcase": cases.append(testCase(child, in: name, problems: &problems))
            case "system-out", "system-err": break
            default: problems.append("<testsuite \(name)> has a <\(child.name ?? "")> child")
            }
        }
        let counts = [
            ("tests", cases.count), ("failures", cases.filter { $0.outcome == "failure" }.count),
            ("errors", cases.filter { $0.outcome == "error" }.count), ("skipped", cases.filter { $0.outcome == "skipped" }.count),
        ]
        for (key, count) in counts where attributes[key] != String(count) {
            problems.append("<testsuite \(name)> says \(key)=\"\(attributes[key] ?? "")\", its cases say \(count)")
        }
        checkTime(attributes["time"], of: "<testsuite \(name)>", problems: &problems)
        if let timestamp = attributes["timestamp"],
            timestamp.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$"#, options: .regularExpression) == nil
        {
            problems.append("<testsuite \(name)> has timestamp \"\(timestamp)\"")
        }
        let names = cases.map { "\($0.classname) \($0.name)" }
        if Set(names).count != names.count { problems.append("<testsuite \(name)> repeats a test case's name") }
        let sum = cases.compactMap { Double($0.time) }.reduce(0, +)
        if let time = attributes["time"].flatMap(Double.init), abs(time - sum) > 0.0005 {
            problems.append("<testsuite \(name)> says time=\"\(time)\", its cases add up to \(sum)")
        }
        return Suite(attributes: attributes, properties: properties, cases: cases)
    }

    private static func testCase(_ element: XMLElement, in suite: String, problems: inout [String]) -> Case {
        let attributes = attributes(of: element)
        let place = "<testcase \(attributes["name"] ?? "")> of \(suite)"
        var result = Case(
            classname: attributes["classname"] ?? "", name: attributes["name"] ?? "", time: attributes["time"] ?? "",
            outcome: "passed", message: nil, type: nil, text: "", output: nil, properties: [:])
        if result.classname.isEmpty || result.name.isEmpty { problems.append("\(place) lacks a classname or a name") }
        checkTime(attributes["time"], of: place, problems: &problems)
        var outcomes = 0
        for child in children(of: element) {
            switch child.name {
            case "failure", "error", "skipped":
                outcomes += 1
                let childAttributes = Self.attributes(of: child)
                result.outcome = child.name!
                result.message = childAttributes["message"]
                result.type = childAttributes["type"]
                result.text = child.stringValue ?? ""
                if child.name != "skipped", result.message == nil || result.type == nil {
                    problems.append("\(place): <\(child.name!)> lacks a message or a type")
                }
            case "properties": result.properties = properties(child)
            case "system-out": result.output = child.stringValue
            case "system-err": break
            default: problems.append("\(place) has a <\(child.name ?? "")> child")
            }
        }
        if outcomes > 1 { problems.append("\(place) has \(outcomes) outcomes") }
        return result
    }

    private static func properties(_ element: XMLElement) -> [String: String] {
        var result: [String: String] = [:]
        for property in children(of: element) where property.name == "property" {
            let attributes = attributes(of: property)
            if let name = attributes["name"] { result[name] = attributes["value"] ?? "" }
        }
        return result
    }

    private static func checkTime(_ time: String?, of place: String, problems: inout [String]) {
        guard let time, time.range(of: #"^\d+(\.\d+)?$"#, options: .regularExpression) != nil else {
            problems.append("\(place) has time \"\(time ?? "(none)")\", not a non-negative decimal")
            return
        }
    }

    private static func children(of element: XMLElement) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }
    }

    private static func attributes(of element: XMLElement) -> [String: String] {
        var result: [String: String] = [:]
        for attribute in element.attributes ?? [] {
            if let name = attribute.name { result[name] = attribute.stringValue ?? "" }
        }
        return result
    }
    #endif
}
