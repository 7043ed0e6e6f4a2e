public import ContractEngine
import ExampleSystems

/// The repository layers of four example systems (a user session, a recipes service with its cache, a
/// cache-then-network repository, an observable loader), each with the contract that system needs:
/// examples of writing one's own contract with the engine.
public enum ExampleReports {
    /// Each system's contract run on its demo conformers (real against a fake API, fake, broken
    /// variants), in order: what `repo-contracts-demo --all` adds to the CRUD table.
    public static let demoReports: [@Sendable () async -> ContractReport] = [
        SessionContract.demoReport,
        RecipesContract.demoReport,
        {
            ContractReport(
                contract: CacheThenNetworkContract.name, conformances: await CacheThenNetworkContract.demoReports())
        },
        {
            // The loader is `@Observable`, which needs macOS 14 / iOS 17: older systems list no rows.
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
                return ContractReport(contract: "Observable loader", conformances: [])
            }
            return ContractReport(contract: LoaderContract.name, conformances: await LoaderContract.demoReports())
        },
    ]
}
