/// One operation of your own protocol, declared once: its name, how to draw its arguments, the call,
/// and how the call reads as Swift in a printed repro.
///
/// `System` is what the model and the subject both are, usually your protocol's existential:
///
/// ```swift
/// let url = ValueKind<String>("url")
/// let operations: [ProtocolOperation<any BookmarkStore>] = [
///     .init("add", arguments: { d in (d.element(of: urls), d.subset(of: tags)) },
///           call: { try await $0.add($1.0, tags: $1.1) }, produces: { [url.value($0.url)] },
///           swift: { "store.add(\($0.0.swiftLiteral), tags: \($0.1.swiftLiteral))" }),
///     .init("all", call: { try await $0.all() }, swift: "store.all()"),
/// ]
/// ```
public struct ProtocolOperation<System>: Sendable {
    /// The operation's name, as a divergence names it.
    public let name: String
    /// Draws the arguments and binds them to the call; `nil` when the precondition refuses them.
    let prepare: @Sendable (inout Draw) throws -> PreparedCall<System>?

    /// An operation with arguments.
    ///
    /// - Parameters:
    ///   - name: the operation's name.
    ///   - arguments: draws the arguments; `try draw.seen(kind)` takes a value an earlier step produced.
    ///   - precondition: arguments the call must not get (they are drawn again, or another operation is).
    ///   - call: the call on a model or a subject.
    ///   - agree: whether the model's result and the subject's agree; equality when `nil`. Give it when
    ///     the two may differ where it does not matter (a timestamp, a generated token).
    ///   - produces: the values of the result that later steps may draw with ``Draw/seen(_:)``; it is
    ///     given the model's result.
    ///   - swift: the call as a Swift expression, without `try await` (`store.remove(url: "a")`).
    public init<Arguments: Sendable, Result: Sendable & Equatable>(
        _ name: String, arguments: @escaping @Sendable (inout Draw) throws -> Arguments,
        precondition: (@Sendable (Arguments) -> Bool)? = nil,
        call: @escaping @Sendable (System, Arguments) async throws -> Result,
        agree: (@Sendable (_ model: Result, _ subject: Result) -> Bool)? = nil,
        produces: (@Sendable (Result) -> [SeenValue])? = nil, swift: @escaping @Sendable (Arguments) -> String
    ) {
        self.name = name
        self.prepare = { draw in
            let arguments = try arguments(&draw)
            if let precondition, !precondition(arguments) { return nil }
            return PreparedCall(
                call: { system in await StepResult.of { try await call(system, arguments) } },
                agree: StepResult.agreement(agree),
                produces: { result in (result.base as? Result).map { produces?($0) ?? [] } ?? [] },
                swift: .expression(swift(arguments)))
        }
    }

    /// An operation from its parts, for the package's own kinds of step (time).
    init(name: String, prepare: @escaping @Sendable (inout Draw) throws -> PreparedCall<System>?) {
        self.name = name
        self.prepare = prepare
    }

    /// An operation with arguments whose call returns nothing.
    public init<Arguments: Sendable>(
        _ name: String, arguments: @escaping @Sendable (inout Draw) throws -> Arguments,
        precondition: (@Sendable (Arguments) -> Bool)? = nil,
        call: @escaping @Sendable (System, Arguments) async throws -> Void, swift: @escaping @Sendable (Arguments) -> String
    ) {
        self.init(
            name, arguments: arguments, precondition: precondition,
            call: { system, arguments -> VoidResult in
                try await call(system, arguments)
                return VoidResult()
            }, swift: swift)
    }

    /// An operation without arguments whose call returns nothing.
    public init(_ name: String, call: @escaping @Sendable (System) async throws -> Void, swift: String) {
        self.init(name, arguments: { _ in () }, call: { system, _ in try await call(system) }, swift: { _ in swift })
    }

    /// An operation without arguments.
    public init<Result: Sendable & Equatable>(
        _ name: String, call: @escaping @Sendable (System) async throws -> Result,
        agree: (@Sendable (_ model: Result, _ subject: Result) -> Bool)? = nil,
        produces: (@Sendable (Result) -> [SeenValue])? = nil, swift: String
    ) {
        self.init(
            name, arguments: { _ in () }, call: { system, _ in try await call(system) }, agree: agree, produces: produces,
            swift: { _ in swift })
    }
}

/// An operation with its arguments drawn: the call to make on each side.
struct PreparedCall<System>: Sendable {
    let call: @Sendable (System) async -> StepResult
    /// Whether the model's result (first) and the subject's agree.
    let agree: @Sendable (StepResult, StepResult) -> Bool
    let produces: @Sendable (AnyResult) -> [SeenValue]
    let swift: SwiftStep
}

/// How a step reads in a printed repro.
enum SwiftStep: Sendable, Hashable {
    /// A call whose result is discarded: printed `_ = try await <text>`.
    case expression(String)
    /// A whole statement, printed as it is (`clock.advance(by: .seconds(5))`).
    case statement(String)

    var isStatement: Bool {
        if case .statement = self { true } else { false }
    }

    /// The text the operation wrote.
    var text: String {
        switch self {
        case .expression(let text), .statement(let text): text
        }
    }
}
