import BenchSupport
import FlyingFox
import FlyingSocks
import Foundation

/// FlyingFox 0.27.1 serving the job; `noDelay` sets `TCP_NODELAY` on its listening socket (FlyingFox
/// writes a response's head and body separately, so without it each keep-alive answer waits for the
/// client's delayed ACK).
enum FlyingFoxVariant {
    struct Running: RunningServer {
        let server: HTTPServer
        let task: Task<Void, any Error>
        let port: UInt16

        func stop() async {
            await server.stop()
            task.cancel()
            _ = await task.result
        }
    }

    static func start(port: UInt16, noDelay: Bool) async throws -> Running {
        let server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: port), logger: .disabled)
        let body = Data(TodoBody.bytes)
        await server.appendRoute("GET /todos/1") { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
        }
        let task = Task { try await server.run() }
        do {
            try await server.waitUntilListening()
        } catch {
            task.cancel()
            throw error
        }
        let bound: UInt16 =
            switch await server.listeningAddress {
            case .ip4(_, let port), .ip6(_, let port): port
            default: 0
            }
        let running = Running(server: server, task: task, port: bound)
        if noDelay, !Loopback.setNoDelayOnListeningSocket(port: bound) {
            await running.stop()
            throw BenchError("could not find FlyingFox's listening socket to set TCP_NODELAY")
        }
        return running
    }
}
