public import Foundation
import Logging
public import PostgresNIO

/// The PostgreSQL server the tests run against, from `REAL_STORES_POSTGRES_URL`
/// (`postgres://user[:password]@host:port/database`): one connection pool for the whole test process,
/// in which every subject makes a schema of its own.
public enum PostgresServer {
    /// The environment variable naming the server.
    public static let environmentVariable = "REAL_STORES_POSTGRES_URL"

    /// The server's URL, or `nil` when the variable is unset or empty.
    public static var url: URL? {
        guard let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty else { return nil }
        return URL(string: text)
    }

    /// Whether a server is configured.
    public static var isConfigured: Bool { url != nil }

    /// The pool, running from its first use to the end of the process.
    public static let client: PostgresClient? = {
        guard let url, let host = url.host else { return nil }
        var configuration = PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: url.user ?? "postgres", password: url.password,
            database: url.path.count > 1 ? String(url.path.dropFirst()) : nil, tls: .disable)
        configuration.options.maximumConnections = 16
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        Task.detached { await client.run() }
        return client
    }()

    /// A logger that logs nothing: the connections' queries ask for one.
    static let logger = Logger(label: "real-stores") { _ in SwiftLogNoOpLogHandler() }

    /// The pool, or an error saying how to configure one.
    static func requireClient() throws -> PostgresClient {
        guard let client else { throw NotConfigured() }
        return client
    }

    struct NotConfigured: Error, CustomStringConvertible {
        var description: String { "\(PostgresServer.environmentVariable) is not set: .ci/real-stores starts a server and sets it" }
    }
}
