import Foundation
import Testing

@testable import Images
@testable import Raster

/// The label: shaping against HarfBuzz's numbers, fonts and fallbacks, layout, and measurements
/// taken from rendered pixels.
@Suite struct LabelTests {
    /// Widths at 14 pt as HarfBuzz shapes them (uharfbuzz 0.57 on DejaVu 2.37: sum of x_advance
    /// × 14 / upem). Unhinted advances with unscaled kerning must agree exactly.
    @Test(arguments: [
        ("Processing payment…", "DejaVu Sans", 155.572265625),
        ("Zpracování platby…", "DejaVu Sans", 141.1689453125),
        ("Processing your payment, please wait…", "DejaVu Sans", 280.13671875),
        ("AVATAR Wave", "DejaVu Sans", 95.498046875),
        ("Processing payment…", "DejaVu Serif", 157.36328125),
    ])
    func shapedWidthMatchesHarfBuzz(text: String, family: String, expected: Double) throws {
        let label = try TextLabel(text: text, font: .family(family), size: 14)
        #expect(abs(label.width - expected) < 1e-9, "'\(text)' in \(family): \(label.width), HarfBuzz \(expected)")
        #expect(label.warnings.isEmpty)
    }

    @Test func everyLanguageRendersWithoutAMissingGlyph() throws {
        #expect(Translation.all.count >= 14)
        for translation in Translation.all {
            let label = try TextLabel(text: translation.loadingProcessingText, font: .family(nil), size: 14)
            #expect(label.warnings.isEmpty, "\(translation.languageCode): \(label.warnings)")
            #expect(label.fontFiles.count == 1, "\(translation.languageCode) needed a fallback font")
            #expect(translation.loadingProcessingText.hasSuffix("…"))
            #expect(label.lines.count == 1)
        }
        #expect(Translation.forLanguage("CS")?.loadingProcessingText == "Zpracování platby…")
        #expect(Translation.forLanguage("nb")?.languageCode == "no")
        #expect(Translation.forLanguage("xx") == nil)
    }

    @Test func decomposedInputIsNormalised() throws {
        let composed = try TextLabel(text: "Zpracování platby…", font: .family(nil), size: 14)
        let decomposed = try TextLabel(text: "Zpracova\u{301}ni\u{301} platby…", font: .family(nil), size: 14)
        #expect(decomposed.lines[0].glyphs.map(\.glyph) == composed.lines[0].glyphs.map(\.glyph))
        #expect(decomposed.width == composed.width)
        #expect(Normalization.nfc("e\u{301}") == "\u{e9}")
        #expect(Normalization.nfc("A\u{30a}\u{301}") == "\u{1fa}") // Ǻ: ring and acute on A
        #expect(Normalization.nfc("q\u{301}").unicodeScalars.count == 2) // no precomposed form
    }

    @Test(arguments: ["No Such Family", "sans-serif"])
    func unknownFamilyFallsBackWithAWarning(family: String) throws {
        let label = try TextLabel(text: "Processing payment…", font: .family(family), size: 14)
        #expect(label.warnings == [.unknownFamily(requested: family, used: "DejaVu Sans")])
        #expect(label.fontFile.hasSuffix("DejaVuSans.ttf"))
        #expect(label.warnings[0].description.contains(family) && label.warnings[0].description.contains("DejaVu Sans"))
        let fallback = try FrameRenderer(
            scene: Scene(style: LoadingStyle(textFontName: family), text: "Processing payment…"),
            frameCount: 4
        ).frame(1)
        let standard = try FrameRenderer(scene: Scene(text: "Processing payment…"), frameCount: 4).frame(1)
        let same = fallback == standard
        #expect(same, "the fallback must render as the default family")
    }

    /// The default family is opened from its usual file without starting fontconfig: that file
    /// must be the face fontconfig itself matches for the family.
    @Test func defaultFamilyFileIsWhatFontconfigMatches() throws {
        let direct = try #require(FontLocator.regularFace(of: FontLocator.defaultFamily))
        let matched = try #require(FontLocator.matchedRegularFace(of: FontLocator.defaultFamily))
        #expect(FontLocator.defaultFamilyFiles.contains(direct.path))
        #expect(
            realpath(direct.path, nil).map { String(cString: $0) }
                == realpath(matched.path, nil).map { String(cString: $0) })
        #expect(direct.faceIndex == matched.faceIndex && direct.family == matched.family)
    }

    @Test func namedFamilyIsUsed() throws {
        let serif = try TextLabel(text: "Processing payment…", font: .family("DejaVu Serif"), size: 14)
        #expect(serif.fontFile.hasSuffix("DejaVuSerif.ttf"))
        #expect(serif.warnings.isEmpty)
    }

    @Test func characterOutsideTheFontComesFromAnotherFont() throws {
        // ℊ (U+210A) is not in DejaVu Sans; the font fontconfig prefers that has it sets it
        // (Noto Sans where fonts-noto-core is installed, else DejaVu Math TeX Gyre).
        let label = try TextLabel(text: "Total ℊ", font: .family(nil), size: 14)
        #expect(label.warnings.isEmpty)
        #expect(label.fontFiles.count == 2)
        let preferred = try #require(FontLocator.face(covering: "ℊ", preferring: "DejaVu Sans"))
        #expect(label.fontFiles.last == preferred.path, "\(label.fontFiles)")
        #expect(label.lines[0].glyphs.last?.font == 1)
        // U+0378 (unassigned) is in no font: a warning lists it, the missing-glyph box stands in.
        let missing = try TextLabel(text: "A\u{378}", font: .family(nil), size: 14)
        #expect(missing.warnings == [.missingCharacters(["\u{378}"], font: "DejaVu Sans")])
        #expect(missing.lines[0].glyphs.last?.glyph == 0)
        #expect(missing.width > 0)
    }

    @Test func fontFileIsUsedDirectly() throws {
        let label = try TextLabel(
            text: "Processing", font: .file("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), size: 14)
        #expect(label.fontFile == "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        #expect(throws: FontError.self) { try TextLabel(text: "x", font: .file("/no/such/font.ttf"), size: 14) }
        #expect(throws: FontError.self) { try TextLabel(text: "x", font: .file(#filePath), size: 14) }
    }

    @Test func linesBreakAtSpacesAndNewlines() throws {
        let text = "Processing your payment, please wait a moment while we confirm it with your bank…"
        let label = try TextLabel(text: text, font: .family(nil), size: 14, maxLineWidth: 160)
        #expect(label.lines.count > 1)
        #expect(label.lines.map(\.text).joined(separator: " ") == text)
        for line in label.lines {
            #expect(line.width <= 160 || !line.text.contains(" "), "'\(line.text)' is \(line.width) pt")
        }
        // Every line but the last would overflow with the next word.
        for (line, next) in zip(label.lines, label.lines.dropFirst()) {
            let joined = try TextLabel(
                text: line.text + " " + next.text.split(separator: " ")[0], font: .family(nil), size: 14)
            #expect(joined.width > 160)
        }
        let explicit = try TextLabel(text: "One\nTwo\r\nThree", font: .family(nil), size: 14)
        #expect(explicit.lines.map(\.text) == ["One", "Two", "Three"])
        #expect(abs(explicit.height - 3 * explicit.lineHeight - 2 * explicit.lineGap) < 1e-9)
        // A word wider than the limit breaks between characters, as iOS breaks it.
        let long = try TextLabel(text: "Supercalifragilistic", font: .family(nil), size: 14, maxLineWidth: 20)
        #expect(long.lines.count > 1)
        #expect(long.lines.map(\.text).joined() == "Supercalifragilistic")
        for line in long.lines { #expect(line.width <= 20 || line.text.count == 1, "'\(line.text)' \(line.width) pt") }
    }

    @Test func overlayLabelWrapsToTheScreenLessMargins() throws {
        let text = "Processing your payment, please wait a moment while we confirm it with your bank…"
        let scene = Scene(variant: .overlay, scale: 1, screenSize: Size(width: 320, height: 568), text: text)
        let label = try #require(try scene.makeLabel())
        let layout = Layout(scene: scene, label: label)
        #expect(label.lines.count >= 2)
        #expect(layout.card.width <= 320 - 32 + 1e-9, "card \(layout.card.width) pt")
        #expect(layout.card.minX >= 16 - 1e-9)
        // The inline indicator never wraps on its own.
        let inline = try #require(try Scene(variant: .indicator, text: text).makeLabel())
        #expect(inline.lines.count == 1)
    }

    @Test func emptyTextMeansNoLabelAndNoGap() throws {
        let without = Layout(scene: Scene(variant: .indicator))
        let empty = try FrameRenderer(scene: Scene(variant: .indicator, text: ""), frameCount: 2)
        #expect(empty.label == nil)
        #expect(empty.layout == without)
    }
}

/// Measurements of the label taken from rendered pixels, for the cases the documentation names.
@Suite struct LabelPixelTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let scene: Scene
        /// HarfBuzz's width of the text at 14 pt (see `LabelTests`).
        let shapedWidth: Double
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "indicator en @1x", scene: Scene(variant: .indicator, scale: 1, text: "Processing payment…"),
            shapedWidth: 155.572265625),
        Case(
            name: "indicator en @3x", scene: Scene(variant: .indicator, scale: 3, text: "Processing payment…"),
            shapedWidth: 155.572265625),
        Case(
            name: "overlay cs @3x",
            scene: Scene(
                variant: .overlay, scale: 3, screenSize: Size(width: 390, height: 300),
                text: "Zpracování platby…"),
            shapedWidth: 141.1689453125),
    ]

    /// How far a pixel is from the card's white toward the text colour: 0 (card) … 1 (text).
    static func ink(_ pixmap: Pixmap, _ x: Int, _ y: Int, text: Color) -> Double {
        Double(255 - Int(pixmap.rgba(x: x, y: y).r)) / Double(255 - Int(text.red))
    }

    @Test(arguments: cases)
    func labelMeasuresAsDocumented(_ testCase: Case) throws {
        let renderer = try FrameRenderer(scene: testCase.scene, frameCount: 60)
        let frame = renderer.frame(0)
        let style = testCase.scene.style
        let scale = testCase.scene.scale
        let label = try #require(renderer.label)
        let box = try #require(renderer.layout.labelBox)
        let top = Int((box.minY * scale).rounded(.down))
        let bottom = Int((box.maxY * scale).rounded(.up))
        let card = renderer.layout.card.scaled(by: scale)
        let left = Int(card.minX.rounded(.up)) + 1
        let right = Int(card.maxX.rounded(.down)) - 1

        // Stems at full coverage are exactly textColor over the card; nothing is darker.
        var exact = 0
        for y in top..<bottom {
            for x in left..<right {
                let p = frame.rgba(x: x, y: y)
                #expect(
                    p.r >= style.textColor.red && p.g >= style.textColor.green && p.b >= style.textColor.blue,
                    "pixel (\(x), \(y)) \(p) is darker than textColor \(style.textColor.hex)")
                if p == (style.textColor.red, style.textColor.green, style.textColor.blue, 255) { exact += 1 }
            }
        }
        #expect(exact > 0, "\(exact) pixels exactly textColor")

        // The line is centred on the spinner's axis by its advance width (as iOS centres a
        // Text's typographic bounds), so the ink's centre is the axis moved by half the difference
        // of the first glyph's left and the last glyph's right side bearing; the ink measured from
        // the pixels (edges to sub-pixel from coverage) must sit there.
        var columns: [Double] = []
        for x in left..<right {
            columns.append((top..<bottom).map { Self.ink(frame, x, $0, text: style.textColor) }.max()!)
        }
        let first = try #require(columns.firstIndex { $0 > 0.02 })
        let last = try #require(columns.lastIndex { $0 > 0.02 })
        let inkLeft = Double(left + first + 1) - columns[first]
        let inkRight = Double(left + last) + columns[last]
        let axis = renderer.layout.spinnerBox.center.x * scale
        let font = label.fonts[0]
        let unit = style.textSize / font.unitsPerEm
        let glyphs = label.lines[0].glyphs
        let firstBox = try #require(font.bounds(of: glyphs.first!.glyph))
        let lastBox = try #require(font.bounds(of: glyphs.last!.glyph))
        let lineStart = axis / scale - label.lines[0].width / 2
        let predictedLeft = (lineStart + glyphs.first!.x + firstBox.xMin * unit) * scale
        let predictedRight = (lineStart + glyphs.last!.x + lastBox.xMax * unit) * scale
        #expect(
            abs((inkLeft + inkRight) / 2 - (predictedLeft + predictedRight) / 2) < 0.25,
            "ink centre \((inkLeft + inkRight) / 2) px, glyph boxes say \((predictedLeft + predictedRight) / 2) px, axis \(axis) px"
        )
        #expect(
            abs((predictedLeft + predictedRight) / 2 - axis) < 0.1 * style.textSize * scale,
            "side bearings move the ink centre by a small part of the text size")

        // The ink top lies where the font's metrics put it: the label's top (spinner box bottom +
        // textGap), plus the ascender, less the tallest glyph's top.
        let tallest = label.lines[0].glyphs.compactMap { font.bounds(of: $0.glyph)?.yMax }.max()!
        let expectedTop =
            (renderer.layout.spinnerBox.maxY + style.textGap + label.ascender
                - tallest * style.textSize / font.unitsPerEm) * scale
        #expect(abs(box.minY - (renderer.layout.spinnerBox.maxY + style.textGap)) < 1e-9)
        var rows: [Double] = []
        for y in top..<bottom {
            rows.append((left..<right).map { Self.ink(frame, $0, y, text: style.textColor) }.max()!)
        }
        // The first row with any ink is the row that holds the top edge.
        let firstRow = try #require(rows.firstIndex { $0 > 0 })
        #expect(
            top + firstRow == Int(expectedTop.rounded(.down)),
            "first ink row \(top + firstRow), metrics say \(expectedTop) px")
        // To sub-pixel, where the top glyph is wide enough to cover whole pixels (not at @1x).
        if scale >= 3 {
            let inkTop = Double(top + firstRow + 1) - rows[firstRow]
            #expect(abs(inkTop - expectedTop) < 0.05, "ink top \(inkTop) px, metrics say \(expectedTop) px")
        }

        // The card is exactly the shaped advance plus the paddings wide: coverage along a row
        // through the card's middle adds up to its width in pixels.
        let row = Int(renderer.layout.spinnerBox.center.y * scale)
        let coverage = (0..<frame.width).reduce(0.0) { sum, x in
            let p = frame.rgba(x: x, y: row)
            // Over a transparent screen the card's alpha is its coverage.
            return sum + Double(p.a) / 255
        }
        let expectedWidth = (testCase.shapedWidth + 2 * style.paddingHorizontal) * scale
        #expect(abs(coverage - expectedWidth) < 0.01, "card row covers \(coverage) px, expected \(expectedWidth) px")
        #expect(abs(label.width - testCase.shapedWidth) < 1e-9)
    }
}
