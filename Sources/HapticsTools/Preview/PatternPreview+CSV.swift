@_spi(HapticsTools) import Haptics

extension PatternPreview {
    /// The trace as CSV in the engine's trace format (`RecordingOutput.csv(for:)`): the header
    /// `time,output,low,high,left_trigger,right_trigger`, then for each frame one row per output in
    /// the order of `options.profiles`. Drive levels 0...1, times in seconds. Allocates.
    public func csv() -> String { RecordingOutput.csv(for: outputs) }
}
