#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire

/// The output side of the commands that read one fixture and write another (`convert`, `trim`): the
/// two file operands, and the write itself, redacted and scanned as a recording is.
enum FixtureOutput {
    /// What `convert` and `trim` read alike: `<in> <out>`, `--force`, `--redact` and `--allow-name`.
    struct Arguments {
        var operands: [String] = []
        var force = false
        var redactionOptions = RedactionOptions()

        /// Reads `token` when it is one of these; false for any other option.
        mutating func read(_ token: ArgumentReader.Token, from reader: inout ArgumentReader) throws(UsageError) -> Bool {
            switch token {
            case .option("--force", let inline):
                try reader.flag("--force", inline: inline)
                force = true
                return true
            case .option(let option, let inline):
                return try redactionOptions.read(option, inline: inline, from: &reader)
            case .operand(let operand):
                guard operands.count < 2 else { throw reader.unexpected(operand: operand) }
                operands.append(operand)
                return true
            }
        }

        /// The input and output, each with a fixture extension; a usage error otherwise.
        func inputAndOutput(_ reader: ArgumentReader) throws(UsageError) -> (String, String) {
            guard operands.count == 2 else {
                throw reader.error(operands.isEmpty ? "missing input and output fixtures" : "missing output fixture")
            }
            _ = try FixtureFile.format(of: operands[0], reader: reader)
            _ = try FixtureFile.format(of: operands[1], reader: reader)
            return (operands[0], operands[1])
        }
    }

    /// Writes `fixture` to `output` redacted with `redaction`, naming each redacted field on standard
    /// error. Returns what was written, or nil after printing the findings when the fixture still holds
    /// a secret (nothing is written: the caller exits 65).
    ///
    /// - Throws: ``ToolError`` when `output` exists without `force`, or cannot be written.
    static func write(
        _ fixture: Fixture, to output: String, force: Bool, redaction: Redaction, console: Console
    ) throws -> RedactionResult? {
        let result: RedactionResult
        do {
            result = try redaction.redactedForWriting(fixture, to: output)
        } catch {
            console.printError("error: \(error)")
            return nil
        }
        for field in result.redactions { console.printError("redacted: \(field)") }
        if !force, FileManager.default.fileExists(atPath: output) {
            throw ToolError("'\(output)' exists; pass --force to overwrite it")
        }
        do {
            try result.fixture.write(to: URL(fileURLWithPath: output))
        } catch {
            throw ToolError("\(error)")
        }
        return result
    }

    /// ` (3 fields redacted)`, or nothing.
    static func redactedSuffix(_ result: RedactionResult) -> String {
        let fields = result.redactions.count
        return fields == 0 ? "" : " (\(fields) field\(fields == 1 ? "" : "s") redacted)"
    }
}
#endif
