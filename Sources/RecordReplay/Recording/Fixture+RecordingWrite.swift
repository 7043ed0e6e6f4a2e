package import Foundation

extension Fixture {
    /// Writes the fixture as a recording made at `date` (its ``recorded`` date), unless the file already
    /// holds the same fixture but for that date: then the file is left untouched, old date included, so
    /// re-recording traffic that did not change changes no byte.
    ///
    /// - Returns: `false` when the file was left untouched, `true` when it was written.
    /// - Throws: ``FixtureError`` when writing fails.
    package func writeRecording(to url: URL, recordedAt date: Date = Date()) throws(FixtureError) -> Bool {
        var dated = self
        dated.recorded = nil
        if var existing = try? Fixture(contentsOf: url) {
            existing.recorded = nil
            if existing == dated { return false }
        }
        dated.recorded = RecordedDate.truncated(date)
        try dated.write(to: url)
        return true
    }
}
