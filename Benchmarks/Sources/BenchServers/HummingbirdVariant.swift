import BenchSupport
import Hummingbird

/// Hummingbird 2.28.1 serving the job with one route (its router answers 404 for the rest).
enum HummingbirdVariant {
    struct Running: RunningServer {
        let task: Task<Void, any Error>
        let port: UInt16

        func stop() async {
            task.cancel()
            _ = await task.result
        }
    }

    static func start(port: UInt16) async throws -> Running {
        let body = ByteBuffer(bytes: TodoBody.bytes)
        let router = Router()
        router.get("/todos/1") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
        }
        let (ready, readyContinuation) = AsyncStream.makeStream(of: UInt16.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: Int(port))),
            onServerRunning: { channel in
                readyContinuation.yield(UInt16(channel.localAddress?.port ?? 0))
                readyContinuation.finish()
            }
        )
        let task = Task {
            defer { readyContinuation.finish() }
            try await app.run()
        }
        var iterator = ready.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            let failure = await task.result
            if case .failure(let error) = failure { throw error }
            throw BenchError("Hummingbird stopped before it listened")
        }
        return Running(task: task, port: bound)
    }
}
