// swift-tools-version:6.1
// The contracts run live against real stores: SQLite through GRDB, PostgreSQL through postgres-nio, and an
// HTTP server (TodoBackend, Hummingbird over SQLite) reached through URLSession.
// A package of its own, never referenced by the root manifest (the root depends on no package); CI runs
// it through .ci/real-stores, which starts a PostgreSQL server and sets REAL_STORES_POSTGRES_URL.
import PackageDescription

let package = Package(
    name: "RealStores",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "swift-repository-contracts", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // Already in the graph through postgres-nio; named because its connections' queries take a Logger.
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // The live HTTP backend (TodoBackend) the HTTP to-do store is checked against.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .target(
            name: "RealStores",
            dependencies: [
                .product(name: "ContractEngine", package: "swift-repository-contracts"),
                .product(name: "MockTime", package: "swift-repository-contracts"),
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "TodoBackend",
            dependencies: [
                "RealStores",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        .testTarget(
            name: "RealStoresTests",
            dependencies: [
                "RealStores",
                .product(name: "RepositoryContracts", package: "swift-repository-contracts"),
                .product(name: "RecordReplay", package: "swift-repository-contracts"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
