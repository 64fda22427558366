@_spi(HapticsTools) import Haptics

extension PatternSummary {
    /// The human-readable report `hapticsctl inspect` prints: one `label: value` line per fact,
    /// lists indented by two spaces. Meant for people; scripts should use `--json`.
    var text: String {
        var lines: [String] = []
        lines.append("file: \(file)")
        lines.append("version: \(ReportFormat.value(version))")
        lines.append("duration: \(ReportFormat.seconds(durationSeconds)) s")

        lines.append("events: \(eventCount)")
        for type in HapticEvent.EventType.allCases {
            if let count = eventsByType[type.rawValue], count > 0 { lines.append("  \(type.rawValue): \(count)") }
        }

        lines.append("event parameters: \(eventParameters.count)")
        for id in HapticEvent.ParameterID.allCases {
            if let range = eventParameters[id.rawValue] {
                lines.append("  \(id.rawValue): \(ReportFormat.count(range.count, "value")), \(Self.describe(range))")
            }
        }

        lines.append("controls: \(controls.count)")
        for id in DynamicParameter.ID.allCases {
            guard let usage = controls[id.rawValue] else { continue }
            var line = "  \(id.rawValue): \(ReportFormat.count(usage.parameterCount, "parameter change")), "
                + ReportFormat.count(usage.curveCount, "curve")
            if let values = usage.values { line += ", values in \(Self.describe(values))" }
            lines.append(line)
        }

        lines.append("curves: \(curves.count)")
        for curve in curves {
            var line = "  \(curve.id) at \(ReportFormat.seconds(curve.timeSeconds)) s: "
                + "\(ReportFormat.count(curve.pointCount, "point")) to \(ReportFormat.seconds(curve.endTimeSeconds)) s"
            if let values = curve.values { line += ", values in \(Self.describe(values))" }
            lines.append(line)
        }

        lines.append("dynamic parameters: \(dynamicParameters.count)")
        for change in dynamicParameters {
            lines.append("  \(change.id) at \(ReportFormat.seconds(change.timeSeconds)) s: \(ReportFormat.value(change.value))")
        }

        lines.append("audio resources: \(audioResources.count)")
        for resource in audioResources {
            let status: String
            switch (resource.resolvedPath, resource.isPresent) {
            case (let resolved?, true): status = "present at \(resolved)"
            case (let resolved?, false): status = "missing (looked for \(resolved))"
            case (nil, _): status = "refused (path outside the pattern's folder)"
            }
            lines.append("  \(resource.path): \(status), \(ReportFormat.count(resource.eventCount, "event"))")
        }

        lines.append("metadata keys: \(metadataKeys.isEmpty ? "none" : metadataKeys.joined(separator: ", "))")

        lines.append("warnings: \(warnings.count)")
        for warning in warnings { lines.append("  \(warning.location): \(warning.message)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `MIN...MAX`; `V` for a single value; `all V` for several equal values.
    private static func describe(_ range: ValueRange) -> String {
        if range.minimum != range.maximum {
            return "\(ReportFormat.value(range.minimum))...\(ReportFormat.value(range.maximum))"
        }
        return (range.count > 1 ? "all " : "") + ReportFormat.value(range.minimum)
    }
}
