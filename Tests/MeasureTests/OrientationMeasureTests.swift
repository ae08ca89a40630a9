import Testing

@testable import Images
@testable import Measure
@testable import Raster
@testable import Screenshots

/// Pictures whose indicator is not upright, and the style's guarantee. A landscape screen shows
/// its indicator upright (the interface turns with the device) and is measured as a portrait
/// one; a picture whose content is turned a quarter has its label beside the ring: it measured a
/// negative textGap (−3.54 pt) that `--style-file` refuses, and now leaves the label and the
/// paddings out, saying the picture looks rotated. Every measured style is one a style file
/// gives back and `LoadingStyle.validated` accepts; a crop that ends at the ring does not trap.
@Suite struct OrientationMeasureTests {
    static func overlay(screen: Size, scale: Double) throws -> Pixmap {
        var style = LoadingStyle.overlay
        style.dimAmount = 0.4
        let scene = Scene(
            style: style, variant: .overlay, scale: scale, screenSize: screen, background: .white,
            text: "Processing payment…")
        return try FrameRenderer(scene: scene, frameCount: 12).frame(3)
    }

    static func measure(_ image: Pixmap, scale: Double) throws -> IndicatorMeasurement {
        let options = MeasureOptions(
            scale: try ScreenshotScale.resolve(width: image.width, height: image.height, scale: scale), format: .png)
        return try ScreenshotMeasure.measure(image, options: options)
    }

    /// The style a style file of the measurement gives, over its preset: it must validate.
    static func expectAccepted(_ m: IndicatorMeasurement, _ label: String) {
        var written = LoadingStyle.preset(for: m.variant)
        for property in StyleProperty.all where !m.unknown.contains(property.name) {
            var value = property.value(in: m.style)
            if case .number(let number) = value { value = .number((number * 100).rounded() / 100) }
            #expect(property.allows(value), "\(label): \(property.name) \(value)")
            property.set(value, in: &written)
        }
        #expect((try? written.validated()) != nil, "\(label): the measured style is refused")
    }

    @Test func aLandscapeScreenIsMeasuredUpright() throws {
        let shot = try Self.overlay(screen: Size(width: 844, height: 390), scale: 2)
        let m = try Self.measure(shot, scale: 2)
        #expect(abs(m.style.textGap - 8) < 0.2 && abs(m.style.textSize - 14) < 0.2, "\(m.style)")
        #expect(abs(m.style.paddingHorizontal - 24) < 0.2 && abs(m.style.paddingVertical - 24) < 0.2)
        #expect(m.unknown == ["dimAmount"], "\(m.unknown)")
        Self.expectAccepted(m, "landscape")
    }

    /// An upright card whose rounded corners reach the rows through the ring (a small vertical
    /// padding, a large radius): the screen behind the corners is not text beside the ring.
    @Test func roundCornersBesideTheRingAreNotText() throws {
        var style = LoadingStyle.overlay
        (style.paddingVertical, style.cornerRadius, style.spinnerSize, style.strokeWidth) = (15, 32, 48, 9.7)
        style.backgroundColor = Color(red8: 0xE5, green8: 0x2D, blue8: 0xF5)
        style.dimAmount = 0.3
        let scene = Scene(
            style: style, variant: .overlay, scale: 2, background: Color(red8: 0x30, green8: 0x60, blue8: 0x20),
            text: "Processing payment…")
        let m = try Self.measure(try FrameRenderer(scene: scene, frameCount: 12).frame(3), scale: 2)
        #expect(!m.notes.contains { $0.contains("looks rotated") }, "\(m.notes)")
        #expect(abs(m.style.paddingVertical - 15) < 0.2 && abs(m.style.textGap - 8) < 0.3, "\(m.style)")
    }

    /// The portrait screen's content turned a quarter either way (a screenshot turned by a
    /// viewer, or a file whose EXIF orientation was lost).
    @Test(arguments: [6, 8])
    func aPictureTurnedAQuarterLeavesTheLabelOutSayingSo(orientation: Int) throws {
        let upright = try Self.overlay(screen: Scene.defaultScreenSize, scale: 3)
        var straight = try RGBAImage(width: upright.width, height: upright.height, pixels: upright.pixels)
        try ExifOrientation(value: orientation).apply(to: &straight)
        var turned = try Pixmap(width: straight.width, height: straight.height)
        turned.pixels = straight.pixels
        let m = try Self.measure(turned, scale: 3)
        for name in ["textSize", "textGap", "textColor", "paddingHorizontal", "paddingVertical"] {
            #expect(m.unknown.contains(name), "\(name) \(m.style) measured in a turned picture")
        }
        #expect(m.notes.contains { $0.contains("the picture looks rotated") }, "\(m.notes)")
        #expect(abs(m.style.spinnerSize - 48) < 0.2 && abs(m.style.strokeWidth - 4) < 0.1)
        Self.expectAccepted(m, "turned by orientation \(orientation)")
    }

    /// Crops that end within a few pixels of the ring's bottom: the card's rows under the ring
    /// were scanned from past the picture's last row, and `frames measure` trapped (a range
    /// whose start passed its end).
    @Test func aCropEndingAtTheRingIsMeasuredOrNotFound() throws {
        let shot = try Self.overlay(screen: Scene.defaultScreenSize, scale: 3)
        let whole = try Self.measure(shot, scale: 3)
        let card = try #require(whole.card)
        let ringBottom = Int(((card.minY + whole.style.paddingVertical + whole.style.spinnerSize) * 3).rounded())
        for height in (ringBottom - 4)...(ringBottom + 3) {
            var crop = try Pixmap(width: shot.width, height: height)
            crop.pixels = Array(shot.pixels[..<(shot.width * height)])
            do {
                let m = try Self.measure(crop, scale: 3)
                Self.expectAccepted(m, "cropped to \(height) px")
            } catch MeasureError.noIndicator {
                continue
            }
        }
    }

    /// A value no style has is left out and named: a measurement whose gap came out negative.
    @Test func aNegativeGapIsLeftOutAndNamed() throws {
        let shot = try Self.overlay(screen: Size(width: 300, height: 400), scale: 2)
        var m = try Self.measure(shot, scale: 2)
        m.style.textGap = -3.54
        m.style.strokeWidth = 30
        try m.leaveOutWhatNoStyleHas(imageWidth: shot.width, imageHeight: shot.height)
        #expect(m.unknown.isSuperset(of: ["textGap", "strokeWidth"]), "\(m.unknown)")
        #expect(m.notes.last?.contains("textGap -3.54") == true, "\(m.notes)")
        Self.expectAccepted(m, "negative gap")
    }
}
