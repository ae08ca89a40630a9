import TestSupport
import Testing

@testable import Images
@testable import Measure
@testable import Raster
@testable import Screenshots

/// The measurement's parts on their own: CIEDE2000 against its published test data, the scale of
/// a screenshot, the calibration kept in the code, and frames this package draws read back.
@Suite struct MeasureTests {
    @Test func theDefaultFontsCalibrationIsTheOneKept() throws {
        #expect(LabelFont.dejaVuSans == (try LabelFont.calibrated(.family(nil))))
    }

    /// Pairs from Sharma, Wu and Dalal's supplementary test data (Table 1), to four decimals.
    @Test(arguments: [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
        ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
        ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
        ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ])
    func ciede2000MatchesThePublishedPairs(
        _ one: (Double, Double, Double), _ two: (Double, Double, Double), _ expected: Double
    ) {
        let a = LabColor(l: one.0, a: one.1, b: one.2)
        let b = LabColor(l: two.0, a: two.1, b: two.2)
        #expect(abs(ColorDifference.ciede2000(a, b) - expected) < 0.0001, "ΔE00 of \(one) and \(two)")
        #expect(abs(ColorDifference.ciede2000(b, a) - expected) < 0.0001, "symmetric")
    }

    @Test func whiteAndBlackAreLabsEnds() {
        let white = LabColor(.white)
        let black = LabColor(.black)
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        #expect(abs(black.l) < 0.01)
    }

    @Test func theScaleComesFromTheOptionsOrTheScreensSize() throws {
        // An iPhone 15 at its own scale (its screen is the first of that size's); the same shared
        // at 2/3; at 0.6, a size a scaled iPhone Air gives too, said; a device given; a scale given.
        let native = try ScreenshotScale.resolve(width: 1179, height: 2556)
        #expect(native.scale == 3 && !native.resampled && native.ambiguity == nil)
        #expect(native.device?.screen == Device.named("iPhone 15")?.screen)
        let shared = try ScreenshotScale.resolve(width: 786, height: 1704)
        #expect(abs(shared.scale - 2) < 1e-9 && shared.device?.screen.width == 393)
        let scaled = try ScreenshotScale.resolve(width: 707, height: 1534)
        #expect(scaled.resampled && abs(scaled.scale - 707.0 / 393) < 1e-9)
        #expect(scaled.alternatives.map(\.name) == ["iPhone Air"])
        #expect(scaled.ambiguity?.contains("of iPhone 14 Pro (393 × 852 pt) and of iPhone Air (420 × 912 pt)") == true)
        #expect(try ScreenshotScale.resolve(width: 900, height: 1300, device: Device.named("iPhone SE")).scale == 2.4)
        #expect(try ScreenshotScale.resolve(width: 900, height: 1300, scale: 1.5).scale == 1.5)
        #expect(throws: MeasureError.unknownScreenSize(width: 700, height: 700)) {
            try ScreenshotScale.resolve(width: 700, height: 700)
        }
        #expect(throws: MeasureError.scale(0)) { try ScreenshotScale.resolve(width: 10, height: 10, scale: 0) }
    }

    /// Pictures too small to hold a ring (the filters' borders are wider than they are) hold no
    /// indicator: 1 × 1 px screenshots (a PNG bomb's picture) trapped in the ring search.
    @Test(arguments: [(1, 1), (1, 9), (9, 2), (6, 6), (7, 7)])
    func tinyPicturesHoldNoIndicator(width: Int, height: Int) throws {
        var image = try Pixmap(width: width, height: height)
        for i in image.pixels.indices { image.pixels[i] = Pixmap.pack(r: UInt32(i * 40 % 256), g: 9, b: 200, a: 255) }
        let options = MeasureOptions(
            scale: try ScreenshotScale.resolve(width: width, height: height, scale: 1), format: .png)
        #expect(throws: MeasureError.noIndicator(width: width, height: height), "\(width) × \(height) px") {
            try ScreenshotMeasure.measure(image, options: options)
        }
    }

    @Test func notAnImageSaysWhatItLooksLike() {
        #expect(throws: ImageDecodeError.notAnImage(looksLike: "an empty file")) { try ScreenshotDecoder.decode([]) }
        #expect(throws: ImageDecodeError.notAnImage(looksLike: "text")) {
            try ScreenshotDecoder.decode(Array("hello\n".utf8))
        }
        #expect(throws: ImageDecodeError.notAnImage(looksLike: "a GIF image")) {
            try ScreenshotDecoder.decode(Array("GIF89a....".utf8))
        }
    }

    @Test func aPNGReadsBackToItsPixelsAndATruncatedOneIsRefused() throws {
        var image = try Pixmap(width: 40, height: 30)
        for i in image.pixels.indices { image.pixels[i] = Pixmap.pack(r: UInt32(i % 251), g: 7, b: 99, a: 255) }
        let png = try PNGEncoder().encode(image)
        let decoded = try ScreenshotDecoder.decode(png)
        #expect(decoded.image == image && decoded.format == .png && decoded.convertedFrom == nil)
        #expect(throws: ImageDecodeError.self) { try ScreenshotDecoder.decode(Array(png.prefix(png.count / 2))) }
    }

    /// Overlay frames this package draws (over a backdrop of gradients, with either preset's
    /// padding), read back: every length within a tenth of a point (0.02 pt for the stroke),
    /// every colour within ΔE 0.5, the arc within 0.2°, the dim within 0.005.
    @Test(
        .slow,
        arguments: [
            (Variant.overlay, 2.0, 7, "#E8421A", "#DDE3EA", "#FFFFFF", 3.0, 44.0),
            (Variant.overlay, 3.0, 40, "#1A78E8", "#F2F2F2", "#20242B", 6.0, 60.0),
            (Variant.indicator, 2.0, 23, "#2E7D32", "#C8E6C9", "#FAFAFA", 2.0, 30.0),
        ])
    func framesOfThisPackageReadBack(
        preset: Variant, scale: Double, frame: Int, spinner: String, track: String, card: String, stroke: Double,
        size: Double
    ) throws {
        var style = LoadingStyle.preset(for: preset)
        style.spinnerColor = Color(parsing: spinner)!
        style.trackColor = Color(parsing: track)!
        style.backgroundColor = Color(parsing: card)!
        style.strokeWidth = stroke
        style.spinnerSize = size
        style.dimAmount = preset == .overlay ? 0.4 : 0
        var backdrop = try Pixmap(width: Int(390 * scale), height: Int(844 * scale))
        for i in backdrop.pixels.indices {
            let (x, y) = (UInt32(i % backdrop.width), UInt32(i / backdrop.width))
            backdrop.pixels[i] = Pixmap.pack(r: (x * 3 + y) % 256, g: (y / 3) % 256, b: 180, a: 255)
        }
        let scene = Scene(
            style: style, variant: .overlay, scale: scale, background: .white, text: "Processing payment…",
            backdropImage: backdrop)
        let renderer = try FrameRenderer(scene: scene, frameCount: 60)
        let shot = renderer.frame(frame)
        var options = MeasureOptions(
            scale: try ScreenshotScale.resolve(width: shot.width, height: shot.height, scale: scale), format: .png)
        options.frames = 60
        options.backdrop = backdrop
        let m = try ScreenshotMeasure.measure(shot, options: options)
        #expect(m.frame == frame)
        #expect(abs(m.arcStartDegrees - renderer.arcStart(frame: frame).degrees) < 0.2)
        for property in StyleProperty.all where property.name != StyleProperty.textFontName.name {
            switch (property.value(in: m.style), property.value(in: style)) {
            case (.color(let a), .color(let b)):
                #expect(ColorDifference.ciede2000(a, b) <= 0.5, "\(property): \(a.hex) for \(b.hex)")
            case (.number(let a), .number(let b)):
                let tolerance =
                    property.kind == .opacity ? 0.005 : property.name == StyleProperty.strokeWidth.name ? 0.02 : 0.1
                #expect(abs(a - b) <= tolerance, "\(property): \(a) for \(b)")
            default:
                break
            }
        }
        #expect(m.text == "Processing payment…" && m.lines.count == 1 && m.unknown.isEmpty)
        #expect(m.meanDelta < 0.5, "the re-render differs from the frame by \(m.meanDelta) on average")
    }
}
