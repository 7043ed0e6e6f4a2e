import RepositoryContractsJSON
import RecordReplayMessages
extension UnmatchedDiagnosis {
    /// One of the closest recorded interactions, as the diagnosis shows it.
    struct ShownCandidate {
        /// Its position among the loaded interactions.
        var position: Int
        /// The recorded interaction, its request redacted as the received one is.
        var recorded: StoredInteraction
        /// How the two redacted requests differ: what the diagnosis lists.
        var comparison: RequestComparison
        /// The places where the requests as sent and as recorded differ and the redacted ones do not
        /// (`query tenant`, `body $.tenantCode`): named, their values never shown.
        var hiddenDifferences: [String]
    }

    /// The recorded interaction at `position` as the diagnosis shows it: its request redacted as the
    /// received one is and compared with it in that form, so neither side of a diff holds a value the
    /// redaction removes (a fixture recorded before a name was added to it, or written by hand). Where
    /// that hides a difference the requests really have, the place is named.
    func shownCandidate(at position: Int) -> ShownCandidate {
        let original = stored[position]
        var recorded = original
        recorded.interaction = Interaction(
            request: redaction.shown(original.interaction.request), response: StubResponse())
        recorded.normalized = normalizer.normalize(recorded.interaction.request)
        let comparison = RequestComparison.complete(
            recorded: (recorded.interaction.request, recorded.normalized), received: (request, normalized),
            normalizer: normalizer)
        // As matching compares them: the request as sent, with the fixture's own placeholders matching
        // anything.
        let sentNormalized = RedactedSlots(of: original.normalized).applied(to: normalizer.normalize(sent))
        let unredacted = RequestComparison.complete(
            recorded: (original.interaction.request, original.normalized), received: (sent, sentNormalized),
            normalizer: normalizer)
        let shownPlaces = Set(comparison.places)
        return ShownCandidate(
            position: position, recorded: recorded, comparison: comparison,
            hiddenDifferences: unredacted.places.filter { !shownPlaces.contains($0) })
    }

    /// The hint when `candidate`, the closest recorded request, differs only where the redaction hides
    /// both values: its fixture holds a value there, where a recording would have written the
    /// placeholder (which matches any value).
    func hiddenDifferenceHint(_ candidate: ShownCandidate) -> String {
        let options = redaction.commandLineOptions
        return "the closest recorded request differs only in values the scope's redaction hides ("
            + DiagnosticText.listed(candidate.hiddenDifferences, separator: ", ") { $0 } + "), which its fixture "
            + "holds in clear; record the fixture again (REPOSITORY_CONTRACTS_RECORD=newEpisodes), or redact it "
            + "(swift run repo-contracts redact \(candidate.recorded.source)\(options.isEmpty ? "" : " " + options)) "
            + "so that any value matches there."
    }
}

extension RequestComparison {
    /// How many fields differ (origin, method, path, query, headers, body, custom matchers).
    var differingFieldCount: Int {
        var bodyDiffers = true
        if case .none = body { bodyDiffers = false }
        return [
            originDiffers, methodDiffers, pathDiffers, !query.isEmpty, !headers.isEmpty, bodyDiffers,
            !rejectingMatchers.isEmpty,
        ].filter { $0 }.count
    }

    /// The places that differ, by name only: `origin`, `method`, `path`, `query <name>`,
    /// `header <name>`, `body <JSON path>`, `body <form field>`, `body`, `matcher “<name>”`.
    var places: [String] {
        var places: [String] = []
        if originDiffers { places.append("origin") }
        if methodDiffers { places.append("method") }
        if pathDiffers { places.append("path") }
        places += query.map { "query \(DiagnosticText.clipped($0.name))" }
        places += headers.map { "header \(DiagnosticText.clipped($0.name))" }
        switch body {
        case .none: break
        case .json(let differences):
            places += differences.isEmpty ? ["body"] : differences.map { "body \(DiagnosticText.clipped($0.path.description))" }
        case .form(let differences): places += differences.map { "body \(DiagnosticText.clipped($0.name))" }
        case .bytes, .kinds: places.append("body")
        }
        places += rejectingMatchers.map { "matcher “\($0)”" }
        return places
    }
}
