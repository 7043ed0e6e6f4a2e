import Foundation

/// The bytes of request bodies a listener's connections hold while they receive and answer them, within
/// ``ServerOptions/maxBufferedBodyBytes``.
final class BodyBudget: @unchecked Sendable {
    /// The most bytes held at once.
    let limit: Int
    private let lock = NSLock()
    private var held = 0

    init(limit: Int) {
        self.limit = max(limit, 0)
    }

    /// Takes `count` more bytes; `false` (nothing taken) when that would go beyond the limit.
    func reserve(_ count: Int) -> Bool {
        lock.withLock {
            guard count <= limit - held else { return false }
            held += count
            return true
        }
    }

    /// Gives back `count` bytes taken before.
    func release(_ count: Int) {
        guard count > 0 else { return }
        lock.withLock { held = max(0, held - count) }
    }

    /// The bytes held now.
    var heldBytes: Int {
        lock.withLock { held }
    }
}
