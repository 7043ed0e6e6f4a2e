// The live HTTP backend of the real-store tests: the to-do API (TodoRoutes) over SQLite (TodoDatabase),
// on 127.0.0.1, writing the port it listens on to the port file (BackendOptions) once it accepts
// connections. `.ci/real-stores` starts it and stops it.
import Foundation
import Hummingbird

let options: BackendOptions
do {
    options = try BackendOptions(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("TodoBackend: \(error)\n".utf8))
    exit(2)
}

let router = Router()
TodoRoutes(database: try TodoDatabase(folder: options.databaseFolder), count: RequestCount()).add(to: router)
let portFile = options.portFile
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: options.port), serverName: "TodoBackend"),
    onServerRunning: { channel in
        guard let port = channel.localAddress?.port else { return }
        print("TodoBackend listening on http://127.0.0.1:\(port)")
        if let portFile { PortFile.write(port, to: portFile) }
    })
try await app.runService()
