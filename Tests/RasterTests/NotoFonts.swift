import Foundation
import Testing

@testable import Raster

/// The Noto fonts the script tests need (Debian: fonts-noto-core, fonts-noto-cjk,
/// fonts-noto-color-emoji; `.ci/run` installs them). A missing family fails the test, naming
/// the package, rather than skipping it.
enum NotoFonts {
    static let packages: [String: String] = [
        "Noto Sans": "fonts-noto-core", "Noto Sans Arabic": "fonts-noto-core",
        "Noto Sans Hebrew": "fonts-noto-core", "Noto Sans Devanagari": "fonts-noto-core",
        "Noto Sans Thai": "fonts-noto-core", "Noto Sans CJK SC": "fonts-noto-cjk",
        "Noto Color Emoji": "fonts-noto-color-emoji",
    ]

    /// Records a failure for every family that is not installed; true when all are.
    @discardableResult
    static func require(_ families: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        var all = true
        for family in families where FontLocator.regularFace(of: family) == nil {
            Issue.record(
                "font family '\(family)' is not installed: apt-get install \(packages[family] ?? "fonts-noto-core")",
                sourceLocation: sourceLocation)
            all = false
        }
        return all
    }

    static var all: [String] { packages.keys.sorted() }
}

/// Runs `hb-shape` (libharfbuzz-bin) and returns its glyphs as (glyph, cluster, dx, dy, ax).
enum HBShape {
    struct Glyph: Equatable, CustomStringConvertible {
        let glyph: UInt32
        let dx: Int
        let dy: Int
        let ax: Int
        var description: String { "\(glyph)@\(dx),\(dy)+\(ax)" }
    }

    static func shape(
        _ text: String, font: Font, rightToLeft: Bool, script: String, language: String?, before: String,
        after: String
    ) throws -> [Glyph] {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-shape") else {
            throw HBShapeError.failed("hb-shape is not installed: apt-get install libharfbuzz-bin")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        var arguments = [
            "--output-format=json", "--no-glyph-names", "--font-file=\(font.path)", "--face-index=\(font.faceIndex)",
            "--direction=\(rightToLeft ? "rtl" : "ltr")", "--script=\(script)", "--text=\(text)",
        ]
        if let language { arguments.append("--language=\(language)") }
        if !before.isEmpty { arguments.append("--text-before=\(before)") }
        if !after.isEmpty { arguments.append("--text-after=\(after)") }
        process.arguments = arguments
        // Output through files: reading a pipe in Foundation can fail with EINTR while other
        // tests run processes. hb-shape 6 echoes the text around the run on stderr: kept out of
        // the test's output, and shown only when it fails.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("hb-shape-\(UUID().uuidString)")
        let file = base.appendingPathExtension("json")
        let errors = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: errors)
        }
        let handle = try FileHandle(forWritingTo: file)
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardOutput = handle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        try errorHandle.close()
        let data = try Data(contentsOf: file)
        guard process.terminationStatus == 0,
            let json = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else {
            let said = try Data(contentsOf: errors)
            throw HBShapeError.failed(String(decoding: data + said, as: UTF8.self))
        }
        return json.map {
            Glyph(
                glyph: UInt32($0["g"] as! Int), dx: $0["dx"] as? Int ?? 0, dy: $0["dy"] as? Int ?? 0,
                ax: $0["ax"] as? Int ?? 0)
        }
    }

    enum HBShapeError: Error { case failed(String) }
}
