import Images
import Measure
import Raster
import StrictJSON

/// What `frames measure` prints and writes: the style file, the JSON, the verdict table, the
/// HTML report.
extension MeasurePlan {
    /// Prints the measurement as asked, stages the report in `transaction`, and returns the exit
    /// status: 1 when a property is off the expected style.
    func report(_ measurement: IndicatorMeasurement, into transaction: OutputTransaction) throws(FramesError)
        -> Int32
    {
        let verdict = against.map { expected in
            MeasureVerdict(
                measurement, against: expected.style, colorTolerance: options.colorTolerance?.value ?? 2,
                lengthTolerance: options.lengthTolerance?.value ?? 0.5,
                opacityTolerance: options.opacityTolerance?.value ?? 0.02)
        }
        let textFails = options.text != nil || options.lang != nil ? measurement.textMatches != true : false
        let unknown = StyleProperty.all.map(\.name).filter { measurement.unknown.contains($0) }
        if options.json {
            var object = MeasureOutput.json(measurement)
            if let verdict { object["against"] = MeasureOutput.json(verdict, textMatches: measurement.textMatches) }
            Console.print(JSONValue.object(object).text)
            if let verdict, let against { Console.writeError(MeasureOutput.table(verdict, against: against.name)) }
        } else if let verdict, let against {
            Console.write(MeasureOutput.table(verdict, against: against.name, label: labelRow(measurement)))
        } else {
            if !unknown.isEmpty {
                Console.printError("note: not recovered, left out of the style: \(unknown.joined(separator: ", "))")
            }
            Console.print(MeasureOutput.styleFile(measurement))
        }
        if let report = options.report {
            let page = MeasureReport(
                measurement: measurement, screenshot: screenshot.image, name: options.screenshot, verdict: verdict,
                against: against?.name)
            try transaction.stream(to: report.value) { (write) throws(FramesError) in try page.write(to: write) }
            Console.printError("report: \(Console.shown(report.value))")
        }
        return (verdict?.passes ?? true) && !(verdict != nil && textFails) ? 0 : 1
    }

    /// The table's row for the label's text, when a text was expected.
    func labelRow(_ measurement: IndicatorMeasurement) -> String? {
        guard let expected = options.text?.value ?? options.lang?.value.loadingProcessingText else { return nil }
        let result = measurement.textMatches == true ? "pass" : "FAIL"
        let seen = measurement.textMatches == true ? "matches" : measurement.lines.isEmpty ? "no label" : "differs"
        return "label text \"\(expected)\": \(seen) (\(result))"
    }
}

/// The measurement as text.
package enum MeasureOutput {
    /// The style file: the recovered properties, each rounded as far as its ± allows
    /// (`IndicatorMeasurement.roundedStyle`), and the preset of the form the indicator takes.
    static func styleFile(_ measurement: IndicatorMeasurement) -> String {
        var object = StyleFile.object(for: measurement.roundedStyle)
        for name in measurement.unknown { object.removeValue(forKey: name) }
        object["preset"] = .string(measurement.variant.rawValue)
        return JSONValue.object(object).text
    }

    /// `{"style", "scale", "arcStartDegrees", "frame", "card", "uncertainty", "residual"}`.
    package static func json(_ m: IndicatorMeasurement) -> [String: JSONValue] {
        var style = StyleFile.object(for: m.roundedStyle)
        for name in m.unknown { style[name] = .null }
        style["preset"] = .string(m.variant.rawValue)
        var uncertainty: [String: JSONValue] = [:]
        for property in StyleProperty.all {
            uncertainty[property.name] = m.uncertainty[property.name].map { .number(round($0, 3)) } ?? .null
        }
        uncertainty["arcStartDegrees"] = .number(round(m.uncertainty["arcStartDegrees"] ?? 0, 2))
        uncertainty["scale"] = .number(round(m.uncertainty["scale"] ?? 0, 4))
        let card: JSONValue =
            m.card.map { card in
                .object([
                    "x": .number(round(card.minX, 2)), "y": .number(round(card.minY, 2)),
                    "width": .number(round(card.width, 2)), "height": .number(round(card.height, 2)),
                ])
            } ?? .null
        return [
            "style": .object(style), "scale": .number(round(m.scale, 4)),
            "arcStartDegrees": .number(round(m.arcStartDegrees, 2)),
            "frame": m.frame.map { .number(Double($0)) } ?? .null, "card": card, "uncertainty": .object(uncertainty),
            "residual": .object(["meanDelta": .number(round(m.meanDelta, 2)), "maxDelta": .number(Double(m.maxDelta))]),
        ]
    }

    /// The verdicts under "against" in the JSON.
    static func json(_ verdict: MeasureVerdict, textMatches: Bool?) -> JSONValue {
        let rows = verdict.rows.map { row -> JSONValue in
            .object([
                "property": .string(row.property), "expected": .string(row.expected),
                "measured": .string(row.measured), "difference": row.value.map { .number(round($0, 3)) } ?? .null,
                "tolerance": .string(row.tolerance), "result": .string(row.result.rawValue),
                "acceptedAt": row.acceptedAt.map { .number($0) } ?? .null,
            ])
        }
        return .object([
            "passes": .bool(verdict.passes), "properties": .array(rows),
            "textMatches": textMatches.map(JSONValue.bool) ?? .null,
        ])
    }

    /// One line a property, columns aligned, then the label's line, a count of what is off and,
    /// for each property off, the tolerance option and value that would accept it.
    static func table(_ verdict: MeasureVerdict, against name: String, label: String? = nil) -> String {
        let header = ["PROPERTY", "EXPECTED", "MEASURED", "DIFFERENCE", "TOLERANCE", "RESULT"]
        let rows =
            [header]
            + verdict.rows.map {
                [$0.property, $0.expected, $0.measured, $0.difference, $0.tolerance, $0.result.rawValue]
            }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = "Against \(name):\n"
        for row in rows {
            var line = ""
            for column in 0..<5 {
                line += row[column] + String(repeating: " ", count: widths[column] - row[column].count + 2)
            }
            out += line + row[5] + "\n"
        }
        if let label { out += label + "\n" }
        let off = verdict.rows.filter { $0.result == .fail }.count
        let compared = verdict.rows.filter { $0.result == .pass || $0.result == .fail }.count
        out +=
            off == 0
            ? "All \(compared) measured properties are within tolerance.\n"
            : "\(off) of \(compared) measured properties are off.\n"
        for row in verdict.rows where row.result == .fail {
            guard let kind = row.kind, let least = row.acceptedAt else { continue }
            let beyond = row.uncertainty.map { " and its ± " + MeasureVerdict.brief($0) } ?? ""
            out +=
                "\(row.property) is off by \(row.difference), more than \(row.tolerance)\(beyond): raise "
                + "\(option(for: kind)) to \(formatNumber(least)) to accept it.\n"
        }
        return out
    }

    /// The option that sets the tolerance of `kind`.
    static func option(for kind: MeasureVerdict.Tolerance) -> String {
        switch kind {
        case .color: return "--color-tolerance"
        case .length: return "--length-tolerance"
        case .opacity: return "--opacity-tolerance"
        }
    }

    static func round(_ value: Double, _ decimals: Int) -> Double {
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        return (value * factor).rounded() / factor
    }
}
