/// Which of the requests a fault rule's pattern matches get the fault, counted from 1 in the order
/// the playback receives them: `.every`, `.first`, `.nth(2)`, `.times(3)` (the first three),
/// `.after(1)` (all but the first), or a list such as `[2, 4]`.
public struct Occurrences: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    private enum Selection: Sendable, Hashable {
        case every
        case firstOnes(Int)
        case after(Int)
        case ordinals(Set<Int>)
    }

    private let selection: Selection

    private init(_ selection: Selection) {
        self.selection = selection
    }

    /// Every matching request.
    public static let every = Occurrences(.every)

    /// The first matching request only.
    public static let first = Occurrences(.firstOnes(1))

    /// The `ordinal`-th matching request only (1-based).
    public static func nth(_ ordinal: Int) -> Occurrences { Occurrences(.ordinals([ordinal])) }

    /// The first `count` matching requests.
    public static func times(_ count: Int) -> Occurrences { Occurrences(.firstOnes(count)) }

    /// Every matching request after the first `count`.
    public static func after(_ count: Int) -> Occurrences { Occurrences(.after(count)) }

    /// The matching requests with these ordinals (1-based).
    public static func ordinals(_ ordinals: Set<Int>) -> Occurrences { Occurrences(.ordinals(ordinals)) }

    /// The matching requests with these ordinals (1-based): `[2, 4]`.
    public init(arrayLiteral ordinals: Int...) {
        self.init(.ordinals(Set(ordinals)))
    }

    /// Whether the `ordinal`-th matching request (1-based) is selected.
    public func contains(_ ordinal: Int) -> Bool {
        switch selection {
        case .every: true
        case .firstOnes(let count): ordinal <= count
        case .after(let count): ordinal > count
        case .ordinals(let ordinals): ordinals.contains(ordinal)
        }
    }

    /// The selection as messages print it.
    public var description: String {
        switch selection {
        case .every: "every time"
        case .firstOnes(let count): count == 1 ? "the first time" : "the first \(count) times"
        case .after(let count): "every time after the first \(count)"
        case .ordinals(let ordinals): "occurrences " + ordinals.sorted().map { "#\($0)" }.joined(separator: ", ")
        }
    }
}
