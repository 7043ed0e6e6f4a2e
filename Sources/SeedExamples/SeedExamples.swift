public import ContractEngine

/// The repository layers of the seed systems this project started from (`../shared/seeds/001…004`),
/// reimplemented with async/await, each with the contract that system needs: examples of writing one's
/// own contract with the engine.
public enum SeedExamples {
    /// Each system's contract run on its demo conformers (real against a fake API, fake, broken
    /// variants), in seed order: what `repo-contracts demo --all` adds to the CRUD table.
    public static let demoReports: [@Sendable () async -> ContractReport] = [
        SessionContract.demoReport,
        RecipesContract.demoReport,
    ]
}
