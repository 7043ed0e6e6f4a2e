import RecordReplay
import Testing

/// How the record mode is chosen, and what each mode does with unmatched requests.
@Suite("Recording: record mode")
struct RecordModeTests {
    @Test("explicit beats the variable, the variable beats the default, which is never with or without CI; none is read as never")
    func resolution() throws {
        #expect(try RecordMode.resolved(explicit: .all, environment: ["REPOSITORY_CONTRACTS_RECORD": "none"]) == .all)
        #expect(try RecordMode.resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": "newEpisodes", "CI": "true"]) == .newEpisodes)
        #expect(try RecordMode.resolved(environment: ["CI": "true"]) == .never)
        #expect(try RecordMode.resolved(environment: [:]) == .never)
        #expect(try RecordMode.resolved(environment: ["CI": ""]) == .never)
        #expect(try RecordMode.resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": ""]) == .never)
        #expect(try RecordMode.resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": "none"]) == .never)
        #expect(try RecordMode.resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": "never"]) == .never)
    }

    @Test("xcodebuild's TEST_RUNNER_ name is read when the plain one is not set, and the plain one wins")
    func testRunnerPrefix() throws {
        #expect(try RecordMode.resolved(environment: ["TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD": "once"]) == .once)
        #expect(
            try RecordMode.resolved(
                environment: ["TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD": "once", "REPOSITORY_CONTRACTS_RECORD": "drift"]) == .drift)
        #expect(try RecordMode.resolved(environment: ["TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD": ""]) == .never)
        #expect {
            try RecordMode.resolved(environment: ["TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD": "sometimes"])
        } throws: { error in
            (error as? RecordModeError)?.value == "sometimes"
        }
    }

    @Test("an unknown value is refused, naming the variable and the modes")
    func unknownValue() {
        #expect {
            try RecordMode.resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": "always"])
        } throws: { error in
            String(describing: error)
                == "REPOSITORY_CONTRACTS_RECORD=always is not a record mode (expected one of: never, once, newEpisodes, all, drift)"
        }
    }

    @Test("which modes send unmatched requests to the live API")
    func recordsUnmatched() {
        #expect(!RecordMode.never.recordsUnmatched(fixtureExisted: false))
        #expect(RecordMode.once.recordsUnmatched(fixtureExisted: false))
        #expect(!RecordMode.once.recordsUnmatched(fixtureExisted: true))
        #expect(RecordMode.newEpisodes.recordsUnmatched(fixtureExisted: true))
        #expect(RecordMode.all.recordsUnmatched(fixtureExisted: true))
        #expect(!RecordMode.all.replaysRecordedInteractions)
        #expect(RecordMode.newEpisodes.replaysRecordedInteractions)
    }

    @Test("REPOSITORY_CONTRACTS_RECORD=drift replays, records nothing and checks drift, even on CI")
    func driftMode() throws {
        #expect(try RecordMode.resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": "drift", "CI": "true"]) == .drift)
        #expect(RecordMode.drift.rawValue == "drift")
        #expect(!RecordMode.drift.recordsUnmatched(fixtureExisted: true))
        #expect(!RecordMode.drift.recordsUnmatched(fixtureExisted: false))
        #expect(RecordMode.drift.replaysRecordedInteractions)
        #expect(RecordMode.allCases.filter(\.checksDrift) == [.drift])
    }
}
