#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
/// How a command prints its result (`--format table|json`): a table for people, JSON for tools.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned text for a terminal.
    case table
    /// Stable JSON for scripts.
    case json
}
#endif
