import ContractEngine
import PostgresNIO

/// PostgreSQL's errors as the contract's kinds, by SQLSTATE: a key taken (23505) is a conflict; a failed
/// `CHECK` (23514), text holding NUL (22021: PostgreSQL text cannot hold it) and a date that does not parse
/// (22007, a forged cursor) are invalid input. Anything else becomes a ``PostgresFailure`` that shows the
/// SQLSTATE and the server's message, which `PSQLError`'s own description leaves out.
enum PostgresErrors {
    static func repositoryError(_ error: any Error) -> any Error {
        guard let error = error as? PSQLError else { return error }
        let state = error.serverInfo?[.sqlState] ?? ""
        let message = "PostgreSQL \(state): \(error.serverInfo?[.message] ?? "")"
        switch state {
        case "23505": return RepositoryError.conflict(message)
        case "23514", "22021", "22007", "22008": return RepositoryError(.invalidInput, message)
        default: return PostgresFailure(sqlState: state, detail: String(reflecting: error))
        }
    }

    /// Runs `body`, mapping what it throws.
    static func mapping<Value>(_ body: () async throws -> Value) async throws -> Value {
        do { return try await body() } catch { throw repositoryError(error) }
    }
}

/// A PostgreSQL error the contract has no kind for, with its details.
public struct PostgresFailure: Error, CustomStringConvertible {
    /// The SQLSTATE, empty when the error did not come from the server.
    public let sqlState: String
    /// The driver's full account of the error.
    public let detail: String

    public var description: String { "PostgreSQL error \(sqlState): \(detail)" }
}
