// Written by PasteableSwiftTests from the reports of fixed seeds: the "As Swift" part of each, pasted
// as is. Do not edit: the test rewrites it when the reports change.
import RepositoryContracts

/// updateIgnoresTags, seed 5eed0029.
func replayUpdateIgnoringTags(conformance: Conformance<CRUD<Note>>, factory: EntityFactory<Note>) async throws {
    let repo = try await conformance.makeRepository()
    var sent: [Note] = []
    sent.append(factory.make(1))
    _ = try await repo.create(sent[0])
    sent[0] = try factory.applyingEdgeCase("$.tags[0]: right-to-left", to: sent[0])
    _ = try await repo.update(sent[0])
    // ✗ expected returns Note(id: 1, title: "Note 1", createdAt: 2023-11-14T22:13:21Z, body: Optional("Body 1"), tags: ["שלום עולם مرحبا بالعالم"])
    //   actual   returned Note(id: 1, title: "Note 1", createdAt: 2023-11-14T22:13:21Z, body: Optional("Body 1"), tags: ["tag1"])
    _ = sent
}

/// serverIDsReusedAfterDelete, seed 5eed0029.
func replayReusedServerIDs(conformance: Conformance<CRUD<Note>>, factory: EntityFactory<Note>) async throws {
    let repo = try await conformance.makeRepository()
    var sent: [Note] = []
    sent.append(try await repo.create(factory.make(1)))
    try await repo.delete(sent[0].id)
    sent.append(try await repo.create(factory.make(2)))
    // ✗ expected a new id
    //   actual   returned Note(id: 1, title: "Note 2", createdAt: 2023-11-14T22:13:22Z, body: Optional("Body 2"), tags: ["tag2"])
    _ = sent
}
