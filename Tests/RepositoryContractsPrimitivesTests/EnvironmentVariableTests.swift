import RepositoryContractsPrimitives
import Testing

@Suite("EnvironmentVariable")
struct EnvironmentVariableTests {
    @Test("the plain name wins; the TEST_RUNNER_ name is read when the plain one is unset or empty; empty is unset")
    func lookup() {
        let name = EnvironmentVariable.upstream
        #expect(EnvironmentVariable.value(of: name, in: [:]) == nil)
        #expect(EnvironmentVariable.value(of: name, in: [name: ""]) == nil)
        #expect(EnvironmentVariable.value(of: name, in: ["TEST_RUNNER_" + name: "https://b"]) == "https://b")
        #expect(EnvironmentVariable.value(of: name, in: [name: "", "TEST_RUNNER_" + name: "https://b"]) == "https://b")
        #expect(EnvironmentVariable.value(of: name, in: [name: "https://a", "TEST_RUNNER_" + name: "https://b"]) == "https://a")
    }

    @Test("a seed reads as decimal or 0x hexadecimal, padded with spaces or not; anything else is no seed; it prints back as it reads")
    func seeds() {
        let name = EnvironmentVariable.seed
        #expect(EnvironmentVariable.seed(in: [name: "42"]) == 42)
        #expect(EnvironmentVariable.seed(in: [name: " 0x00000000000000FF "]) == 255)
        #expect(EnvironmentVariable.seed(in: ["TEST_RUNNER_" + name: "0xffffffffffffffff"]) == .max)
        for unreadable in ["", "0x", "seed", "-1", "0x1g", "18446744073709551616"] {
            #expect(EnvironmentVariable.seed(in: [name: unreadable]) == nil, "\(unreadable)")
        }
        #expect(EnvironmentVariable.text(ofSeed: 11) == "0x000000000000000b")
        for seed: UInt64 in [0, 11, .max] {
            #expect(EnvironmentVariable.seed(in: [name: EnvironmentVariable.text(ofSeed: seed)]) == seed)
        }
    }
}
