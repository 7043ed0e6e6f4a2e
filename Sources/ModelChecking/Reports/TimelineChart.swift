/// A failing parallel history drawn as a picture (SVG) a person can open: one lane per task, each call a
/// bar from its invocation to its response on the logical clock, what it sent at the bar's start and what
/// came back under it, and why no order explains the history below the lanes.
///
/// Two calls whose bars overlap ran at the same time, so either may take effect first; a bar that ends
/// before another begins took effect before it. That is what the text timeline says in columns of ticks;
/// the picture makes overlaps visible at a glance. Each bar carries its full text as a tooltip (`<title>`),
/// since a bar's label is cut to its width.
package struct TimelineChart: Sendable, Equatable {
    /// One call.
    package struct Bar: Sendable, Equatable {
        /// The lane it is drawn in (an index into ``TimelineChart/lanes``).
        package var lane: Int
        /// The tick just before the call was made.
        package var invocation: Int
        /// The tick just after it returned; greater than `invocation`.
        package var response: Int
        /// The call: `t1 create(k1) v2`.
        package var call: String
        /// What it returned or threw.
        package var result: String

        /// A call in `lane` from `invocation` to `response`.
        package init(lane: Int, invocation: Int, response: Int, call: String, result: String) {
            self.lane = lane
            self.invocation = invocation
            self.response = response
            self.call = call
            self.result = result
        }
    }

    /// What the picture shows, above the lanes.
    package var title: String
    /// The lanes, top to bottom: `before/after`, `task 1`, …
    package var lanes: [String]
    /// The calls.
    package var bars: [Bar]
    /// Lines under the lanes: why the history fails, how to replay it.
    package var notes: [String]

    /// A chart of `bars` in `lanes`.
    package init(title: String, lanes: [String], bars: [Bar], notes: [String]) {
        self.title = title
        self.lanes = lanes
        self.bars = bars
        self.notes = notes
    }

    /// Pixels per tick of the logical clock, per lane, and for the lane names.
    private static let tickWidth = 64, laneHeight = 58, laneNameWidth = 110, margin = 16, lineHeight = 18
    /// Roughly how wide a character of the 12-point monospaced labels is, to cut a label to its bar.
    private static let characterWidth = 7.3

    /// The first tick drawn.
    private var firstTick: Int { bars.map(\.invocation).min() ?? 0 }
    /// The last tick drawn.
    private var lastTick: Int { bars.map(\.response).max() ?? 0 }

    /// The x coordinate of `tick`.
    package func x(of tick: Int) -> Int {
        Self.margin + Self.laneNameWidth + (tick - firstTick) * Self.tickWidth
    }

    /// The y coordinate of the top of `lane`.
    package func y(ofLane lane: Int) -> Int {
        Self.margin + 2 * Self.lineHeight + lane * Self.laneHeight
    }

    /// The picture, a standalone SVG 1.1 document.
    package var svg: String {
        let noteLines = notes.flatMap { Self.wrapped($0, width: Self.noteColumns) }
        let textWidth = Int(Double(([title] + noteLines).map(\.count).max() ?? 0) * Self.characterWidth)
        let width = max(x(of: lastTick) + Self.margin + Self.tickWidth, textWidth + 2 * Self.margin)
        let lanesBottom = y(ofLane: lanes.count)
        let height = lanesBottom + Self.margin + (noteLines.count + 1) * Self.lineHeight
        var parts = [
            ##"<?xml version="1.0" encoding="UTF-8"?>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" font-family="Menlo, DejaVu Sans Mono, monospace" font-size="12">"##,
            ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
            ##"<text x="\##(Self.margin)" y="\##(Self.margin + 12)" font-size="14" font-weight="bold">\##(Self.escaped(title))</text>"##,
        ]
        for (index, lane) in lanes.enumerated() {
            let top = y(ofLane: index)
            let shade = index % 2 == 0 ? "#f4f6f8" : "#ffffff"
            parts.append(##"<rect x="\##(Self.margin)" y="\##(top)" width="\##(width - 2 * Self.margin)" height="\##(Self.laneHeight)" fill="\##(shade)"/>"##)
            parts.append(##"<text x="\##(Self.margin + 6)" y="\##(top + Self.laneHeight / 2 + 4)" font-weight="bold">\##(Self.escaped(lane))</text>"##)
        }
        for tick in firstTick...max(firstTick, lastTick) {
            let x = x(of: tick)
            parts.append(##"<line x1="\##(x)" y1="\##(y(ofLane: 0))" x2="\##(x)" y2="\##(lanesBottom)" stroke="#d0d7de" stroke-width="1"/>"##)
            parts.append(##"<text x="\##(x)" y="\##(y(ofLane: 0) - 4)" text-anchor="middle" fill="#57606a" font-size="10">\##(tick)</text>"##)
        }
        for bar in bars { parts.append(svg(of: bar)) }
        for (index, note) in noteLines.enumerated() {
            parts.append(##"<text x="\##(Self.margin)" y="\##(lanesBottom + Self.margin + (index + 1) * Self.lineHeight)">\##(Self.escaped(note))</text>"##)
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// One bar: its rectangle, the call above its middle, the result below, the whole text as a tooltip.
    private func svg(of bar: Bar) -> String {
        let left = x(of: bar.invocation), right = x(of: bar.response)
        let top = y(ofLane: bar.lane) + 6
        let fits = max(3, Int(Double(right - left - 8) / Self.characterWidth))
        let color = Self.palette[bar.lane % Self.palette.count]
        return [
            "<g>",
            "<title>\(Self.escaped("\(bar.call) → \(bar.result) (ticks \(bar.invocation) to \(bar.response))"))</title>",
            ##"<rect x="\##(left)" y="\##(top)" width="\##(right - left)" height="\##(Self.laneHeight - 12)" rx="5" fill="\##(color.fill)" stroke="\##(color.stroke)"/>"##,
            ##"<text x="\##(left + 4)" y="\##(top + 18)">\##(Self.escaped(Self.cut(bar.call, to: fits)))</text>"##,
            ##"<text x="\##(left + 4)" y="\##(top + 36)" fill="#24292f">\##(Self.escaped(Self.cut("→ " + bar.result, to: fits)))</text>"##,
            "</g>",
        ].joined()
    }

    /// Fills and strokes, one per lane in turn.
    private static let palette: [(fill: String, stroke: String)] = [
        ("#e7ecf0", "#8c959f"), ("#ddf4ff", "#0969da"), ("#fff8c5", "#bf8700"), ("#ffebe9", "#cf222e"),
        ("#dafbe1", "#1a7f37"), ("#fbefff", "#8250df"),
    ]

    /// How many characters a line of the notes holds before it wraps.
    private static let noteColumns = 110

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return lines + [line]
    }

    /// `text` cut to `limit` characters, ending in `…` when it was longer.
    static func cut(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// `text` safe as XML character data or an attribute value: the five markup characters as
    /// references, and characters XML 1.0 does not allow (control characters but tab and line breaks)
    /// as `�`.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
                escaped.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return escaped
    }
}
