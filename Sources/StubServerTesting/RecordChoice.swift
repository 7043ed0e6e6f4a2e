public import RecordReplay

/// The trait's old name for a record-mode choice, now ``RecordMode`` itself (which has
/// ``RecordMode/fromEnvironment``).
@available(*, deprecated, renamed: "RecordMode")
public typealias RecordChoice = RecordMode

extension RecordMode {
    /// `mode` itself: write `.once` rather than `.mode(.once)`.
    @available(*, deprecated, message: "pass the mode itself: .once rather than .mode(.once)")
    public static func mode(_ mode: RecordMode) -> RecordMode {
        mode
    }

    /// The mode chosen in code; nil for ``fromEnvironment``.
    @available(*, deprecated, message: "compare with .fromEnvironment, or resolve with resolved(environment:)")
    public var mode: RecordMode? {
        self == .fromEnvironment ? nil : self
    }
}
