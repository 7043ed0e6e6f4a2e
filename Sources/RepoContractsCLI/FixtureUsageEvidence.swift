#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation

/// What `status` knows about which fixtures the tests use: the usage log of the last test run (the
/// fixture files stub servers loaded), and the text of the test sources (the names they mention).
struct FixtureUsageEvidence: Sendable {
    /// The usage log read, if any: its path as given and the absolute paths it lists.
    var log: (path: String, loaded: Set<String>)?
    /// The Swift files read under the tests folder, and their text.
    var testSources: [String]
    /// The tests folder as given, when it exists.
    var testsFolder: String?

    /// Reads the usage log at `logPath` (when it exists) and every `.swift` file under `testsFolder`.
    static func gather(logPath: String?, testsFolder: String) -> FixtureUsageEvidence {
        var log: (path: String, loaded: Set<String>)?
        if let logPath, let text = try? String(contentsOfFile: logPath, encoding: .utf8) {
            let lines = text.split(separator: "\n").map { canonicalPath(String($0)) }
            log = (logPath, Set(lines))
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: testsFolder, isDirectory: &isFolder), isFolder.boolValue else {
            return FixtureUsageEvidence(log: log, testSources: [], testsFolder: nil)
        }
        let files = FileManager.default.enumerator(at: URL(fileURLWithPath: testsFolder), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let sources = files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        return FixtureUsageEvidence(log: log, testSources: sources, testsFolder: testsFolder)
    }

    /// `path` absolute, standardized and with symbolic links resolved: how log lines and fixture files
    /// are compared.
    static func canonicalPath(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteURL.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether the last test run loaded the fixture at `path`; `nil` without a usage log.
    func isLoaded(_ path: String) -> Bool? {
        log.map { $0.loaded.contains(Self.canonicalPath(path)) }
    }

    /// Whether a test source names the fixture `relativePath` (relative to the fixtures folder): its path,
    /// its file name, or its name without extension as a whole word (a test function's name).
    func isReferenced(_ relativePath: String) -> Bool {
        let fileName = (relativePath as NSString).lastPathComponent
        let stem = (fileName as NSString).deletingPathExtension
        return testSources.contains { source in
            source.contains(relativePath) || source.contains(fileName) || Self.containsWord(stem, in: source)
        }
    }

    /// Whether a test source names the folder `relativeFolder` (`"Todos"` or `Todos/…` in a string): how
    /// the `.stubServer(fixtures:)` trait and contract clauses reach fixtures named by clause id.
    func isFolderReferenced(_ relativeFolder: String) -> Bool {
        guard !relativeFolder.isEmpty else { return false }
        return testSources.contains { $0.contains("\"\(relativeFolder)\"") || $0.contains("\"\(relativeFolder)/") }
    }

    /// Whether `word` occurs in `text` with no identifier character just before or after it.
    static func containsWord(_ word: String, in text: String) -> Bool {
        guard !word.isEmpty else { return false }
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: word, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !isIdentifierCharacter(before) && !isIdentifierCharacter(after) { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    private static func isIdentifierCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }
}
#endif
