import Foundation
import RecordReplay
import RecordReplayWire
import Testing

/// The proxy variables while guards are on, and after: checked in a process of their own (an exit
/// test), where no other test's guard can be on, so the values before and after are this test's.
#if canImport(FoundationNetworking)
    extension NetworkGuardTests {
        @Suite struct Environment {
            @Test("the variables name the guard while any guard is on, and get back their earlier values (set or not) after the last")
            func previousValuesAreRestored() async {
                await #expect(processExitsWith: .exitCode(42), observing: [\.standardErrorContent]) {
                    let names = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]
                    let before: [String: String] = [
                        "HTTP_PROXY": "http://upper.example.invalid:3128", "https_proxy": "http://user-proxy.example.invalid:3128",
                        "ALL_PROXY": "socks5://socks.example.invalid:1080", "no_proxy": "corp.example.invalid",
                    ]
                    ProcessEnvironment.apply(names.map { ($0, before[$0]) })
                    func fail(_ message: String) -> Never {
                        FileHandle.standardError.write(Data((message + "\n").utf8))
                        exit(1)
                    }
                    func current() -> [String: String] {
                        Dictionary(uniqueKeysWithValues: names.compactMap { name in ProcessEnvironment.value(of: name).map { (name, $0) } })
                    }
                    func checkGuarded(_ when: String) {
                        let values = current()
                        let proxies = Set(names.prefix(6).map { values[$0] ?? "<unset>" })
                        guard proxies.count == 1, proxies.first?.hasPrefix("http://127.0.0.1:") == true else { fail("\(when): \(values)") }
                        guard values["no_proxy"] == "localhost,127.0.0.1,::1", values["NO_PROXY"] == "localhost,127.0.0.1,::1" else {
                            fail("\(when): no_proxy \(values)")
                        }
                        // What Foundation (and a child process) reads is the same environment.
                        let foundation = ProcessInfo.processInfo.environment
                        guard names.allSatisfy({ foundation[$0] == values[$0] }) else { fail("\(when): Foundation reads \(foundation)") }
                    }
                    let first = try! NetworkGuard.engage()
                    checkGuarded("one guard on")
                    let second = try! NetworkGuard.engage()
                    first.end()
                    checkGuarded("the second guard still on")
                    second.end()
                    guard current() == before else { fail("after the last guard: \(current()), expected \(before)") }
                    do { _ = try! NetworkGuard.engage() }
                    guard current() == before else { fail("after a dropped guard: \(current())") }
                    exit(42)
                }
            }
        }
    }
#endif
