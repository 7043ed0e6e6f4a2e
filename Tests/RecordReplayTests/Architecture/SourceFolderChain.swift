import Foundation

/// The rule the folders of `Sources/RecordReplay` keep: each folder has a rank, and a file may mention
/// the types declared in its own folder and in folders of lower rank only; two folders of one rank do not
/// reach each other. Type names are found by a simple scan (comments and string literals left out), not
/// by the compiler: a declared name a lower folder mentions is reported with the file that mentions it.
struct SourceFolderChain {
    /// The folder a file directly in the module's folder belongs to.
    static let topLevel = "(top level)"

    /// The module's folders, from the bottom up: the fixture files and the network guard know no other
    /// folder; playback knows only those; interception holds a playback; the upstream forwarder (shared by
    /// recording and the drift check) exempts its requests from interception; recording and the drift
    /// check plug into playback through its hooks; the stub server, at the top, wires them together.
    static let recordReplay = SourceFolderChain(ranks: [
        "FixtureFiles": 0, "NetworkGuard": 0,
        "Playback": 1,
        "Interception": 2,
        "Upstream": 3,
        "Recording": 4, "Drift": 4,
        topLevel: 5,
    ])

    /// A name a file mentions although the folder that declares it is not below the file's.
    struct Violation: Hashable, CustomStringConvertible {
        /// The file, relative to the module's folder.
        var file: String
        /// The type name it mentions.
        var name: String
        /// The folders that declare the name.
        var declaredIn: [String]

        var description: String { "\(file) mentions \(name), declared in \(declaredIn.joined(separator: ", "))" }
    }

    /// Each folder's rank.
    let ranks: [String: Int]

    /// The folder of `path` (relative to the module's folder).
    static func folder(of path: String) -> String {
        let components = path.split(separator: "/")
        return components.count > 1 ? String(components[0]) : topLevel
    }

    /// The folders of `files` (relative path to source text) that have no rank.
    func unrankedFolders(in files: [String: String]) -> Set<String> {
        Set(files.keys.map(Self.folder(of:))).subtracting(ranks.keys)
    }

    /// Every name a file of `files` mentions that is declared only in folders not below its own.
    func violations(in files: [String: String]) -> [Violation] {
        let code = files.mapValues(Self.code(of:))
        var declaringFolders: [String: Set<String>] = [:]
        for (path, text) in code {
            for name in Self.declaredNames(in: text) { declaringFolders[name, default: []].insert(Self.folder(of: path)) }
        }
        var found: [Violation] = []
        for (path, text) in code {
            let folder = Self.folder(of: path)
            guard let rank = ranks[folder] else { continue }
            for name in Self.mentionedNames(in: text) {
                guard let folders = declaringFolders[name] else { continue }
                let allowed = folders.contains { $0 == folder || (ranks[$0].map { $0 < rank } ?? false) }
                if !allowed { found.append(Violation(file: path, name: name, declaredIn: folders.sorted())) }
            }
        }
        return found.sorted { ($0.file, $0.name) < ($1.file, $1.name) }
    }

    /// The type names `code` declares (`struct`, `class`, `enum`, `actor`, `protocol`, `typealias`).
    static func declaredNames(in code: String) -> Set<String> {
        Set(code.matches(of: #/\b(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)/#).map { String($0.1) })
    }

    /// The capitalised identifiers `code` uses.
    static func mentionedNames(in code: String) -> Set<String> {
        Set(code.matches(of: #/\b[A-Z][A-Za-z0-9_]*\b/#).map { String($0.0) })
    }

    /// `source` without its comments and the contents of its string literals.
    static func code(of source: String) -> String {
        source
            .replacing(#/\/\*[\s\S]*?\*\//#, with: "")
            .replacing(#/"""[\s\S]*?"""/#, with: "\"\"")
            .replacing(#/\/\/[^\n]*/#, with: "")
            .replacing(#/"(?:\\.|[^"\\\n])*"/#, with: "\"\"")
    }

    /// The Swift files under `folder`, keyed by their path relative to it.
    static func sources(under folder: URL) throws -> [String: String] {
        let base = folder.standardizedFileURL.path
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = url.standardizedFileURL.path
            files[String(path.dropFirst(base.count + 1))] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }
}
