@testable @_spi(HapticsTools) import Haptics
import Testing

/// The table of long names makes room across config loads (issue 31, round two, F7): every config's names
/// stayed for the process, so a game hot-reloading its config all day was refused after about 4,200
/// names of 4,000 bytes, or 262,144 short ones, even across SDLH_Quit and SDLH_Init. Tables of their own,
/// small (the process's table is shared by every test running at the same time).
@Suite("Long name reuse")
struct LongNameReuseTests {
    static func name(_ table: LongNameTable, _ text: String, fromConfig: Bool = false) -> HapticName {
        Array(text.utf8).withUnsafeBufferPointer { table.name($0, fromConfig: fromConfig) }
    }

    /// A config's pins of `count` names "config <version> name <i> ..." (lengths 30 to 60 bytes).
    static func load(_ table: LongNameTable, version: Int, count: Int) -> (LongNamePins, [Bool]) {
        let pins = LongNamePins(table: table)
        let kept = (0..<count).map { pins.pin("config \(version) name \($0) " + String(repeating: "x", count: 10 + $0 % 31)) }
        return (pins, kept)
    }

    @Test("a thousand configs loaded in turn all keep their names in a table of 64; memory stays at the bound")
    func endlessReloads() {
        let table = LongNameTable(capacity: 64, byteCapacity: 4_096, postedCapacity: 8, postedBytes: 512)
        var live: LongNamePins?
        for version in 0..<1_000 {
            let (pins, kept) = Self.load(table, version: version, count: 24)
            #expect(kept.allSatisfy { $0 }, "config \(version): \(kept.filter { !$0 }.count) names refused")
            live = pins   // the old config goes once the new one is in (the director's swap)
            #expect(table.keptCount.all <= 64)
        }
        _ = live
        #expect(table.sweeps.count > 100 && table.sweeps.names > 20_000, "\(table.sweeps)")
    }

    @Test("names a loaded config pins are never dropped: a config that does not fit beside them is refused")
    func pinnedStay() {
        let table = LongNameTable(capacity: 32, byteCapacity: 4_096, postedCapacity: 8, postedBytes: 512)
        let (first, firstKept) = Self.load(table, version: 1, count: 20)
        #expect(firstKept.allSatisfy { $0 })
        let (second, secondKept) = Self.load(table, version: 2, count: 20)
        #expect(secondKept.filter { $0 }.count == 12, "12 fit beside the 20 pinned: \(secondKept)")
        #expect(Self.name(table, "config 1 name 7 " + String(repeating: "x", count: 17)).isKept)
        _ = (first, second)
    }

    @Test("a dropped name's old HapticName equals no later name; survivors keep their numbers and text; posts stay")
    func generations() throws {
        let table = LongNameTable(capacity: 16, byteCapacity: 4_096, postedCapacity: 4, postedBytes: 512)
        let posted = Self.name(table, "a name the game posted first")
        var old: (LongNamePins, [Bool])? = Self.load(table, version: 1, count: 10)
        let oldName = Self.name(table, "config 1 name 3 " + String(repeating: "x", count: 13))
        #expect(oldName.isKept && table.text(of: Int(oldName.low)) == "config 1 name 3 " + String(repeating: "x", count: 13))
        let (keeper, _) = Self.load(table, version: 2, count: 3)          // pinned throughout
        let keeperName = Self.name(table, "config 2 name 1 " + String(repeating: "x", count: 11))
        old = nil                                                          // config 1 unloaded: its names may go
        let (next, kept) = Self.load(table, version: 3, count: 11)         // does not fit beside config 1: sweep
        #expect(kept.allSatisfy { $0 } && table.sweeps.count == 1 && table.sweeps.names == 10)
        #expect(table.text(of: Int(oldName.low)) == nil, "dropped")
        let again = Self.name(table, "config 1 name 3 " + String(repeating: "x", count: 13), fromConfig: true)
        #expect(again.isKept && again != oldName, "the same text kept again is a new name")
        #expect(Self.name(table, "config 2 name 1 " + String(repeating: "x", count: 11)) == keeperName)
        #expect(table.text(of: Int(keeperName.low)) == "config 2 name 1 " + String(repeating: "x", count: 11), "bytes moved, text intact")
        #expect(Self.name(table, "a name the game posted first") == posted && table.text(of: Int(posted.low)) == "a name the game posted first")
        for index in 0..<11 {
            let text = "config 3 name \(index) " + String(repeating: "x", count: 10 + index % 31)
            #expect(table.text(of: Int(Self.name(table, text).low)) == text)
        }
        _ = (old, keeper, next)
    }

    @Test("a hot reload's old mapping unpins its names when it goes")
    func mappingUnpins() throws {
        let action = "a-long-action-name-\(UInt64.random(in: 0...UInt64.max))"   // no other test names it
        let text = """
            [[rule]]
            event = "action"
            action = "\(action)"
            pattern = "ImpactLight"
            """
        var mapping: LoadedMapping? = try LoadedMapping.load(text: text, presets: .builtIn())
        #expect(LongNameTable.shared.pins(of: HapticName(action)) == 1)
        var reloaded: LoadedMapping? = try LoadedMapping.load(text: text, presets: .builtIn())
        #expect(LongNameTable.shared.pins(of: HapticName(action)) == 2)
        mapping = nil
        #expect(LongNameTable.shared.pins(of: HapticName(action)) == 1)
        #expect(reloaded?.config.rules.count == 1)
        reloaded = nil
        #expect(LongNameTable.shared.pins(of: HapticName(action)) == 0, "no loaded config pins it: a sweep may drop it")
        _ = (mapping, reloaded)
    }
}
