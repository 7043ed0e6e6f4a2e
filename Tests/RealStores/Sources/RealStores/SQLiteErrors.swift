import ContractEngine
import GRDB

/// SQLite's errors as the contract's kinds: a primary key taken is a conflict, a failed `CHECK` invalid
/// input; anything else keeps SQLite's own code and message.
enum SQLiteErrors {
    static func repositoryError(_ error: any Error) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        switch error.extendedResultCode {
        case .SQLITE_CONSTRAINT_PRIMARYKEY, .SQLITE_CONSTRAINT_UNIQUE:
            return RepositoryError.conflict("SQLite \(error.extendedResultCode): \(error.message ?? "")")
        case .SQLITE_CONSTRAINT_CHECK, .SQLITE_CONSTRAINT_NOTNULL:
            return RepositoryError(.invalidInput, "SQLite \(error.extendedResultCode): \(error.message ?? "")")
        default:
            return error
        }
    }
}
