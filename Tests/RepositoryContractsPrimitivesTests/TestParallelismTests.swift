import Foundation
import TestParallelism
import Testing

/// This package's own test binary bounds how many test cases Swift Testing runs at once (see
/// `Tests/TestParallelism/BoundedParallelism.c` for why).
@Suite("The package's own test run: how many test cases at once")
struct TestParallelismTests {
    @Test("the binary names Swift Testing a width (twice the cores) unless the environment named one")
    func widthIsBounded() throws {
        let named = ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"]
        let width = try #require(named.flatMap(Int.init), "no width named: every test case runs at once")
        #expect(width >= 1)
        let setAtLoad = Int(test_parallelism_width_set_at_load())
        if setAtLoad != 0 {
            #expect(width == setAtLoad)
            #expect(setAtLoad >= 2 && setAtLoad % 2 == 0, "twice the cores online")
        }
    }
}
