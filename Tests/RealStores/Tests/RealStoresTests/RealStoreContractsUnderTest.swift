import RealStores
import RepositoryContracts

/// The contracts the live suites run: the CRUD contract over the docs' to-dos, and over notes (every
/// family's clauses switched on by the note conformances' declarations).
enum Contracts {
    static let todos = Contract.crud(factory: RealStoreContracts.todoFactory)
    static let notes = Contract.crud(factory: RealStoreContracts.noteFactory)
}
