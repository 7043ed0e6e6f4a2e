import ContractEngine
import Foundation
import MockTime
import RecordReplay

/// One caching clause's world, as its checks use it: the clause's context (subject, promises), its stub
/// server and clock, and the remote's records (seed them, change them behind the cache's back).
struct CachingSession<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let context: ClauseContext<Caching<Entity>>
    let records: RemoteRecords<Entity>

    init(_ context: ClauseContext<Caching<Entity>>) {
        self.context = context
        // The environment was made by `Caching.makeEnvironment` from this conformance's remote.
        self.records = context.environment.records as! RemoteRecords<Entity>
    }

    /// What the conformance declared.
    var declaration: CachingPromises<Entity> { context.promises }
    /// The clause's stub server.
    var server: StubServer { context.environment.server }
    /// The clause's clock.
    var clock: MockClock { context.environment.clock }
}
