/// What the hooks plugged into a ``Playback`` (recording, the drift check) add to what it reports: findings
/// for ``Playback/report``, and values of their own, each under a key its folder defines, that the members
/// its folder adds to ``PlaybackReport`` or ``Playback`` read back. Playback lists the findings and carries
/// the values without knowing what they are.
package struct PlaybackContributions: Sendable {
    /// Configuration mistakes, listed in the report with the playback's own.
    package var configurationFindings: [PlaybackReport.Finding] = []
    /// What the hook found while requests were answered, listed in the report after the stub failures.
    package var findings: [PlaybackReport.Finding] = []
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Nothing contributed.
    package init() {}

    /// The value contributed under `key`; the key's ``PlaybackContributionKey/defaultValue`` when no hook
    /// contributed one.
    package subscript<Key: PlaybackContributionKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// A key a hook files a value of its own under in ``PlaybackContributions``.
package protocol PlaybackContributionKey {
    /// What is filed under the key.
    associatedtype Value: Sendable
    /// The value read when no hook contributed one (the hook is not plugged in).
    static var defaultValue: Value { get }
}
