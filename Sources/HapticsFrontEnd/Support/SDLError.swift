/// Errors from SDL, with SDL's own message (`SDL_GetError`), whichever SDL the game links.
public struct SDLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What SDLHaptics was doing.
    public var operation: String
    /// SDL's message.
    public var message: String

    public init(operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    public var description: String { "\(operation) failed: \(message)" }
}

