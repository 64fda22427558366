/// TOML 1.0's date-time grammar (RFC 3339 with TOML's relaxations) and the Gregorian calendar:
/// what `TOMLReader` accepts as an offset date-time, a local date-time, a local date or a local
/// time, and why it refuses the rest.
///
///     offset date-time   1979-05-27T07:32:00Z   1979-05-27 00:32:00.999-07:00
///     local date-time    1979-05-27T07:32:00
///     local date         1979-05-27
///     local time         07:32:00.999
///
/// Months 01...12; days 01 to the month's length (February has 29 days in leap years: years
/// divisible by 4, except centuries not divisible by 400); hours 00...23; minutes 00...59; seconds
/// 00...60 (60: a leap second); fractions of a second have at least one digit; offsets are `Z`
/// or ±HH:MM within ±23:59. `T` may be `t` or one space, `Z` may be `z`.
package enum TOMLDateTime {
    /// Whether `text` starts like a date (`DDDD-`) or a time (`DD:`), so that a refusal can
    /// explain the date-time grammar rather than call it an unknown value.
    package static func looksLikeDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(5))
        func digit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes.count == 5, digit(0), digit(1), digit(2), digit(3), bytes[4] == UInt8(ascii: "-") { return true }
        if bytes.count >= 3, digit(0), digit(1), bytes[2] == UInt8(ascii: ":") { return true }
        return false
    }

    /// Nil when `text` is a valid TOML date-time, date or time; else what is wrong with it.
    package static func problem(in text: String) -> String? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.check()
    }

    /// Days in `month` (1...12) of `year` in the Gregorian calendar.
    package static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    package static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func check() -> String? {
            if bytes.count > 4, bytes[4] == UInt8(ascii: "-") {
                if let problem = date() { return problem }
                guard index < bytes.count else { return nil }                       // local date
                let delimiter = bytes[index]
                guard delimiter == UInt8(ascii: "T") || delimiter == UInt8(ascii: "t") || delimiter == UInt8(ascii: " ") else {
                    return "expected 'T' or a space between the date and the time, found \(describe(index))"
                }
                index += 1
                guard index < bytes.count else { return "expected a time (HH:MM:SS) after the date and 'T'" }
                if let problem = time() { return problem }
                guard index < bytes.count else { return nil }                       // local date-time
                if let problem = offset() { return problem }
            } else {
                if let problem = time() { return problem }
            }
            guard index == bytes.count else { return "expected the end of the date-time, found \(describe(index))" }
            return nil
        }

        private mutating func date() -> String? {
            guard let year = number(4) else { return "expected a four-digit year" }
            guard take("-"), let month = number(2) else { return "expected a two-digit month after the year (YYYY-MM-DD)" }
            guard take("-"), let day = number(2) else { return "expected a two-digit day after the month (YYYY-MM-DD)" }
            guard (1...12).contains(month) else { return "month \(two(month)) is not 01...12" }
            let length = TOMLDateTime.days(inMonth: month, year: year)
            guard (1...length).contains(day) else {
                return "day \(two(day)) is not 01...\(length): \(TOMLDateTime.monthNames[month - 1]) \(year) has \(length) days"
            }
            return nil
        }

        private mutating func time() -> String? {
            guard let hour = number(2) else { return "expected a two-digit hour (HH:MM:SS)" }
            guard take(":"), let minute = number(2) else { return "expected two-digit minutes after the hour (HH:MM:SS)" }
            guard take(":"), let second = number(2) else { return "expected two-digit seconds after the minutes (HH:MM:SS); seconds are required" }
            guard hour <= 23 else { return "hour \(two(hour)) is not 00...23" }
            guard minute <= 59 else { return "minute \(two(minute)) is not 00...59" }
            guard second <= 60 else { return "second \(two(second)) is not 00...60" }
            if take(".") {
                let from = index
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                guard index > from else { return "expected digits after the decimal point of the seconds" }
            }
            return nil
        }

        private mutating func offset() -> String? {
            if take("Z") || take("z") { return nil }
            guard take("+") || take("-") else {
                return "expected 'Z', an offset such as +01:00, or the end of the date-time, found \(describe(index))"
            }
            guard let hours = number(2), take(":"), let minutes = number(2) else { return "expected an offset as ±HH:MM" }
            guard hours <= 23, minutes <= 59 else { return "offset \(two(hours)):\(two(minutes)) is not within ±23:59" }
            return nil
        }

        private mutating func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            // Exactly `digits` digits: a third digit in a two-digit field is a different mistake.
            if index + digits < bytes.count, isDigit(bytes[index + digits]) { return nil }
            index += digits
            return value
        }

        private mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

        private func describe(_ offset: Int) -> String {
            guard offset < bytes.count else { return "the end" }
            let byte = bytes[offset]
            return byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "the byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }
}
