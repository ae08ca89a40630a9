import Foundation
import TestSupport
import Testing

@testable import FramesCLI

/// `frames lint` as a user runs it: the default style's figures, failing and passing styles, the
/// fixes it names (each one, applied, passes its check), `--json`, and the exit codes.
@Suite struct LintTests {
    /// The findings of `arguments` as `--json` gives them, by check name, and the exit status.
    func findings(_ arguments: [String]) throws -> (status: Int32, checks: [String: [String: Any]]) {
        let result = try CLI.run(["lint", "--json"] + arguments)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let list = try #require(object["findings"] as? [[String: Any]])
        #expect(object["passed"] as? Bool == (result.status == 0))
        var checks: [String: [String: Any]] = [:]
        for item in list { checks[item["check"] as? String ?? ""] = item }
        return (result.status, checks)
    }

    /// The default style, stated: the label passes at 5.74:1, the documented blue arc fails on the
    /// documented grey track at 2.64:1 (it passes on the white card at 3.49:1), and the lint says
    /// which blue of the same hue would pass.
    @Test func theDefaultStyleFailsOnlyTheArcOnItsTrack() throws {
        let result = try CLI.run(["lint"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("CHECK") == true)
        #expect(lines.contains { $0.hasPrefix("label on card") && $0.contains("pass") && $0.contains("5.74:1") })
        #expect(
            lines.contains {
                $0.hasPrefix("arc on track") && $0.contains("FAIL") && $0.contains("2.64:1")
                    && $0.contains("--spinner-color #307BF4")
            }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("arc on card") && $0.contains("pass") && $0.contains("3.49:1") })
        #expect(lines.last == "1 of 8 checks fail.")
        #expect(result.stderr.isEmpty)
    }

    @Test func theNamedBluePasses() throws {
        let result = try CLI.run(["lint", "--spinner-color", "#307BF4"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("All 8 checks pass.\n"))
    }

    /// A brand style that fails most checks; every fix the lint names, applied alone, passes its check.
    @Test(.slow) func everyFixItNamesPasses() throws {
        let brand = [
            "--spinner-color", "#FFD400", "--track-color", "#FFF4C2", "--text-color", "#AAAAAA",
            "--text-size", "10", "--stroke-width", "0.5", "--spinner-size", "400",
        ]
        let (status, checks) = try findings(brand)
        #expect(status == 1)
        let failing = checks.filter { $0.value["passed"] as? Bool == false }
        #expect(
            Set(failing.keys) == [
                "label on card", "arc on track", "arc on card", "card fits screen", "stroke width", "spinner size",
                "text size",
            ], "\(failing.keys.sorted())")
        // The card is too wide for its spinner: no text size fixes that; the spinner's check names the fix.
        #expect(failing["card fits screen"]?["fix"] is NSNull)
        for (check, item) in failing where check != "card fits screen" {
            let option = try #require(item["option"] as? String)
            let fix = try #require(Self.fixText(item["fix"]), "\(check) names no fix")
            var arguments = brand
            if let index = arguments.firstIndex(of: option) {
                arguments[index + 1] = fix
            } else {
                arguments += [option, fix]
            }
            let after = try findings(arguments).checks
            #expect(after[check]?["passed"] as? Bool == true, "\(check): \(option) \(fix) does not pass")
        }
    }

    /// Large text needs 3:1, not 4.5:1: #949494 on white (3.03:1) passes at 18 pt, fails at 17.
    @Test func largeTextNeedsLessContrast() throws {
        let large = try findings(["--text-color", "#949494", "--text-size", "18"]).checks["label on card"]
        let small = try findings(["--text-color", "#949494", "--text-size", "17"]).checks["label on card"]
        #expect(large?["passed"] as? Bool == true, "\(large ?? [:])")
        #expect(large?["measured"] as? Double == 3.03)
        #expect(large?["unit"] as? String == "ratio")
        #expect(small?["passed"] as? Bool == false)
        #expect(small?["required"] as? Double == 4.5)
        #expect(small?["bound"] as? String == "at least")
    }

    /// The overlay's card on an undimmed white screen is 1:1; the least dim that shows it is named.
    @Test func theOverlayCardNeedsADimmedScreen() throws {
        let (status, checks) = try findings(["--style", "overlay", "--spinner-color", "#307BF4"])
        #expect(status == 1)
        let card = try #require(checks["card on dimmed screen"])
        #expect(card["measured"] as? Double == 1)
        #expect(card["option"] as? String == "--dim-amount")
        let fix = try #require(Self.fixText(card["fix"]))
        let fixed = try findings(["--style", "overlay", "--spinner-color", "#307BF4", "--dim-amount", fix])
        #expect(fixed.status == 0, "\(fixed.checks)")
        #expect(
            try findings(["--style", "overlay", "--screen-color", "#202020"]).checks["card on dimmed screen"]?["passed"]
                as? Bool == true)
    }

    /// Large text wraps: the worst language and device are named (German on the iPhone SE wraps
    /// to 4 lines at 60 pt), and the text size named fits.
    @Test func labelsThatWrapTooFarNameTheWorstLanguageAndDevice() throws {
        let (status, checks) = try findings(["--text-size", "60"])
        #expect(status == 1)
        let lines = try #require(checks["label lines"])
        #expect(lines["passed"] as? Bool == false)
        #expect(lines["measured"] as? Double == 4 && lines["required"] as? Double == 3)
        #expect(lines["unit"] as? String == "lines" && lines["bound"] as? String == "at most")
        #expect(lines["language"] as? String == "de" && lines["device"] as? String == "iPhone SE")
        let fix = try #require(Self.fixText(lines["fix"]))
        #expect(try findings(["--text-size", fix]).checks["label lines"]?["passed"] as? Bool == true)
        let fewer = try findings(["--text-size", "60", "--max-lines", "4"]).checks["label lines"]
        #expect(fewer?["passed"] as? Bool == true)
    }

    /// A fix as the command line takes it: a colour's text, or a number.
    static func fixText(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        return (value as? NSNumber).map { "\($0)" }
    }

    /// Every finding's figures are numbers with their unit and bound apart, and agree with the
    /// table's words; the fit checks name the case they measured.
    @Test func jsonFiguresAreNumbersWithUnitsApart() throws {
        let (_, checks) = try findings(["--style", "overlay", "--dim-amount", "0.5", "--text-size", "16"])
        #expect(checks.count == 9)
        for (check, item) in checks {
            let measured = try #require(item["measured"] as? Double, "\(check)")
            let required = try #require(item["required"] as? Double, "\(check)")
            let unit = try #require(item["unit"] as? String, "\(check)")
            let bound = try #require(item["bound"] as? String, "\(check)")
            #expect(["ratio", "lines", "pt"].contains(unit), "\(check): \(unit)")
            let passes = bound == "at least" ? measured >= required : measured <= required
            #expect(item["passed"] as? Bool == passes, "\(check): \(measured) \(bound) \(required)")
        }
        let text = try #require(checks["text size"])
        #expect(
            text["measured"] as? Double == 16 && text["required"] as? Double == 11 && text["unit"] as? String == "pt")
        let fits = try #require(checks["card fits screen"])
        #expect(fits["unit"] as? String == "pt" && fits["required"] as? Double == 16)
        let card = try #require(fits["card"] as? [String: Any])
        let width = try #require(card["width"] as? Double)
        #expect((fits["measured"] as? Double ?? 0) <= (375 - width) / 2 + 0.01, "the smallest margin")
        #expect(fits["device"] as? String == "iPhone SE")
        #expect(checks["stroke width"]?["fix"] is NSNull)
        let spinner = try findings(["--spinner-size", "400", "--stroke-width", "4"]).checks["spinner size"]
        #expect(spinner?["fix"] as? Double == 311 && spinner?["bound"] as? String == "at most")
    }

    @Test func usageErrorsExit64() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(["lint", "--max-lines", "0"], in: folder, mentions: ["--max-lines", "'0'"])
        try CLI.expectRefusal(["lint", "--spinner-color", "bleu"], in: folder, mentions: ["--spinner-color"])
        try CLI.expectRefusal(
            ["lint", "--stroke-width", "30", "--spinner-size", "40"], in: folder, mentions: ["--stroke-width"])
        try CLI.expectRefusal(["lint", "--scale", "2"], in: folder, mentions: ["--scale"])
    }
}
