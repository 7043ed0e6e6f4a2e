import RealStores
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only when a PostgreSQL server is configured (`REAL_STORES_POSTGRES_URL`); otherwise
    /// Swift Testing skips it with this message. `.ci/real-stores` always sets it.
    static var postgresConfigured: Self {
        .enabled(if: PostgresServer.isConfigured,
                 "REAL_STORES_POSTGRES_URL is not set: run .ci/real-stores, which starts a PostgreSQL server and sets it")
    }
}
