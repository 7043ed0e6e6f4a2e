#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation

/// A mistake on the command line: printed as `error: <message>` followed by `usage`, exit status 64.
struct UsageError: Error, Equatable, Sendable {
    /// What is wrong, without the `error: ` prefix.
    var message: String
    /// The short usage of the command the mistake was made in.
    var usage: String
}

/// One command's arguments, read front to back as options (`--name`, `--name=value`, `-x`) and operands.
///
/// `--` ends the options: everything after it is an operand.
struct ArgumentReader {
    /// One argument, classified.
    enum Token: Equatable {
        /// `--format` (value `nil`) or `--format=json` (value `"json"`), or a short `-v`.
        case option(String, value: String?)
        /// Anything that does not start with `-` (or anything after `--`).
        case operand(String)
    }

    /// The usage every error of this reader carries.
    let usage: String
    private var rest: ArraySlice<String>
    private var optionsEnded = false

    /// A reader over `arguments` whose errors show `usage`.
    init(_ arguments: [String], usage: String) {
        self.rest = arguments[...]
        self.usage = usage
    }

    /// The next argument, or `nil` at the end.
    mutating func next() -> Token? {
        guard let argument = rest.popFirst() else { return nil }
        if optionsEnded || !Self.looksLikeOption(argument) {
            return .operand(argument)
        }
        if argument == "--" {
            optionsEnded = true
            return next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return .option(String(argument[..<equals]), value: String(argument[argument.index(after: equals)...]))
        }
        return .option(argument, value: nil)
    }

    /// The value of `option`: its inline `=value`, else the next argument (which must not be an option).
    mutating func value(of option: String, inline: String?) throws(UsageError) -> String {
        if let inline {
            return inline
        }
        guard let next = rest.first, !Self.looksLikeOption(next) else {
            throw error("missing value for \(option)")
        }
        rest.removeFirst()
        return next
    }

    /// The value of `option` as one of `Choice`'s cases, named by raw value.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        of option: String, inline: String?
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        let value = try self.value(of: option, inline: inline)
        guard let choice = Choice(rawValue: value) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw error("invalid value '\(value)' for \(option) (expected one of: \(known))")
        }
        return choice
    }

    /// The value of `option` as an `http` or `https` URL with a host.
    mutating func httpURL(of option: String, inline: String?) throws(UsageError) -> URL {
        let value = try self.value(of: option, inline: inline)
        guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw error("invalid value '\(value)' for \(option) (expected an http or https URL)")
        }
        return url
    }

    /// Checks that a flag (an option without a value) was not given one inline.
    func flag(_ option: String, inline: String?) throws(UsageError) {
        if inline != nil {
            throw error("\(option) takes no value")
        }
    }

    /// A usage error carrying this reader's usage.
    func error(_ message: String) -> UsageError {
        UsageError(message: message, usage: usage)
    }

    /// The error for an option the command does not know.
    func unknown(option: String) -> UsageError {
        error("unknown option '\(option)'")
    }

    /// The error for an operand the command does not take.
    func unexpected(operand: String) -> UsageError {
        error("unexpected argument '\(operand)'")
    }

    private static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1
    }

    /// Whether `arguments` ask for help (`-h` or `--help` before any `--`).
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    }
}
#endif
