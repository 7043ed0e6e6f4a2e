import MockTime
import Testing

@Test func placeholder() { _ = MockClock() }
