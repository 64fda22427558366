@_spi(HapticsTools) import Haptics
import Testing

@Suite("Lenient reading, defaults and canonical output")
struct AHAPLeniencyTests {
    @Test("Version may be missing, an integer or a real")
    func versionForms() throws {
        for text in [#"{"Pattern": []}"#, #"{"Version": 1, "Pattern": []}"#, #"{"Pattern": [], "Version": 1.0}"#] {
            let document = try AHAPDecoder(options: .strict).decode(text)
            #expect(document.pattern.version == 1)
            #expect(document.warnings.isEmpty)
        }
    }

    @Test("missing optional keys take their defaults")
    func defaults() throws {
        let document = try AHAPDecoder(options: .strict).decode(#"{"Pattern": [{"Event": {"Time": 0.25, "EventType": "HapticTransient"}}]}"#)
        let event = document.pattern.events[0]
        #expect(event.parameters.isEmpty)
        #expect(event.value(of: .hapticIntensity) == 1)
        #expect(event.value(of: .hapticSharpness) == 0.5)
        #expect(event.value(of: .sustained) == 1)
        #expect(event.value(of: .attackTime) == 0)
        #expect(event.value(of: .audioBrightness) == 1)
        #expect(event.duration == nil)
        #expect(document.pattern.duration == 0.25)
    }

    @Test("every parameter ID has its documented range and default")
    func parameterTable() {
        for id in HapticEvent.ParameterID.allCases {
            #expect(id.range.contains(id.defaultValue))
        }
        #expect(HapticEvent.ParameterID.audioPan.range == ParameterRange(minimum: -1, maximum: 1, defaultValue: 0))
        #expect(HapticEvent.ParameterID.audioPitch.range.minimum == -1)
        #expect(DynamicParameter.ID.allCases.count == 12)
        #expect(DynamicParameter.ID.hapticIntensityControl.combination == .multiply)
        #expect(DynamicParameter.ID.audioVolumeControl.combination == .multiply)
        #expect(DynamicParameter.ID.hapticSharpnessControl.combination == .add)
        #expect(DynamicParameter.ID.audioBrightnessControl.range == ParameterRange(minimum: -1, maximum: 1, defaultValue: 0))
        #expect(DynamicParameter.ID.allCases.filter(\.isHaptic).count == 5)
        #expect(DynamicParameter.ID.audioReleaseTimeControl.target == .releaseTime)
    }

    @Test("metadata is kept verbatim, nested objects included")
    func metadata() throws {
        let text = #"{"Metadata": {"Project": "Demo", "Tags": ["a", "b"], "payload": {"a": "test", "n": 2.5, "z": null, "t": true}}, "Pattern": []}"#
        let pattern = try AHAPDecoder(options: .strict).decode(text).pattern
        #expect(pattern.metadata["Project"] == .string("Demo"))
        #expect(pattern.metadata["Tags"] == .array([.string("a"), .string("b")]))
        #expect(pattern.metadata["payload"] == .object(["a": .string("test"), "n": .number(2.5), "z": .null, "t": .bool(true)]))
        let reread = try AHAPDecoder(options: .strict).decode(AHAPEncoder().encode(pattern)).pattern
        #expect(reread == pattern)
    }

    @Test("elements listed out of order are exposed sorted, stable for equal times")
    func sorting() throws {
        let text = #"""
        {"Pattern": [
          {"Event": {"Time": 0.5, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.1}]}},
          {"ParameterCurve": {"Time": 0.2, "ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 1.5, "ParameterValue": 0.5}]}},
          {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.3}},
          {"Event": {"Time": 0.5, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.2}]}},
          {"Parameter": {"Time": 0.1, "ParameterID": "HapticSharpnessControl", "ParameterValue": 0.3}}
        ]}
        """#
        let pattern = try AHAPDecoder(options: .strict).decode(text).pattern
        #expect(pattern.events.map(\.time) == [0, 0.5, 0.5])
        #expect(pattern.events[1].value(of: .hapticIntensity) == 0.1)
        #expect(pattern.events[2].value(of: .hapticIntensity) == 0.2)
        #expect(pattern.duration == 1.7)
    }

    @Test("canonical output: fixed key order, time order, shortest numbers, final newline")
    func canonicalText() throws {
        let pattern = HapticPattern(
            events: [.transient(at: 0.1, intensity: 0.8, sharpness: 0.25),
                     HapticEvent(type: .audioCustom, time: 0, waveformPath: "click \"1\".wav", waveformUsesVolumeEnvelope: false)],
            dynamicParameters: [DynamicParameter(.hapticIntensityControl, value: 0.5, at: 0.1)],
            metadata: ["Project": .string("Test")])
        let expected = #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "Test"
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "AudioCustom",
                "EventWaveformPath": "click \"1\".wav",
                "EventWaveformUseVolumeEnvelope": false,
                "EventParameters": []
              }
            },
            {
              "Event": {
                "Time": 0.1,
                "EventType": "HapticTransient",
                "EventParameters": [
                  { "ParameterID": "HapticIntensity", "ParameterValue": 0.8 },
                  { "ParameterID": "HapticSharpness", "ParameterValue": 0.25 }
                ]
              }
            },
            {
              "Parameter": {
                "ParameterID": "HapticIntensityControl",
                "Time": 0.1,
                "ParameterValue": 0.5
              }
            }
          ]
        }

        """#
        #expect(AHAPEncoder().encode(pattern) == expected)
        #expect(AHAPEncoder().encode(HapticPattern(events: [])) == "{\n  \"Version\": 1.0,\n  \"Pattern\": []\n}\n")
    }

    @Test("numbers read exactly: fast path and slow path agree with Swift's parser")
    func numberExactness() throws {
        let samples = ["0", "-0", "0.1", "0.30000000000000004", "1e-05", "123456789012345678901234567890",
                       "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308", "0.000001", "9007199254740993",
                       "1E2", "1e+2", "-12.5e-3", "0.1234567890123456789"]
        for sample in samples {
            let text = #"{"Metadata": {"n": \#(sample)}, "Pattern": []}"#
            let pattern = try AHAPDecoder().decode(text).pattern
            #expect(pattern.metadata["n"] == .number(Double(sample)!), "\(sample)")
        }
    }

    @Test("strings: escapes and non-ASCII text survive a round trip")
    func strings() throws {
        let text = #"{"Metadata": {"Description": "tab\tquote\"slash\/ \u00e9 \ud83c\udfae 日本"}, "Pattern": []}"#
        let pattern = try AHAPDecoder(options: .strict).decode(text).pattern
        #expect(pattern.metadata["Description"] == .string("tab\tquote\"slash/ é 🎮 日本"))
        #expect(try AHAPDecoder(options: .strict).decode(AHAPEncoder().encode(pattern)).pattern == pattern)
    }

    @Test("a UTF-8 byte order mark is tolerated")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"Pattern": []}"#.utf8)
        #expect(try AHAPDecoder(options: .strict).decode(bytes).pattern.events.isEmpty)
    }
}
