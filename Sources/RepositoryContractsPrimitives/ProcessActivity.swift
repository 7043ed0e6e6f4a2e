/// Signs of life of the whole process, for the package's real-time bounds: a count that grows whenever
/// something the package can see moves (a stub server receives or answers a request, an intercepted
/// request is answered, a mock clock registers or wakes a sleeper, a watched call ends), and what moved
/// last.
///
/// A bound that fires only once nothing has moved for its budget reads this as "work elsewhere in the
/// process": while other tests keep moving, the machine may simply be busy, and a test that waits for
/// its turn on a core is not hung.
package enum ProcessActivity {
    private static let state = Protected<(count: UInt64, last: StaticString)>((0, "nothing yet"))

    /// Counts `movements` movements (one unless several happened together), the last described by
    /// `what` ("a stub server answered a request").
    package static func note(_ what: StaticString, movements: UInt64 = 1) {
        state.withLock { state in
            state.count &+= movements
            state.last = what
        }
    }

    /// The movements so far.
    package static var count: UInt64 { state.withLock { $0.count } }

    /// What moved last.
    package static var lastMovement: String { state.withLock { "\($0.last)" } }
}
