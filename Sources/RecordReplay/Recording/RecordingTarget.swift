import Foundation

/// Where a scope's recording goes: the fixture file, and the interactions it keeps in front of the new
/// ones (`newEpisodes`).
struct RecordingTarget: Sendable {
    var file: URL
    var kept: Fixture?
}
