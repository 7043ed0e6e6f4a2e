public import ContractEngine
public import ExampleSystems
import Foundation

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension LoaderContract {
    /// The broken variants, by name.
    public static let brokenVariants = ["alwaysReloads", "noCoalescing", "ignoresInputChange"]

    /// A deliberately broken HTTP loader (`flaw` is one of ``brokenVariants``).
    public static func broken(_ flaw: String) -> Conformance<LoaderTerms> {
        let flaws: LoaderFlaws = switch flaw {
        case "alwaysReloads": .alwaysReloads
        case "noCoalescing": .noCoalescing
        default: .ignoresInputChange
        }
        return Conformance<LoaderTerms>("broken loader (\(flaw))") { env in
            Loader(input: 1, flaws: flaws) { [baseURL = env.baseURL] id in try await NotesAPIFake.fetch(id, from: baseURL) }
        }
    }

    /// The rows `repo-contracts-demo --all` would print, each on the stateful API in code.
    @MainActor
    public static func demoReports() async -> [ConformanceReport] {
        var reports: [ConformanceReport] = []
        for conformance in [http, fake] + brokenVariants.map(broken) { reports.append(await contract().report(on: conformance)) }
        return reports
    }
}
