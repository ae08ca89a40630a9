import Images
import Raster
import Testing

@testable import Measure

/// The label on its own (`LabelFit`, `LineProfile`, `LabelText`), in cards drawn in the test:
/// the size, lines and colour of a known label, the size refined by its known text, another
/// text refused, and a card without a label.
@Suite struct LabelFitTests {
    static let textColor = Color(red8: 0x3A, green8: 0x4B, blue8: 0x8C)

    static func drawn(text: String?, size: Double = 14) throws -> DrawnIndicator {
        var style = RingSearchTests.style()
        style.textColor = textColor
        style.textSize = size
        return try DrawnIndicator(style: style, screen: Size(width: 240, height: 200), text: text)
    }

    /// The label found in the card under the drawn ring, as the measurement looks for it: inside
    /// the card's drawn shape, from under the ring's box to the card's bottom.
    static func found(_ drawn: DrawnIndicator) throws -> (LabelFit?, RingFit) {
        let ring = try #require(drawn.foundRings().first)
        let card = drawn.card
        let shape = CardShape(
            left: card.left, right: card.right, top: card.top, bottom: card.bottom,
            radius: drawn.renderer.layout.cornerRadius * drawn.scale)
        let region = PixelRect(
            x0: Int(card.left.rounded(.up)) + 1, y0: Int((ring.centerY + ring.outerRadius + 1).rounded(.up)),
            x1: Int(card.right.rounded(.down)) - 1, y1: Int(card.bottom.rounded(.down)) - 1)
        let label = LabelFit.find(
            drawn.pixels, ring: ring, region: region, inside: shape, font: .dejaVuSans, scale: drawn.scale,
            jpeg: false)
        return (label, ring)
    }

    @Test func theSizeLinesAndColourOfAKnownLabel() throws {
        let drawn = try Self.drawn(text: "Processing payment…")
        let (found, _) = try Self.found(drawn)
        let label = try #require(found)
        #expect(label.lines.count == 1)
        // From the body height alone: within its own spread (at least 4 %).
        #expect(abs(label.size - 14) <= max(label.sizeSpread, 0.04 * 14), "size \(label.size) pt for 14")
        #expect(levels(label.color, Self.textColor) <= 3, "colour \(label.color) for \(Self.textColor.hex)")
        let box = try #require(drawn.renderer.layout.labelBox).scaled(by: drawn.scale)
        let font = LabelFont.dejaVuSans
        let line = try #require(label.lines.first)
        let baseline = box.minY + font.ascender * 14 * drawn.scale
        let measured = line.baseline - font.baselineBias * 14 * drawn.scale
        #expect(abs(measured - baseline) <= 0.5, "baseline at \(measured) px for \(baseline)")
        // The ink lies within the label's box, and fills most of its width.
        #expect(line.inkLeft >= box.minX - 1 && line.inkRight <= box.maxX + 1, "ink \(line.inkLeft)…\(line.inkRight)")
        #expect(line.inkRight - line.inkLeft >= 0.9 * box.width)
    }

    /// The known text refines the size from the ink's width to a small fraction of a point, and
    /// gives the advance width; the colour stays the text's. At 17.5 pt the text takes two lines; at
    /// 10.5 pt (21 px an em, stems of two pixels or less) the colour comes from the ink's mass.
    @Test(arguments: [14.0, 17.5, 10.5])
    func theKnownTextRefinesTheSize(size: Double) throws {
        let text = "Processing payment…"
        let drawn = try Self.drawn(text: text, size: size)
        let (found, ring) = try Self.found(drawn)
        var label = try #require(found)
        // The overlay's lines break where the card would come within 16 pt of the screen's sides.
        let scene = drawn.renderer.scene
        let wrap = scene.screenSize.width - 2 * Layout.screenMargin - 2 * scene.style.paddingHorizontal
        let correlation = label.use(
            text: text, language: nil, font: .dejaVuSans, pixels: drawn.pixels, card: ring.card, scale: drawn.scale,
            maxLineWidth: wrap)
        #expect(label.lines.count == drawn.renderer.label?.lines.count)
        #expect(label.matches == true && correlation >= 0.9, "correlation \(correlation)")
        #expect(abs(label.size - size) <= 0.05, "size \(label.size) pt for \(size)")
        let width = try #require(drawn.renderer.layout.labelBox).width
        #expect(abs(label.width - width) <= 0.25, "width \(label.width) pt for \(width)")
        #expect(levels(label.color, Self.textColor) <= 3, "colour \(label.color) for \(Self.textColor.hex)")
    }

    /// Two lines: the size from the baselines' pitch, sharper than a body height.
    @Test func twoLinesGiveTheSizeFromTheirPitch() throws {
        let drawn = try Self.drawn(text: "Processing\npayment…", size: 15)
        let (found, _) = try Self.found(drawn)
        let label = try #require(found)
        #expect(label.lines.count == 2)
        #expect(abs(label.size - 15) <= 0.15, "size \(label.size) pt for 15")
        let pitch = label.lines[1].baseline - label.lines[0].baseline
        let expected = LabelFont.dejaVuSans.pitch * 15 * drawn.scale
        #expect(abs(pitch - expected) <= 0.5, "pitch \(pitch) px for \(expected)")
    }

    @Test func anotherTextDoesNotMatch() throws {
        let drawn = try Self.drawn(text: "Processing payment…")
        let (found, ring) = try Self.found(drawn)
        var label = try #require(found)
        let before = label.size
        let correlation = label.use(
            text: "Zahlung läuft, bitte warten", language: nil, font: .dejaVuSans, pixels: drawn.pixels,
            card: ring.card, scale: drawn.scale, maxLineWidth: nil)
        #expect(label.matches == false && correlation < 0.85, "correlation \(correlation)")
        #expect(label.size == before && label.text == "Zahlung läuft, bitte warten")
    }

    @Test func aCardWithoutALabelHasNone() throws {
        let drawn = try Self.drawn(text: nil)
        let (found, _) = try Self.found(drawn)
        #expect(found == nil, "a label of \(found?.lines.count ?? 0) lines in an empty card")
    }

    /// `LineProfile` on a made profile: a body of 10 rows at level 20 with shoulders of 4 above
    /// and below, the baseline where the level falls halfway.
    @Test func aLineProfileFindsTheBodyAndTheBaseline() throws {
        let rows: [Double] = [0, 0, 4, 4, 4] + Array(repeating: 20, count: 10) + [4, 4, 4, 0, 0]
        let lines = LineProfile.lines(rows)
        let line = try #require(lines.first)
        #expect(lines.count == 1)
        #expect(line.inkTop == 2 && line.inkBottom == 18 && line.level == 20)
        // Halfway from 20 to 4 (12) falls between row 14 (20) and row 15 (4): at half a row past 14's centre.
        #expect(abs(line.baseline - 15) <= 0.01 && abs(line.bodyTop - 5) <= 0.01, "\(line)")
        #expect(LineProfile.lines([0, 0, 0]).isEmpty)
    }
}
