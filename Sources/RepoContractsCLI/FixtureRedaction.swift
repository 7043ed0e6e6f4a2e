#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RepositoryContractsJSON
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction

/// What `redact` writes for one fixture file: its own text with only the secrets replaced, every other
/// byte kept (a HAR's creator, dates, member order, custom `_` fields and the entries replay skips; a
/// native fixture's layout), or, when such an edit cannot give exactly the redacted fixture, the
/// redacted fixture written by the format's codec, with the reason.
struct FixtureRedaction: Sendable {
    /// The redacted fixture and the fields changed; for a HAR, numbered by entry.
    var result: RedactionResult
    /// The bytes to write.
    var output: Data
    /// Why the file is rewritten by the codec rather than edited in place; nil when edited in place.
    var rewriteReason: String?
    /// What the rewrite leaves out (a HAR's entries replay skips, ``HARImport/notes``); empty for an edit.
    var notes: [String] = []

    /// Redacts the fixture file at `path` with `redaction`.
    ///
    /// When `checking` (`redact --check`: only the fields are reported), a native fixture's edit is not
    /// made and `output` holds the file as it is: what it would redact does not depend on how it would be
    /// written. A HAR's is made, since whether its edit holds decides which entries a write redacts.
    ///
    /// - Throws: ``FixtureError`` when the file cannot be read or is not a valid fixture;
    ///   ``RecordingError`` when a secret is left after redaction (nothing is to be written then).
    static func redacting(_ path: String, with redaction: Redaction, checking: Bool = false) throws -> FixtureRedaction {
        let url = URL(fileURLWithPath: path)
        let file = try FixtureFile.load(path)
        let bytes = try Fixture.bytes(of: url, named: path)
        switch file.format.kind {
        case .native:
            let result = try redaction.redactedForWriting(file.fixture, to: path)
            if checking { return FixtureRedaction(result: result, output: bytes, rewriteReason: nil) }
            let edit = InPlaceRedaction(secrets: result.secrets, minimumPropagatedLength: redaction.minimumPropagatedLength)
            let wholeValues = base64Bodies(before: file.fixture, after: result.fixture) { index, side in
                [.member("interactions"), .index(index), .member(side), .member("body"), .member("base64")]
            }
            let edited = Data(edit.edited(Array(bytes), wholeValues: wholeValues))
            let reason = problem(
                with: edited, holdingSecretFor: edit,
                reading: { try? NativeFixtureCodec.decode($0, source: path) }, expected: result.fixture)
            return FixtureRedaction(
                result: result, output: reason == nil ? edited : result.fixture.encoded(as: file.format),
                rewriteReason: reason)
        case .har:
            return try redactingHAR(bytes, path: path, readable: file, with: redaction)
        }
    }

    /// A HAR: every entry is redacted, those replay skips (status 0) too, since the edit keeps them.
    private static func redactingHAR(
        _ bytes: Data, path: String, readable: FixtureFile, with redaction: Redaction
    ) throws -> FixtureRedaction {
        let replayed = try redaction.redactedForWriting(readable.fixture, to: path)
        func rewritten(_ reason: String) -> FixtureRedaction {
            FixtureRedaction(
                result: replayed, output: replayed.fixture.encoded(as: readable.format), rewriteReason: reason,
                notes: readable.notes)
        }
        guard let allEntries = everyEntry(of: bytes, path: path) else {
            return rewritten("an entry replay skips (status 0) could not be read to redact it")
        }
        let result = try redaction.redactedForWriting(allEntries, to: path)
        let edit = InPlaceRedaction(secrets: result.secrets, minimumPropagatedLength: redaction.minimumPropagatedLength)
        let wholeValues = base64Bodies(before: allEntries, after: result.fixture, base64: base64Texts(in: bytes)) {
            index, side in
            [.member("log"), .member("entries"), .index(index), .member(side),
             .member(side == "request" ? "postData" : "content"), .member("text")]
        }
        let edited = Data(edit.edited(Array(bytes), wholeValues: wholeValues))
        if let reason = problem(
            with: edited, holdingSecretFor: edit, reading: { everyEntry(of: $0, path: path) }, expected: result.fixture)
        {
            return rewritten(reason)
        }
        return FixtureRedaction(result: result, output: edited, rewriteReason: nil)
    }

    /// Why `edited` cannot be written as the redaction of the file: it does not read back as
    /// `expected`, or a secret's spelling is still in it; nil when it can.
    private static func problem(
        with edited: Data, holdingSecretFor edit: InPlaceRedaction, reading: (Data) -> Fixture?, expected: Fixture
    ) -> String? {
        guard let read = reading(edited), read.interactions == expected.interactions, read.upstream == expected.upstream
        else {
            return "replacing the secrets where they stand does not give the redacted fixture "
                + "(a redacted number, a value rewritten rather than replaced, or a custom redactor)"
        }
        if edit.holdsSecret(Array(edited)) {
            return "a secret also stands where no redaction rule reads it (a member name, a value in another encoding)"
        }
        return nil
    }

    /// The whole new spelling of each base64 body the redaction changed, at the path `path(entry, side)`
    /// gives (`side` is `request` or `response`); `nil` (left alone) for the base64 bodies it did not
    /// change. With `base64`, only the paths it holds are base64 (a HAR's texts); without, every body
    /// path is looked at (the native format's `base64` member exists only for such a body).
    private static func base64Bodies(
        before: Fixture, after: Fixture, base64: Set<[JSONStringLiteral.Step]>? = nil,
        path: (Int, String) -> [JSONStringLiteral.Step]
    ) -> [[JSONStringLiteral.Step]: String?] {
        var values: [[JSONStringLiteral.Step]: String?] = [:]
        for (index, (old, new)) in zip(before.interactions, after.interactions).enumerated() {
            for (side, oldBody, newBody) in [
                ("request", old.request.body, new.request.body), ("response", old.response.body, new.response.body),
            ] {
                let place = path(index, side)
                guard base64?.contains(place) ?? true else { continue }
                values[place] = oldBody == newBody ? .some(nil) : .some(newBody.base64EncodedString())
            }
        }
        return values
    }

    /// The paths of a HAR's `text` members that hold base64 (`encoding` or `_encoding` `"base64"`).
    private static func base64Texts(in bytes: Data) -> Set<[JSONStringLiteral.Step]> {
        guard let root = JSONValue(parsingIfValid: bytes), case .array(let list)? = member("entries", of: member("log", of: root))
        else { return [] }
        var paths: Set<[JSONStringLiteral.Step]> = []
        for (index, entry) in list.enumerated() {
            for (side, holder) in [("request", "postData"), ("response", "content")] {
                guard let object = member(holder, of: member(side, of: entry)) else { continue }
                let encoding = member("encoding", of: object) ?? member("_encoding", of: object)
                guard case .string(let name)? = encoding, name.lowercased() == "base64" else { continue }
                paths.insert([.member("log"), .member("entries"), .index(index), .member(side), .member(holder), .member("text")])
            }
        }
        return paths
    }

    /// The value of `value`'s member `name`, when `value` is an object that has one.
    private static func member(_ name: String, of value: JSONValue?) -> JSONValue? {
        guard case .object(let members)? = value else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// A HAR's fixture with an interaction for every entry, in order: those with status 0, which replay
    /// skips, read as if answered with 200, so that the secrets they hold are redacted too. Nil when the
    /// file is not such a HAR or an entry cannot be read.
    private static func everyEntry(of bytes: Data, path: String) -> Fixture? {
        guard case .object(var members)? = JSONValue(parsingIfValid: bytes),
            let log = members.firstIndex(where: { $0.name == "log" }),
            case .object(var logMembers) = members[log].value,
            let entriesIndex = logMembers.firstIndex(where: { $0.name == "entries" }),
            case .array(var entries) = logMembers[entriesIndex].value
        else { return nil }
        for index in entries.indices {
            entries[index] = answered(entries[index])
        }
        logMembers[entriesIndex].value = .array(entries)
        members[log].value = .object(logMembers)
        let document = Data(JSONValue.object(members).serialized().utf8)
        guard let fixture = try? HARCodec.decode(document, source: path).fixture, fixture.interactions.count == entries.count
        else { return nil }
        return fixture
    }

    /// `entry` with a `response.status` of 0 read as 200.
    private static func answered(_ entry: JSONValue) -> JSONValue {
        guard case .object(var members) = entry, let response = members.firstIndex(where: { $0.name == "response" }),
            case .object(var fields) = members[response].value,
            let status = fields.firstIndex(where: { $0.name == "status" }), fields[status].value == .number("0")
        else { return entry }
        fields[status].value = .number("200")
        members[response].value = .object(fields)
        return .object(members)
    }
}
#endif
