import Foundation
import Testing

@testable import FramesTesting
@testable import Images
@testable import Raster

/// Any image a test has (a Pixmap, PNG bytes or file, RGBA bytes) held to a golden, with regions
/// left out as `frames compare --ignore/--mask` leaves them.
@Suite(.developersEnvironment) struct GoldenImageTests {
    let folder: URL
    let image: Pixmap
    let changed: Pixmap

    init() throws {
        folder = try ChildRun.temporaryFolder()
        image = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8).frame(1)
        var copy = image
        for y in 4..<8 { for x in 4..<8 { copy.pixels[y * copy.width + x] = 0xFF00_00FF } }
        changed = copy
    }

    /// Writes `golden.png` from `image`.
    func record() throws {
        try Data(PNGEncoder().encode(image)).write(to: folder.appendingPathComponent("golden.png"))
    }

    @Test func regionsAndMasksLeaveOutWhatCompareLeavesOut() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try record()
        let inside = PixelRect(x0: 2, y0: 2, x1: 10, y1: 10)
        func check(_ regions: [PixelRect] = [], mask: Pixmap? = nil) -> [String] {
            failures { assertGolden(changed, named: "golden", directory: folder.path, ignoring: regions, mask: mask) }
        }
        #expect(check([inside]).isEmpty)
        #expect(check([PixelRect(x0: 2, y0: 2, x1: 6, y1: 10)]).first?.contains("differs") == true)
        var mask = try Pixmap(width: image.width, height: image.height)
        for y in 4..<8 { for x in 4..<8 { mask.pixels[y * mask.width + x] = 0xFF00_0000 } }
        #expect(check(mask: mask).isEmpty)
        let outside = check([PixelRect(x0: 0, y0: 0, x1: image.width + 1, y1: 4)])
        #expect(
            outside.first?.hasPrefix("ignoring: region x 0, y 0, \(image.width + 1) × 4 px is not inside") == true,
            "\(outside)")
        let small = check(mask: try Pixmap(width: 3, height: 3))
        #expect(small.first?.hasPrefix("mask: mask of 3 × 3 px for images of") == true, "\(small)")
        // The judgement is ImageComparison's, the one `frames compare` makes.
        let comparison = ImageComparison(
            expected: RGBAImage(image), actual: RGBAImage(changed),
            settings: ComparisonSettings(
                judgement: .exact(maxChannelDelta: 0), ignored: IgnoredPixels(regions: [inside])))
        #expect(comparison.passes)
    }

    @Test func pngBytesFilesAndRGBABytesAreImagesToo() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try record()
        let png = try PNGEncoder().encode(image)
        let file = folder.appendingPathComponent("actual.png")
        try Data(png).write(to: file)
        let straight = RGBAImage(image)
        let rgba = straight.pixels.withUnsafeBytes { Array($0) }
        let said = failures {
            assertGolden(Data(png), named: "golden", directory: folder.path)
            assertGolden(png, named: "golden", directory: folder.path)
            assertGolden(file, named: "golden", directory: folder.path)
            assertGolden(
                GoldenImage.rgba(rgba, width: image.width, height: image.height), named: "golden",
                directory: folder.path)
        }
        // Four places claim one golden: the three after the first are refused, none differs.
        #expect(said.count == 3 && said.allSatisfy { $0.contains("is already checked in this run") }, "\(said)")
    }

    @Test func eachKindOfImageMatchesItsOwnRecording() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try PNGEncoder().encode(image)
        let file = folder.appendingPathComponent("actual.png")
        try Data(png).write(to: file)
        let rgba = RGBAImage(image).pixels.withUnsafeBytes { Array($0) }
        let images: [(String, any GoldenImageConvertible)] = [
            ("pixmap", image), ("data", Data(png)), ("bytes", png), ("url", file),
            ("rgba", GoldenImage.rgba(rgba, width: image.width, height: image.height)),
        ]
        for (name, picture) in images {
            func check() -> [String] {
                failures { assertGolden(picture.goldenImage, named: name, directory: folder.path) }
            }
            #expect(check().first?.hasPrefix("recorded golden") == true, "\(name)")
            #expect(check().isEmpty, "\(name)")
        }
    }

    @Test func imagesThatCannotBeReadAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(GoldenImage, String)] = [
            (.png([1, 2, 3]), "the PNG bytes to check is not a readable PNG"),
            (.png([]), "the PNG bytes to check is empty"),
            (.pngFile(folder.appendingPathComponent("none.png")), "cannot be read"),
            (.pngFile(URL(string: "https://example.com/a.png")!), "is not a file URL"),
            (.rgba([0, 0, 0], width: 1, height: 1), "3 RGBA bytes for 1 × 1 px: expected 4"),
            (.rgba([], width: 0, height: 5), "RGBA bytes of 0 × 5 px"),
        ]
        for (index, (picture, reason)) in cases.enumerated() {
            let said = failures { assertGolden(picture, named: "bad\(index)", directory: folder.path) }
            #expect(said.count == 1 && said[0].contains(reason), "\(said)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
