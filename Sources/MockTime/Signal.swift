import RepositoryContractsPrimitives

/// A one-shot Boolean a settling advance awaits: fired once, by whichever comes first of the awaited
/// event (`true`) and a real-time limit (`false`).
typealias Signal = OneShot<Bool>

extension OneShot<Bool> {
    /// Waits until the signal fires or `deadline` passes (nothing moved for its limit); returns what it
    /// fired with, or false at the deadline.
    func wait(within deadline: ProgressDeadline) async -> Bool {
        await value(orFiring: false, within: deadline)
    }
}
