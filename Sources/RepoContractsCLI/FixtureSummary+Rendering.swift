#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsJSON
import RecordReplay

extension FixtureSummary {
    /// The text `inspect` prints: a heading block, the notes, then the interactions table.
    func tableLines() -> [String] {
        var lines = [
            path,
            "  format:       \(format.displayName) (.\(format.pathExtension))",
            "  upstream:     \(upstream ?? "none")",
            "  interactions: \(rows.count)",
        ]
        lines += importNotes.map { "  note: \($0)" }
        lines += securityNotes.map { "  security: \($0)" }
        guard !rows.isEmpty else { return lines }
        let table = TextTable(
            header: ["#", "METHOD", "PATH", "STATUS", "REQUEST BODY", "RESPONSE BODY", "CONTENT-TYPE"],
            alignments: [.right, .left, .left, .right],
            rows: rows.map { row in
                [
                    String(row.index), row.method, (row.origin ?? "") + row.target, String(row.status),
                    row.requestBody.text, row.responseBody.text, row.contentType ?? "-",
                ]
            })
        return lines + [""] + table.lines().map { "  " + $0 }
    }

    /// The summary as a JSON object, members in a fixed order.
    func json() -> JSONValue {
        .object([
            .init("path", .string(path)),
            .init("format", .string(format.displayName)),
            .init("upstream", upstream.map(JSONValue.string) ?? .null),
            .init("interactionCount", .number(String(rows.count))),
            .init("importNotes", .array(importNotes.map(JSONValue.string))),
            .init("securityNotes", .array(securityNotes.map(JSONValue.string))),
            .init("interactions", .array(rows.map(\.json))),
        ])
    }
}

extension FixtureSummary.Row {
    /// The row as a JSON object, members in a fixed order (`origin` only when the interaction has one).
    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("index", .number(String(index))),
            .init("method", .string(method)),
        ]
        if let origin { members.append(.init("origin", .string(origin))) }
        members += [
            .init("target", .string(target)),
            .init("status", .number(String(status))),
            .init("requestBody", requestBody.json),
            .init("responseBody", responseBody.json),
            .init("contentType", contentType.map(JSONValue.string) ?? .null),
        ]
        return .object(members)
    }
}

extension BodySummary {
    /// `{"kind": …, "bytes": …}`.
    var json: JSONValue {
        .object([.init("kind", .string(kind.rawValue)), .init("bytes", .number(String(bytes)))])
    }
}
#endif
