import RepositoryContractsPrimitives

extension Playback {
    /// Removes the unmatched requests received so far from the playback's state and returns them,
    /// oldest first: the ``report`` no longer lists them, nor makes findings of them. Used by the
    /// `.stubServer` trait's ways of expecting an unmatched request inside a test, which report them
    /// themselves; no other finding is touched.
    package func takeUnmatchedRequests() -> [PlaybackReport.UnmatchedRequest] {
        state.withLock { state in
            defer { state.unmatchedRequests.removeAll() }
            return state.unmatchedRequests
        }
    }
}
