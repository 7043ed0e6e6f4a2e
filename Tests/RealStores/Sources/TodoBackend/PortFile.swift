import Foundation

/// The file a script reads the server's port from, written atomically (a temporary file renamed over
/// it), so a reader that finds the file finds the whole port.
enum PortFile {
    static func write(_ port: Int, to file: URL) {
        do {
            try Data("\(port)\n".utf8).write(to: file, options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("TodoBackend: cannot write the port file \(file.path): \(error)\n".utf8))
        }
    }
}
