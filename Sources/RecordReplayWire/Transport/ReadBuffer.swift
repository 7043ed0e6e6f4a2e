/// The bytes a connection has received and not yet used: a growable buffer read into directly by `recv`.
final class ReadBuffer {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private var start = 0
    private var end = 0

    /// An empty buffer with room for `capacity` bytes to begin with.
    init(capacity: Int = 4096) {
        self.capacity = capacity
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        storage.deallocate()
    }

    /// The number of bytes received and not yet consumed.
    var readableCount: Int { end - start }

    /// Calls `body` with the bytes received and not yet consumed.
    func withReadableBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: (storage + start).assumingMemoryBound(to: UInt8.self), count: end - start))
    }

    /// Marks the first `count` readable bytes as used.
    func consume(_ count: Int) {
        start += count
        if start == end {
            start = 0
            end = 0
        }
    }

    /// Forgets every readable byte.
    func consumeAll() {
        start = 0
        end = 0
    }

    /// Free space of at least `minimumFree` bytes after the readable bytes (moving or growing the storage),
    /// for `recv` to fill; report what it wrote with ``didWrite(_:)``.
    func freeSpace(minimumFree: Int) -> UnsafeMutableRawBufferPointer {
        if capacity - end < minimumFree && start > 0 {
            (storage).copyMemory(from: storage + start, byteCount: end - start)
            end -= start
            start = 0
        }
        if capacity - end < minimumFree {
            let newCapacity = max(capacity * 2, end + minimumFree)
            let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            grown.copyMemory(from: storage, byteCount: end)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
        }
        return UnsafeMutableRawBufferPointer(start: storage + end, count: capacity - end)
    }

    /// Adds `count` bytes written into the space ``freeSpace(minimumFree:)`` returned.
    func didWrite(_ count: Int) {
        end += count
    }
}
