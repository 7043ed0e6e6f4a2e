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
}
