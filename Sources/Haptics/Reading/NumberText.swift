/// Shortest text that reads back as the same number (`1`, `0.5`, `1e-05`): how every reader's
/// messages write a number they found or expected.
func format(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
}
