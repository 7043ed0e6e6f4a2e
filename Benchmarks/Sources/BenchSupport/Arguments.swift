/// A minimal command line: positional words plus `--name value` options.
public struct Arguments {
    /// The words that are neither options nor option values, in order.
    public private(set) var positional: [String] = []
    private var options: [String: String] = [:]

    /// Parses `arguments` (without the program name). Every `--name` takes the next word as its value.
    public init(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws(UsageError) {
        var iterator = arguments.makeIterator()
        while let word = iterator.next() {
            if word.hasPrefix("--") {
                guard let value = iterator.next() else { throw UsageError("\(word) needs a value") }
                options[String(word.dropFirst(2))] = value
            } else {
                positional.append(word)
            }
        }
    }

    /// The integer value of `--name`, or `defaultValue` when absent.
    public func integer(_ name: String, default defaultValue: Int) throws(UsageError) -> Int {
        guard let text = options[name] else { return defaultValue }
        guard let value = Int(text) else { throw UsageError("--\(name) needs an integer, not “\(text)”") }
        return value
    }

    /// The value of `--name`, or `nil`.
    public func string(_ name: String) -> String? { options[name] }
}

/// A command-line mistake, with the message to print.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
