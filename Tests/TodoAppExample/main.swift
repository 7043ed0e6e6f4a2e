// An example app's launch, for the cross-process UI-test example: a UI test starts a stub server in its
// own process, hands its base URL to the app through the launch environment, and checks what the app
// shows and what it sent. Exits 0 after showing the list; 1 when the API fails; 64 for a usage error.
import Foundation
import TodoExample

/// Writes `message` to standard error and ends the app with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("repo-contracts-todo-app: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let title: String?
switch arguments.count {
case 0: title = nil
case 2 where arguments[0] == "--add": title = arguments[1]
default: fail("usage: repo-contracts-todo-app [--add <title>]; got \(arguments)", status: 64)
}

let baseURL: URL
do {
    baseURL = try APIEnvironment.baseURL()
} catch {
    fail("\(error)", status: 64)
}
print("API \(baseURL.absoluteString)")
do {
    for line in try await TodoListScreen(repository: HTTPTodoRepository(baseURL: baseURL)).appear(adding: title) {
        print(line)
    }
} catch {
    fail("the todo list could not load: \(error)", status: 1)
}
