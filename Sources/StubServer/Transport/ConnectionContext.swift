/// What every connection of a listener shares: limits, timeouts, the request handler and the registry it
/// reports to.
struct ConnectionContext: Sendable {
    /// The parser's limits.
    let limits: HTTPParserLimits
    /// How long to wait for a next request, and for a stalled write.
    let idleTimeout: Duration
    /// How long a request may take to arrive completely.
    let requestTimeout: Duration
    /// Decides what to do with each request.
    let handler: @Sendable (StubRequest) -> ResponsePlan
    /// Where connections register, for stop.
    let registry: ConnectionRegistry
    /// The most connections open at once.
    let maxConnections: Int
    /// The request bodies held across connections.
    let bodyBudget: BodyBudget
    /// Told of each connection or request turned away by a limit.
    let onRefusal: @Sendable (ConnectionRefusal) -> Void

    /// The stack size of each connection's thread: room for a handler's matching and JSON work.
    static let threadStackSize = 1 << 20
}
