import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// App code as it is written, for the interception tests: a production URL in a constant and
/// `URLSession.shared`, no base URL to inject (the observable-loader write-up's
/// `Todo(from: "https://jsonplaceholder.typicode.com/todos/10")`).
struct PrototypeTodo: Codable, Equatable {
    let id, userId: Int
    let title: String
    let completed: Bool
}

extension Decodable {
    /// Loads and decodes the JSON at `address` through `URLSession.shared`.
    init(from address: String) async throws {
        let (data, response) = try await URLSession.shared.data(from: URL(string: address)!)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw URLError(.badServerResponse)
        }
        self = try JSONDecoder().decode(Self.self, from: data)
    }
}
