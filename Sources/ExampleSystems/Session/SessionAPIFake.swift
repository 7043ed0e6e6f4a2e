import RepositoryContractsPrimitives
internal import ContractEngine
public import Foundation
public import RecordReplay

/// The auth API as a stateful fake: accounts by email, tokens numbered per instance (`token-1`, …) so
/// that what is recorded from it is the same on every run. It answers in process (an ``AuthAPI``), as a
/// stub server responder (``respond(to:)``), and live on a loopback port (``SessionAPIServer``): the
/// API `Fixtures/Systems/Session/` is recorded from.
public final class SessionAPIFake: AuthAPI {
    private struct State {
        var accounts: [String: NewAccount] = [:]
        var issued = 0
    }

    private let state = Protected(State())

    public init() {}

    public func signUp(_ account: NewAccount) async throws -> UserSession {
        try state.withLock { state in
            guard state.accounts[account.email] == nil else { throw SessionError.accountExists }
            state.accounts[account.email] = account
            return Self.issue(&state, account)
        }
    }

    public func signIn(email: String, password: String) async throws -> UserSession {
        try state.withLock { state in
            guard let account = state.accounts[email], account.password == password else { throw SessionError.unauthorized }
            return Self.issue(&state, account)
        }
    }

    private static func issue(_ state: inout State, _ account: NewAccount) -> UserSession {
        state.issued += 1
        return UserSession(email: account.email, name: account.name, token: "token-\(state.issued)")
    }

    /// Answers `POST /signup` (201, 409) and `POST /signin` (200, 401); 404 for anything else.
    public func respond(to request: StubRequest) async -> StubResponse {
        do {
            switch (request.method, request.path) {
            case ("POST", "/signup"):
                let account = try JSONDecoder().decode(NewAccount.self, from: request.body)
                return try Self.json(201, await signUp(account))
            case ("POST", "/signin"):
                let credentials = try JSONDecoder().decode(Credentials.self, from: request.body)
                return try Self.json(200, await signIn(email: credentials.email, password: credentials.password))
            default:
                return Self.problem(404, "no route for \(request.method) \(request.path)")
            }
        } catch SessionError.unauthorized {
            return Self.problem(401, "wrong email or password")
        } catch SessionError.accountExists {
            return Self.problem(409, "the email already has an account")
        } catch {
            return Self.problem(400, "the body is not what \(request.path) takes")
        }
    }

    private static func json(_ status: Int, _ session: UserSession) throws -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: try SessionJSON.encoder.encode(session))
    }

    private static func problem(_ status: Int, _ detail: String) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(#"{"error":"\#(detail)"}"#.utf8))
    }
}

/// A ``SessionAPIFake`` served live on a loopback port, for a recording proxy to forward to.
public final class SessionAPIServer: Sendable {
    private let server = StubServer()

    public init() {
        let api = SessionAPIFake()
        server.playback.stub(.any) { await api.respond(to: $0) }
    }

    public func start() async throws { try await server.start() }
    public func stop() async { await server.stop() }
    public var baseURL: URL { server.baseURL }
}
