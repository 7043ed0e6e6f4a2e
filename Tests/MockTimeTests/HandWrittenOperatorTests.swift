import Foundation
import MockTime
import RepositoryContractsPrimitives
import Testing

/// Debounce and throttle written by hand over an `AsyncStream`, run as structured children on the
/// clock's executor: one long advance gives the same emissions, at the same instants, as stepping.
@Suite("Hand-written debounce and throttle", .timeLimit(.minutes(10)))
struct HandWrittenOperatorTests {
    /// A number that only grows, read and bumped from any task.
    final class Generation: Sendable {
        private let value = Protected(0)

        func next() -> Int {
            value.withLock { value in
                value += 1
                return value
            }
        }

        func isCurrent(_ generation: Int) -> Bool {
            value.withLock { $0 == generation }
        }
    }

    /// Emits a value once `interval` has passed without a newer one.
    static func debounce(
        _ input: AsyncStream<Int>, for interval: Duration, on clock: MockClock,
        emit: @escaping @Sendable (Int, MockClock.Instant) -> Void
    ) async {
        let latest = Generation()
        await withTaskGroup(of: Void.self) { group in
            for await value in input {
                let generation = latest.next()
                group.addTask {
                    guard (try? await clock.sleep(for: interval)) != nil, latest.isCurrent(generation) else { return }
                    emit(value, clock.now)
                }
            }
        }
    }

    /// The window of a throttle: the first value goes out at once, later ones in the window are held
    /// and the latest goes out at the window's end.
    final class Window: Sendable {
        enum Decision { case emit, holdUntil(MockClock.Instant), replace }
        private struct State {
            var end: MockClock.Instant?
            var held: Int?
            var flushScheduled = false
        }

        private let state = Protected(State())

        func receive(_ value: Int, at now: MockClock.Instant, interval: Duration) -> Decision {
            state.withLock { state in
                guard let end = state.end, now < end else {
                    state.end = now.advanced(by: interval)
                    return .emit
                }
                state.held = value
                if state.flushScheduled { return .replace }
                state.flushScheduled = true
                return .holdUntil(end)
            }
        }

        func flush(at now: MockClock.Instant, interval: Duration) -> Int? {
            state.withLock { state in
                state.flushScheduled = false
                defer { state.held = nil }
                if state.held != nil { state.end = now.advanced(by: interval) }
                return state.held
            }
        }
    }

    static func throttle(
        _ input: AsyncStream<Int>, for interval: Duration, on clock: MockClock,
        emit: @escaping @Sendable (Int, MockClock.Instant) -> Void
    ) async {
        let window = Window()
        await withTaskGroup(of: Void.self) { group in
            for await value in input {
                switch window.receive(value, at: clock.now, interval: interval) {
                case .emit:
                    emit(value, clock.now)
                case .holdUntil(let end):
                    group.addTask {
                        guard (try? await clock.sleep(until: end)) != nil else { return }
                        if let held = window.flush(at: clock.now, interval: interval) { emit(held, clock.now) }
                    }
                case .replace:
                    break
                }
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("debounce 300 ms: inputs 100 ms apart, then one long advance, emit only the last, 300 ms after it")
    func debounce() async throws {
        try await withMockClock { clock in
            let emitted = Recorder<(Int, MockClock.Instant)>()
            let (stream, input) = AsyncStream.makeStream(of: Int.self)
            async let debouncing: Void = Self.debounce(stream, for: .milliseconds(300), on: clock) { emitted.append(($0, $1)) }
            input.yield(1)
            clock.advance(by: .milliseconds(100))
            input.yield(2)
            clock.advance(by: .milliseconds(100))
            input.yield(3)
            clock.advance(by: .seconds(1))
            #expect(emitted.values.map(\.0) == [3])
            #expect(emitted.values.map(\.1) == [MockClock.Instant(offset: .milliseconds(500))])
            input.yield(4)
            clock.advance(by: .milliseconds(299))
            #expect(emitted.values.count == 1)
            clock.advance(by: .milliseconds(1))
            #expect(emitted.values.map(\.0) == [3, 4])
            #expect(emitted.values.last?.1 == MockClock.Instant(offset: .milliseconds(1500)))
            input.finish()
            await debouncing
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("throttle 1 s: the first value at once, the latest of the window at its end, within one long advance")
    func throttle() async throws {
        try await withMockClock { clock in
            let emitted = Recorder<(Int, MockClock.Instant)>()
            let (stream, input) = AsyncStream.makeStream(of: Int.self)
            async let throttling: Void = Self.throttle(stream, for: .seconds(1), on: clock) { emitted.append(($0, $1)) }
            input.yield(1)
            clock.advance(by: .milliseconds(200))
            input.yield(2)
            clock.advance(by: .milliseconds(200))
            input.yield(3)
            clock.advance(by: .seconds(5))
            #expect(emitted.values.map(\.0) == [1, 3])
            #expect(emitted.values.map(\.1) == [.seconds(0), .seconds(1)])
            input.yield(4)
            clock.advance()
            #expect(emitted.values.map(\.0) == [1, 3, 4])
            #expect(emitted.values.last?.1 == MockClock.Instant(offset: .milliseconds(5400)))
            input.finish()
            await throttling
        }
    }
}
