import RecordReplay
public import ContractEngine
public import StandardContracts
internal import Foundation

/// What the session contract checks: a repository, and how to open another one over the same data
/// store (the app launched again).
public struct SessionSubject: Sendable {
    public let repository: any SessionRepository
    public let reopen: @Sendable () -> any SessionRepository

    public init(_ repository: any SessionRepository, reopen: @escaping @Sendable () -> any SessionRepository) {
        self.repository = repository
        self.reopen = reopen
    }

    /// A ``RemoteSessionRepository`` over `api` and `store`, reopened over the same store.
    public static func remote(_ api: any AuthAPI, _ store: any SessionStore) -> Self {
        SessionSubject(RemoteSessionRepository(api: api, store: store)) { RemoteSessionRepository(api: api, store: store) }
    }
}

/// The session contract's terms: a ``SessionSubject`` over the clause's stub server.
public typealias SessionTerms = StubServerTerms<SessionSubject>

/// The session contract: what signing up, in and out must do to the stored session.
///
/// ```swift
/// @Test(arguments: SessionContract.contract.cases(for: SessionContract.fake))
/// func session(_ check: ContractCase<SessionTerms>) async { #expect(await check.verify() }
/// ```
public enum SessionContract {
    static let account = NewAccount(email: "ada@example.com", name: "Ada", password: "correct horse")

    public static let contract = Contract("Session", terms: SessionTerms(), clauses: [
        Clause("session.signUpStoresSession", "a new store holds no session; sign up returns the account's session and stores it") { check in
            try await expectStored(nil, check, "before signUp")
            let session = try await check.subject.repository.signUp(account)
            check.expectEqual(session.email, account.email, "signUp returned a session for another email")
            try await expectStored(session, check, "after signUp")
        },
        Clause("session.signInStoresSession", "sign in returns a new session and stores it") { check in
            let repository = check.subject.repository
            _ = try await repository.signUp(account)
            try await repository.signOut()
            let session = try await repository.signIn(email: account.email, password: account.password)
            check.expectEqual(session.email, account.email, "signIn returned a session for another email")
            try await expectStored(session, check, "after signIn")
        },
        Clause("session.signOutDeletes", "sign out deletes the stored session") { check in
            let repository = check.subject.repository
            _ = try await repository.signUp(account)
            try await repository.signOut()
            try await expectStored(nil, check, "after signOut")
        },
        Clause("session.failedSignInLeavesNoSession", "a sign in the API refuses (401) leaves no session") { check in
            let repository = check.subject.repository
            _ = try await repository.signUp(account)
            let error = await check.expectThrows("signIn with a wrong password") {
                try await repository.signIn(email: account.email, password: "wrong")
            }
            if let error, (error as? SessionError) != .unauthorized {
                check.fail("signIn with a wrong password threw another error", expected: "SessionError.unauthorized", actual: "\(error)")
            }
            try await expectStored(nil, check, "after a refused signIn")
        },
    ])

    /// Records a failure unless the repository, and a repository reopened over its store, read `expected`.
    static func expectStored(_ expected: UserSession?, _ check: ClauseContext<SessionTerms>, _ when: String) async throws {
        check.expectEqual(try await check.subject.repository.currentSession(), expected, "\(when), currentSession()")
        check.expectEqual(try await check.subject.reopen().currentSession(), expected, "\(when), currentSession() after reopening the store")
    }

    // MARK: Conformers

    /// The real repository: the HTTP auth client and a file-backed store, against the clause's server
    /// as a test set it up (replaying `Fixtures/Systems/Session/<clause id>.json`, or recording).
    public static let http = Conformance<SessionTerms>("session-http") { env in
        .remote(HTTPAuthAPI(baseURL: env.baseURL), FileSessionStore.temporary())
    }

    /// The real repository against a ``SessionAPIFake`` served by the clause's server.
    public static let httpFakeAPI = Conformance<SessionTerms>("session-http-fake-api") { env in
        let api = SessionAPIFake()
        env.server.playback.stub(.any) { await api.respond(to: $0) }
        return .remote(HTTPAuthAPI(baseURL: env.baseURL), FileSessionStore.temporary())
    }

    /// The fake: the API in process, the store in memory.
    public static let fake = Conformance<SessionTerms>("session-fake") { _ in
        .remote(SessionAPIFake(), InMemorySessionStore())
    }

}

