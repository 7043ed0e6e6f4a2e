import ContractEngine
import Testing

/// `RepositoryPromises.equivalence` ignores the store-maintained fields whichever is set last: the fields
/// or the declared relation (it is made when either is set, not at each read).
@Suite("RepositoryPromises: the equivalence ignoring store-maintained fields")
struct PromisedEquivalenceTests {
    let stored = Item(id: 1, value: 7)
    let sentAgain = Item(id: 1, value: 3)

    @Test("fields set after the relation: the field is ignored")
    func fieldsAfterRelation() {
        var promises = RepositoryPromises<Item>()
        #expect(!promises.equivalence(stored, sentAgain))
        promises.storeMaintained = [.version(\.value)]
        #expect(promises.equivalence(stored, sentAgain))
        #expect(promises.equivalence.name.contains("ignoring the store-maintained"))
        promises.storeMaintained = []
        #expect(!promises.equivalence(stored, sentAgain))
    }

    @Test("a relation set after the fields keeps them ignored, through either property")
    func relationAfterFields() {
        var promises = RepositoryPromises<Item>()
        promises.storeMaintained = [.version(\.value)]
        let differentIDs = Item(id: 2, value: 7)
        promises.declaredEquivalence = Equivalence("any two") { _, _ in true }
        #expect(promises.equivalence(stored, differentIDs))
        promises.equivalence = .equal
        #expect(promises.equivalence(stored, sentAgain))
        #expect(!promises.equivalence(stored, differentIDs))
        #expect(promises.declaredEquivalence.name == "==")
    }
}
