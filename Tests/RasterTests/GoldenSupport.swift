import Foundation
import Testing
import Raster

/// Golden images in the manner of swift-snapshot-testing: render in code, compare with
/// `golden/<name>.png`, exactly unless thresholds are given.
///
/// Recording is explicit: `FRAMES_RECORD=missing` (default) writes a golden that does not exist
/// yet and fails the test so it is looked at; `all` rewrites every golden; `failed` rewrites the
/// ones that differ; `never` only compares. When `CI` is set the mode is always `never`.
/// On a mismatch, expected, actual and diff PNGs go to `FRAMES_ARTIFACTS` (default
/// `.build/golden-artifacts`) and the failure names the three paths and the measured figures.
enum Golden {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    enum RecordMode: String { case missing, all, failed, never }

    static var recordMode: RecordMode {
        let environment = ProcessInfo.processInfo.environment
        if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
        return environment["FRAMES_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .missing
    }

    static var artifactsFolder: URL {
        if let path = ProcessInfo.processInfo.environment["FRAMES_ARTIFACTS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.appendingPathComponent(".build/golden-artifacts")
    }

    /// Largest channel difference and the count of differing pixels.
    static func measure(_ actual: Pixmap, _ expected: Pixmap) -> (maxDelta: Int, differing: Int) {
        var maxDelta = 0, differing = 0
        for i in actual.pixels.indices where actual.pixels[i] != expected.pixels[i] {
            differing += 1
            let a = actual.pixels[i], e = expected.pixels[i]
            for shift in stride(from: 0, to: 32, by: 8) {
                maxDelta = max(maxDelta, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((e >> UInt32(shift)) & 0xFF)))
            }
        }
        return (maxDelta, differing)
    }

    /// Expected | actual | difference, side by side; differing pixels in magenta over a faded
    /// expected image.
    static func diffImage(_ actual: Pixmap, _ expected: Pixmap) throws -> Pixmap {
        let width = max(actual.width, expected.width), height = max(actual.height, expected.height)
        var out = try Pixmap(width: width * 3, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let e = x < expected.width && y < expected.height ? expected.pixels[y * expected.width + x] : 0
                let a = x < actual.width && y < actual.height ? actual.pixels[y * actual.width + x] : 0
                out.pixels[y * width * 3 + x] = e
                out.pixels[y * width * 3 + width + x] = a
                if a != e {
                    out.pixels[y * width * 3 + 2 * width + x] = Pixmap.pack(r: 255, g: 0, b: 255, a: 255)
                } else {
                    let faded = (e >> 24) / 4
                    out.pixels[y * width * 3 + 2 * width + x] = Pixmap.pack(r: faded, g: faded, b: faded, a: faded)
                }
            }
        }
        return out
    }

    /// Compares `actual` with `golden/<name>.png`; allows `maxChannelDelta` per channel on at most
    /// `maxDifferingPixels` pixels (both 0 by default: exact).
    static func assertMatches(_ actual: Pixmap, named name: String, maxChannelDelta: Int = 0,
                              maxDifferingPixels: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = packageRoot.appendingPathComponent("golden/\(name).png")
        let mode = recordMode
        let exists = FileManager.default.fileExists(atPath: file.path)
        if !exists || mode == .all {
            if mode == .never {
                Issue.record("golden \(file.path) is missing (recording is off: FRAMES_RECORD=never or CI set)",
                             sourceLocation: sourceLocation)
                return
            }
            try Data(PNGEncoder().encode(actual)).write(to: file)
            if !exists {
                Issue.record("recorded new golden \(file.path); look at it, then run the tests again",
                             sourceLocation: sourceLocation)
            }
            return
        }
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: file)))
        let sizeMatches = expected.width == actual.width && expected.height == actual.height
        let (maxDelta, differing) = sizeMatches ? measure(actual, expected) : (255, actual.width * actual.height)
        let passes = sizeMatches && (differing == 0 || (maxDelta <= maxChannelDelta && differing <= maxDifferingPixels))
        if passes { return }
        if mode == .failed {
            try Data(PNGEncoder().encode(actual)).write(to: file)
            Issue.record("re-recorded golden \(file.path) (FRAMES_RECORD=failed)", sourceLocation: sourceLocation)
            return
        }
        let folder = artifactsFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paths = ["expected", "actual", "diff"].map { folder.appendingPathComponent("\(name).\($0).png") }
        try Data(PNGEncoder().encode(expected)).write(to: paths[0])
        try Data(PNGEncoder().encode(actual)).write(to: paths[1])
        try Data(PNGEncoder().encode(diffImage(actual, expected))).write(to: paths[2])
        let size = sizeMatches ? "" : "size \(actual.width)×\(actual.height) px, expected \(expected.width)×\(expected.height) px; "
        Issue.record("""
            golden '\(name)' differs: \(size)largest channel difference: actual \(maxDelta), allowed \(maxChannelDelta); \
            differing pixels: actual \(differing), allowed \(maxDifferingPixels)
              expected: \(paths[0].path)
              actual:   \(paths[1].path)
              diff:     \(paths[2].path)
            """, sourceLocation: sourceLocation)
    }
}
