import RepositoryContractsPrimitives
import Testing

@Suite("Protected")
struct ProtectedTests {
    @Test("withLock reads and mutates the value and returns what the closure returns")
    func readsAndMutates() {
        let box = Protected([1, 2])
        let count = box.withLock { values in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(box.withLock { $0 } == [1, 2, 3])
    }

    @Test("an error thrown in withLock keeps its type and leaves the lock free")
    func rethrowsTypedErrors() {
        struct Refusal: Error, Equatable {}
        let box = Protected(0)
        #expect(throws: Refusal()) {
            try box.withLock { (value: inout Int) throws(Refusal) in
                value = 1
                throw Refusal()
            }
        }
        #expect(box.withLock { $0 } == 1)
    }

    @Test("concurrent increments are not lost")
    func concurrentIncrements() async {
        let box = Protected(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { box.withLock { $0 += 1 } }
                }
            }
        }
        #expect(box.withLock { $0 } == 8_000)
    }

    @Test("a noncopyable value can be kept and mutated in place")
    func noncopyableValue() {
        struct Token: ~Copyable {
            var uses = 0
        }
        let box = Protected(Token())
        box.withLock { $0.uses += 1 }
        #expect(box.withLock { $0.uses } == 1)
    }
}
