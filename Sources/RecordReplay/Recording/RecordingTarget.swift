import Foundation

/// Where a scope's recording goes: the fixture file, the interactions it keeps in front of the new
/// ones (`newEpisodes`), and the upstream recorded from.
struct RecordingTarget: Sendable {
    var file: URL
    var kept: Fixture?
    var upstream: URL?
}