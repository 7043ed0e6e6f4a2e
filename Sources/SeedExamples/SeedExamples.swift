/// The repository layers of the seed systems this project started from (`../shared/seeds/001…004`),
/// reimplemented with async/await, each with the contract that system needs: examples of writing one's
/// own contract with the engine.
public enum SeedExamples {}
