public import MockTime

extension ProtocolOperation {
    /// A time step: advances each side's `MockClock` by a duration drawn from `durations`, so that
    /// expiry, time-to-live, retries and debounces are checked in sequences of your operations.
    ///
    /// The model and the subject each have their own clock (`clock` finds it in a system); both move by the
    /// same duration. The step prints as a statement of its own in the repro:
    /// `clock.advance(by: .seconds(60))`.
    ///
    /// ```swift
    /// .advancingTime(of: \.clock, by: [.seconds(1), .seconds(59), .seconds(60)])
    /// ```
    ///
    /// - Parameters:
    ///   - clock: the system's clock.
    ///   - durations: the durations a step draws from (put the boundaries you care about here: the TTL,
    ///     just under it); must not be empty.
    ///   - settlingWithin: when given, each advance waits for the work it woke to settle, as
    ///     `MockClock.advance(by:settlingWithin:)` does (for sleeping tasks: retries, debounces); when
    ///     `nil`, time moves and nothing is waited for (enough for code that reads `MockClock.now`).
    ///   - name: the clock as the repro's Swift names it.
    public static func advancingTime(
        of clock: @escaping @Sendable (System) -> MockClock, by durations: [Duration], settlingWithin: Duration? = nil,
        swift name: String = "clock"
    ) -> ProtocolOperation {
        precondition(!durations.isEmpty, "advancingTime(of:by:) needs at least one duration")
        return advancingTime(of: clock, settlingWithin: settlingWithin, swift: name) { $0.element(of: durations) }
    }

    /// A time step: advances each side's `MockClock` by a duration of `range`, drawn by
    /// ``Draw/duration(in:)`` (its bounds often, else any whole millisecond between them); see
    /// ``advancingTime(of:by:settlingWithin:swift:)``.
    public static func advancingTime(
        of clock: @escaping @Sendable (System) -> MockClock, within range: ClosedRange<Duration>, settlingWithin: Duration? = nil,
        swift name: String = "clock"
    ) -> ProtocolOperation {
        advancingTime(of: clock, settlingWithin: settlingWithin, swift: name) { $0.duration(in: range) }
    }

    private static func advancingTime(
        of clock: @escaping @Sendable (System) -> MockClock, settlingWithin limit: Duration?, swift name: String,
        duration: @escaping @Sendable (inout Draw) -> Duration
    ) -> ProtocolOperation {
        ProtocolOperation(name: "advance time") { draw in
            let step = duration(&draw)
            let settling = limit.map { ", settlingWithin: \($0.swiftLiteral)" } ?? ""
            return PreparedCall(
                call: { system in
                    if let limit {
                        await clock(system).advance(by: step, settlingWithin: limit)
                    } else {
                        clock(system).advance(by: step)
                    }
                    return .returned(AnyResult(VoidResult()))
                },
                agree: { $0 == $1 }, produces: { _ in [] },
                swift: .statement("\(limit == nil ? "" : "await ")\(name).advance(by: \(step.swiftLiteral)\(settling))"))
        }
    }
}
