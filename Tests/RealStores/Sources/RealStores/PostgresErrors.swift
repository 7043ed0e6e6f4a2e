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

    /// Refuses text holding NUL before it is sent, as invalid input. PostgreSQL would refuse it too
    /// (SQLSTATE 22021, mapped above), but after bursts of that error at the parameters' bind, the
    /// driver's pool stopped handing out connections (every connection idle on the server, every query
    /// waiting): the stores check first, so the server never sees it.
    static func refusingNUL(_ texts: [String], in what: @autoclosure () -> String) throws {
        guard texts.contains(where: { $0.contains("\0") }) else { return }
        throw RepositoryError(.invalidInput, "\(what()) holds NUL, which PostgreSQL text cannot hold (SQLSTATE 22021)")
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
