import ContractEngine

/// Where an operation draws its arguments from: a seeded random source, and the values earlier steps'
/// results produced (the ``ValueKind`` pools), so that later steps act on things that exist.
///
/// A step's draws are replayed exactly: its random choices are recorded, and a value drawn by
/// ``seen(_:)`` is remembered as "the value that step *n* produced", so it still means the same value
/// after shrinking dropped other steps. Shrinking simplifies the recorded choices toward zero: the lower
/// bound, the first element, `false`, the empty subset, the plain sample.
///
/// Besides values you list, a draw gives edge values derived from a `Codable` sample, as the CRUD
/// contract's edge cases are: ``edgeValue(around:in:)`` gives the sample or, say, the empty, padded,
/// NUL or right-to-left `String`; ``edgeCase(around:in:)`` gives it with the name a repro makes it again
/// by.
public struct Draw: Sendable {
    private var random: Choices
    private var picks: Picks
    private let pool: SeenPool
    /// The seen values this draw used, in order: what a replay of the step reads back.
    private(set) var used: [SeenReference] = []

    enum Picks: Sendable {
        case choosing(SplitMix64)
        case replaying([SeenReference])
    }

    init(seed: UInt64, picks: Picks, pool: SeenPool) {
        self.random = Choices(seed: seed)
        self.picks = picks
        self.pool = pool
    }

    /// A draw that replays `choices` (a choice past their end is 0).
    init(choices: [Int], picks: Picks, pool: SeenPool) {
        self.random = Choices(replaying: choices)
        self.picks = picks
        self.pool = pool
    }

    /// A draw that replays `choices` and has seen no values: for tests of what a choice draws.
    package init(replaying choices: [Int]) {
        self.init(choices: choices, picks: .replaying([]), pool: SeenPool())
    }

    /// The random choices this draw made, in order: what a replay of the step reads back.
    package var choices: [Int] { random.made }

    /// An integer of `range`, uniformly; `range` must hold fewer than `Int.max` values.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + random.bounded(range.count)
    }

    /// `true` or `false`, equally likely.
    public mutating func bool() -> Bool {
        random.bounded(2) == 1
    }

    /// An element of `elements`, which must not be empty, uniformly.
    public mutating func element<Elements: Collection>(of elements: Elements) -> Elements.Element {
        precondition(!elements.isEmpty, "element(of:) needs at least one element")
        return elements[elements.index(elements.startIndex, offsetBy: random.bounded(elements.count))]
    }

    /// A duration of `range`: its lower bound one time in four, its upper bound one time in four, else
    /// a whole number of milliseconds between them, uniformly (the bounds themselves when the range holds
    /// no whole millisecond).
    public mutating func duration(in range: ClosedRange<Duration>) -> Duration {
        switch random.bounded(4) {
        case 0: return range.lowerBound
        case 1: return range.upperBound
        default:
            let low = Self.wholeMilliseconds(range.lowerBound, roundingUp: true)
            let high = Self.wholeMilliseconds(range.upperBound, roundingUp: false)
            guard low <= high else { return bool() ? range.lowerBound : range.upperBound }
            return .milliseconds(low + Int64(random.bounded(Int(high - low) + 1)))
        }
    }

    private static func wholeMilliseconds(_ duration: Duration, roundingUp: Bool) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        var milliseconds = seconds * 1000 + attoseconds / perMillisecond
        if roundingUp, attoseconds % perMillisecond > 0 { milliseconds += 1 }
        if !roundingUp, attoseconds % perMillisecond < 0 { milliseconds -= 1 }
        return milliseconds
    }

    /// Some of `elements` (none, some or all), each kept with even odds.
    public mutating func subset<Element: Hashable>(of elements: [Element]) -> Set<Element> {
        Set(elements.filter { _ in bool() })
    }

    /// A value of `kind` that an earlier step's result produced (see
    /// ``ProtocolOperation/init(_:arguments:precondition:call:agree:produces:swift:)``'s `produces`).
    ///
    /// Throws when the run has seen no value of `kind` yet: the step is not drawn then (another
    /// operation is), and a replayed step whose value no longer exists is skipped.
    public mutating func seen<Value>(_ kind: ValueKind<Value>) throws -> Value {
        let reference: SeenReference
        switch picks {
        case .choosing(var generator):
            let candidates = pool.references(of: kind.name)
            guard !candidates.isEmpty else { throw NothingSeen(kind: kind.name) }
            reference = candidates[generator.bounded(candidates.count)]
            picks = .choosing(generator)
        case .replaying(let references):
            guard used.count < references.count, references[used.count].kind == kind.name else { throw NothingSeen(kind: kind.name) }
            reference = references[used.count]
        }
        guard let value = pool.value(at: reference) as? Value else { throw NothingSeen(kind: kind.name) }
        used.append(reference)
        return value
    }
}

/// The random choices of one step's draws: made from a seed, or replayed from a record (each clamped
/// below its bound, 0 past the record's end); either way recorded as made. 0 is the simplest choice of
/// every draw.
struct Choices: Sendable {
    private var random: SplitMix64?
    private let replayed: [Int]
    private(set) var made: [Int] = []

    init(seed: UInt64) {
        self.random = SplitMix64(seed: seed)
        self.replayed = []
    }

    init(replaying choices: [Int]) {
        self.random = nil
        self.replayed = choices
    }

    /// A choice in `0..<bound`.
    mutating func bounded(_ bound: Int) -> Int {
        let choice: Int
        if var generator = random {
            choice = generator.bounded(bound)
            random = generator
        } else {
            choice = made.count < replayed.count ? min(max(replayed[made.count], 0), bound - 1) : 0
        }
        made.append(choice)
        return choice
    }
}

/// A kind of value a run remembers from the steps' results, such as the URLs or ids a store handed back.
public struct ValueKind<Value: Sendable>: Sendable, Hashable {
    /// The kind's name, unique among the kinds of one check.
    public let name: String

    /// A kind named `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// `value` as a value of this kind, for a `produces:` closure to return.
    public func value(_ value: Value) -> SeenValue {
        SeenValue(kind: name, value: value, accessor: nil)
    }

    /// `value`, which the Swift `accessor` reads from the step's result (`".id"`, `".items[0].id"`), as a
    /// value of this kind. Where the model and the subject each assigned their own (an id, a token), the
    /// printed repro binds the result (`let v1 = try await …`) and passes `v1.id` on.
    public func value(_ value: Value, at accessor: String) -> SeenValue {
        SeenValue(kind: name, value: value, accessor: accessor)
    }
}

/// A value a step's result produced, of a ``ValueKind``: what `produces:` returns.
public struct SeenValue: Sendable {
    let kind: String
    let value: any Sendable
    /// The Swift that reads it from the result; `nil` when not given.
    let accessor: String?
}

/// Why a draw could not be made: no value of `kind` seen (or no longer there, in a replay).
struct NothingSeen: Error {
    var kind: String
}

/// A seen value, named by the step that produced it: the `offset`-th value of `kind` of step `step`.
struct SeenReference: Sendable, Hashable {
    var kind: String
    var step: Int
    var offset: Int
}

/// The values one side of a run has seen, by kind, in the order the steps produced them.
struct SeenPool: Sendable {
    private var values: [String: [(reference: SeenReference, seen: SeenValue)]] = [:]

    func references(of kind: String) -> [SeenReference] {
        values[kind, default: []].map(\.reference)
    }

    func value(at reference: SeenReference) -> (any Sendable)? {
        seen(at: reference)?.value
    }

    func seen(at reference: SeenReference) -> SeenValue? {
        values[reference.kind]?.first { $0.reference == reference }?.seen
    }

    /// Adds what step `step` produced from `result`. A value given without an accessor that is of the
    /// result's type and prints as the result does is read as the result itself.
    mutating func add(_ produced: [SeenValue], by step: Int, from result: AnyResult) {
        var offsets: [String: Int] = [:]
        lazy var resultText = result.text
        for var seen in produced {
            let offset = offsets[seen.kind, default: 0]
            offsets[seen.kind] = offset + 1
            if seen.accessor == nil, type(of: seen.value) == type(of: result.base), String(describing: seen.value) == resultText {
                seen = SeenValue(kind: seen.kind, value: seen.value, accessor: "")
            }
            values[seen.kind, default: []].append((SeenReference(kind: seen.kind, step: step, offset: offset), seen))
        }
    }
}
