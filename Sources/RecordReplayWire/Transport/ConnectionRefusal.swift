public import Foundation

/// A connection or request the server turned away to stay within its limits, as the journal notes it.
public struct ConnectionRefusal: Sendable, Hashable, CustomStringConvertible {
    /// Which limit was reached.
    ///
    /// A struct over private storage rather than an enum, so that a new limit is not a breaking change
    /// for code that switches over the ones it knows: compare with `==`, or read ``limit``.
    public struct Reason: Sendable, Hashable {
        /// The limits, for the package's own exhaustive switches.
        package enum Kind: Sendable, Hashable {
            case tooManyConnections(limit: Int)
            case bodyMemory(limit: Int)
        }

        /// Which limit this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// ``ServerOptions/maxConnections`` connections were already open.
        public static func tooManyConnections(limit: Int) -> Reason { Reason(.tooManyConnections(limit: limit)) }

        /// The request's body would have taken the bodies held beyond
        /// ``ServerOptions/maxBufferedBodyBytes``.
        public static func bodyMemory(limit: Int) -> Reason { Reason(.bodyMemory(limit: limit)) }

        /// The limit that was reached: connections, or bytes of bodies held.
        public var limit: Int {
            switch kind {
            case .tooManyConnections(let limit), .bodyMemory(let limit): limit
            }
        }
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
        switch reason.kind {
        case .tooManyConnections(let limit):
            "503 to a new connection: \(limit) connections were open (ServerOptions.maxConnections)"
        case .bodyMemory(let limit):
            "503 to a request: its body would have taken the bodies held beyond \(limit) bytes "
                + "(ServerOptions.maxBufferedBodyBytes)"
        }
    }
}
