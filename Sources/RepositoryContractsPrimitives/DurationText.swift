extension Duration {
    /// The duration in seconds, exactly, for messages: `1.5 s`, `-0.25 s`, `0 s`, `0.000001 s`.
    ///
    /// The package's one way of writing a duration in text; see ``secondsText(fractionDigits:)`` for
    /// elapsed times that read better rounded.
    package var secondsText: String {
        let (negative, seconds, attoseconds) = signAndMagnitude
        var text = negative ? "-\(seconds)" : "\(seconds)"
        if attoseconds != 0 {
            var fraction = Self.padded(attoseconds, toDigits: 18)
            while fraction.last == "0" { fraction.removeLast() }
            text += "." + fraction
        }
        return text + " s"
    }

    /// The duration in seconds rounded to `fractionDigits` decimals (0 to 18; halves away from zero),
    /// with trailing zeros kept, for elapsed times: `6.2 s`, `6.0 s` with one digit, `6 s` with none.
    package func secondsText(fractionDigits: Int) -> String {
        let digits = min(max(fractionDigits, 0), 18)
        var (negative, seconds, attoseconds) = signAndMagnitude
        var unit: Int64 = 1
        for _ in 0..<(18 - digits) { unit *= 10 }
        var fraction = attoseconds / unit + (attoseconds % unit >= unit / 2 && unit > 1 ? 1 : 0)
        if fraction == 1_000_000_000_000_000_000 / unit {
            seconds += 1
            fraction = 0
        }
        if seconds == 0 && fraction == 0 { negative = false }
        let whole = negative ? "-\(seconds)" : "\(seconds)"
        return digits == 0 ? "\(whole) s" : "\(whole).\(Self.padded(fraction, toDigits: digits)) s"
    }

    /// The duration in seconds, with the precision of a `Double` (a `TimeInterval`).
    package var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Whether the duration is negative, and its magnitude as whole seconds and attoseconds.
    private var signAndMagnitude: (negative: Bool, seconds: Int64, attoseconds: Int64) {
        let negative = self < .zero
        let (seconds, attoseconds) = (negative ? Duration.zero - self : self).components
        return (negative, seconds, attoseconds)
    }

    /// `value` in decimal, with leading zeros up to `digits` digits.
    private static func padded(_ value: Int64, toDigits digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
}
