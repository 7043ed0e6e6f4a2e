import RepositoryContractsPrimitives
import Testing

@Suite("Duration text")
struct DurationTextTests {
    @Test(
        "secondsText writes the exact seconds, trailing zeros dropped",
        arguments: [
            (Duration.zero, "0 s"), (.seconds(5), "5 s"), (.milliseconds(1_500), "1.5 s"),
            (.milliseconds(-250), "-0.25 s"), (.microseconds(1), "0.000001 s"), (.seconds(-3), "-3 s"),
            (.nanoseconds(1_000_000_001), "1.000000001 s"),
        ])
    func exact(_ duration: Duration, _ text: String) {
        #expect(duration.secondsText == text)
    }

    @Test(
        "secondsText(fractionDigits:) rounds halves away from zero and keeps trailing zeros",
        arguments: [
            (Duration.seconds(6), 1, "6.0 s"), (.milliseconds(6_240), 1, "6.2 s"), (.milliseconds(6_250), 1, "6.3 s"),
            (.milliseconds(9_960), 1, "10.0 s"), (.milliseconds(-1_250), 1, "-1.3 s"), (.milliseconds(-10), 1, "0.0 s"),
            (.milliseconds(2_500), 0, "3 s"), (.milliseconds(1_234), 3, "1.234 s"), (.zero, 2, "0.00 s"),
        ])
    func rounded(_ duration: Duration, _ digits: Int, _ text: String) {
        #expect(duration.secondsText(fractionDigits: digits) == text)
    }

    @Test("timeInterval is the seconds as a Double")
    func timeInterval() {
        #expect(Duration.milliseconds(1_500).timeInterval == 1.5)
        #expect(Duration.milliseconds(-250).timeInterval == -0.25)
    }
}
