import RepositoryContractsPrimitives
public import ContractEngine
public import ExampleSystems
import Foundation

extension SessionContract {
    /// A broken variant over the fake.
    public static func broken(_ flaw: BrokenSessionRepository.Flaw) -> Conformance<SessionTerms> {
        Conformance("session-broken-\(flaw.rawValue)") { _ in
            let api = SessionAPIFake()
            let store = InMemorySessionStore()
            return SessionSubject(BrokenSessionRepository(api: api, store: store, flaw: flaw)) {
                BrokenSessionRepository(api: api, store: store, flaw: flaw)
            }
        }
    }

    /// Every conformer that runs without a test scope, for `repo-contracts-demo`.
    public static func demoConformances() -> [Conformance<SessionTerms>] {
        [httpFakeAPI, fake] + BrokenSessionRepository.Flaw.allCases.map(broken)
    }

    /// The contract run on ``demoConformances()``.
    public static func demoReport() async -> ContractReport {
        var reports: [ConformanceReport] = []
        for conformance in demoConformances() { reports.append(await contract.report(on: conformance)) }
        return ContractReport(contract: contract.name, conformances: reports)
    }
}

/// A deliberately wrong session repository: what the contract must catch.
public struct BrokenSessionRepository: SessionRepository {
    public enum Flaw: String, Sendable, CaseIterable {
        /// Sign out leaves the stored session.
        case signout
        /// A refused sign in keeps the previous session (only a successful one touches the store).
        case staleSignin = "stale-signin"
        /// The session lives in the repository, never in the store.
        case memoryOnly = "memory-only"
    }

    let api: any AuthAPI
    let store: any SessionStore
    let flaw: Flaw
    private let kept = Protected<UserSession?>(nil)

    /// A repository over `api` and `store` with `flaw`.
    public init(api: any AuthAPI, store: any SessionStore, flaw: Flaw) {
        self.api = api
        self.store = store
        self.flaw = flaw
    }

    public func signUp(_ account: NewAccount) async throws -> UserSession {
        try await keep(try await api.signUp(account))
    }

    public func signIn(email: String, password: String) async throws -> UserSession {
        if flaw != .staleSignin { try await forget() }
        return try await keep(try await api.signIn(email: email, password: password))
    }

    public func currentSession() async throws -> UserSession? {
        flaw == .memoryOnly ? kept.withLock { $0 } : try await store.read()
    }

    public func signOut() async throws {
        if flaw != .signout { try await forget() }
    }

    private func keep(_ session: UserSession) async throws -> UserSession {
        if flaw == .memoryOnly { kept.withLock { $0 = session } } else { try await store.save(session) }
        return session
    }

    private func forget() async throws {
        if flaw == .memoryOnly { kept.withLock { $0 = nil } } else { try await store.delete() }
    }
}
