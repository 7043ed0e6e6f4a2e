/// Delta debugging's first pass, shared by the shrinkers: tries the sequence without a chunk of its
/// elements, half of it first and then chunks halving down to single elements, moving on from a chunk
/// only when `tryWithout` does not keep the smaller sequence. `count` is the current sequence's length
/// (it shrinks as candidates are kept); it stops when `canTryMore` says so. Returns whether any
/// candidate was kept.
package func removeChunks(
    count: () -> Int, canTryMore: () -> Bool, tryWithout: (Range<Int>) async -> Bool
) async -> Bool {
    var progressed = false
    var chunk = max(1, count() / 2)
    while chunk >= 1, canTryMore() {
        var start = 0
        while start < count(), canTryMore() {
            if await tryWithout(start..<min(count(), start + chunk)) { progressed = true } else { start += chunk }
        }
        chunk /= 2
    }
    return progressed
}
