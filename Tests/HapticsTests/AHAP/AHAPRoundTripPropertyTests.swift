@_spi(HapticsTools) import Haptics
import PropertyBased
import Testing

/// Property: for any pattern the model can hold, decode(encode(p)) == p and encoding is stable.
@Suite("Round trip over generated patterns")
struct AHAPRoundTripPropertyTests {
    /// Times with up to 17 significant digits, so that number formatting is exercised.
    static let time = Gen.double(in: 0...120)
    static let unit = Gen.double(in: 0...1)
    static let signed = Gen.double(in: -1...1)

    static let eventParameters = zip(Gen<HapticEvent.ParameterID>.case, unit, signed)
        .map { id, unitValue, signedValue in
            HapticEventParameter(id, id.range.minimum < 0 ? signedValue : unitValue)
        }
        .array(of: 0...6)
        .map { parameters in
            // One value per ID, as the decoder guarantees.
            var seen = Set<HapticEvent.ParameterID>()
            return parameters.filter { seen.insert($0.id).inserted }
        }

    static let event = zip(Gen<HapticEvent.EventType>.case, time, Gen.double(in: 0...30).optional, eventParameters,
                           Gen.bool.optional, Gen.bool.optional, Gen.letterOrNumber.string(of: 1...12))
        .map { type, time, duration, parameters, envelope, loop, name in
            HapticEvent(type: type, time: time,
                        duration: type.requiresDuration ? (duration ?? 1) : duration,
                        parameters: parameters.filter { type.applicableParameters.contains($0.id) },
                        waveformPath: type == .audioCustom ? "sounds/\(name).wav" : nil,
                        waveformUsesVolumeEnvelope: type == .audioCustom ? envelope : nil,
                        waveformLoopEnabled: type == .audioCustom ? loop : nil)
        }

    static let dynamicParameter = zip(Gen<DynamicParameter.ID>.case, unit, signed, time)
        .map { id, unitValue, signedValue, time in
            DynamicParameter(id, value: id.range.minimum < 0 ? signedValue : unitValue, at: time)
        }

    static let curve = zip(Gen<DynamicParameter.ID>.case, time, zip(Gen.double(in: 0...5), unit).array(of: 0...20))
        .map { id, time, points in
            ParameterCurve(id, at: time, points: points
                .map { ParameterCurve.ControlPoint(time: $0.0, value: id.range.clamp($0.1)) }
                .sorted { $0.time < $1.time })
        }

    static let metadata = zip(Gen.letterOrNumber.string(of: 1...8), Gen.ascii.string(of: 0...20))
        .array(of: 0...3)
        .map { pairs in
            Dictionary(pairs.map { ($0.0, MetadataValue.string($0.1)) }, uniquingKeysWith: { a, _ in a })
        }

    static let pattern = zip(event.array(of: 0...30), dynamicParameter.array(of: 0...5), curve.array(of: 0...4), metadata)
        .map { events, parameters, curves, metadata in
            HapticPattern(events: events, dynamicParameters: parameters, parameterCurves: curves, metadata: metadata)
        }

    @Test("decode(encode(p)) == p, strictly, with no warnings")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Self.pattern) { pattern in
            let text = AHAPEncoder().encode(pattern)
            let document = try? AHAPDecoder(options: .strict).decode(text)
            #expect(document?.pattern == pattern)
            #expect(document?.warnings.isEmpty == true)
        }
    }

    @Test("encoding is stable: encode(decode(encode(p))) == encode(p)")
    func stableEncoding() async {
        await propertyCheck(count: 300, input: Self.pattern) { pattern in
            let text = AHAPEncoder().encode(pattern)
            let again = (try? AHAPDecoder().decode(text)).map { AHAPEncoder().encode($0.pattern) }
            #expect(again == text)
        }
    }

    @Test("the pattern's duration bounds every element")
    func durationBoundsElements() async {
        await propertyCheck(count: 300, input: Self.pattern) { pattern in
            let duration = pattern.duration
            #expect(pattern.events.allSatisfy { $0.endTime <= duration })
            #expect(pattern.dynamicParameters.allSatisfy { $0.time <= duration })
            #expect(pattern.parameterCurves.allSatisfy { $0.endTime <= duration })
            #expect(zip(pattern.events, pattern.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        }
    }
}
