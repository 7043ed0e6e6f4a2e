#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
/// A plain-text table: a header, a rule of dashes, and rows, columns separated by two spaces.
struct TextTable: Sendable {
    /// How a column's cells are aligned.
    enum Alignment: Sendable {
        /// Padded on the right.
        case left
        /// Padded on the left (numbers).
        case right
    }

    /// The column titles.
    var header: [String]
    /// The alignment of each column; columns without one are left-aligned.
    var alignments: [Alignment] = []
    /// The rows, each with one cell per column.
    var rows: [[String]]

    /// The table's lines, without trailing spaces.
    func lines() -> [String] {
        let widths = header.indices.map { column in
            ([header] + rows).map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([header, rule] + rows).map { cells in
            header.indices.map { column in
                let cell = column < cells.count ? cells[column] : ""
                let alignment = column < alignments.count ? alignments[column] : .left
                return alignment == .right ? cell.rightAligned(to: widths[column]) : cell.padded(to: widths[column])
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
        }
    }
}

extension String {
    /// The string without spaces at its end.
    fileprivate func trimmingTrailingSpaces() -> String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
#endif
