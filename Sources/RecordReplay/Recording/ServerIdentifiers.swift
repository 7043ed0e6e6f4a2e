/// What a recording writes for the identifiers the live API assigned (random UUIDs, hexadecimal or
/// base62 ids, and the entity tags that hash them), which change every time the same traffic is
/// recorded.
///
/// With ``placeholders`` (the default), each is written as a placeholder of the same shape, numbered in
/// the order it first appears: a UUID as `00000000-0000-4000-8000-000000000001` (upper-case hex digits
/// when the UUID had them), another id as its prefix (`cus_`, if any) and the number padded with zeros
/// to the length of the rest. The same value gets the same placeholder everywhere in the fixture
/// (paths, query values, fields such as `Location`, bodies), so on replay the client receives the
/// placeholder, sends it back, and its requests match the recorded ones. Re-recording an unchanged API
/// then writes the same bytes.
///
/// An identifier is learned as the drift check learns one: from the answers to state-changing
/// requests, in JSON members named like identifiers (`id`, `uuid`, `…Id`, `…_id`), in values a later
/// request uses in its path or query, and in `Location`. Only values that look random are replaced
/// (UUIDs; 16 or more letters and digits holding both, or 14 or more after a prefix of lower-case
/// letters ending in `_`, such as `cus_`; 16 or more letters, digits, `-` and `_` holding a digit and
/// letters of both cases, as base64url ids do): integers, words and slugs, which a backend reset before
/// recording assigns the same way every time, are kept, and so is any value the client sent before an
/// answer held it (the client's own ids). A fixture without such values is written exactly as with
/// ``asReceived``.
public enum ServerIdentifiers: String, Sendable, Hashable, CaseIterable {
    /// Replaced by stable placeholders of the same shape.
    case placeholders
    /// Written as the live API sent them.
    case asReceived
}

/// The order a recording writes the members of JSON objects in.
public enum JSONMemberOrder: String, Sendable, Hashable, CaseIterable {
    /// As the client or the server wrote them: replay sends the recorded bytes. A server whose member
    /// order varies from answer to answer then changes the fixture on every re-record.
    case asReceived
    /// Sorted by name at every depth, in request and response bodies with a JSON `Content-Type`, keeping
    /// the body's escapes, spacing and number spellings: replay then sends the members in that order.
    /// Matching ignores member order, so requests still match.
    case sorted
}
