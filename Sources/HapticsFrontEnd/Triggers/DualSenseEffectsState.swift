/// The 47-byte effects state SDL's PS5 driver takes through `SDL_GameControllerSendEffect` (SDL3: `SDL_SendGamepadEffect`)
/// (`DS5EffectsState_t` in SDL's test/testgamecontroller.c), holding only trigger effects.
///
/// Byte 0 (`ucEnableBits1`) is 0x04 (apply the right trigger's block) | 0x08 (apply the left
/// one's); the rumble bits 0x01/0x02 and every other enable bit stay 0, so the pad keeps the rumble,
/// lights and audio SDL set. Bytes 10-20 are the right trigger's block, 21-31 the left one's; the
/// rest is 0. Stored inline; `withUnsafeBytes` hands SDL a pointer without allocating.
package struct DualSenseEffectsState: Hashable, Sendable {
    /// The size SDL's PS5 driver expects, 47 bytes.
    public static let size = 47
    /// Enable bit: apply the right trigger block (bytes 10-20).
    public static let rightTriggerEnable: UInt8 = 0x04
    /// Enable bit: apply the left trigger block (bytes 21-31).
    public static let leftTriggerEnable: UInt8 = 0x08
    /// Offset of the right trigger's block.
    public static let rightTriggerOffset = 10
    /// Offset of the left trigger's block.
    public static let leftTriggerOffset = 21

    private var storage = SIMD64<UInt8>()

    /// A state that applies `right` and `left` (either may be nil: that trigger is left as it is).
    public init(right: DualSenseTriggerBlock?, left: DualSenseTriggerBlock?) {
        if let right {
            storage[0] |= Self.rightTriggerEnable
            for index in 0..<DualSenseTriggerBlock.size { storage[Self.rightTriggerOffset + index] = right[index] }
        }
        if let left {
            storage[0] |= Self.leftTriggerEnable
            for index in 0..<DualSenseTriggerBlock.size { storage[Self.leftTriggerOffset + index] = left[index] }
        }
    }

    /// Byte `index` (0...46).
    public subscript(index: Int) -> UInt8 { storage[index] }

    /// The 47 bytes (allocates an array: for tests and tools).
    public var bytes: [UInt8] { (0..<Self.size).map { storage[$0] } }

    /// Calls `body` with a pointer to the 47 bytes. No allocation.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0.prefix(Self.size))) }
    }
}

extension DualSenseEffectsState {
    /// The one call for trigger effects: these 47 bytes through `backend.sendEffect` (SDL2's
    /// `SDL_GameControllerSendEffect`, SDL3's `SDL_SendGamepadEffect`: the same bytes on both).
    /// Returns false when SDL refused. No allocation. Used by `SDLAdaptiveTriggerOutput` and, from
    /// its own thread with SDL's joystick lock held, by `AdaptiveTriggerWatchdog`.
    package func send(to controller: OpaquePointer, through backend: any SDLBackend.Type) -> Bool {
        withUnsafeBytes { backend.sendEffect(controller, $0) }
    }
}
