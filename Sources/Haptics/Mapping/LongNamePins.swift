/// The long names one loaded config pins in `LongNameTable` (each once per place the config writes it),
/// released when it goes: so the table can drop them once no loaded config writes them. Made at load
/// time (allocates); any thread.
final class LongNamePins: @unchecked Sendable {
    private let table: LongNameTable
    private var names: [HapticName] = []

    init(table: LongNameTable = .shared) { self.table = table }

    /// Keeps and pins `text` (more than 15 bytes); returns whether it is kept.
    func pin(_ text: String) -> Bool {
        var text = text
        let name = text.withUTF8 { table.pin($0) }
        guard name.isKept else { return false }
        names.append(name)
        return true
    }

    deinit { table.unpin(names) }
}
