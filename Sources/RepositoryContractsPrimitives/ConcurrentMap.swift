import Foundation

extension Collection where Element: Sendable {
    /// `transform` applied to every element in child tasks, at most `width` at a time, with the results
    /// in the collection's order.
    ///
    /// For pieces of work that depend on nothing but their element (a fixture file to check, a seed of a
    /// model check): one caller then keeps every core busy instead of one. A new piece starts as soon as
    /// one ends, so a slow piece holds up only its own slot.
    package func concurrentMap<Transformed: Sendable>(
        width: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ transform: @escaping @Sendable (Element) async -> Transformed
    ) async -> [Transformed] {
        let elements = Array(self)
        guard elements.count > 1, width > 1 else {
            var results: [Transformed] = []
            results.reserveCapacity(elements.count)
            for element in elements { results.append(await transform(element)) }
            return results
        }
        return await withTaskGroup(of: (Int, Transformed).self) { group in
            var results = [Transformed?](repeating: nil, count: elements.count)
            var next = 0
            func startNext() {
                let index = next
                next += 1
                group.addTask { (index, await transform(elements[index])) }
            }
            while next < Swift.min(width, elements.count) { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < elements.count { startNext() }
            }
            return results.map { $0! }
        }
    }
}
