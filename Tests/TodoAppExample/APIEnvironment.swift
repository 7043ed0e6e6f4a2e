import Foundation

/// Where the app's API is: the production server, unless a UI test hands over another one in the
/// launch environment (`XCUIApplication.launchEnvironment`, which the app reads as its process
/// environment).
enum APIEnvironment {
    /// The variable a UI test sets to its stub server's base URL.
    static let variable = "TODO_API_BASE_URL"
    /// The production API. (`.example` names never resolve: this example app talks to no real server.)
    static let production = URL(string: "https://api.todos.example")!

    /// The API the app talks to. Only a debug build reads the variable: a release build always talks to
    /// production, whatever its environment holds.
    static func baseURL(from environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        #if DEBUG
        if let value = environment[variable] {
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme), url.host != nil else {
                throw LaunchError("\(variable) is not an http or https URL: \"\(value)\"")
            }
            return url
        }
        #endif
        return production
    }
}

/// Why the app could not start or show its screen; the message names what went wrong.
struct LaunchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
