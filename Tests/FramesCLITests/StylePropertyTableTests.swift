import Foundation
import Testing

@testable import FramesCLI
@testable import Raster
@testable import StrictJSON

/// Walks `StyleProperty.all`: every property must reach every place that lists properties, so
/// that a new one cannot be half wired. Nothing here names a property by hand.
@Suite struct StylePropertyTableTests {
    /// A value other than both presets' defaults, valid on its own and with the others' defaults.
    static func otherValue(for property: StyleProperty) -> (flag: String, json: String) {
        switch property.defaultValue(for: .indicator) {
        case .color: return ("#123456", "\"#123456\"")
        case .number(let number) where property.kind == .opacity: return (number == 0.25 ? "0.5" : "0.25", "")
        case .number(let number): return (formatNumber(number + 1), "")
        case .fontName: return ("DejaVu Serif", "\"DejaVu Serif\"")
        }
    }

    @Test(arguments: StyleProperty.all.map(\.name))
    func propertyIsWiredEverywhere(_ name: String) throws {
        let property = try #require(StyleProperty.named(name))
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A help line: the flag with its value placeholder and the property's summary.
        let help = try CLI.run(["--help"]).stdout
        let line = help.split(separator: "\n").first { $0.contains("--\(property.flag) <") }
        #expect(line != nil, "help has no line for --\(property.flag)")
        let firstWords = property.summary.split(separator: " ").prefix(3).joined(separator: " ")
        #expect(help.replacingOccurrences(of: "\n ", with: " ").contains(firstWords), "help lacks '\(firstWords)'")
        // The flag sets the property: --print-style shows it under the JSON key.
        let value = Self.otherValue(for: property)
        let printed = try CLI.run(["--\(property.flag)", value.flag, "--print-style"], in: folder)
        #expect(printed.status == 0, "\(printed.stderr)")
        let style = try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as! [String: Any]
        #expect(style.keys.contains(property.name))
        #expect("\(style[property.name]!)" == value.flag, "\(property.name): \(style[property.name]!)")
        // The printed style reads back to itself.
        try Data(printed.stdout.utf8).write(to: folder.appendingPathComponent("style.json"))
        let again = try CLI.run(["--style-file", "style.json", "--print-style"], in: folder)
        #expect(again.stdout == printed.stdout)
        // The manifest records it.
        let run = try CLI.run(
            ["--\(property.flag)", value.flag, "--frames", "1", "--no-text", "--out", "o", "--quiet"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("o/manifest.json")))
            as! [String: Any]
        let recorded = try #require(manifest["style"] as? [String: Any])
        #expect("\(recorded[property.name]!)" == value.flag)
        // An edit of it in the manifest is named by `frames verify` (it fails where the pixels change).
        var edited = manifest
        var editedStyle = recorded
        switch property.kind {
        case .color: editedStyle[property.name] = "#ABCDEF"
        case .fontName: editedStyle[property.name] = "DejaVu Sans Mono"
        case .opacity: editedStyle[property.name] = 0.125
        case .length, .textSize: editedStyle[property.name] = 10
        }
        edited["style"] = editedStyle
        try JSONSerialization.data(withJSONObject: edited).write(to: folder.appendingPathComponent("o/manifest.json"))
        let verified = try CLI.run(["verify", "o"], in: folder)
        #expect(verified.status != 64, "\(verified.stderr)")
        #expect(verified.stdout.contains("edited after the frames were written: style.\(property.name) is now"))
        // A bad value is refused naming the flag, and naming the file and key.
        if property.kind != .fontName {
            try CLI.expectRefusal(
                ["--\(property.flag)", "nan", "--out", "x"], in: folder, mentions: ["--\(property.flag)"])
            try Data("{\"\(property.name)\": -1}".utf8).write(to: folder.appendingPathComponent("bad.json"))
            let expected = property.kind == .color ? "expected a colour" : "expected \(property.expected)"
            try CLI.expectRefusal(
                ["--style-file", "bad.json", "--out", "x"], in: folder,
                mentions: ["bad.json", "'\(property.name)'", expected])
        }
    }

    @Test func everyDocumentedPropertyIsDeclaredOnce() {
        let names = StyleProperty.all.map(\.name)
        #expect(names.count == 13)
        #expect(Set(names).count == names.count)
        #expect(Set(StyleProperty.all.map(\.flag)).count == names.count)
    }
}
