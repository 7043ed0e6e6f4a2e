// swift-tools-version: 6.1

import PackageDescription

// Benchmarks for the root package's `StubServer`, side by side with two Swift HTTP servers measured on
// the same machine (FlyingFox and Hummingbird), and for its `MockClock`, side by side with swift-clocks'
// `TestClock`. A package of its own so the root package keeps zero dependencies: nothing here is built
// by the root package or by its users.
let package = Package(
    name: "swift-repository-contracts-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "swift-repository-contracts", path: ".."),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        // No traits: the default ones pull swift-configuration and full Foundation, which a one-route
        // server does not need.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        // `TestClock`, measured beside the root package's `MockClock` (`bench-clock`).
        .package(url: "https://github.com/pointfreeco/swift-clocks", exact: "1.1.1"),
    ],
    targets: [
        // What every benchmark shares: the 1,024-byte Todo body, argument helpers, statistics, sockets.
        .target(name: "BenchSupport"),
        // The job (GET /todos/1 → 1 KB JSON, 404 otherwise) set up on each server under test, started
        // and stopped in-process.
        .target(
            name: "BenchServers",
            dependencies: [
                "BenchSupport",
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        // One server process per variant, for wrk (`run-http.sh`).
        .executableTarget(name: "bench-http-server", dependencies: ["BenchSupport", "BenchServers"]),
        // The playback engine's matching cost against fixture size.
        .executableTarget(
            name: "bench-matching",
            dependencies: [
                "BenchSupport",
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
            ]),
        // In-process start-to-first-response time.
        .executableTarget(name: "bench-startup", dependencies: ["BenchSupport", "BenchServers"]),
        // What recording costs (redaction and the secret scan) on ordinary and adversarial bodies.
        .executableTarget(
            name: "bench-scan",
            dependencies: [
                "BenchSupport",
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
            ]),
        // What replacing server-assigned ids by placeholders costs a recording, against body size.
        .executableTarget(
            name: "bench-placeholders",
            dependencies: [
                "BenchSupport",
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
            ]),
        // What recording adds to each request, beside nothing, busy threads and busy pool tasks.
        .executableTarget(
            name: "bench-recording",
            dependencies: [
                "BenchSupport",
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
            ]),
        // What answering an unmatched request costs: form fields, query items, a large body.
        .executableTarget(
            name: "bench-diagnostics",
            dependencies: [
                "BenchSupport",
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
            ]),
        // The benchmarks' correct in-memory store, behind an actor.
        .target(name: "BenchStores", dependencies: [.product(name: "ContractEngine", package: "swift-repository-contracts")]),
        // What the CRUD contract's derived edge cases add to one run on an in-memory conformer.
        .executableTarget(
            name: "bench-contracts",
            dependencies: [
                "BenchStores",
                .product(name: "ContractEngine", package: "swift-repository-contracts"),
                .product(name: "ModelChecking", package: "swift-repository-contracts"),
                .product(name: "StandardContracts", package: "swift-repository-contracts"),
            ]),
        // What the seeded scheduler costs the model-based check's default parallel budget on an in-memory actor.
        .executableTarget(
            name: "bench-scheduler",
            dependencies: [
                "BenchStores",
                .product(name: "ContractEngine", package: "swift-repository-contracts"),
                .product(name: "ModelChecking", package: "swift-repository-contracts"),
            ]),
        // What the contract families (pages, versions, soft delete, …) add to one CRUD run on an in-memory store.
        .executableTarget(
            name: "bench-families",
            dependencies: [
                .product(name: "ContractEngine", package: "swift-repository-contracts"),
                .product(name: "StandardContracts", package: "swift-repository-contracts"),
                .product(name: "MockTime", package: "swift-repository-contracts"),
            ]),
        // Replay through `URLSession.shared`: to the stub server's socket against intercepted in process,
        // sequential and from concurrent tasks.
        .executableTarget(
            name: "bench-interception",
            dependencies: [
                "BenchSupport",
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
            ]),
        // What URLSession spends in CPU time waiting for an answer, on a new connection and on a kept one.
        .executableTarget(
            name: "bench-urlsession-wait",
            dependencies: [
                "BenchSupport",
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
            ]),
        // `MockClock` against swift-clocks' `TestClock`: idle advance, draining N sleepers, single-tick
        // stepping, and the sleep/advance race probe.
        .executableTarget(
            name: "bench-clock",
            dependencies: [
                "BenchSupport",
                .product(name: "MockTime", package: "swift-repository-contracts"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
