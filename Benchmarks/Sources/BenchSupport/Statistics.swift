/// Order statistics over a handful of samples.
public enum Statistics {
    /// The median (the mean of the two middle values for an even count); `nan` when empty.
    public static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The nearest-rank percentile (`p` in 0...100); `nan` when empty.
    public static func percentile(_ samples: [Double], _ p: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

extension Duration {
    /// The duration in nanoseconds, as a `Double`.
    public var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// Formats a number with a fixed count of decimals (no Foundation formatter, so output is the same
/// whatever the locale).
public func formatted(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let negative = rounded < 0
    let magnitude = abs(rounded)
    let whole = Int(magnitude)
    var text = String(whole)
    if decimals > 0 {
        let fraction = Int(((magnitude - Double(whole)) * scale).rounded())
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        text += "." + digits
    }
    return negative ? "-" + text : text
}

/// `100000` as `100,000`.
public func grouped(_ value: Int) -> String {
    var digits = Array(String(value))
    var index = digits.count - 3
    while index > (value < 0 ? 1 : 0) {
        digits.insert(",", at: index)
        index -= 3
    }
    return String(digits)
}

/// A number with a thousands separator and `decimals` decimals.
public func grouped(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "n/a" }
    let text = formatted(value, decimals: decimals)
    let parts = text.split(separator: ".", maxSplits: 1)
    let whole = Int(parts[0]) ?? 0
    return parts.count == 2 ? "\(grouped(whole)).\(parts[1])" : grouped(whole)
}
