import RecordReplayMessages
import RepositoryContractsJSON
import Foundation

/// What a recording does to the exchanges it recorded before they are redacted and written, so that
/// recording the same traffic twice writes the same bytes: volatile fields left out, request fields
/// sorted, JSON members sorted (``JSONMemberOrder/sorted``), server-assigned identifiers replaced by
/// placeholders (``ServerIdentifiers/placeholders``), and the interactions put in their
/// ``RecordedOrder``.
struct RecordingNormalization {
    var order: RecordedOrder
    var identifiers: ServerIdentifiers
    var jsonMemberOrder: JSONMemberOrder
    var volatileHeaders: VolatileHeaders

    /// The interactions to write for `exchanges` (in arrival order), after `kept` ones. No placeholder is
    /// a word either already holds (a client's own ordinal ids, an earlier recording's placeholders).
    func interactions(from exchanges: [RecordedExchange], keeping kept: Fixture?) -> [Interaction] {
        var exchanges = exchanges
        let cleaned = volatileHeaders.removed(from: Fixture(interactions: exchanges.map(\.interaction))).interactions
        for index in exchanges.indices {
            var interaction = cleaned[index].withRequestFieldsSorted
            if jsonMemberOrder == .sorted { interaction = interaction.withJSONMembersSorted }
            exchanges[index].interaction = interaction
        }
        guard identifiers == .placeholders else { return arranged(exchanges).map(\.interaction) }
        let interactions = exchanges.map(\.interaction)
        let learned = ServerAssignedIdentifiers(learningFrom: interactions)
        guard !learned.values.isEmpty else { return arranged(exchanges).map(\.interaction) }
        // Ordered first with the identifiers left out of the comparison (their values are chance), then
        // numbered in that order, then ordered again by the placeholders.
        let masks = IdentifierReplacement(Dictionary(uniqueKeysWithValues: learned.values.map { ($0, "") }))
        let first = order.arranged(
            Array(exchanges.indices), flight: { exchanges[$0].flight },
            interaction: { interactions[$0].replacingIdentifiers(masks) })
        var taken = Set(learned.words.joined())
        for interaction in kept?.interactions ?? [] {
            taken.formUnion(ServerAssignedIdentifiers.words(of: interaction.request))
            taken.formUnion(ServerAssignedIdentifiers.words(of: interaction.response))
        }
        let placeholders = IdentifierReplacement(
            learned.placeholders(numberingIn: first.map { learned.words[$0] }, avoiding: taken))
        let replaced = first.map { index in
            var exchange = exchanges[index]
            exchange.interaction = interactions[index].replacingIdentifiers(placeholders)
            return exchange
        }
        return arranged(replaced).map(\.interaction)
    }

    private func arranged(_ exchanges: [RecordedExchange]) -> [RecordedExchange] {
        order.arranged(exchanges, flight: \.flight, interaction: \.interaction)
    }
}

extension Interaction {
    /// The interaction with the members of its JSON request and response bodies sorted (see
    /// ``JSONMemberOrder/sorted``).
    var withJSONMembersSorted: Interaction {
        var copy = self
        copy.request.body = Self.sortingMembers(of: request.body, headers: request.headers)
        copy.response.body = Self.sortingMembers(of: response.body, headers: response.headers)
        return copy
    }

    /// `body` with its members sorted, written in the style it was received in (compact when its style
    /// varies within the body); as it is unless its `Content-Type` is JSON and it parses.
    private static func sortingMembers(of body: Data, headers: HTTPHeaders) -> Data {
        guard headers.mediaType?.isJSON == true, !body.isEmpty else { return body }
        let bytes = [UInt8](body)
        guard let value = JSONValue(parsingIfValid: bytes) else { return body }
        let sorted = value.withMembersSorted
        guard sorted != value else { return body }
        return Data(sorted.serialized(style: JSONSerializationStyle(reproducing: bytes, of: value) ?? .compact).utf8)
    }
}
