import MockTimeTesting
import Testing

/// `UnimplementedClock`: any use is a test failure, reported where the clock was created.
@Suite("UnimplementedClock", .timeLimit(.minutes(10)))
struct UnimplementedClockTests {
    @Test("reading now records an issue at the creation site and returns a fixed instant")
    func now() throws {
        let line = #line + 1
        let clock = UnimplementedClock("retryClock")
        let issues = Recorder<Issue>()
        withKnownIssue {
            #expect(clock.now == .seconds(0))
        } matching: { issue in
            issues.append(issue)
            return issue.comments.contains { $0.rawValue == "retryClock was used: now was read" }
        }
        let issue = try #require(issues.values.first)
        #expect(issue.sourceLocation?.line == line)
        #expect(issue.sourceLocation?.fileID == #fileID)
    }

    @Test("sleeping records an issue and throws CancellationError")
    func sleep() async {
        let clock = UnimplementedClock()
        await withKnownIssue {
            await #expect(throws: CancellationError.self) {
                try await clock.sleep(until: .seconds(5))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "UnimplementedClock was used: sleep(until: +5 s) was called" }
        }
    }

    @Test("used through any Clock<Duration>, sleep(for:) reports both the read of now and the sleep")
    func existential() async {
        let clock: any Clock<Duration> = UnimplementedClock("timeoutClock")
        let issues = Recorder<String>()
        await withKnownIssue {
            await #expect(throws: CancellationError.self) { try await clock.sleep(for: .seconds(1)) }
        } matching: { issue in
            issues.append(issue.comments.map(\.rawValue).joined())
            return issue.comments.contains { $0.rawValue.hasPrefix("timeoutClock was used: ") }
        }
        #expect(issues.values == [
            "timeoutClock was used: now was read", "timeoutClock was used: sleep(until: +1 s) was called",
        ])
    }

    @Test("reading minimumResolution records an issue")
    func minimumResolution() {
        withKnownIssue {
            #expect(UnimplementedClock("clock").minimumResolution == .zero)
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "clock was used: minimumResolution was read" }
        }
    }
}
