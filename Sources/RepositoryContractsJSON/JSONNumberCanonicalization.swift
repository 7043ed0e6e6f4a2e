/// The canonical spelling of a JSON number's value, computed exactly on its decimal lexeme.
///
/// Equal values get equal spellings and different values different ones: `1`, `1.0`, `1e0` and
/// `10e-1` all become `1`; `-0` becomes `0`; `12345678901234567890` stays exact. The spelling is the
/// shortest-digits decimal: a plain integer up to 21 digits, a plain decimal when the point falls within
/// the digits or at most six zeros after it, otherwise scientific (`1.5e30`, `-2e-9`).
enum JSONNumberCanonicalization {
    /// The canonical spelling of `lexeme`, which must match the RFC 8259 number grammar (the parser
    /// guarantees it); anything else is returned unchanged.
    static func canonicalSpelling(of lexeme: String) -> String {
        guard let parts = NumberParts(lexeme) else { return lexeme }
        // The value is sign · digits · 10^(exponent − fraction.count); leading zeros are meaningless and
        // trailing ones move into the exponent.
        var digits = Array((parts.integer + parts.fraction).drop { $0 == UInt8(ascii: "0") })
        guard !digits.isEmpty else { return "0" }
        var trailingZeros = 0
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            trailingZeros += 1
        }
        let sign = parts.isNegative ? "-" : ""
        let mantissa = String(decoding: digits, as: UTF8.self)
        let count = digits.count
        let shift = trailingZeros - parts.fraction.count

        guard let exponent = parts.smallExponent else {
            // An exponent of 19 digits or more: only scientific spelling makes sense, with the exponent
            // adjusted exactly on its decimal digits.
            let scientificShift = shift + count - 1
            return sign + scientific(mantissa) + "e" + parts.hugeExponent(adding: scientificShift)
        }
        let power = exponent + shift  // value = sign · mantissa · 10^power
        if power >= 0 && count + power <= 21 {
            return sign + mantissa + String(repeating: "0", count: power)
        }
        if power < 0 && count + power > 0 {
            let point = mantissa.index(mantissa.startIndex, offsetBy: count + power)
            return sign + mantissa[..<point] + "." + mantissa[point...]
        }
        if power < 0 && count + power > -6 {
            return sign + "0." + String(repeating: "0", count: -(count + power)) + mantissa
        }
        return sign + scientific(mantissa) + "e\(power + count - 1)"
    }

    /// `d.ddd` from the digits `dddd` (just `d` for one digit).
    private static func scientific(_ mantissa: String) -> String {
        mantissa.count == 1 ? mantissa : mantissa.prefix(1) + "." + mantissa.dropFirst()
    }
}

/// A number lexeme split into its parts.
private struct NumberParts {
    var isNegative = false
    var integer: [UInt8] = []
    var fraction: [UInt8] = []
    var exponentIsNegative = false
    /// The exponent's digits without leading zeros.
    var exponentDigits: [UInt8] = []

    init?(_ lexeme: String) {
        var bytes = Array(lexeme.utf8)[...]
        if bytes.first == UInt8(ascii: "-") {
            isNegative = true
            bytes.removeFirst()
        }
        integer = Array(bytes.prefix { $0.isDigit })
        bytes.removeFirst(integer.count)
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            fraction = Array(bytes.prefix { $0.isDigit })
            bytes.removeFirst(fraction.count)
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes.removeFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
                exponentIsNegative = bytes.removeFirst() == UInt8(ascii: "-")
            }
            let digits = Array(bytes.prefix { $0.isDigit })
            guard !digits.isEmpty else { return nil }
            bytes.removeFirst(digits.count)
            exponentDigits = Array(digits.drop { $0 == UInt8(ascii: "0") })
        }
        guard !integer.isEmpty, bytes.isEmpty else { return nil }
    }

    /// The exponent as an `Int` when it has at most 18 digits (so adding a shift cannot overflow).
    var smallExponent: Int? {
        guard exponentDigits.count <= 18 else { return nil }
        let magnitude = exponentDigits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return exponentIsNegative ? -magnitude : magnitude
    }

    /// The decimal spelling of `exponent + shift` for an exponent of 19 digits or more, whose magnitude
    /// therefore exceeds any shift a lexeme in memory can produce (the sign stays the exponent's).
    func hugeExponent(adding shift: Int) -> String {
        var digits = exponentDigits.map { Int($0 - UInt8(ascii: "0")) }
        // Adding to the magnitude when the shift has the exponent's sign, subtracting otherwise.
        let sameSign = (shift < 0) == exponentIsNegative
        var carry = sameSign ? shift.magnitude : 0
        var borrow = sameSign ? 0 : shift.magnitude
        var index = digits.count - 1
        while index >= 0 && (carry > 0 || borrow > 0) {
            if carry > 0 {
                let sum = UInt(digits[index]) + carry % 10
                digits[index] = Int(sum % 10)
                carry = carry / 10 + sum / 10
            } else {
                var difference = digits[index] - Int(borrow % 10)
                borrow /= 10
                if difference < 0 {
                    difference += 10
                    borrow += 1
                }
                digits[index] = difference
            }
            index -= 1
        }
        if carry > 0 { digits.insert(contentsOf: String(carry).map { Int(String($0))! }, at: 0) }
        let magnitude = String(digits.drop { $0 == 0 }.map { Character(String($0)) })
        return (exponentIsNegative ? "-" : "") + magnitude
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (0x30...0x39).contains(self) }
}
