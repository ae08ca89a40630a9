import Images
import Lint
import Raster
import StrictJSON

/// `frames lint [style options | --style-file F] [--json]`: the style checked for contrast
/// (WCAG 2.2), fit in every language on every device, and sizes; a table on stdout, exit 0 when
/// every check passes and 1 when one fails. The style is resolved exactly as `frames` resolves it.
enum LintCommand {
    struct Options {
        var render = RenderOptions()
        var maxLines: Given<Int>?
        var json = false
        var help = false
    }

    static let parser = CommandParser<Options>(
        commandName: "frames lint",
        abstract: "Check a style: contrast (WCAG 2.2), fit in every language on every device, and sizes.",
        usage: "frames lint [--style <style>] [--style-file <file>] [<style options>] [--max-lines <n>] [--json]",
        options: RenderCommand.sceneOptions.filter { ["style", "style-file"].contains($0.name) }.map {
            $0.lifted(\.render)
        }
            + [
                .value(
                    "screen-color", "color",
                    help: "The screen under the card, for contrast (its alpha is ignored).", default: "white",
                    \.render.backdropColor, .color),
                .value(
                    "max-lines", "n", help: "The most lines the label may wrap to on any device.", default: "3",
                    \.maxLines, .integer(in: 1...20)),
            ]
            + StyleProperty.all.map(Option.style).map { $0.lifted(\.render) }
            + [
                .flag("json", help: "Print the findings as JSON instead of a table.", \.json),
                .flag("help", short: "h", help: "Show help information.", \.help),
            ],
        sections: [
            (
                "CHECKS",
                """
                  label on card          textColor on backgroundColor: 4.5:1, 3:1 from 18 pt (WCAG 1.4.3)
                  arc on track, on card  spinnerColor: 3:1 (WCAG 1.4.11, non-text contrast)
                  card on dimmed screen  backgroundColor on the screen under the dim layer: 3:1 (overlay)
                  label lines            every language on every --device: at most --max-lines lines
                  card fits screen       every language on every --device: 16 pt from the screen's sides
                  stroke width           at least 1 pt (one pixel at @1x)
                  spinner size           within the card the smallest screen allows
                  text size              at least 11 pt
                  Each failing check names the option to change and a value that passes.
                """
            ),
            ("EXIT STATUS", "  0 every check passes, 1 a check fails, 64 a usage error."),
        ])

    static func run(_ arguments: [String]) throws(FramesError) -> Int32 {
        let options = try parser.parse(arguments, into: Options())
        if options.help {
            Console.print(parser.helpText)
            return 0
        }
        let style = try ResolvedStyle.resolve(options.render)
        let lint = StyleLint(
            maxLines: options.maxLines?.value ?? 3, screenColor: options.render.backdropColor?.value ?? .white)
        let findings: [LintFinding]
        do {
            findings = try lint.findings(for: style.style, variant: style.variant)
        } catch {
            throw .font(option: "--text-font-name", error)
        }
        Console.write(options.json ? json(findings) : table(findings))
        return findings.allSatisfy(\.passed) ? 0 : 1
    }

    /// One line a check, columns aligned, then a line that counts the failures.
    static func table(_ findings: [LintFinding]) -> String {
        let rows =
            [["CHECK", "RESULT", "MEASURED", "NEEDED", "FIX"]]
            + findings.map { finding in
                [
                    finding.check.rawValue, finding.passed ? "pass" : "FAIL", finding.measured, finding.required,
                    finding.passed ? "" : finding.fixText ?? "(no single value of --\(finding.property.flag))",
                ]
            }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for row in rows {
            var line = ""
            for column in 0..<4 {
                line += row[column] + String(repeating: " ", count: widths[column] - row[column].count + 2)
            }
            line += row[4]
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        let failed = findings.filter { !$0.passed }.count
        out += failed == 0 ? "All \(findings.count) checks pass.\n" : "\(failed) of \(findings.count) checks fail.\n"
        return out
    }

    /// `{"passed": …, "findings": [{"check", "passed", "measured", "required", "unit", "bound",
    /// "property", "option", "fix"}]}`: the figures as numbers, their unit ("ratio", "lines", "pt")
    /// and bound ("at least", "at most") apart; the fit checks add "language", "device" and
    /// "card" ({"width", "height"} in pt), the case they measured. "fix" is a number for a length
    /// or an opacity, text for a colour.
    static func json(_ findings: [LintFinding]) -> String {
        let items = findings.map { finding -> JSONValue in
            let figures = finding.figures
            var object: [String: JSONValue] = [
                "check": .string(finding.check.rawValue), "passed": .bool(finding.passed),
                "measured": .number(figures.measured), "required": .number(figures.required),
                "unit": .string(figures.unit.rawValue), "bound": .string(figures.bound.rawValue),
                "property": .string(finding.property.name), "option": .string("--" + finding.property.flag),
            ]
            object["language"] = figures.language.map(JSONValue.string)
            object["device"] = figures.device.map(JSONValue.string)
            object["card"] = figures.card.map {
                .object(["width": .number($0.width), "height": .number($0.height)])
            }
            // A number for a length or opacity, text for a colour ("#307BF4") or a family.
            object["fix"] =
                finding.fix.map { fix in
                    if case .number(let number) = fix { return .number(number) }
                    return .string(finding.property.text(for: fix))
                } ?? .null
            return .object(object)
        }
        return JSONValue.object(["passed": .bool(findings.allSatisfy(\.passed)), "findings": .array(items)]).text
    }
}
