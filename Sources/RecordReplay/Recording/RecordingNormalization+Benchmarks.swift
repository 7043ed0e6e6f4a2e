@_spi(Benchmarks) import RecordReplayFixtures

extension Fixture {
    /// The interactions as a recording writes them with ``ServerIdentifiers/placeholders``: identifiers the
    /// live API assigned learned and replaced, JSON members as received, in canonical order, each taken
    /// as its own sequential exchange. What `bench-placeholders` measures.
    @_spi(Benchmarks) public func withServerIdentifiersReplaced() -> Fixture {
        let exchanges = interactions.enumerated().map { offset, interaction in
            RecordedExchange(interaction: interaction, sequenceNumber: offset + 1, flight: (2 * offset)..<(2 * offset + 1))
        }
        let normalization = RecordingNormalization(
            order: .canonical, identifiers: .placeholders, jsonMemberOrder: .asReceived, volatileHeaders: VolatileHeaders())
        return Fixture(interactions: normalization.interactions(from: exchanges, keeping: nil))
    }
}
