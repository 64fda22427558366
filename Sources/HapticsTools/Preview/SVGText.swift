@_spi(HapticsTools) import Haptics

/// Text pieces for the SVG charts (internal): numbers in a fixed, locale-free form and escaped
/// XML text. Pure string building, no Foundation formatting.
enum SVGText {
    /// `value` rounded to `decimals` places (0...6), without trailing zeros: `12`, `0.5`, `3.25`.
    /// Negative zero and values that round to zero are written `0`; non-finite values `0`.
    static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        let places = min(max(decimals, 0), 6)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9e15 else { return "0" }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let magnitude = units.magnitude
        let divisor = UInt64(scale)
        var text = units < 0 ? "-" : ""
        text += String(magnitude / divisor)
        let fraction = magnitude % divisor
        if fraction > 0 {
            var digits = String(fraction)
            while digits.count < places { digits = "0" + digits }
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, safe in XML text and attribute values.
    /// Control characters other than tab, line feed and carriage return (not allowed in XML 1.0)
    /// become U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
