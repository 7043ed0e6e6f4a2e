/// A value one task awaits, set once by whichever comes first (the awaited event, a real-time deadline,
/// a cancellation); later sets are ignored. The package's one way of waiting for "this, or that, or a
/// time limit" without throwing.
package final class OneShot<Value: Sendable>: Sendable {
    private let state = Protected<(value: Value?, continuation: CheckedContinuation<Value, Never>?)>((nil, nil))

    /// A value not set yet.
    package init() {}

    /// Sets the value and resumes the waiting task, unless the value is set already.
    package func fire(_ value: Value) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(returning: value)
    }

    /// The value, if it is set.
    package var currentValue: Value? { state.withLock { $0.value } }

    /// Waits until the value is set; one task may wait.
    package func value() async -> Value {
        await withCheckedContinuation { continuation in
            let value = state.withLock { state -> Value? in
                if state.value == nil { state.continuation = continuation }
                return state.value
            }
            if let value { continuation.resume(returning: value) }
        }
    }

    /// Waits until the value is set, setting it to `timeout` when `deadline` of real time passes first.
    ///
    /// The deadline is an alarm of ``RealTimeAlarms/shared``, cancelled as soon as the wait ends, and
    /// nothing throws (a cancelled `Task.sleep` throws, and Swift Testing records a backtrace for each).
    package func value(orFiring timeout: Value, at deadline: ContinuousClock.Instant) async -> Value {
        if let value = state.withLock({ $0.value }) { return value }
        let alarm = RealTimeAlarms.shared.schedule(at: deadline) { [self] in fire(timeout) }
        defer { RealTimeAlarms.shared.cancel(alarm) }
        return await value()
    }
}
