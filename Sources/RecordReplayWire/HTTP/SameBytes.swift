extension UnsafeRawBufferPointer {
    /// Whether `other` holds the same bytes: at once when both are the same memory, else eight bytes at a
    /// time. The server's repeated requests and answers compare their bytes on every request.
    package func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard let start = baseAddress, let otherStart = other.baseAddress, start != otherStart else { return true }
        var offset = 0
        while offset + 8 <= count {
            guard start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == otherStart.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard self[offset] == other[offset] else { return false }
            offset += 1
        }
        return true
    }
}
