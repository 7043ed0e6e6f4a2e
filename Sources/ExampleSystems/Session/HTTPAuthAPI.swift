internal import ContractEngine
public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The auth API over HTTP (JSON bodies):
///
/// | call | request | success | refusal |
/// |---|---|---|---|
/// | sign up | `POST /signup` with a ``NewAccount`` | `201` with a ``UserSession`` | `409` → ``SessionError/accountExists`` |
/// | sign in | `POST /signin` with email and password | `200` with a ``UserSession`` | `401` → ``SessionError/unauthorized`` |
///
/// A transport error or `5xx` is ``RepositoryError`` `unavailable`; any other status or an
/// undecodable body is `invalidResponse`.
public struct HTTPAuthAPI: AuthAPI {
    public let baseURL: URL
    private let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func signUp(_ account: NewAccount) async throws -> UserSession {
        let (status, body) = try await post("signup", account)
        switch status {
        case 200, 201: return try decodeSession(body)
        case 409: throw SessionError.accountExists
        default: throw unexpected(status, body, "POST /signup")
        }
    }

    public func signIn(email: String, password: String) async throws -> UserSession {
        let (status, body) = try await post("signin", Credentials(email: email, password: password))
        switch status {
        case 200: return try decodeSession(body)
        case 401: throw SessionError.unauthorized
        default: throw unexpected(status, body, "POST /signin")
        }
    }

    private func post(_ path: String, _ value: some Encodable) async throws -> (Int, Data) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = try SessionJSON.encoder.encode(value)
        return try await session.seedData(for: request, "POST /\(path)")
    }

    private func decodeSession(_ body: Data) throws -> UserSession {
        do {
            return try JSONDecoder().decode(UserSession.self, from: body)
        } catch {
            throw RepositoryError.invalidResponse("not a session: \(String(decoding: body.prefix(500), as: UTF8.self))")
        }
    }

    private func unexpected(_ status: Int, _ body: Data, _ call: String) -> RepositoryError {
        let message = "\(call) answered \(status): \(String(decoding: body.prefix(500), as: UTF8.self))"
        return (500...599).contains(status) ? .unavailable(message) : .invalidResponse(message)
    }
}

/// Email and password, as `POST /signin` takes them.
struct Credentials: Codable, Sendable {
    var email: String
    var password: String
}

/// The JSON the session API speaks: sorted keys, so recordings are byte-stable.
enum SessionJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension URLSession {
    /// Status and body of `request`; a transport error becomes ``RepositoryError`` `unavailable`.
    func seedData(for request: URLRequest, _ call: String) async throws -> (Int, Data) {
        do {
            let (data, response) = try await data(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw RepositoryError.invalidResponse("\(call): not an HTTP response")
            }
            return (http.statusCode, data)
        } catch let error as URLError {
            throw RepositoryError.unavailable("\(call): \(error.localizedDescription) (\(error.code.rawValue))")
        }
    }
}
