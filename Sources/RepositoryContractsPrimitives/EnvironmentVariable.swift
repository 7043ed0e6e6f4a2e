/// The environment variables the package reads, named in one place.
package enum EnvironmentVariable {
    /// `REPOSITORY_CONTRACTS_RECORD`: the record mode of `.stubServer` scopes that do not choose one
    /// (`never`, `once`, `newEpisodes`, `all`, `drift`).
    package static let record = "REPOSITORY_CONTRACTS_RECORD"
    /// `REPOSITORY_CONTRACTS_UPSTREAM`: the live API's base URL, for recording and drift checks.
    package static let upstream = "REPOSITORY_CONTRACTS_UPSTREAM"
    /// `REPOSITORY_CONTRACTS_DRIFT_WRITES`: `send` lets a drift check send state-changing requests
    /// (`POST`, `PUT`, `PATCH`, `DELETE`) to the live API; `skip` (the default) does not.
    package static let driftWrites = "REPOSITORY_CONTRACTS_DRIFT_WRITES"
    /// `REPOSITORY_CONTRACTS_SEED`: the first seed of a model-based check (decimal or `0x` hexadecimal).
    package static let seed = "REPOSITORY_CONTRACTS_SEED"
    /// `REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG`: the file `.stubServer` scopes append the path of every
    /// fixture they load to (what `repo-contracts status` reads), instead of
    /// `<package root>/.build/repository-contracts/fixture-usage.log`.
    package static let fixtureUsageLog = "REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG"
    /// `CI`: set (non-empty) on continuous integration, where nothing records unless asked to.
    package static let continuousIntegration = "CI"
}
