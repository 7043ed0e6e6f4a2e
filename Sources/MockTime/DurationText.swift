extension Duration {
    /// The duration in seconds for messages: `1.5 s`, `-0.25 s`, `0 s`, `0.000001 s`.
    var secondsText: String {
        let negative = self < .zero
        let magnitude = negative ? Duration.zero - self : self
        let (seconds, attoseconds) = magnitude.components
        var text = negative ? "-\(seconds)" : "\(seconds)"
        if attoseconds != 0 {
            var fraction = String(attoseconds)
            fraction = String(repeating: "0", count: 18 - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            text += "." + fraction
        }
        return text + " s"
    }

    /// The duration as a `TimeInterval` (seconds, with the precision of a `Double`).
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
