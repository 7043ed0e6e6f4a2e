import RepositoryContractsPrimitives

extension StubServer {
    /// What the harness itself may do to the live API behind ``Recording/upstream`` in this scope
    /// (a shared backend's reset, say), by the same rule the scope applies to the client's requests.
    package enum LiveAccess: Sendable, Equatable {
        /// Nothing live is involved: the scope only replays fixtures and stubs.
        case none
        /// A drift check that sends no state-changing request: only `GET`, `HEAD` and `OPTIONS` may reach
        /// the live API.
        case readOnly
        /// The scope records from the live API, or checks drift with state changes allowed.
        case readWrite
    }

    /// What the harness may do to the live API in this scope: a drift check is read-only unless
    /// ``DriftCheckOptions/stateChangingRequests`` is ``DriftCheckOptions/StateChangingRequests/send``
    /// (decided by the configuration, before or after a fixture is loaded); a scope that records may
    /// change live data; any other scope reaches nothing live.
    package var liveAccess: LiveAccess {
        let recording = configuration.recording
        if recording.mode.checksDrift {
            guard recording.upstream != nil || configuration.interceptsURLSession else { return .none }
            return recording.driftCheck.stateChangingRequests == .send ? .readWrite : .readOnly
        }
        return recordingTarget.withLock { $0 != nil } ? .readWrite : .none
    }

    /// Notes that a shared backend's reset was withheld in this scope (``LiveAccess/readOnly``): the
    /// live API is not in the state the fixture was recorded from, so the drift check compares every
    /// `GET` it answers by shape only, never by value.
    package func noteResetWithheld() {
        driftCheck.withLock { $0 }?.progress.compareByShapeOnly()
    }
}
