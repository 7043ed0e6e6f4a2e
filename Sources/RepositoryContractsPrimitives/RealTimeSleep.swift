/// Suspends until `deadline` of real time and returns true, or returns false as soon as the task is
/// cancelled, without throwing.
///
/// Every watched call has a bound that sleeps like this and is nearly always cancelled because the
/// call ended first: unlike a cancelled `Task.sleep`, it neither throws nor leaves a timer pending (see
/// ``OneShot/value(orFiring:at:)``).
package func sleepUnlessCancelled(until deadline: ContinuousClock.Instant) async -> Bool {
    let wake = OneShot<Bool>()
    return await withTaskCancellationHandler {
        await wake.value(orFiring: true, at: deadline)
    } onCancel: {
        wake.fire(false)
    }
}
