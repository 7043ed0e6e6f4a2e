/// The repository: sessions from an ``AuthAPI``, kept in a ``SessionStore``.
public struct RemoteSessionRepository: SessionRepository {
    public let api: any AuthAPI
    public let store: any SessionStore

    public init(api: any AuthAPI, store: any SessionStore) {
        self.api = api
        self.store = store
    }

    public func signUp(_ account: NewAccount) async throws -> UserSession {
        let session = try await api.signUp(account)
        try await store.save(session)
        return session
    }

    /// Deletes the stored session first: whoever was signed in is no longer, whatever the API answers.
    public func signIn(email: String, password: String) async throws -> UserSession {
        try await store.delete()
        let session = try await api.signIn(email: email, password: password)
        try await store.save(session)
        return session
    }

    public func currentSession() async throws -> UserSession? {
        try await store.read()
    }

    public func signOut() async throws {
        try await store.delete()
    }
}
