import Foundation
import Testing

@testable import Raster

/// Label pixels against the exact-area reference, wrapping on a 320 pt overlay, and the limits
/// of text handling.
@Suite struct LabelScriptTests {
    struct PixelCase: Sendable, CustomStringConvertible {
        let text: String
        let scale: Double
        var description: String { "\(text) @\(scale)x" }
    }

    static let pixelCases: [PixelCase] = ["Office fluff AVATAR", "جارٍ معالجة الدفع", "भुगतान संसाधित"].flatMap { text in
        [1.0, 2, 3].map { PixelCase(text: text, scale: $0) }
    }

    /// The label's pixels equal the reference (ExactAreaReference on the same outlines flattened
    /// ten times finer, textColor over the white card, rounded once) within 1/255 per channel.
    @Test(arguments: pixelCases)
    func labelPixelsMatchTheExactReference(_ testCase: PixelCase) throws {
        guard NotoFonts.require(["Noto Sans Arabic", "Noto Sans Devanagari"]) else { return }
        let scene = Scene(variant: .indicator, scale: testCase.scale, text: testCase.text)
        let renderer = try FrameRenderer(scene: scene, frameCount: 4)
        let frame = renderer.frame(0)
        let label = try #require(renderer.label)
        let box = try #require(renderer.layout.labelBox)
        let shapes = label.glyphPaths(axisX: box.center.x, top: box.minY, scale: testCase.scale)
            .map { $0.flattened(tolerance: 0.0002) }
        let window = FrameRenderer.bounds(of: shapes.flatMap { $0 })
        let reference = ExactAreaReference.coverage(of: shapes, in: window)
        let text = scene.style.textColor
        var worst = 0
        var worstPixel = (0, 0)
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 {
                let c = reference[(y - window.y0) * window.width + (x - window.x0)]
                let p = frame.rgba(x: x, y: y)
                for (channel, actual) in [(text.red, p.r), (text.green, p.g), (text.blue, p.b)] {
                    let expected = Int(((Double(channel) / 255 * c + (1 - c)) * 255).rounded())
                    let difference = abs(expected - Int(actual))
                    if difference > worst { (worst, worstPixel) = (difference, (x, y)) }
                }
            }
        }
        #expect(worst <= 1, "largest difference \(worst)/255 at pixel \(worstPixel)")
    }

    /// The reference's own error: flattened at 0.0002 px against 0.00005 px (4× finer), far
    /// below 0.3/255; and the plain accumulation is off where the joined letters overlap.
    @Test func referenceErrorIsBelowAThirdOfAStep() throws {
        guard NotoFonts.require(["Noto Sans Arabic"]) else { return }
        let label = try TextLabel(text: "معالجة", font: .family(nil), size: 14)
        let paths = label.glyphPaths(axisX: 40, top: 2, scale: 3)
        let coarse = paths.map { $0.flattened(tolerance: 0.0002) }
        let fine = paths.map { $0.flattened(tolerance: 0.00005) }
        let window = FrameRenderer.bounds(of: fine.flatMap { $0 })
        let a = ExactAreaReference.coverage(of: coarse, in: window)
        let b = ExactAreaReference.coverage(of: fine, in: window)
        let error = zip(a, b).map { abs($0 - $1) }.max()! * 255
        #expect(error < 0.3, "reference error \(error)/255")
        let plain = Rasterizer.coverage(of: coarse.flatMap { $0 }, in: window)
        let plainError = zip(plain.values, a).map { abs(Double($0) - $1) }.max()! * 255
        #expect(plainError > 5, "min(1, |sum|) where letters join: \(plainError)/255")
    }

    struct WrapCase: Sendable, CustomStringConvertible {
        let name: String
        let text: String
        var description: String { name }
    }

    static let wrapCases = [
        WrapCase(name: "60-character word", text: String(repeating: "Zahlungsverarbeitung", count: 3)),
        WrapCase(name: "Chinese", text: "正在处理您的付款，请稍候，我们正在与您的银行确认这笔交易，这可能需要一点时间。"),
        WrapCase(name: "Thai", text: "กำลังดำเนินการชำระเงินของคุณกรุณารอสักครู่ในขณะที่เรายืนยันกับธนาคารของคุณ"),
    ]

    @Test(arguments: wrapCases)
    func wrapsOnA320PointOverlay(_ testCase: WrapCase) throws {
        guard NotoFonts.require(["Noto Sans CJK SC", "Noto Sans Thai"]) else { return }
        #expect(testCase.name != "60-character word" || testCase.text.count == 60)
        let scene = Scene(variant: .overlay, scale: 2, screenSize: Size(width: 320, height: 568), text: testCase.text)
        let label = try #require(try scene.makeLabel())
        let layout = Layout(scene: scene, label: label)
        #expect(label.lines.count >= 2, "\(label.lines.map(\.text))")
        #expect(layout.card.width <= 320 - 32 + 1e-9, "card \(layout.card.width) pt")
        let limit = 320 - 32 - 2 * scene.style.paddingHorizontal
        for line in label.lines {
            #expect(line.width <= limit + 1e-9 && line.width <= layout.card.width, "'\(line.text)' \(line.width) pt")
        }
        // No grapheme cluster is split: the lines' clusters are the text's, in order.
        #expect(label.lines.flatMap { Array($0.text) } == Array(testCase.text))
        // Greedy: each line but the last would overflow with the next line's first cluster.
        for (line, next) in zip(label.lines, label.lines.dropFirst()) where testCase.name != "Chinese" {
            let longer = try TextLabel(text: line.text + String(next.text.first!), font: .family(nil), size: 14)
            #expect(longer.width > limit, "'\(line.text)' could take '\(next.text.first!)'")
        }
    }

    /// A cluster of 3000 combining marks is laid out (normalisation is linear: the cubic version
    /// took minutes, which this suite's running time would show); the CLI refuses it (see the
    /// CLI tests).
    @Test func aLongClusterIsLaidOut() throws {
        let text = "a" + String(repeating: "\u{301}", count: 3000)
        let label = try TextLabel(text: text, font: .family(nil), size: 14)
        #expect(label.lines.count == 1)
        #expect(Normalization.nfc("a" + String(repeating: "\u{301}", count: 3)).unicodeScalars.count == 3)
    }

    /// A font whose `glyf` table is broken: the label warns, naming the characters.
    @Test func aGlyphThatDoesNotLoadIsAWarning() throws {
        var bytes = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        var corrupted = false
        for i in 0..<tables {
            let record = 12 + 16 * i
            guard String(decoding: bytes[record..<(record + 4)], as: UTF8.self) == "glyf" else { continue }
            let offset = bytes[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
            let length = bytes[(record + 12)..<(record + 16)].reduce(0) { $0 << 8 | Int($1) }
            for j in offset..<(offset + length) { bytes[j] = 0xFF }
            corrupted = true
        }
        #expect(corrupted)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).ttf")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let label = try TextLabel(text: "Pay", font: .file(path.path), size: 14)
        let warning = try #require(
            label.warnings.first { if case .unloadableGlyphs = $0 { return true } else { return false } })
        #expect(warning.description.contains("'P' (U+50)"), "\(warning)")
    }

    /// A font with colour bitmaps only gives way to the default family with a warning; its
    /// emoji are still drawn in colour.
    @Test func aFontWithoutOutlinesFallsBack() throws {
        guard NotoFonts.require(["Noto Color Emoji"]) else { return }
        let label = try TextLabel(text: "Pay 💳", font: .family("Noto Color Emoji"), size: 14)
        #expect(label.warnings == [.noOutlines(requested: "Noto Color Emoji", used: "DejaVu Sans")])
        #expect(label.fontFile.hasSuffix("DejaVuSans.ttf"))
        #expect(label.fonts.contains { $0.kind == .colorBitmap })
        let layers = label.colorGlyphLayers(axisX: 50, top: 0, scale: 2)
        #expect(layers.count == 1)
    }
}
