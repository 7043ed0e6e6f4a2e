import RepositoryContractsPrimitives
import Testing

@Suite("OneShot")
struct OneShotTests {
    @Test("the first value set wins, whether it comes before or after the wait")
    func firstWins() async {
        let early = OneShot<Int>()
        early.fire(1)
        early.fire(2)
        #expect(await early.value() == 1)
        let late = OneShot<Int>()
        Task { late.fire(3); late.fire(4) }
        #expect(await late.value() == 3)
    }

    @Test("a deadline that passes first sets the timeout value; an event that comes first wins over a far deadline")
    func deadline() async {
        let expiring = OneShot<String>()
        #expect(await expiring.value(orFiring: "timed out", at: .now.advanced(by: .milliseconds(20))) == "timed out")
        let answered = OneShot<String>()
        Task { answered.fire("answered") }
        #expect(await answered.value(orFiring: "timed out", at: .now.advanced(by: .seconds(3_600))) == "answered")
    }
}
