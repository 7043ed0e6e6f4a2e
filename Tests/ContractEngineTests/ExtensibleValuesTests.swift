import ContractEngine
import Foundation
import Testing

/// The engine's values that a later version may extend are structs over private storage: users build
/// and compare them as they did the enums, and their text and JSON are what the enums' were.
@Suite("Values that can grow")
struct ExtensibleValuesTests {
    @Test("RepositoryError.Kind: every kind by name, encoded as its name, compared with ==")
    func repositoryErrorKinds() throws {
        #expect(RepositoryError.Kind.allCases.map(\.rawValue) == [
            "notFound", "conflict", "unavailable", "invalidResponse", "unsupported", "invalidInput",
        ])
        #expect(RepositoryError.Kind(rawValue: "conflict") == .conflict)
        #expect(RepositoryError.Kind(rawValue: "teapot") == nil)
        #expect(RepositoryError.conflict("taken").kind == .conflict)
        #expect(RepositoryError.conflict("taken").kind != .notFound)
        #expect("\(RepositoryError.Kind.unavailable)" == "unavailable")
        let encoded = try JSONEncoder().encode([RepositoryError.Kind.notFound])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["notFound"]"#)
        #expect(try JSONDecoder().decode([RepositoryError.Kind].self, from: encoded) == [.notFound])
    }

    @Test("ClauseResult.Status: encoded as its name, compared with ==")
    func clauseStatus() throws {
        let encoded = try JSONEncoder().encode([ClauseResult.Status.crashed])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["crashed"]"#)
        #expect(try JSONDecoder().decode([ClauseResult.Status].self, from: encoded) == [.crashed])
        #expect(ClauseResult.Status(rawValue: "skipped") == .skipped)
        #expect("\(ClauseResult.Status.passed)" == "passed")
    }

    @Test("ClauseProgress keeps the enum's JSON, and its events read without a switch")
    func clauseProgress() throws {
        let started = ClauseProgress.started(id: "create.stores", summary: "create stores")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(started), as: UTF8.self)
        #expect(json == #"{"started":{"id":"create.stores","summary":"create stores"}}"#)
        #expect(try JSONDecoder().decode(ClauseProgress.self, from: Data(json.utf8)) == started)
        #expect(started.startedClause?.id == "create.stores")
        #expect(started.finishedClause == nil)

        let result = ClauseResult(id: "create.stores", summary: "create stores", status: .passed)
        let finished = ClauseProgress.finished(result: result)
        #expect(finished.finishedClause == result)
        #expect(finished.startedClause == nil)
        let decoded = try JSONDecoder().decode(ClauseProgress.self, from: try encoder.encode(finished))
        #expect(decoded == finished)
    }

    @Test("OperationFailure.Reason: the error or the stall, read without a switch")
    func operationFailureReason() {
        let threw = OperationFailure.Reason.threw(RepositoryError.unavailable())
        #expect((threw.error as? RepositoryError)?.kind == .unavailable)
        #expect(threw.stall == nil)
    }

    @Test("RequestOutcome stays an enum: a user's exhaustive switch over it compiles")
    func requestOutcomeSwitch() {
        func name(_ outcome: RequestOutcome) -> String {
            switch outcome {
            case .rejected: "rejected"
            case .ignored: "ignored"
            case .applied: "applied"
            }
        }
        #expect([RequestOutcome.rejected(.notFound), .ignored, .applied].map(name) == ["rejected", "ignored", "applied"])
    }

    @Test("Family declarations: built and compared as the enums were, each printing its name")
    func familyDeclarations() {
        #expect(Pagination.End.exact != .mayEndWithEmptyPage)
        #expect("\(Pagination.End.mayEndWithEmptyPage)" == "mayEndWithEmptyPage")
        #expect("\(Pagination.ChangesBetweenPages.untouchedExactlyOnce)" == "untouchedExactlyOnce")
        #expect("\(TieOrder.insertion)" == "insertion" && TieOrder.insertion != .unspecified)
        #expect(BatchWrites.Policy.partial != .allOrNothing && "\(BatchWrites.Policy.partial)" == "partial")
        #expect(BatchWrites(.partial).policy == .partial)
        #expect(StoreMaintained<Int>.Rule.version != .entityTag)
        #expect("\(StoreMaintained<Int>.Rule.refreshedOnWrite)" == "refreshedOnWrite")
    }

    @Test("Pagination.LimitOutOfRange: the declared error kind is read without a switch")
    func limitOutOfRange() {
        let rejected = Pagination.LimitOutOfRange.rejected(.invalidInput)
        #expect(rejected.isRejected && rejected.rejectionKind == .invalidInput)
        #expect(rejected == .rejected(.invalidInput) && rejected != .rejected(nil))
        #expect(!Pagination.LimitOutOfRange.clamped.isRejected && Pagination.LimitOutOfRange.clamped.rejectionKind == nil)
        #expect(["\(Pagination.LimitOutOfRange.clamped)", "\(Pagination.LimitOutOfRange.rejected(nil))", "\(rejected)"]
            == ["clamped", "rejected", "rejected as invalidInput"])
    }

    @Test("CallbackError: caught by type, compared with ==, naming the operation")
    func callbackError() async {
        let error: any Error = CallbackError.completionNeverCalled(operation: "fetch(3)")
        #expect(error as? CallbackError == .completionNeverCalled(operation: "fetch(3)"))
        #expect((error as? CallbackError)?.operation == "fetch(3)")
        #expect("\(error)".hasPrefix("fetch(3) returned without ever calling its completion handler"))
    }
}
