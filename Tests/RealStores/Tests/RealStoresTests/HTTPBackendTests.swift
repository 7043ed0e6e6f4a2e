import RealStores
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only when the HTTP backend is running (`REAL_STORES_HTTP_URL`); otherwise Swift
    /// Testing skips it with this message. `.ci/real-stores` always starts it and sets the variable.
    static var httpConfigured: Self {
        .enabled(if: HTTPBackend.isConfigured,
                 "REAL_STORES_HTTP_URL is not set: run .ci/real-stores, which starts TodoBackend and sets it")
    }
}

/// The suites against the live HTTP backend (`TodoBackend`), one test at a time: the offline replay
/// counts the requests the server serves, which another test's requests would spoil.
@Suite("HTTP backend", .serialized, .httpConfigured)
struct HTTPBackendTests {}
