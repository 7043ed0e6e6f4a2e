// swift-tools-version: 6.2

import PackageDescription

// The root package depends on no package: it is a test dependency, and a test dependency must not
// drag anything into its users' builds. Peers we measure against live in `Benchmarks/`.
let package = Package(
    name: "swift-repository-contracts",
    // The toolchain floor is Swift 6.2 (Xcode 26.0): the tests use exit tests and the contracts attach
    // reports, both Swift Testing 6.2 APIs. Newer APIs are behind `#if compiler(>=…)` with a fallback:
    // issue severity and `Test.cancel` (6.3), `Task(name:)` (6.2 compiler, OS 26). The OS floor is what
    // `Clock`/`Duration` need (macOS 13 / iOS 16); newer OS APIs are behind `#available` with a fallback:
    // the mock clock's task executor (macOS 15 / iOS 18), Observation in the examples (macOS 14 / iOS 17).
    // The package keeps its own small lock rather than raise the floor to what `Synchronization.Mutex`
    // needs. Exit tests (crash isolation) exist only on macOS and Linux. See
    // `Contracts/Testing/RepositoryContracts.docc/Articles/SupportedPlatforms.md`.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RepositoryContracts", targets: ["RepositoryContracts"]),
        .library(name: "RepositoryContractsXCTest", targets: ["RepositoryContractsXCTest"]),
        .library(name: "StandardContracts", targets: ["StandardContracts"]),
        .library(name: "ContractEngine", targets: ["ContractEngine"]),
        .library(name: "ModelChecking", targets: ["ModelChecking"]),
        .library(name: "RecordReplay", targets: ["RecordReplay"]),
        .library(name: "StubServerTesting", targets: ["StubServerTesting"]),
        .library(name: "MockTime", targets: ["MockTime"]),
        .library(name: "MockTimeTesting", targets: ["MockTimeTesting"]),
        .executable(name: "repo-contracts", targets: ["repo-contracts"]),
        .executable(name: "repo-contracts-demo", targets: ["repo-contracts-demo"]),
        .plugin(name: "RepoContractsPlugin", targets: ["RepoContractsPlugin"]),
        .plugin(name: "RepoContractsWritePlugin", targets: ["RepoContractsWritePlugin"]),
        .plugin(name: "RepoContractsRecordPlugin", targets: ["RepoContractsRecordPlugin"]),
    ],
    targets: [
        // The small building blocks every module shares, each with one home: a lock-guarded value, the
        // duration text of messages, … No product: an implementation detail of the package. Non-product
        // targets enter every user's package graph too, where names must be unique: hence the prefix.
        .target(name: "RepositoryContractsPrimitives"),
        // Every C library call outside the wire's sockets, thin and in one place: the process's CPU time,
        // thread identity, the loaded images, the command line's child processes, and the fixture files'
        // durable writes. No product; imports nothing of the package.
        .target(name: "RepositoryContractsPlatform"),
        // The package's one JSON: a value that keeps member order and number lexemes, a strict parser,
        // serialization styles, the canonical form, paths (`$.a["b c"][0]`) and differences. No product;
        // imports nothing of the package.
        .target(name: "RepositoryContractsJSON"),
        // The generic contract engine: clauses, contracts, conformances, the runner, reports, the watchdog and
        // the callback bridge. Knows nothing of repositories. No product: `ContractEngine` re-exports it.
        // Never imports Testing or XCTest.
        .target(name: "RepositoryContractsCore", dependencies: ["RepositoryContractsPrimitives", "RepositoryContractsPlatform"]),
        // The repository terms on the engine: the protocol family, errors, capabilities, promises, the CRUD
        // terms, the families and the edge cases. Never imports Testing or XCTest. The model checks are a
        // layer above it, in `ModelChecking`.
        .target(
            name: "ContractEngine",
            dependencies: ["RepositoryContractsPrimitives", "RepositoryContractsPlatform", "RepositoryContractsJSON", "RepositoryContractsCore"]),
        // The model checks, above the engine. `CRUD/`: the repository model check (`ModelCheck`): random
        // sequences against a reference model, differential runs, parallel runs checked for
        // linearizability. The top level: model-based checks of a user's own protocol: operations declared
        // once, the user's fake as the model, sequences compared step by step, shrunk and printed as Swift;
        // time steps advance a mock clock. Never imports Testing.
        .target(name: "ModelChecking", dependencies: ["RepositoryContractsPrimitives", "ContractEngine", "MockTime"]),
        // The built-in contracts (CRUD, …) as plain values: usable from the CLI without a test framework.
        // The caching contract drives a stub server and a mock clock.
        .target(
            name: "StandardContracts", dependencies: ["RepositoryContractsPrimitives", "ContractEngine", "RecordReplay", "MockTime"],
            path: "Contracts/Standard"),
        // What users import in a Swift Testing target: the contracts plus the Swift Testing glue.
        .target(
            name: "RepositoryContracts", dependencies: ["RepositoryContractsPrimitives", "ContractEngine", "ModelChecking", "StandardContracts", "RecordReplay", "StubServerTesting", "MockTimeTesting"],
            path: "Contracts/Testing"),
        // The XCTest glue, for test targets that still use XCTest.
        .target(
            name: "RepositoryContractsXCTest", dependencies: ["ContractEngine", "ModelChecking", "StandardContracts"], path: "Contracts/XCTest"),
        // The record/replay stack, bottom up; each layer imports only those below it, and only the top one
        // is a product (it re-exports the others' public types). Messages at the bottom; then the wire and,
        // beside it and without sockets, the fixtures and redaction; `RecordReplay` on both.
        // The HTTP values every layer speaks, apart from any transport: the request, the response, header
        // fields, an origin, query items, and percent-encoding. Also what the fuzz target (`.ci/fuzz`)
        // builds under the wire.
        .target(name: "RecordReplayMessages"),
        // The wire: sockets, the listener and connection loop, the HTTP/1.1 request decoder and response
        // encoder, and the plan a connection carries out. The one module besides `RepositoryContractsPlatform`
        // that imports the C library; what the fuzz target drives.
        .target(name: "RecordReplayWire", dependencies: ["RepositoryContractsPrimitives", "RecordReplayMessages"]),
        // The fixture model (interactions, fixtures) and the native and HAR codecs. No sockets.
        .target(
            name: "RecordReplayFixtures",
            dependencies: [
                "RepositoryContractsPrimitives", "RepositoryContractsPlatform", "RepositoryContractsJSON", "RecordReplayMessages",
            ]),
        // Redaction of fixtures (credential names, token shapes, propagation) and the secret scan. No sockets.
        .target(
            name: "RecordReplayRedaction",
            dependencies: ["RepositoryContractsPrimitives", "RepositoryContractsJSON", "RecordReplayMessages", "RecordReplayFixtures"]),
        // The loopback HTTP/1.1 server that replays fixtures (and records them, and checks them for
        // drift): playback, recording, drift and `StubServer`. Usable alone; never imports Testing.
        .target(
            name: "RecordReplay",
            dependencies: [
                "RepositoryContractsPrimitives", "RepositoryContractsPlatform", "RepositoryContractsJSON", "RecordReplayMessages",
                "RecordReplayWire", "RecordReplayFixtures", "RecordReplayRedaction",
            ]),
        // The `.stubServer(…)` Swift Testing trait: one server per test case, fixtures by naming convention,
        // unmatched requests as test failures. (MockTimeTesting: the test's clock, and one way to record an
        // issue of either severity on every supported toolchain.)
        .target(
            name: "StubServerTesting",
            dependencies: ["RepositoryContractsPrimitives", "RepositoryContractsPlatform", "RecordReplay", "MockTime", "MockTimeTesting"]),
        // A `Clock` whose time moves only when the test says so, with a `Date` view of the same timeline.
        // Never imports Testing.
        .target(name: "MockTime", dependencies: ["RepositoryContractsPrimitives", "RepositoryContractsPlatform"]),
        // The `.mockClock` Swift Testing trait, leak checks as test issues, and a clock that fails the test
        // when used.
        .target(name: "MockTimeTesting", dependencies: ["RepositoryContractsPrimitives", "MockTime"]),
        // Example conformers shared by the demo and the tests (no product).
        .target(name: "TodoExample", dependencies: ["RepositoryContractsPrimitives", "ContractEngine", "RecordReplay", "MockTime"]),
        // The seed systems' repository layers and their own contracts: examples of writing a contract.
        .target(
            name: "ExampleSystems", dependencies: ["RepositoryContractsPrimitives", "ContractEngine", "StandardContracts", "RecordReplay", "MockTime", "TodoExample"]),
        // Deliberately broken conformers of the examples, each with one bug a clause or the model check must
        // catch: what the tests and `repo-contracts demo --all` run. Kept out of the examples users copy.
        .target(
            name: "BrokenExamples",
            dependencies: ["RepositoryContractsPrimitives", "ContractEngine", "StandardContracts", "MockTime", "RecordReplay", "TodoExample", "ExampleSystems"],
            path: "Tests/BrokenExamples"),
        // The helpers the test targets share (a raw HTTP client, a test listener, request and fixture builders,
        // fake secrets, a JUnit XML report checker): not API, no product. It sits on the wire and the fixtures, below every test target
        // that uses it, and never on `RecordReplay`, so a lower module's tests link nothing above it.
        .target(
            name: "RepositoryContractsTestSupport",
            dependencies: ["RecordReplayMessages", "RecordReplayWire", "RecordReplayFixtures"],
            path: "Tests/RepositoryContractsTestSupport"),
        // Bounds how many test cases Swift Testing runs at once in this package's own test binary (twice the
        // cores, unless the environment names a width): see the C file for why. No product uses it.
        .target(name: "TestParallelism", path: "Tests/TestParallelism"),
        // The command line's code, in a library so tests link it (executables cannot be linked into tests
        // safely on every platform); `repo-contracts` is its one-line entry point.
        .target(
            name: "RepoContractsCLI",
            dependencies: [
                "RepositoryContractsPrimitives", "RepositoryContractsPlatform", "RepositoryContractsJSON", "ContractEngine",
                "RecordReplayMessages", "RecordReplayWire", "RecordReplayFixtures", "RecordReplayRedaction", "RecordReplay",
            ]),
        .executableTarget(name: "repo-contracts", dependencies: ["RepoContractsCLI"]),
        // `swift package repo-contracts …` from a user's package: three verbs, each asking only for the
        // permissions its subcommands need (permissions are declared per plugin): none for what only reads
        // (status, inspect), writing into the package for convert, redact and trim, and the network as well
        // for record and serve. Each runs the `repo-contracts` executable, which links no example code.
        .plugin(
            name: "RepoContractsPlugin",
            capability: .command(
                intent: .custom(verb: "repo-contracts", description: "Run read-only repo-contracts commands: status, inspect")),
            dependencies: ["repo-contracts"], path: "Sources/RepoContractsPlugin"),
        .plugin(
            name: "RepoContractsWritePlugin",
            capability: .command(
                intent: .custom(verb: "repo-contracts-write", description: "Run repo-contracts convert, redact or trim on the package's fixtures"),
                permissions: [.writeToPackageDirectory(reason: "convert, redact and trim write fixture files into the package")]),
            dependencies: ["repo-contracts"], path: "Sources/RepoContractsWritePlugin"),
        .plugin(
            name: "RepoContractsRecordPlugin",
            capability: .command(
                intent: .custom(verb: "repo-contracts-record", description: "Run repo-contracts record or serve"),
                permissions: [
                    .writeToPackageDirectory(reason: "record writes the fixture it recorded into the package"),
                    .allowNetworkConnections(
                        scope: .all(), reason: "record forwards requests to the live API; record and serve listen on a port"),
                ]),
            dependencies: ["repo-contracts"], path: "Sources/RepoContractsRecordPlugin"),
        // The demo: the CLI's `DemoCommand` with the example conformers, so `repo-contracts` links no example.
        .executableTarget(
            name: "repo-contracts-demo",
            dependencies: ["RepoContractsCLI", "StandardContracts", "TodoExample", "BrokenExamples"]),
        // An example app for the UI-testing article: it reads its API's base URL from its environment,
        // as an app launched by a UI test does, shows its todo list as text and exits. A test starts it
        // against a stub server in the test process. Its code is the article's, so it lives under Tests/.
        .executableTarget(name: "repo-contracts-todo-app", dependencies: ["TodoExample"], path: "Tests/TodoAppExample"),

        .testTarget(
            name: "ContractEngineTests",
            dependencies: ["RepositoryContractsPrimitives", "RepositoryContractsPlatform", "ContractEngine", "RepositoryContractsTestSupport"]),
        .testTarget(
            name: "RepositoryContractsTests",
            dependencies: [
                "RepositoryContractsPrimitives", "ContractEngine", "StandardContracts", "MockTime", "RecordReplay", "RepositoryContracts",
                "RepositoryContractsXCTest", "TodoExample", "ExampleSystems", "BrokenExamples", "RepositoryContractsTestSupport",
            ]),
        .testTarget(
            name: "ModelCheckingTests",
            dependencies: ["RepositoryContractsPrimitives", "ContractEngine", "MockTime", "ModelChecking", "TodoExample", "BrokenExamples"]),
        .testTarget(name: "RepositoryContractsPrimitivesTests", dependencies: ["RepositoryContractsPrimitives", "TestParallelism"]),
        .testTarget(name: "FidelityProofTests", dependencies: ["RepositoryContracts"]),
        // The record/replay stack's tests, one target per module and each on its module and those below it
        // (never one above): where a feature's tests live is in `Tests/README.md`.
        .testTarget(name: "RecordReplayMessagesTests", dependencies: ["RecordReplayMessages"]),
        .testTarget(name: "RepositoryContractsJSONTests", dependencies: ["RepositoryContractsJSON"]),
        .testTarget(
            name: "RecordReplayWireTests",
            dependencies: ["RepositoryContractsPrimitives", "RecordReplayMessages", "RecordReplayWire", "RepositoryContractsTestSupport"]),
        .testTarget(
            name: "RecordReplayFixturesTests",
            dependencies: ["RepositoryContractsPrimitives", "RepositoryContractsJSON", "RecordReplayMessages", "RecordReplayFixtures"]),
        .testTarget(
            name: "RecordReplayRedactionTests",
            dependencies: [
                "RepositoryContractsPrimitives", "RepositoryContractsJSON", "RecordReplayMessages", "RecordReplayFixtures",
                "RecordReplayRedaction", "RepositoryContractsTestSupport",
            ]),
        .testTarget(
            name: "RecordReplayTests",
            dependencies: [
                "RepositoryContractsPrimitives", "RepositoryContractsPlatform", "RepositoryContractsJSON", "RecordReplayMessages",
                "RecordReplayWire", "RecordReplayFixtures", "RecordReplayRedaction", "RecordReplay", "StubServerTesting", "MockTime",
                "MockTimeTesting", "RepositoryContractsTestSupport",
            ]),
        // Fixtures that are only resources of the test target (no package-level `Fixtures/` for it): the
        // trait finds the build's copy without the source tree.
        .testTarget(
            name: "FixturesFromResourcesTests", dependencies: ["RecordReplay", "StubServerTesting"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "MockTimeTests", dependencies: ["RepositoryContractsPrimitives", "MockTime", "MockTimeTesting"]),
        .testTarget(
            name: "RepoContractsCLITests",
            dependencies: [
                "RepositoryContractsPrimitives", "RepositoryContractsPlatform", "RepositoryContractsJSON", "RepoContractsCLI",
                "ContractEngine", "StandardContracts", "RecordReplayMessages", "RecordReplayWire", "RecordReplayFixtures", "RecordReplayRedaction", "RecordReplay", "StubServerTesting", "TodoExample",
                "RepositoryContractsTestSupport", "repo-contracts", "repo-contracts-demo", "repo-contracts-todo-app",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))  // SE-0335
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))  // SE-0409
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))  // SE-0444
    target.swiftSettings = settings
}
