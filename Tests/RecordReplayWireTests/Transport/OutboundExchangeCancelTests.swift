import Dispatch
import Foundation
import RecordReplayMessages
@_spi(Benchmarks) import RecordReplayWire
import RepositoryContractsPrimitives
import RepositoryContractsTestSupport
import Testing

/// Cancelling an ``OutboundExchange`` touches its own socket only. Its thread closes the socket as soon as
/// the cancel wakes it, and the system gives the lowest free descriptor number to the next socket opened:
/// a shutdown made after that close would cut another exchange's connection.
@Suite("HTTP transport: cancelling an outbound exchange")
struct OutboundExchangeCancelTests {
    /// Exchanges on other threads open and close connections without pause while exchanges that wait for
    /// an answer are cancelled, one after another: none of the others loses its connection.
    @Test("a cancel never cuts another exchange's connection, even one whose socket took the cancelled one's number")
    func cancelCutsOnlyItsOwnConnection() async throws {
        let gates = Gates(count: Self.cancels)
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            guard let gate = gates.gate(for: request.path) else { return echo(request) }
            return .blocking(
                BlockingDecision(
                    decide: {
                        gate.held.signal()
                        gate.released.wait()
                        return .respond(StubResponse(status: 204))
                    },
                    cancel: { gate.released.signal() }))
        }
        try await withListener(handler: handler) { _, port in
            let outcome = try await blocking { Self.cancelWhileOthersRun(port: port, gates: gates, others: 2) }
            #expect(outcome.heldEnds == Array(repeating: "cancelled", count: Self.cancels))
            #expect(outcome.othersCut.isEmpty, "exchanges cut by another's cancel: \(outcome.othersCut.prefix(5))")
            #expect(outcome.otherCount > 0, "the other exchanges ran")
            print("outbound exchange cancels: \(Self.cancels) cancelled while \(outcome.otherCount) other exchanges ran")
        }
    }

    private static let cancels = 400
    /// The most exchanges the other threads run in all.
    private static let othersMost = 4_000

    /// A held request's two signals: the server holds it, the test lets it go.
    private struct Gate: Sendable {
        let held = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
    }

    /// One gate per held request, `/held/<index>`.
    private final class Gates: Sendable {
        let all: [Gate]

        init(count: Int) {
            all = (0..<count).map { _ in Gate() }
        }

        func gate(for path: String) -> Gate? {
            guard path.hasPrefix("/held/"), let index = Int(path.dropFirst("/held/".count)) else { return nil }
            return all[index]
        }
    }

    private struct Outcome: Sendable {
        /// How each held exchange ended, in order: `cancelled`, or what it got instead.
        var heldEnds: [String] = []
        var othersCut: [String] = []
        var otherCount = 0
    }

    /// Cancels each gate's exchange once the server holds its request (or once it ended without), while
    /// `others` threads run quick exchanges until the last cancel is done; on the calling thread.
    private static func cancelWhileOthersRun(port: UInt16, gates: Gates, others: Int) -> Outcome {
        let outcome = Protected(Outcome())
        let done = Protected(false)
        let othersEnded = DispatchGroup()
        for _ in 0..<others {
            othersEnded.enter()
            Thread {
                defer { othersEnded.leave() }
                // Bounded, so that a slow run cannot use up the ephemeral ports (each closed connection
                // waits in TIME_WAIT on this side).
                while !done.withLock({ $0 }) && outcome.withLock({ $0.otherCount + $0.othersCut.count }) < Self.othersMost {
                    do throws(OutboundExchangeError) {
                        _ = try OutboundExchange().run(
                            host: "127.0.0.1", port: port, request: request("/quick"), method: "GET", timeout: .seconds(86_400))
                        outcome.withLock { $0.otherCount += 1 }
                    } catch {
                        outcome.withLock { $0.othersCut.append(error.message) }
                    }
                }
            }.start()
        }
        for (index, gate) in gates.all.enumerated() {
            let exchange = OutboundExchange()
            let ended = DispatchSemaphore(value: 0)
            Thread {
                // An exchange that ends before the server holds its request (it could not connect, say)
                // also releases the wait for the hold below: the test then fails naming how it ended,
                // rather than waiting for good.
                defer {
                    gate.held.signal()
                    ended.signal()
                }
                let end: String
                do throws(OutboundExchangeError) {
                    let answer = try exchange.run(
                        host: "127.0.0.1", port: port, request: request("/held/\(index)"), method: "GET",
                        timeout: .seconds(86_400))
                    end = "answered \(answer.response.status)"
                } catch {
                    end = error == .cancelled ? "cancelled" : error.message
                }
                outcome.withLock { $0.heldEnds.append(end) }
            }.start()
            gate.held.wait()
            exchange.cancel()
            ended.wait()
            gate.released.signal()
        }
        done.withLock { $0 = true }
        othersEnded.wait()
        return outcome.withLock { $0 }
    }

    private static func request(_ path: String) -> [UInt8] {
        Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    }
}
