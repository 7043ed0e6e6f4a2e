extension MockClock {
    /// The clock of the current `.mockClock` trait or ``withMockClock(now:startDate:isolation:_:)`` scope, if any.
    @TaskLocal public static var currentIfAny: MockClock?

    /// The clock of the current `.mockClock` trait or ``withMockClock(now:startDate:isolation:_:)`` scope.
    ///
    /// Stops the process with an explanation when read outside such a scope: use ``currentIfAny`` to
    /// test for one.
    public static var current: MockClock {
        guard let clock = currentIfAny else {
            fatalError(
                "MockClock.current was read outside a mock-clock scope: add the .mockClock trait to the test, wrap the code in withMockClock { clock in … }, or run it inside MockClock.$currentIfAny.withValue(clock) { … }")
        }
        return clock
    }
}
