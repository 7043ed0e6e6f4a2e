/// What a conformer promises: the operations it supports and the guarantees it gives.
///
/// Capabilities are declared per conformer. A clause that needs one the conformer does not declare is
/// left out of its cases and listed with the reason. A write operation that is *not* declared must be
/// rejected by the conformer (it throws and changes nothing): that is a clause of its own, not a skip.
public struct Capabilities: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The set's bits.
    public let rawValue: UInt32

    /// A set from its bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `create(_:)` stores new entities.
    public static let create = Self(rawValue: 1 << 0)
    /// `update(_:)` replaces stored entities.
    public static let update = Self(rawValue: 1 << 1)
    /// `delete(id:)` removes stored entities.
    public static let delete = Self(rawValue: 1 << 2)
    /// The backend assigns ids: `create(_:)` ignores the proposed id and returns the one it assigned.
    /// Without it, the id the client passes is the id stored.
    public static let serverAssignedIDs = Self(rawValue: 1 << 3)
    /// Operations may run concurrently from many tasks without losing or corrupting anything.
    public static let concurrentAccess = Self(rawValue: 1 << 4)

    /// Create, update and delete.
    public static let crud: Self = [.create, .update, .delete]

    private static let names: [(Self, String)] = [
        (.create, "create"), (.update, "update"), (.delete, "delete"),
        (.serverAssignedIDs, "serverAssignedIDs"), (.concurrentAccess, "concurrentAccess"),
    ]

    /// `[.create, .update]`: the capabilities as a conformer declares them.
    public var description: String {
        "[" + Self.names.filter { contains($0.0) }.map { "." + $0.1 }.joined(separator: ", ") + "]"
    }
}
