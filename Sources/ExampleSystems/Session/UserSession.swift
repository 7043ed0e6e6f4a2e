internal import Foundation

/// A signed-in user's session, as the auth API issues it and the data store keeps it.
public struct UserSession: Codable, Hashable, Sendable {
    public var email: String
    public var name: String
    public var token: String

    public init(email: String, name: String, token: String) {
        self.email = email
        self.name = name
        self.token = token
    }
}

/// What signing up sends.
public struct NewAccount: Codable, Hashable, Sendable {
    public var email: String
    public var name: String
    public var password: String

    public init(email: String, name: String, password: String) {
        self.email = email
        self.name = name
        self.password = password
    }
}

/// Why the auth API refused.
public enum SessionError: Error, Hashable, Sendable {
    /// Wrong email or password (`401`).
    case unauthorized
    /// The email already has an account (`409`).
    case accountExists
}

/// Signs users up and in: the remote half of a ``SessionRepository``.
public protocol AuthAPI: Sendable {
    func signUp(_ account: NewAccount) async throws -> UserSession
    func signIn(email: String, password: String) async throws -> UserSession
}

/// The user-session repository: sessions come from the auth API and live in a data store;
/// callers never know which.
public protocol SessionRepository: Sendable {
    /// Creates the account and stores its session.
    func signUp(_ account: NewAccount) async throws -> UserSession
    /// Signs in and stores the session. A refused sign in leaves no session stored.
    func signIn(email: String, password: String) async throws -> UserSession
    /// The stored session, if any.
    func currentSession() async throws -> UserSession?
    /// Deletes the stored session.
    func signOut() async throws
}
