import RecordReplayMessages
import Foundation
import Testing

@Suite("HTTP model")
struct ModelTests {
    @Test("header look-up ignores case and keeps order and duplicates")
    func headerLookUp() {
        var headers: HTTPHeaders = ["Set-Cookie": "a=1", "Content-Type": "text/plain", "set-cookie": "b=2"]
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers.replaceOrAppend(name: "set-cookie", value: "c=3")
        #expect(headers.map(\.name) == ["Set-Cookie", "Content-Type"])
        #expect(headers["Set-Cookie"] == "c=3")
        headers.removeAll(named: "CONTENT-TYPE")
        #expect(headers.count == 1)
    }
}
