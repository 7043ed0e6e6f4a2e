import RepositoryContractsJSON
extension UnmatchedDiagnosis {
    /// One sentence on what would most likely make the request match, judged from the closest
    /// recorded request's differences.
    static func hint(
        for comparison: RequestComparison?, stored: StoredInteraction?, received: NormalizedRequest, hasStubs: Bool,
        missingFixture: MissingFixtureNote? = nil
    ) -> String {
        guard let comparison, let stored else {
            if let missingFixture {
                return "\(missingFixture.path) does not exist; record it with: \(missingFixture.command)"
                    + (hasStubs ? ", or add a stub that matches this request." : ", or add a stub.")
            }
            return hasStubs
                ? "no stub matches this request and no fixture is loaded; add a stub or load a fixture for it."
                : "nothing is loaded: load a fixture, record one (REPOSITORY_CONTRACTS_RECORD=once) or add a stub."
        }
        let queryDiffers = !comparison.query.isEmpty
        let headersDiffer = !comparison.headers.isEmpty
        let matchersDiffer = !comparison.rejectingMatchers.isEmpty
        var bodyDiffers = true
        if case .none = comparison.body { bodyDiffers = false }
        let differing = [
            comparison.originDiffers, comparison.methodDiffers, comparison.pathDiffers, queryDiffers, headersDiffer,
            bodyDiffers, matchersDiffer,
        ].filter { $0 }.count
        let recordAgain = "record the fixture again (REPOSITORY_CONTRACTS_RECORD=newEpisodes) or add a stub."

        guard differing == 1 else {
            return "no recorded request differs in one field only; if the API or the client changed, " + recordAgain
        }
        if comparison.originDiffers, let recorded = stored.interaction.request.origin, let sent = received.origin {
            return "only the origin differs: this request was recorded from \(recorded), not \(sent); if the client "
                + "sends it to the wrong host fix its URL, otherwise " + recordAgain
        }
        if comparison.methodDiffers {
            return "this path was recorded with method \(stored.interaction.request.method), "
                + "not \(received.method) (methods are case-sensitive); " + recordAgain
        }
        if comparison.pathDiffers {
            let recordedPath = stored.normalized.path
            if recordedPath + "/" == received.path || received.path + "/" == recordedPath {
                return "the paths differ only by a trailing slash, which playback does not fold; "
                    + "fix the client's URL or record the fixture again."
            }
            return "only the path differs (recorded \(recordedPath)); if the client builds the wrong URL fix it, "
                + "otherwise " + recordAgain
        }
        if queryDiffers {
            let names = DiagnosticText.listed(comparison.query, separator: ", ") { DiagnosticText.quoted($0.name) }
            return "only query items differ; if they change from run to run, add "
                + "RequestMatcher.ignoringQueryItems([\(names)]) to PlaybackOptions.customMatchers."
        }
        if headersDiffer {
            let names = comparison.headers.map { DiagnosticText.quoted($0.name) }.joined(separator: ", ")
            return "only the matched headers \(names) differ; remove them from PlaybackOptions.matchedHeaders "
                + "if they need not match."
        }
        if matchersDiffer {
            let names = comparison.rejectingMatchers.map { "“\($0)”" }.joined(separator: ", ")
            return "every compared field is equal but custom matcher \(names) rejects the request."
        }
        switch comparison.body {
        case .json(let differences):
            let paths = differences.prefix(5).map { DiagnosticText.quoted($0.path.description) }.joined(separator: ", ")
            return "only the JSON body differs; if those values change from run to run (IDs, timestamps), add "
                + "RequestMatcher.ignoringJSONPaths([\(paths)]) to PlaybackOptions.customMatchers."
        case .kinds:
            return "the bodies were read differently (JSON, form or bytes) because of their Content-Type; "
                + "check the header the client sends."
        case .form, .bytes, .none:
            return "only the body differs; if the client sends something new, " + recordAgain
        }
    }
}
