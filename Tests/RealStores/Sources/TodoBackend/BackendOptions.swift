import Foundation

/// What the server is told on its command line (or, for each, in an environment variable):
///
///     TodoBackend --database-folder <folder> [--port <port>] [--port-file <file>]
///
/// `TODO_BACKEND_DATABASE_FOLDER`, `TODO_BACKEND_PORT` and `TODO_BACKEND_PORT_FILE` stand in for the
/// options left out. Port 0 (the default) takes a free one; the port listened on is written to the port
/// file once the server accepts connections.
struct BackendOptions {
    var databaseFolder: URL
    var port: Int
    var portFile: URL?

    static let usage = "usage: TodoBackend --database-folder <folder> [--port <port, 0 for a free one>] [--port-file <file>]"

    init(arguments: [String], environment: [String: String]) throws {
        var values: [String: String] = [
            "--database-folder": environment["TODO_BACKEND_DATABASE_FOLDER"],
            "--port": environment["TODO_BACKEND_PORT"],
            "--port-file": environment["TODO_BACKEND_PORT_FILE"],
        ].compactMapValues { $0 }
        var remaining = arguments[...]
        while let name = remaining.popFirst() {
            guard ["--database-folder", "--port", "--port-file"].contains(name), let value = remaining.popFirst() else {
                throw Invalid(reason: "unknown option or missing value at \(name)")
            }
            values[name] = value
        }
        guard let folder = values["--database-folder"] else { throw Invalid(reason: "no database folder") }
        guard let port = Int(values["--port"] ?? "0"), (0...65_535).contains(port) else {
            throw Invalid(reason: "the port is not a number from 0 to 65535")
        }
        databaseFolder = URL(fileURLWithPath: folder, isDirectory: true)
        self.port = port
        portFile = values["--port-file"].map { URL(fileURLWithPath: $0) }
    }

    struct Invalid: Error, CustomStringConvertible {
        var reason: String
        var description: String { "\(reason)\n\(BackendOptions.usage)" }
    }
}
