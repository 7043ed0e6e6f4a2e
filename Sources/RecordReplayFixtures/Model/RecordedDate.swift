import RepositoryContractsJSON
package import Foundation

/// How fixtures write the date they were recorded: ISO 8601 in UTC, to the second
/// (`2026-11-27T23:50:00Z`), the native format's `recorded` member.
package enum RecordedDate {
    /// `date` without its fraction of a second: what a fixture can hold.
    package static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// `date` as the `recorded` member writes it (without its fraction of a second).
    package static func text(of date: Date) -> String {
        truncated(date).formatted(Date.ISO8601FormatStyle())
    }

    /// The date `text` names when it is written exactly as ``text(of:)`` writes one, else `nil`.
    package static func parse(_ text: String) -> Date? {
        guard let date = try? Date(text, strategy: Date.ISO8601FormatStyle()), Self.text(of: date) == text else {
            return nil
        }
        return date
    }

    /// The date of a HAR's `startedDateTime` (ISO 8601 with or without a fraction of a second, in UTC or
    /// with an offset), else `nil`.
    package static func parseHAR(_ text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }

    /// The `startedDateTime` of the HAR entry at `index` of a fixture recorded at `recorded`: that date
    /// plus one millisecond per entry (HAR readers sort entries by it); `nil` when there is no date.
    package static func harStartTime(ofEntry index: Int, recorded: Date?) -> String? {
        guard let recorded else { return nil }
        let seconds = text(of: truncated(recorded).addingTimeInterval(Double(index / 1000))).dropLast()
        let milliseconds = String(index % 1000)
        return "\(seconds).\(String(repeating: "0", count: 3 - milliseconds.count))\(milliseconds)Z"
    }

    /// Whether `date` is the first day of 1970: what a HAR written without a recorded date holds.
    static func isUndated(_ date: Date) -> Bool {
        date.timeIntervalSince1970 < 86_400
    }

    /// The earliest `startedDateTime` of the entries of the HAR `data`, leaving out the first day of 1970
    /// (what a HAR written without a date holds); `nil` when there is none.
    package static func earliestHARStart(in data: Data) -> Date? {
        guard case .object(let top)? = JSONValue(parsingIfValid: Array(data)),
            case .object(let log)? = top.first(where: { $0.name == "log" })?.value,
            case .array(let entries)? = log.first(where: { $0.name == "entries" })?.value
        else { return nil }
        let dates = entries.compactMap { entry -> Date? in
            guard case .object(let members) = entry,
                case .string(let text)? = members.first(where: { $0.name == "startedDateTime" })?.value
            else { return nil }
            return parseHAR(text)
        }
        return dates.filter { !isUndated($0) }.min()
    }
}
