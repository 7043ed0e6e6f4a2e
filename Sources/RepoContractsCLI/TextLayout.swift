#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
extension String {
    /// The string followed by spaces up to `width` characters (unchanged when already that wide).
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }

    /// The string preceded by spaces up to `width` characters (unchanged when already that wide).
    func rightAligned(to width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - count)) + self
    }

    /// Every line of the string prefixed with `prefix`.
    func indented(by prefix: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}
#endif
