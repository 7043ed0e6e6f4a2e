#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplay

/// `--redact <name>` and `--allow-name <name>`: the names a command redacts beyond the default rules,
/// and those it leaves alone, in what it writes (`record`, `convert`, `redact`, `trim`) and in what it
/// shows (`serve`'s diagnostics, `inspect`, `status`'s secret scan).
struct RedactionOptions: Sendable, Equatable {
    /// Names redacted beyond the default rules (`--redact`).
    var extraNames: [String] = []
    /// Names the credential-name rule leaves alone (`--allow-name`).
    var allowedNames: [String] = []

    /// The redaction to write with: the defaults plus the names given.
    var redaction: Redaction {
        var redaction = Redaction(allowedNames: allowedNames)
        redaction.headerNames += extraNames
        redaction.queryNames += extraNames
        redaction.bodyMemberNames += extraNames
        return redaction
    }

    /// The two options' lines for a command's help, their descriptions starting at column 22.
    static var help: String { help(column: 22) }

    /// The two options' lines for a command's help, their descriptions starting at `column` (0-based),
    /// as the command's other options are laid out.
    static func help(column: Int) -> String {
        let options = [
            ("--redact <name>", ["Also redact the header, query item, form field or JSON member <name>", "(repeatable)."]),
            (
                "--allow-name <name>",
                ["Keep the values under <name> although its name looks like a credential's",
                 "(repeatable); provider token shapes are still redacted."]
            ),
        ]
        let indent = String(repeating: " ", count: column)
        return options.flatMap { option, lines in
            let head = "  " + option
            let first = head + String(repeating: " ", count: max(1, column - head.count)) + lines[0]
            return [first] + lines.dropFirst().map { indent + $0 }
        }.joined(separator: "\n")
    }

    /// Reads `--redact` or `--allow-name` when `option` is one of them; false for any other option.
    mutating func read(_ option: String, inline: String?, from reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch option {
        case "--redact": extraNames.append(try reader.value(of: option, inline: inline))
        case "--allow-name": allowedNames.append(try reader.value(of: option, inline: inline))
        default: return false
        }
        return true
    }
}
#endif
