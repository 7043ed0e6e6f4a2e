package import Foundation
package import RepositoryContractsPrimitives

extension StubServer {
    /// What a server that goes away while running says, and where: standard error unless a test of this
    /// package looks at it.
    package static let droppedWhileRunning = Protected<@Sendable (String) -> Void>({ message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    })

    /// The line a server at `baseURL` writes when it is deinitialized started and not stopped. An optimized
    /// build can end an object's life at its last use, before the end of its scope (a server kept only in
    /// an array that a `for` loop went through, say), so a test's later requests find the port closed.
    package static func droppedWhileRunningMessage(_ baseURL: URL) -> String {
        "StubServer: the server at \(baseURL.absoluteString) was deinitialized while running, without stop(), "
            + "and stopped listening: a request to it after this fails to connect. Keep a reference to the server "
            + "until its clients are done, then call `await server.stop()` (an optimized build may end a "
            + "variable's life at its last use, before the end of its scope)."
    }
}
