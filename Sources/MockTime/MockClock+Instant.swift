import RepositoryContractsPrimitives

extension MockClock {
    /// A point on a mock clock's timeline: the offset from the clock's start.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// How far after the clock's start this instant is (negative: before it).
        public var offset: Duration

        /// Creates the instant `offset` after the clock's start; `Instant()` is the start itself.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier when negative).
        @inlinable
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other` (negative when `other` is earlier).
        @inlinable
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `left` comes before `right`.
        @inlinable
        public static func < (left: Instant, right: Instant) -> Bool {
            left.offset < right.offset
        }

        /// The offset with a sign, in seconds: `+1.5 s`, `+0 s`, `-2 s`.
        public var description: String {
            offset < .zero ? offset.secondsText : "+" + offset.secondsText
        }
    }
}
