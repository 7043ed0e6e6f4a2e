package import ContractEngine
package import MockTime

extension MockClock {
    /// A clause failure for the sleepers still pending on a clause's clock at tear-down (work the
    /// subject left behind, such as a refresh loop nobody stops), after cancelling them so that no task
    /// sleeps forever; empty when none are pending. Contracts whose environment holds a `MockClock`
    /// call it from their tear-down.
    package func leakedSleeperFailures() -> [ContractFailure] {
        let now = self.now
        let leaked = cancelPendingSleepers()
        guard !leaked.isEmpty else { return [] }
        return [
            ContractFailure(message:
                "the subject left work waiting on the mock clock after the clause (cancelled now): "
                    + "\(PendingSleepersError(sleepers: leaked, now: now))")
        ]
    }
}
