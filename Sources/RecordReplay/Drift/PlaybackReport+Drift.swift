import RecordReplayMessages
public import Foundation

extension PlaybackReport {
    /// Requests whose live answer differed from the recorded one during a drift check, for which the
    /// live API could not be asked, or which were not sent, in request order (record mode
    /// ``RecordMode/drift``; see ``DriftCheckOptions``).
    public var drifts: [Drift] { contributions[DriftCheckContribution.self].drifts }

    /// How many requests a drift check sent to the live API (including those in ``drifts`` that differ
    /// or could not be checked; not those that were not sent).
    public var driftCheckCount: Int { contributions[DriftCheckContribution.self].checkCount }

    /// The drift check's findings: one per fixture, with its counts and its first drifts in full (also
    /// in ``findings``).
    public var driftFindings: [Finding] { contributions[DriftCheckContribution.self].findings }

    /// A request a recorded interaction answered during a drift check (record mode ``RecordMode/drift``;
    /// see ``DriftCheckOptions``) whose live answer differs from the recorded one, for
    /// which the live API could not be asked, or which was not sent. The client got the recorded
    /// response either way.
    public struct Drift: Sendable {
        /// What the drift check found.
        ///
        /// A struct over private storage rather than an enum, so that a new kind of finding is not a
        /// breaking change for code that switches over the ones it knows: compare with `==`, or read
        /// ``differences``, ``uncheckedReason`` and ``notSentReason``.
        public struct Outcome: Sendable, Hashable {
            /// The outcomes, for the package's own exhaustive switches.
            package enum Kind: Sendable, Hashable {
                case differs([String])
                case unchecked(reason: String)
                case notSent(reason: String)
            }

            /// Which outcome this is.
            package let kind: Kind

            private init(_ kind: Kind) {
                self.kind = kind
            }

            /// The live response differs; one line per difference (`status: recorded 200, live 404`,
            /// `header Location: …`, `$.items[2].title: recorded "a", live "b"`, `body: …`).
            public static func differs(_ differences: [String]) -> Outcome { Outcome(.differs(differences)) }

            /// The live API could not be asked (unreachable, no HTTP answer); `reason` says why.
            public static func unchecked(reason: String) -> Outcome { Outcome(.unchecked(reason: reason)) }

            /// The request was not sent, so that the check changes no data on the live API (see
            /// ``DriftCheckOptions/stateChangingRequests``); `reason` says why.
            public static func notSent(reason: String) -> Outcome { Outcome(.notSent(reason: reason)) }

            /// The differences, one line each, when the live response differs.
            public var differences: [String]? {
                if case .differs(let differences) = kind { differences } else { nil }
            }

            /// Why the live API could not be asked, when it could not.
            public var uncheckedReason: String? {
                if case .unchecked(let reason) = kind { reason } else { nil }
            }

            /// Why the request was not sent, when it was not.
            public var notSentReason: String? {
                if case .notSent(let reason) = kind { reason } else { nil }
            }
        }

        /// How many differences a message lists before it says how many more there are.
        static let listedDifferences = 20

        /// The request's journal sequence number.
        public let sequenceNumber: Int
        /// The source of the fixture whose interaction answered (its file path).
        public let source: String
        /// The interaction's 0-based index in its fixture's `interactions`.
        public let index: Int
        /// The interaction's recorded request, redacted with the check's ``DriftCheckOptions/redaction``
        /// (the scope's unless given), as every drift message shows it.
        public let request: StubRequest
        /// The live API's base URL the request was sent to.
        public let upstream: URL
        /// What was found.
        public let outcome: Outcome

        /// The drift as a fixture's summary lists it (the fixture and the live API are named above it):
        /// the request and its interaction, then each difference on its own line, or why it could not
        /// be checked or was not sent.
        var summaryLines: [String] {
            let head = "request #\(sequenceNumber) \(DiagnosticText.requestLine(request)), interaction #\(index + 1) (interactions[\(index)])"
            switch outcome.kind {
            case .differs(let differences):
                var lines = ["\(head):"] + differences.prefix(Self.listedDifferences).map { "  \($0)" }
                if differences.count > Self.listedDifferences {
                    lines.append("  … and \(differences.count - Self.listedDifferences) more differences")
                }
                return lines
            case .unchecked(let reason): return ["\(head): the live API could not be asked: \(reason)"]
            case .notSent(let reason): return ["\(head): not sent: \(reason)"]
            }
        }

        /// The finding's text: the request, the fixture and interaction that answered it, and each
        /// difference on its own line (or why the live API could not be asked).
        public var message: String {
            let location = "\(source), interaction #\(index + 1) (interactions[\(index)])"
            let head =
                "request #\(sequenceNumber) \(DiagnosticText.requestLine(request)) was answered from \(location)"
            switch outcome.kind {
            case .differs(let differences):
                var lines = ["Drift: \(head), but the live API (\(upstream.absoluteString)) now answers differently:"]
                lines += differences.prefix(Self.listedDifferences).map { "  \($0)" }
                if differences.count > Self.listedDifferences {
                    lines.append("  … and \(differences.count - Self.listedDifferences) more differences")
                }
                return lines.joined(separator: "\n")
            case .unchecked(let reason):
                return "Could not check drift: \(head), but the live API (\(upstream.absoluteString)) could not "
                    + "be asked: \(reason)"
            case .notSent(let reason):
                return "Not checked: \(head), and was not sent to the live API: \(reason)"
            }
        }
    }
}
