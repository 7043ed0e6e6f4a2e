import Primitives

/// The bytes of request bodies a listener's connections hold while they receive and answer them, within
/// ``ServerOptions/maxBufferedBodyBytes``.
final class BodyBudget: Sendable {
    /// The most bytes held at once.
    let limit: Int
    private let held = Protected(0)

    init(limit: Int) {
        self.limit = max(limit, 0)
    }

    /// Takes `count` more bytes; `false` (nothing taken) when that would go beyond the limit.
    func reserve(_ count: Int) -> Bool {
        held.withLock { held in
            guard count <= limit - held else { return false }
            held += count
            return true
        }
    }

    /// Gives back `count` bytes taken before.
    func release(_ count: Int) {
        guard count > 0 else { return }
        held.withLock { $0 = max(0, $0 - count) }
    }

    /// The bytes held now.
    var heldBytes: Int {
        held.withLock { $0 }
    }
}
