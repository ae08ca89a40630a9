import Foundation
import Testing

@testable import FramesCLI
@testable import Raster

/// The Swift a style exports as (`--swift`, `--print-style --format swift`) compiles against a
/// stub `LoadingStyle` and `Color` made from the property table, and gives back every value.
@Suite struct SwiftExportTests {
    static let styles: [LoadingStyle] = {
        var brand = LoadingStyle.overlay
        brand.spinnerColor = Color(red8: 0xE4, green8: 0x00, blue8: 0x7C)
        brand.trackColor = Color(red8: 0x12, green8: 0x34, blue8: 0x56, alpha8: 0x80)
        brand.textFontName = "Brand \"Sans\" \\ Two"
        var dark = LoadingStyle.indicator
        dark.backgroundColor = .black
        dark.textColor = Color(red8: 0x01, green8: 0xFE, blue8: 0x78)
        dark.strokeWidth = 2.5
        var odd = LoadingStyle.indicator
        odd.spinnerSize = 37.25
        odd.textSize = 11.5
        odd.cornerRadius = 0
        odd.backgroundColor = .clear
        return [LoadingStyle(), .overlay, brand, dark, odd]
    }()

    /// The stub: `Color` rounds each component as v × 255 to 8 bits (what the hex of a colour
    /// is), `LoadingStyle` has every property of the table with its documented default.
    static var stub: String {
        let defaults = LoadingStyle()
        var lines = [
            "struct Color {",
            "    var red, green, blue, alpha: Int",
            "    init(red: Double, green: Double, blue: Double, opacity: Double = 1) {",
            "        func channel(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }",
            "        (self.red, self.green, self.blue, self.alpha) = (channel(red), channel(green), channel(blue),"
                + " channel(opacity))",
            "    }",
            "    static let white = Color(red: 1, green: 1, blue: 1)",
            "    static let black = Color(red: 0, green: 0, blue: 0)",
            "    static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)",
            "}",
            "struct LoadingStyle {",
        ]
        var parameters: [String] = []
        var describe: [String] = []
        for property in StyleProperty.all {
            let (type, value): (String, String)
            switch property.value(in: defaults) {
            case .color(let color): (type, value) = ("Color", color.swiftSource)
            case .number(let number): (type, value) = ("Double", "\(number)")
            case .fontName(let name): (type, value) = ("String?", name.map { "\"\($0)\"" } ?? "nil")
            }
            lines.append("    var \(property.name): \(type)")
            parameters.append("\(property.name): \(type) = \(value)")
            switch property.kind {
            case .color:
                describe.append(
                    "\"\(property.name)=\\(s.\(property.name).red),\\(s.\(property.name).green),"
                        + "\\(s.\(property.name).blue),\\(s.\(property.name).alpha)\"")
            case .fontName: describe.append("\"\(property.name)=\\(s.\(property.name) ?? \"nil\")\"")
            default: describe.append("\"\(property.name)=\\(s.\(property.name))\"")
            }
        }
        lines.append("    init(" + parameters.joined(separator: ", ") + ") {")
        for property in StyleProperty.all { lines.append("        self.\(property.name) = \(property.name)") }
        lines.append("    }")
        lines.append("}")
        lines.append(
            "func show(_ s: LoadingStyle) { for line in [" + describe.joined(separator: ", ") + "] { print(line) } }")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the stub prints for `style`.
    static func expected(_ style: LoadingStyle) -> [String] {
        StyleProperty.all.map { property in
            switch property.value(in: style) {
            case .color(let c): return "\(property.name)=\(c.red),\(c.green),\(c.blue),\(c.alpha)"
            case .number(let n): return "\(property.name)=\(n)"
            case .fontName(let name): return "\(property.name)=\(name ?? "nil")"
            }
        }
    }

    @Test func fiveStylesCompileAndGiveBackTheirValues() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var program = SwiftExportTests.stub
        for style in SwiftExportTests.styles { program += "show(\(style.swiftSource))\n" }
        let source = folder.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments = ["swiftc", "-lm", "-o", folder.appendingPathComponent("stub").path, source.path]
        let errors = Pipe()
        compile.standardError = errors
        try compile.run()
        let compileErrors = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compile.waitUntilExit()
        try #require(compile.terminationStatus == 0, "swiftc: \(compileErrors)\n\(program)")
        let run = Process()
        run.executableURL = folder.appendingPathComponent("stub")
        let out = Pipe()
        run.standardOutput = out
        try run.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        let expected = SwiftExportTests.styles.flatMap(SwiftExportTests.expected)
        #expect(printed.split(separator: "\n").map(String.init) == expected, "\(printed)")
    }

    /// The tool writes the library's source: `--swift` and `--print-style --format swift`.
    @Test func theToolWritesTheSameSource() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flags = ["--style", "overlay", "--spinner-color", "#e4007c", "--text-font-name", "DejaVu Serif"]
        let printed = try CLI.run(flags + ["--print-style", "--format", "swift"], in: folder)
        var style = LoadingStyle.overlay
        style.spinnerColor = Color(red8: 0xE4, green8: 0, blue8: 0x7C)
        style.textFontName = "DejaVu Serif"
        #expect(printed.stdout == style.swiftSource + "\n", "\(printed.stdout) \(printed.stderr)")
        let written = try CLI.run(flags + ["--swift", "s.swift", "--quiet"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("s.swift"), encoding: .utf8) == printed.stdout)
        #expect(CLI.contents(of: folder) == ["s.swift"], "alone: no frame folder")
    }
}
