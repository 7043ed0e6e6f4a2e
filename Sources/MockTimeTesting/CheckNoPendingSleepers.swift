public import Testing

/// Records an issue naming the sleepers still pending on `clock`, if any; they stay pending.
///
/// The Swift Testing counterpart of ``MockClock/checkNoPendingSleepers()``, which throws instead.
public func checkNoPendingSleepers(_ clock: MockClock, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        try clock.checkNoPendingSleepers()
    } catch {
        Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
    }
}
