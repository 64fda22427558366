import Testing

/// Every test that touches SDL lives in a suite nested here: SDL's state is process-wide, so
/// these suites run one at a time (the core's tests still run in parallel beside them).
@Suite("Through real SDL, headless", .serialized)
enum SDLTests {}
