// libFuzzer target: AHAP decoding. Built by scripts/fuzz.sh together with every source file of the
// Haptics module (so it runs inside that module, without `import`).
//
// Properties checked on every input, beyond "never crashes, never hangs":
// - whatever the lenient decoder accepts encodes to canonical AHAP that the strict decoder accepts
//   (for patterns of a version we write), decodes to the same pattern, and re-encodes to the same bytes;
// - the strict decoder never accepts what the lenient one refuses.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAPDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    let lenient = try? AHAPDecoder().decode(buffer)
    let strict = try? AHAPDecoder(options: .strict).decode(buffer)
    if strict != nil && lenient == nil { fatalError("strict accepted what lenient refused") }
    guard let document = lenient else { return 0 }
    let text = AHAPEncoder().encode(document.pattern)
    guard let again = try? AHAPDecoder(options: .strict).decode(text) else {
        if document.pattern.version <= 1 { fatalError("canonical output failed to decode strictly") }
        return 0
    }
    if again.pattern != document.pattern { fatalError("round trip changed the pattern") }
    if AHAPEncoder().encode(again.pattern) != text { fatalError("encoding is not stable") }
    return 0
}
