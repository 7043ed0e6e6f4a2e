#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplay

/// `--redact <name>` and `--allow-name <name>`: the names `record` and `convert` redact beyond the
/// default rules, and those they leave alone.
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

    /// The two options' lines for a command's help.
    static let help = """
          --redact <name>     Also redact the header, query item, form field or JSON member <name>
                              (repeatable).
          --allow-name <name> Keep the values under <name> although its name looks like a credential's
                              (repeatable); provider token shapes are still redacted.
        """

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
