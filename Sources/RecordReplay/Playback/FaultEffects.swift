import Foundation
@_spi(Benchmarks) import RecordReplayWire

/// The combined effect of the faults that fired for one request (see ``Fault`` for how they combine).
struct FaultEffects: Sendable {
    var delay: Duration = .zero
    var status: (code: Int, body: Data?)?
    var truncation: Int?
    var replacingFault: ConnectionFault?

    init(_ faults: [Fault]) {
        for fault in faults {
            switch fault.kind {
            case .delay(let duration): delay += duration
            case .status(let code, let body): if status == nil { status = (code, body) }
            case .truncatedBody(let bytes): if truncation == nil { truncation = max(0, bytes) }
            case .replacing(let connectionFault): if replacingFault == nil { replacingFault = connectionFault }
            }
        }
    }

    /// The plan for sending `response` with the status override and truncation applied.
    func applied(to response: StubResponse) -> ResponsePlan {
        var response = response
        if let status {
            response.status = status.code
            response.reason = nil
            if let body = status.body { response.body = body }
        }
        if let truncation {
            return .fault(.truncatedBody(response, keepingBytes: min(truncation, response.body.count)))
        }
        return .respond(response)
    }
}
