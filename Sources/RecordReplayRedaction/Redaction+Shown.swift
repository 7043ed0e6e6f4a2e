import Foundation
package import RecordReplayFixtures
package import RecordReplayMessages

/// What a diagnostic shows of a request or a response: the value as this redaction leaves it, so a
/// message, a report, a log line or a command's output holds nothing the user asked to keep out of
/// fixtures (their own header, query item or member names included), whatever the fixture holds.
extension Redaction {
    /// `request` with its secrets replaced by ``placeholder``, as a recording of it would store it.
    package func shown(_ request: StubRequest) -> StubRequest {
        shown(Interaction(request: request, response: StubResponse())).request
    }

    /// `interaction` with its secrets replaced by ``placeholder`` in the request and the response
    /// (a secret found in one side is replaced in the other too).
    package func shown(_ interaction: Interaction) -> Interaction {
        redact(Fixture(interactions: [interaction])).fixture.interactions[0]
    }

    /// `fixture` with its secrets replaced by ``placeholder`` as a recording would store it (a secret found
    /// in one interaction is replaced in all).
    package func shown(_ fixture: Fixture) -> Fixture {
        redact(fixture).fixture
    }

    /// `text` (a failure's message, an attachment) with every secret a recording would redact from a
    /// plain-text body replaced by ``placeholder``: by shape, by name inside the text, by randomness.
    package func shown(text: String) -> String {
        let response = StubResponse(status: 200, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
        let body = shown(Interaction(request: StubRequest(method: "GET", path: "/"), response: response)).response.body
        return String(decoding: body, as: UTF8.self)
    }

    /// The `repo-contracts` options that give a command this redaction's names beyond the defaults:
    /// `--redact <name>` for every name added to a deny-list, `--allow-name <name>` for every allowed
    /// name (each quoted for a POSIX shell when it needs it), joined by spaces; empty for the defaults.
    /// Custom redactors and names removed from the default lists have no option and are left out.
    package var commandLineOptions: String {
        var extra: [String] = []
        for (names, defaults) in [
            (headerNames, Self.defaultHeaderNames), (queryNames, Self.defaultQueryNames),
            (bodyMemberNames, Self.defaultBodyMemberNames),
        ] {
            for name in names where !Self.list(defaults, contains: name) && !Self.list(extra, contains: name) {
                extra.append(name)
            }
        }
        let options = extra.map { "--redact \(Self.shellWord($0))" } + allowedNames.map { "--allow-name \(Self.shellWord($0))" }
        return options.joined(separator: " ")
    }

    /// `word` as a POSIX shell reads it back: as it is when it holds only safe characters, else in
    /// single quotes.
    private static func shellWord(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.:/@".unicodeScalars.contains(scalar))
        }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
