import RecordReplayMessages
/// Finds the recorded interactions closest to an unmatched request.
enum ClosestInteractions {
    /// Up to `limit` interactions ranked by ``RequestComparison/distance`` (then recorded order),
    /// with their full comparisons.
    ///
    /// Every interaction gets a cheap score first (a lower bound of its full score); full comparisons,
    /// which diff JSON bodies and run closure matchers, are made in cheap-score order until no
    /// remaining interaction can beat the ones found, and for at most `fullComparisons` interactions,
    /// so a miss among a hundred thousand interactions costs one cheap pass and a bounded number of
    /// diffs.
    static func find(
        for received: (request: StubRequest, normalized: NormalizedRequest), among stored: [StoredInteraction],
        normalizer: RequestNormalizer, limit: Int = 3, fullComparisons: Int = 256
    ) -> [(position: Int, comparison: RequestComparison)] {
        guard !stored.isEmpty else { return [] }
        let bounds = stored.indices.map { position in
            (
                position: position,
                bound: RequestComparison.cheap(
                    recorded: stored[position].normalized, received: received.normalized, normalizer: normalizer
                ).distance
            )
        }.sorted { $0.bound != $1.bound ? $0.bound < $1.bound : $0.position < $1.position }
        var best: [(position: Int, comparison: RequestComparison)] = []
        for (position, bound) in bounds.prefix(fullComparisons) {
            if best.count == limit, let worst = best.last, bound > worst.comparison.distance { break }
            let candidate = stored[position]
            let comparison = RequestComparison.complete(
                recorded: (candidate.interaction.request, candidate.normalized), received: received,
                normalizer: normalizer)
            best.append((position, comparison))
            best.sort {
                $0.comparison.distance != $1.comparison.distance
                    ? $0.comparison.distance < $1.comparison.distance : $0.position < $1.position
            }
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}
