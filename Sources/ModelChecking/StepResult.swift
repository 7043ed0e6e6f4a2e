import ContractEngine

/// What one call (or one observation) gave: a value, or an error.
///
/// Two results agree when both returned equal values, or both threw errors of the same identity: the
/// ``RepositoryError/Kind`` for a ``RepositoryError``, else the error's type. The errors' messages are
/// not compared.
enum StepResult: Sendable, Equatable {
    case returned(AnyResult)
    case threw(ErrorIdentity, description: DeferredText)
    /// The call did not return: the watchdog gave up on it (what it saw).
    case hung(String)

    /// Runs `body` and keeps what it returned or threw.
    static func of<Value: Sendable & Equatable>(_ body: () async throws -> Value) async -> StepResult {
        do {
            return .returned(AnyResult(try await body()))
        } catch {
            return .threw(ErrorIdentity(error), description: DeferredText(describingError: error))
        }
    }

    static func == (left: StepResult, right: StepResult) -> Bool {
        switch (left, right) {
        case (.returned(let a), .returned(let b)): a == b
        case (.threw(let a, _), .threw(let b, _)): a == b
        default: false
        }
    }

    /// The agreement of two results of `Result`: two values agree by `agree` (equality when `nil`), two
    /// errors by their identity; a value and an error never do.
    static func agreement<Result: Sendable & Equatable>(_ agree: (@Sendable (Result, Result) -> Bool)?) -> @Sendable (StepResult, StepResult) -> Bool {
        guard let agree else { return { $0 == $1 } }
        return { model, subject in
            switch (model, subject) {
            case (.returned(let a), .returned(let b)):
                guard let a = a.base as? Result, let b = b.base as? Result else { return false }
                return agree(a, b)
            default: return model == subject
            }
        }
    }

    var threw: Bool {
        if case .threw = self { true } else { false }
    }

    var hung: Bool {
        if case .hung = self { true } else { false }
    }

    /// `returned [Bookmark(…)]`, `returned` for no value, `threw RepositoryError.notFound: …`.
    var text: String {
        switch self {
        case .returned(let result): result.isVoid ? "returned" : "returned \(result.text)"
        case .threw(_, let description): "threw \(description)"
        case .hung(let stall): "did not return: \(stall)"
        }
    }
}

/// An error as the check compares it: its repository kind, else its type (by identity: naming the type
/// at every error thrown cost more than the comparison needs).
enum ErrorIdentity: Sendable, Hashable {
    case kind(RepositoryError.Kind)
    case type(ObjectIdentifier)

    init(_ error: any Error) {
        if let error = error as? RepositoryError {
            self = .kind(error.kind)
        } else {
            self = .type(ObjectIdentifier(Swift.type(of: error)))
        }
    }
}

/// A returned value of any `Equatable` type, compared with values of its own type only.
struct AnyResult: Sendable, Equatable {
    let base: any Equatable & Sendable
    /// The description made when the value was returned, for a value of class instances; else `nil`,
    /// and ``text`` describes the value when a report or a draw reads it.
    private let textWhenReturned: String?

    init<Value: Equatable & Sendable>(_ base: Value) {
        self.base = base
        self.textWhenReturned = holdsObjects(Value.self) ? String(describing: base) : nil
    }

    /// `base` as `String(describing:)` prints it.
    var text: String { textWhenReturned ?? String(describing: base) }

    var isVoid: Bool { base is VoidResult }

    static func == (left: AnyResult, right: AnyResult) -> Bool {
        func equals<Value: Equatable>(_ value: Value) -> Bool { (right.base as? Value) == value }
        return equals(left.base)
    }
}

/// What a call that returns nothing returns, so that it compares like any result.
struct VoidResult: Sendable, Equatable {}
