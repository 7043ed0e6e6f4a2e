/// Placeholder: replaced by the MockTime implementation.
public final class MockClock: Sendable {
    public init() {}
}
