import Foundation
import Testing

@testable import Exports
@testable import FramesCLI
@testable import Images
@testable import Raster

/// `--sheet`: frames in a grid under a caption, each tile the frame's own pixels, numbered
/// underneath on an opaque strip.
@Suite struct SheetTests {
    @Test func tilesAreTheFramesInOrder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["--no-text", "--frames", "12", "--every", "3", "--columns", "2", "--sheet", "s.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: folder) == ["s.png"])
        let sheet = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("s.png"))))
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator), frameCount: 12)
        let gap = ContactSheet.gap
        // The caption: an opaque strip across the top.
        var caption = 0
        while sheet.rgba(x: 0, y: caption).a == 255 { caption += 1 }
        #expect(caption > 2 * gap, "a caption above the tiles")
        let top = caption + gap
        let tileHeight = (sheet.height - top - 3 * gap) / 2
        #expect(sheet.width == 2 * 80 + 3 * gap)
        for (index, k) in [0, 3, 6, 9].enumerated() {
            let x0 = gap + (index % 2) * (80 + gap)
            let y0 = top + gap + (index / 2) * (tileHeight + gap)
            let frame = renderer.frame(k)
            var same = true
            for y in 0..<frame.height where same {
                for x in 0..<frame.width
                where sheet.pixels[(y0 + y) * sheet.width + x0 + x] != frame.pixels[y * frame.width + x] {
                    same = false
                }
            }
            #expect(same, "tile \(index) is frame \(k)")
            // Its number is written under it, dark on an opaque strip.
            var ink = 0
            var opaque = true
            for y in (y0 + frame.height)..<(y0 + tileHeight) {
                for x in x0..<(x0 + 80) {
                    let pixel = sheet.rgba(x: x, y: y)
                    opaque = opaque && pixel.a == 255
                    if pixel.r < 0x80 { ink += 1 }
                }
            }
            #expect(opaque && ink > 10, "tile \(index) has its number on an opaque strip")
        }
        let huge = try CLI.run(["--style", "overlay", "--scale", "3", "--no-text", "--sheet", "h.png"], in: folder)
        #expect(huge.status == 64)
        #expect(huge.stderr.contains("for --sheet: expected a sheet of at most 100 megapixels"))
    }
}

extension SheetTests {
    /// Numbers scale with the tile: a tenth of its width.
    @Test func numbersAreATenthOfTheTile() {
        #expect(ContactSheet.numberSize(tileWidth: 1179) == 118)
        #expect(ContactSheet.numberSize(tileWidth: 80) == 12)
    }
}
