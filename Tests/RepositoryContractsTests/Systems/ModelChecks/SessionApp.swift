import ExampleSystems
import RepositoryContracts
import RepositoryContractsPrimitives

/// The session repository as an app holds it: a store that outlives launches, and the repository the
/// current launch made over it. `relaunch()` makes a new one over the same store, as a restarted app does.
final class SessionApp: Sendable {
    let store: any SessionStore
    private let make: @Sendable (any SessionStore) -> any SessionRepository
    private let current: Protected<any SessionRepository>

    init(store: any SessionStore, make: @escaping @Sendable (any SessionStore) -> any SessionRepository) {
        self.store = store
        self.make = make
        self.current = Protected(make(store))
    }

    /// The current launch's repository.
    var repository: any SessionRepository { current.withLock { $0 } }

    /// Starts again over the same store.
    func relaunch() {
        let fresh = make(store)
        current.withLock { $0 = fresh }
    }
}

/// The operations of ``SessionRepository``, and the app's relaunch, declared once: all a user writes.
enum SessionOperations {
    // declaration: begin
    static let emails = ["ann@example.com", "bob@example.com"]
    static let passwords = ["secret-1", "secret-2"]

    static let all: [ProtocolOperation<SessionApp>] = [
        .init("signUp(_:)", arguments: { d in NewAccount(email: d.element(of: emails), name: "N", password: d.element(of: passwords)) },
              call: { try await $0.repository.signUp($1) },
              swift: { "app.repository.signUp(NewAccount(email: \($0.email.swiftLiteral), name: \"N\", password: \($0.password.swiftLiteral)))" }),
        .init("signIn(email:password:)", arguments: { d in (email: d.element(of: emails), password: d.element(of: passwords)) },
              call: { try await $0.repository.signIn(email: $1.email, password: $1.password) },
              swift: { "app.repository.signIn(email: \($0.email.swiftLiteral), password: \($0.password.swiftLiteral))" }),
        .init("currentSession()", call: { try await $0.repository.currentSession() }, swift: "app.repository.currentSession()"),
        .init("signOut()", call: { try await $0.repository.signOut() }, swift: "app.repository.signOut()"),
        .init("relaunch()", call: { $0.relaunch() }, swift: "app.relaunch()"),
    ]
    // declaration: end
}
