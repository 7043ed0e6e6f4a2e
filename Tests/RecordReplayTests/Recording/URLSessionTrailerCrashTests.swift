import RecordReplayMessages
import Foundation
import Testing

@testable import RecordReplay
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// Why the forwarder sends plain `http` over the package's own client: on Linux, URLSession
    /// (swift-corelibs-foundation) ends the process on a valid chunked answer with a trailer field, and a
    /// fatal error cannot be caught. Measured here in a process of its own (an exit test); the forwarder's
    /// own client records the same answer (`UpstreamForwarderAnswerTests`). When this test starts to fail,
    /// URLSession survives trailers: the comments of `UpstreamForwarder` and `PlainHTTPUpstream`, and the
    /// `https` limitation in the recording article, can go.
    @Suite("Recording: URLSession on Linux and trailer fields")
    struct URLSessionTrailerCrashTests {
        @Test("URLSession ends the process on a chunked answer with a trailer field, through the forwarder's delegate")
        func forwarderOverURLSessionDies() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let answer = RawUpstreamAnswer.valid[0]
                guard let upstream = try? await RawUpstreamAnswer.upstream(answering: [answer]) else { exit(3) }
                let forwarder = UpstreamForwarder(
                    upstream: upstream.baseURL, timeout: .seconds(24 * 60 * 60), plainHTTPOverURLSession: true)
                _ = try? await forwarder.forward(StubRequest(method: "GET", path: answer.path))
                exit(0)  // not reached while URLSession dies on trailers
            }
            let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(standardError.contains("Transfer completed, but there's no response."), "\(standardError)")
        }

        @Test("…and through data(for:), also when the request says it accepts trailers (TE: trailers)")
        func dataForWithTrailersAcceptedDies() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let answer = RawUpstreamAnswer.valid[0]
                guard let upstream = try? await RawUpstreamAnswer.upstream(answering: [answer]) else { exit(3) }
                var request = URLRequest(url: URL(string: upstream.baseURL.absoluteString + answer.path)!)
                request.setValue("trailers", forHTTPHeaderField: "TE")
                _ = try? await URLSession(configuration: .patient).data(for: request)
                exit(0)  // not reached while URLSession dies on trailers
            }
            let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(standardError.contains("Transfer completed, but there's no response."), "\(standardError)")
        }
    }
#endif
