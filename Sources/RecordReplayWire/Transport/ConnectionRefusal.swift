public import Foundation

/// A connection or request the server turned away to stay within its limits, as the journal notes it.
public struct ConnectionRefusal: Sendable, Hashable, CustomStringConvertible {
    /// Which limit was reached.
    public enum Reason: Sendable, Hashable {
        /// ``ServerOptions/maxConnections`` connections were already open.
        case tooManyConnections(limit: Int)
        /// The request's body would have taken the bodies held beyond
        /// ``ServerOptions/maxBufferedBodyBytes``.
        case bodyMemory(limit: Int)
    }

    /// Which limit was reached.
    public let reason: Reason
    /// The wall-clock time of the refusal.
    public let date: Date

    /// Creates a refusal.
    public init(reason: Reason, date: Date = Date()) {
        self.reason = reason
        self.date = date
    }

    /// `503 to a new connection: 256 connections were open (ServerOptions.maxConnections)`.
    public var description: String {
        switch reason {
        case .tooManyConnections(let limit):
            "503 to a new connection: \(limit) connections were open (ServerOptions.maxConnections)"
        case .bodyMemory(let limit):
            "503 to a request: its body would have taken the bodies held beyond \(limit) bytes "
                + "(ServerOptions.maxBufferedBodyBytes)"
        }
    }
}
