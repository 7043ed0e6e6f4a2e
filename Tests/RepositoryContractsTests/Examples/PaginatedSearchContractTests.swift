import Foundation
import RepositoryContracts
import Testing

/// The worked example of a contract for one's own protocol (`PaginatedSearchContract.swift`): the correct
/// conformer passes every clause; each deliberate bug fails exactly the clause that names it.
@Suite("Worked example: a paginated search contract")
struct PaginatedSearchContractTests {
    @Test("the folder search", arguments: PaginatedSearchContract.contract.cases(for: .folderSearch))
    func folderSearch(_ check: ContractCase<PaginatedSearch>) async { await check.verify() }

    static func failed(_ conformance: Conformance<PaginatedSearch>) async -> Set<String> {
        let report = await PaginatedSearchContract.contract.report(on: conformance)
        return Set(report.clauses.filter { $0.status == .failed }.map(\.id))
    }

    @Test("a search that repeats the last title of the previous page fails search.pagesCoverEveryMatchOnce")
    func repeatsLastTitle() async {
        let broken = Conformance<PaginatedSearch>("repeats", promises: 10) { try FolderSearch(folder: $0, pageSize: 10, repeatsLastTitle: true) }
        #expect(await Self.failed(broken) == ["search.pagesCoverEveryMatchOnce"])
    }

    @Test("a conformer promising another page size than it serves fails search.pagesAreFull, at the clause's own check")
    func wrongPageSize() async throws {
        let broken = Conformance<PaginatedSearch>("promises 8", promises: 8) { try FolderSearch(folder: $0, pageSize: 10) }
        #expect(await Self.failed(broken) == ["search.pagesAreFull"])
        let report = await PaginatedSearchContract.contract.report(on: broken)
        let failure = try #require(report.clauses.first { $0.id == "search.pagesAreFull" }?.failures.first)
        #expect(failure.location?.fileID == "RepositoryContractsTests/PaginatedSearchContract.swift")
        #expect(failure.location?.isInsidePackage == false)
    }

    /// A search whose page past the end never answers (a request never completed).
    struct HangsPastTheEnd: SearchRepository {
        let inner: FolderSearch
        func search(_ query: String, page: Int) async throws -> SearchPage {
            if page >= 99 { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
            return try await inner.search(query, page: page)
        }
    }

    @Test("a search call that never returns fails its clause after the timeout, although the clause wraps no call")
    func hangingCall() async throws {
        let hanging = Conformance<PaginatedSearch>("hangs", promises: 10, timeout: .milliseconds(200)) { folder in
            HangsPastTheEnd(inner: try FolderSearch(folder: folder, pageSize: 10))
        }
        let report = await PaginatedSearchContract.contract.report(on: hanging)
        #expect(Set(report.clauses.filter { $0.status == .failed }.map(\.id)) == ["search.pastTheEndIsEmpty"])
        let message = try #require(report.clauses.first { $0.id == "search.pastTheEndIsEmpty" }?.message)
        #expect(message.hasPrefix("the clause's next step before its first check or watched call (a subject call?) did not complete"))
    }

    @Test("a conformer that writes into the clause's folder fails every clause in tear-down, naming the file")
    func writesIntoFolder() async {
        let broken = Conformance<PaginatedSearch>("indexes on disk", promises: 10) { folder in
            try Data("index".utf8).write(to: folder.url.appendingPathComponent("index.db"))
            return try FolderSearch(folder: folder, pageSize: 10)
        }
        let report = await PaginatedSearchContract.contract.report(on: broken)
        #expect(report.clauses.allSatisfy { $0.status == .failed })
        #expect(report.clauses.allSatisfy { $0.message?.contains("wrote into the document folder: [\"index.db\"]") == true })
    }

    @Test("a non-positive page size is a declaration mistake, reported before any clause runs")
    func declarationMistake() async {
        let mistaken = Conformance<PaginatedSearch>("zero", promises: 0) { try FolderSearch(folder: $0, pageSize: 1) }
        let report = await PaginatedSearchContract.contract.report(on: mistaken)
        #expect(report.clauses.allSatisfy { $0.message?.contains("the page size is 0: it must be positive") == true })
    }
}
