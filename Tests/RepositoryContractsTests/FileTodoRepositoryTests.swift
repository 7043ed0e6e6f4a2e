import ContractEngine
import Foundation
import Testing
import TodoExample

/// The README's JSON-file repository keeps the list it last read or wrote: these check that what is on
/// disk still decides every answer (a change another writer makes, a file removed or broken).
@Suite("FileTodoRepository")
struct FileTodoRepositoryTests {
    @Test("a change another writer makes to the file is read, however recent the list it holds")
    func anotherWritersChangeIsRead() async throws {
        let first = try FileTodoRepository.temporary()
        _ = try await first.create(Todo(id: 1, title: "milk"))
        #expect(try await first.fetchAll().map(\.id) == [1])
        let second = FileTodoRepository(fileURL: await first.fileURL)
        _ = try await second.create(Todo(id: 2, title: "bread"))
        _ = try await second.update(Todo(id: 1, title: "oat milk"))
        #expect(try await first.fetchAll() == [Todo(id: 1, title: "oat milk"), Todo(id: 2, title: "bread")])
        try await second.delete(id: 2)
        #expect(try await first.fetch(id: 2) == nil)
    }

    @Test("a file written over with the same size is read again (another file number)")
    func sameSizeRewriteIsRead() async throws {
        let repository = try FileTodoRepository.temporary()
        _ = try await repository.create(Todo(id: 1, title: "aaaa"))
        let file = await repository.fileURL
        let original = try Data(contentsOf: file)
        let changed = Data(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "aaaa", with: "bbbb").utf8)
        #expect(changed.count == original.count)
        try changed.write(to: file, options: .atomic)
        #expect(try await repository.fetch(id: 1)?.title == "bbbb")
    }

    @Test("a file removed reads as empty; a broken file is an invalid response naming its path")
    func removedAndBrokenFiles() async throws {
        let repository = try FileTodoRepository.temporary()
        _ = try await repository.create(Todo(id: 1, title: "milk"))
        let file = await repository.fileURL
        try FileManager.default.removeItem(at: file)
        #expect(try await repository.fetchAll().isEmpty)
        try Data("not json".utf8).write(to: file)
        let error = try await #require(throws: RepositoryError.self) { try await repository.fetchAll() }
        #expect(error.kind == .invalidResponse)
        #expect(error.description.contains(file.path))
    }
}

extension FileTodoRepositoryTests {
    @Test("the file holds what encoding the whole list gives, after creates, updates and deletes")
    func fileIsTheListsEncoding() async throws {
        let repository = try FileTodoRepository.temporary()
        let file = await repository.fileURL
        for id in 1...5 { _ = try await repository.create(Todo(id: id, title: "todo \(id)", priority: id)) }
        _ = try await repository.update(Todo(id: 3, title: "changed", done: true, priority: 9, due: Date(timeIntervalSince1970: 86_400)))
        try await repository.delete(id: 1)
        _ = try await repository.create(Todo(id: 6, title: "a \"quoted\" title"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = try encoder.encode(try await repository.fetchAll())
        #expect(try Data(contentsOf: file) == expected)
        #expect(try JSONDecoder().decode([Todo].self, from: Data(contentsOf: file)).map(\.id) == [2, 3, 4, 5, 6])
        #expect(try await repository.fetch(id: 3)?.title == "changed")
    }
}
