public import ContractEngine
public import Foundation

/// A correct Todo repository that keeps its to-dos in one JSON file, written atomically (a temporary
/// file renamed over the old one), so a crash mid-write leaves the previous contents intact.
///
/// It keeps the list it last read or wrote, and reads the file again only when the file on disk is no
/// longer the one it saw (another size, modification date or file number): a change another writer
/// makes is seen, and a read of an unchanged file costs a look at its attributes. A write encodes only the to-dos that
/// changed since the last one and joins their JSON with the others' as written then: the file holds what
/// encoding the whole list would give.
public actor FileTodoRepository: RepositoryProtocol {
    /// The file the to-dos live in.
    public let fileURL: URL
    /// The temporary folder this repository made and removes when it goes away, if any.
    private let ownedFolder: URL?
    /// The to-dos as last read or written, with the stamp of the file they were read from or written to.
    private var known: (stamp: FileStamp, todos: [Todo])?
    /// Each to-do's JSON as last written, by id, with the value it encodes.
    private var written: [Int: (todo: Todo, json: Data)] = [:]

    /// A repository over `fileURL`; a missing file reads as no to-dos.
    public init(fileURL: URL) {
        self.init(fileURL: fileURL, ownedFolder: nil)
    }

    private init(fileURL: URL, ownedFolder: URL?) {
        self.fileURL = fileURL
        self.ownedFolder = ownedFolder
    }

    /// A repository over a new file in a new temporary folder: a fresh subject for each contract clause.
    /// The folder is removed when the repository goes away.
    public static func temporary() throws -> FileTodoRepository {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return FileTodoRepository(fileURL: folder.appendingPathComponent("todos.json"), ownedFolder: folder)
    }

    deinit {
        if let ownedFolder { try? FileManager.default.removeItem(at: ownedFolder) }
    }

    public func create(_ todo: Todo) throws -> Todo {
        var todos = try load()
        guard !todos.contains(where: { $0.id == todo.id }) else { throw RepositoryError.conflict("todo \(todo.id) already exists") }
        todos.append(todo)
        try save(todos)
        return todo
    }

    public func fetch(id: Int) throws -> Todo? {
        try load().first { $0.id == id }
    }

    public func fetchAll() throws -> [Todo] {
        try load()
    }

    public func update(_ todo: Todo) throws -> Todo {
        var todos = try load()
        guard let index = todos.firstIndex(where: { $0.id == todo.id }) else { throw RepositoryError.notFound("no todo \(todo.id)") }
        todos[index] = todo
        try save(todos)
        return todo
    }

    public func delete(id: Int) throws {
        var todos = try load()
        guard let index = todos.firstIndex(where: { $0.id == id }) else { throw RepositoryError.notFound("no todo \(id)") }
        todos.remove(at: index)
        try save(todos)
    }

    private func load() throws -> [Todo] {
        guard let stamp = FileStamp(of: fileURL) else {
            known = nil
            return []
        }
        if let known, known.stamp == stamp { return known.todos }
        do {
            let todos = try JSONDecoder().decode([Todo].self, from: Data(contentsOf: fileURL))
            known = (stamp, todos)
            return todos
        } catch {
            known = nil
            throw RepositoryError.invalidResponse("\(fileURL.path) does not hold a JSON list of to-dos: \(error)")
        }
    }

    private func save(_ todos: [Todo]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        known = nil
        // A JSON array as the encoder writes one: its elements' encodings between brackets, comma-separated.
        var file = Data("[".utf8)
        var nowWritten: [Int: (todo: Todo, json: Data)] = [:]
        for (position, todo) in todos.enumerated() {
            let json = try written[todo.id].flatMap { $0.todo == todo ? $0.json : nil } ?? encoder.encode(todo)
            if position > 0 { file.append(UInt8(ascii: ",")) }
            file.append(json)
            nowWritten[todo.id] = (todo, json)
        }
        file.append(UInt8(ascii: "]"))
        written = nowWritten
        try file.writeAtomically(to: fileURL)
        if let stamp = FileStamp(of: fileURL) { known = (stamp, todos) }
    }
}

/// What tells one version of a file from another without reading it: its size, modification date and
/// file number (a file renamed over it has another).
private struct FileStamp: Equatable {
    var size: Int
    var modified: Date
    var fileNumber: Int

    /// The stamp of the file at `url`; `nil` when there is none.
    init?(of url: URL) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = (attributes[.size] as? NSNumber)?.intValue,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        self.size = size
        self.modified = modified
        self.fileNumber = (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? 0
    }
}
