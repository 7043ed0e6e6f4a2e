package import ModelChecking
package import RecordReplay
import StubServerTesting

extension FailureAttachment {
    /// `chart` as an SVG file, every text in it (calls, results, notes) redacted with `redaction` first.
    package init(chart: TimelineChart, named name: String, redaction: Redaction = Self.currentRedaction) {
        var shown = chart
        shown.title = redaction.shown(text: chart.title)
        shown.bars = chart.bars.map { bar in
            var bar = bar
            bar.call = redaction.shown(text: bar.call)
            bar.result = redaction.shown(text: bar.result)
            return bar
        }
        shown.notes = chart.notes.map { redaction.shown(text: $0) }
        self.init(redactedBytes: Array(shown.svg.utf8), named: name)
    }
}
