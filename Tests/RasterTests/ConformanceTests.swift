import Foundation
import LibC
import TestSupport
import Testing

@testable import Images
@testable import Raster
@testable import StrictJSON

/// Conformance measured from pixels, not from the layout code: frames are rendered, written as
/// PNG and read back, and every documented property is measured from the decoded pixels, for
/// `.indicator`, `.overlay` and the documentation's example style at scales 1, 2 and 3.
/// The measurements also go to `.build/conformance.md` (the README's table).
@Suite(.serialized, .slow) struct ConformanceTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let style: LoadingStyle
        let variant: Variant
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: ".indicator", style: .indicator, variant: .indicator),
        Case(name: ".overlay", style: .overlay, variant: .overlay),
        Case(name: "documentation example", style: FrameTests.example, variant: .overlay),
    ]
    static let scales: [Double] = [1, 2, 3]
    static let frameCount = 60

    /// One rendered frame, read back from its PNG, with what the measurements need.
    struct Frame {
        let pixels: Pixmap
        let scale: Double
        let style: LoadingStyle

        /// Frame k as written to PNG and read back (`throughPNG`), or as rendered.
        init(_ renderer: FrameRenderer, frame k: Int, throughPNG: Bool = true) throws {
            pixels =
                throughPNG
                ? try PNGDecoder.decode(renderer.sequenceEncoder().encode(frame: k)) : renderer.frame(k)
            scale = renderer.scene.scale
            style = renderer.scene.style
        }

        func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            let p = pixels.rgba(x: x, y: y)
            return (Double(p.r), Double(p.g), Double(p.b))
        }

        /// Coverage of the arc (ca) and of the track under it (ct) in an opaque card pixel, from
        /// v = A·ca + (1 − ca)·(W + (K − W)·ct) in all three channels (least squares in u = 1 − ca
        /// and p = u·ct), A the arc colour, K the track colour, W the card colour.
        func spinnerCoverage(_ x: Int, _ y: Int) -> (arc: Double, track: Double) {
            let v = rgb(x, y)
            func c(_ color: Color) -> (Double, Double, Double) {
                (Double(color.red), Double(color.green), Double(color.blue))
            }
            let a = c(style.spinnerColor)
            let k = c(style.trackColor)
            let w = c(style.backgroundColor)
            let e = [
                (v.0 - a.0, w.0 - a.0, k.0 - w.0), (v.1 - a.1, w.1 - a.1, k.1 - w.1), (v.2 - a.2, w.2 - a.2, k.2 - w.2),
            ]
            var s11 = 0.0
            var s12 = 0.0
            var s22 = 0.0
            var b1 = 0.0
            var b2 = 0.0
            for (rhs, col1, col2) in e {
                s11 += col1 * col1
                s12 += col1 * col2
                s22 += col2 * col2
                b1 += col1 * rhs
                b2 += col2 * rhs
            }
            let det = s11 * s22 - s12 * s12
            guard abs(det) > 1e-9 else { return (0, 0) }
            let u = (b1 * s22 - b2 * s12) / det
            let p = (s11 * b2 - s12 * b1) / det
            let arc = min(1, max(0, 1 - u))
            return (arc, u > 1e-6 ? min(1, max(0, p / u)) : 1)
        }

        /// The track's coverage of a pixel the arc does not touch: v = K·c + W·(1 − c), least
        /// squares over the three channels.
        func track(_ x: Int, _ y: Int) -> Double {
            guard x >= 0, y >= 0, x < pixels.width, y < pixels.height else { return 0 }
            let v = rgb(x, y)
            let k = style.trackColor
            let w = style.backgroundColor
            let d = [
                (Double(w.red) - v.0, Double(w.red) - Double(k.red)),
                (Double(w.green) - v.1, Double(w.green) - Double(k.green)),
                (Double(w.blue) - v.2, Double(w.blue) - Double(k.blue)),
            ]
            let num = d.reduce(0.0) { $0 + $1.0 * $1.1 }
            let den = d.reduce(0.0) { $0 + $1.1 * $1.1 }
            return den > 0 ? min(1, max(0, num / den)) : 0
        }

        /// The card's coverage of a pixel, from alpha over the (transparent or dimmed) screen.
        func card(_ x: Int, _ y: Int, dim: Double) -> Double {
            let alpha = Double(pixels.rgba(x: x, y: y).a) / 255
            let under = Double(quantize(Float(dim))) / 255
            return under >= 1 ? 1 : min(1, max(0, (alpha - under) / (1 - under)))
        }
    }

    /// What a no-label frame measures, in points.
    struct SpinnerMeasurement {
        var center: (x: Double, y: Double) // px
        var outerRadius: Double // px
        var strokeWidth: Double // px
    }

    /// The spinner's centre, outer radius and stroke width in pixels, from the track along the
    /// four axis rays where the arc is not: in frame 7 the arc covers 3 o'clock, so left, up and
    /// down are track only; in frame 37 it covers 9 o'clock, so right is. Along a ray the outer
    /// edge lies inside the last covered pixel at that pixel's coverage, and the coverage summed
    /// across the ring is the stroke width. (Where arc and track share an edge pixel, source-over
    /// of the two does not add up to the union's coverage, so those pixels are avoided.)
    static func measureSpinner(_ right: Frame, _ other: Frame, window: PixelRect) -> SpinnerMeasurement {
        // A first centre: the middle of the box the track covers, good to a pixel.
        var minX = Int.max
        var maxX = Int.min
        var minY = Int.max
        var maxY = Int.min
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 where other.track(x, y) > 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        var cx = Double(minX + maxX + 1) / 2
        var cy = Double(minY + maxY + 1) / 2
        var radius = 0.0
        var stroke = 0.0
        for _ in 0..<2 {
            let row = Int(cy.rounded(.down))
            let column = Int(cx.rounded(.down))
            // (frame, dx, dy): the ray and a frame where only the track lies along it.
            var edges: [Double] = []
            var widths: [Double] = []
            for (frame, dx, dy) in [(other, 1, 0), (right, -1, 0), (right, 0, 1), (right, 0, -1)] {
                var width = 0.0
                var edge = 0.0
                var x = column + dx
                var y = row + dy
                while x >= window.x0 - 1, x <= window.x1, y >= window.y0 - 1, y <= window.y1 {
                    let c = frame.track(x, y)
                    width += c
                    if c > 0 {
                        edge =
                            dx > 0
                            ? Double(x) + c : dx < 0 ? Double(x) + 1 - c : dy > 0 ? Double(y) + c : Double(y) + 1 - c
                    }
                    x += dx
                    y += dy
                }
                edges.append(edge)
                widths.append(width)
            }
            cx = (edges[0] + edges[1]) / 2
            cy = (edges[2] + edges[3]) / 2
            radius = ((edges[0] - edges[1]) + (edges[2] - edges[3])) / 4
            stroke = widths.reduce(0, +) / 4
        }
        return SpinnerMeasurement(center: (cx, cy), outerRadius: radius, strokeWidth: stroke)
    }

    /// The arc's start angle and sweep in degrees: its coverage's centroid lies on the bisector,
    /// and its area is sweep·r·w + π(w/2)² (a quarter of the ring plus two half discs).
    static func measureArc(_ frame: Frame, window: PixelRect, spinner: SpinnerMeasurement) -> (
        start: Double, sweep: Double
    ) {
        var area = 0.0
        var sx = 0.0
        var sy = 0.0
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 {
                let c = frame.spinnerCoverage(x, y).arc
                area += c
                sx += c * (Double(x) + 0.5 - spinner.center.x)
                sy += c * (Double(y) + 0.5 - spinner.center.y)
            }
        }
        let w = spinner.strokeWidth
        let r = spinner.outerRadius - w / 2
        let sweep = (area - Double.pi * w * w / 4) / (r * w) * 180 / .pi
        let bisector = atan2(sy, sx) * 180 / .pi
        return (bisector - sweep / 2, sweep)
    }

    /// The card's edges (px) along a row and a column, sub-pixel from the edge pixels' coverage.
    static func measureCard(_ frame: Frame, row: Int, column: Int, dim: Double)
        -> (left: Double, right: Double, top: Double, bottom: Double)
    {
        let width = frame.pixels.width
        let height = frame.pixels.height
        let across = (0..<width).map { frame.card($0, row, dim: dim) }
        let down = (0..<height).map { frame.card(column, $0, dim: dim) }
        func edges(_ coverage: [Double]) -> (Double, Double) {
            let first = coverage.firstIndex { $0 > 0 }!
            let last = coverage.lastIndex { $0 > 0 }!
            return (Double(first + 1) - coverage[first], Double(last) + coverage[last])
        }
        let (left, right) = edges(across)
        let (top, bottom) = edges(down)
        return (left, right, top, bottom)
    }

    /// The corner radius (px) from the area the top-left corner leaves uncovered: (1 − π/4)·R²,
    /// measured against the coverage of the square-cornered card with the same edges.
    static func measureCornerRadius(_ frame: Frame, left: Double, top: Double, guess: Double, dim: Double) -> Double {
        let x0 = Int(left.rounded(.down))
        let y0 = Int(top.rounded(.down))
        let extent = Int((guess * 1.5 + 3).rounded(.up))
        var missing = 0.0
        for y in y0..<(y0 + extent) {
            for x in x0..<(x0 + extent) {
                let square = max(0, min(1, Double(x + 1) - left)) * max(0, min(1, Double(y + 1) - top))
                missing += square - frame.card(x, y, dim: dim)
            }
        }
        return (max(0, missing) / (1 - Double.pi / 4)).squareRoot()
    }

    /// Rows of the README's table: case, scale, property, documented, measured.
    static let table = TableCollector()

    @Test(arguments: cases, scales)
    func spinnerCardAndDimMeasureAsDocumented(_ testCase: Case, scale: Double) throws {
        let style = testCase.style
        let scene = Scene(style: style, variant: testCase.variant, scale: scale)
        let renderer = try FrameRenderer(scene: scene, frameCount: Self.frameCount)
        let window = renderer.spinnerWindow
        let dim = testCase.variant == .overlay ? style.dimAmount : 0

        // Frame 7: the arc crosses 3 o'clock; frame 37: 9 o'clock.
        let frame = try Frame(renderer, frame: 7)
        let spinner = Self.measureSpinner(frame, try Frame(renderer, frame: 37), window: window)
        let diameter = 2 * spinner.outerRadius / scale
        let stroke = spinner.strokeWidth / scale
        #expect(abs(diameter - style.spinnerSize) < 0.05, "\(testCase) @\(scale)x: diameter \(diameter) pt")
        #expect(abs(stroke - style.strokeWidth) < 0.05, "\(testCase) @\(scale)x: stroke \(stroke) pt")

        // Colours: pixels fully inside the arc and the track are exactly the documented colours
        // (coverage is exact, so they exist wherever the stroke covers a whole pixel).
        var arcExact = 0
        var trackExact = 0
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 {
                let p = frame.pixels.rgba(x: x, y: y)
                if p == (style.spinnerColor.red, style.spinnerColor.green, style.spinnerColor.blue, 255) {
                    arcExact += 1
                }
                if p == (style.trackColor.red, style.trackColor.green, style.trackColor.blue, 255) { trackExact += 1 }
            }
        }
        // A 90° arc of stroke w covers about π/2·r·w pixels, most of them whole.
        let strokePx = style.strokeWidth * scale
        let centrePx = (style.spinnerSize * scale - strokePx) / 2
        #expect(Double(arcExact) > 0.3 * Double.pi / 2 * centrePx * strokePx, "\(arcExact) pixels exactly spinnerColor")
        #expect(Double(trackExact) > 0.3 * Double.pi * centrePx * strokePx, "\(trackExact) pixels exactly trackColor")

        // The arc: sweep and start angle in every frame, and a constant step between frames
        // (the last to the first included).
        var starts: [Double] = []
        var worstStart = 0.0
        var worstSweep = 0.0
        for k in 0..<Self.frameCount {
            let measured = Self.measureArc(
                k == 7 ? frame : try Frame(renderer, frame: k, throughPNG: false),
                window: window, spinner: spinner)
            let documented = -90 + 360 * Double(k) / Double(Self.frameCount)
            var error = (measured.start - documented).truncatingRemainder(dividingBy: 360)
            if error > 180 { error -= 360 } else if error < -180 { error += 360 }
            worstStart = max(worstStart, abs(error))
            worstSweep = max(worstSweep, abs(measured.sweep - 90))
            starts.append(measured.start)
        }
        #expect(worstStart < 0.25, "\(testCase) @\(scale)x: start angle off by up to \(worstStart)°")
        #expect(worstSweep < 0.25, "\(testCase) @\(scale)x: sweep off by up to \(worstSweep)°")
        var worstStep = 0.0
        for k in 0..<Self.frameCount {
            var step = (starts[(k + 1) % Self.frameCount] - starts[k]).truncatingRemainder(dividingBy: 360)
            if step < 0 { step += 360 }
            worstStep = max(worstStep, abs(step - 360 / Double(Self.frameCount)))
        }
        #expect(worstStep < 0.25, "\(testCase) @\(scale)x: steps between frames vary by \(worstStep)°")

        // The card: size, paddings, corner radius, centring; the dim layer.
        let row = Int(spinner.center.y)
        let column = Int(spinner.center.x)
        let card = Self.measureCard(frame, row: row, column: column, dim: dim)
        let cardWidth = (card.right - card.left) / scale
        let cardHeight = (card.bottom - card.top) / scale
        let paddingLeft = (spinner.center.x - spinner.outerRadius - card.left) / scale
        let paddingRight = (card.right - spinner.center.x - spinner.outerRadius) / scale
        let paddingTop = (spinner.center.y - spinner.outerRadius - card.top) / scale
        let paddingBottom = (card.bottom - spinner.center.y - spinner.outerRadius) / scale
        let radius =
            Self.measureCornerRadius(
                frame, left: card.left, top: card.top,
                guess: style.cornerRadius * scale, dim: dim) / scale
        let documentedRadius = min(
            style.cornerRadius, (style.spinnerSize + 2 * style.paddingHorizontal) / 2,
            (style.spinnerSize + 2 * style.paddingVertical) / 2)
        let checks: [(String, Double, Double)] = [
            ("spinnerSize (outer diameter)", style.spinnerSize, diameter),
            ("strokeWidth", style.strokeWidth, stroke),
            ("card width", style.spinnerSize + 2 * style.paddingHorizontal, cardWidth),
            ("card height", style.spinnerSize + 2 * style.paddingVertical, cardHeight),
            ("paddingHorizontal (left)", style.paddingHorizontal, paddingLeft),
            ("paddingHorizontal (right)", style.paddingHorizontal, paddingRight),
            ("paddingVertical (top)", style.paddingVertical, paddingTop),
            ("paddingVertical (bottom)", style.paddingVertical, paddingBottom),
            ("cornerRadius", documentedRadius, radius),
        ]
        for (property, documented, measured) in checks {
            #expect(
                abs(measured - documented) < 0.05,
                "\(testCase) @\(scale)x: \(property) \(measured) pt, documented \(documented) pt")
        }
        Self.table.add(testCase.name, scale, checks.map { ($0.0, formatNumber($0.1) + " pt", $0.2, "pt") })
        Self.table.add(
            testCase.name, scale,
            [
                ("arc sweep", "90°", 90 + worstSweep, "° (worst frame)"),
                ("arc start, frame k", "−90° + 6°·k", worstStart, "° off (worst frame)"),
                ("step between frames", "6°", 6 + worstStep, "° (worst pair)"),
            ])
        if testCase.variant == .overlay {
            let screenWidth = Double(frame.pixels.width)
            let screenHeight = Double(frame.pixels.height)
            let horizontal = abs(card.left - (screenWidth - card.right)) / scale
            let vertical = abs(card.top - (screenHeight - card.bottom)) / scale
            #expect(
                horizontal < 0.05 && vertical < 0.05,
                "\(testCase) @\(scale)x: card off centre by \(horizontal), \(vertical) pt")
            let corner = frame.pixels.rgba(x: 0, y: 0)
            let measuredDim = Double(corner.a) / 255
            #expect(corner.r == 0 && corner.g == 0 && corner.b == 0)
            #expect(
                abs(measuredDim - style.dimAmount) <= 0.5 / 255 + 1e-9,
                "dim \(measuredDim), documented \(style.dimAmount)")
            Self.table.add(
                testCase.name, scale,
                [
                    ("card centring (left − right, top − bottom)", "0 pt", max(horizontal, vertical), "pt"),
                    ("dimAmount (corner alpha)", formatNumber(style.dimAmount), measuredDim, ""),
                ])
        }
    }

    /// textGap and textColor, from a label of one full block (█, U+2588): its flat top edge is
    /// measured to sub-pixel from the coverage of a column through it, and its inside is whole
    /// pixels of the text colour at any scale.
    @Test(arguments: cases, scales)
    func labelGapAndColourMeasureAsDocumented(_ testCase: Case, scale: Double) throws {
        let style = testCase.style
        let renderer = try FrameRenderer(
            scene: Scene(style: style, variant: testCase.variant, scale: scale, text: "█"),
            frameCount: Self.frameCount)
        let frame = try Frame(renderer, frame: 7)
        let spinner = Self.measureSpinner(frame, try Frame(renderer, frame: 37), window: renderer.spinnerWindow)
        let column = Int(spinner.center.x)
        let text = style.textColor
        // Ink of the text colour over the white card, 0…1, down the column below the spinner.
        let start = Int((spinner.center.y + spinner.outerRadius).rounded(.up)) + 1
        var ink: [(Int, Double)] = []
        for y in start..<frame.pixels.height {
            let p = frame.pixels.rgba(x: column, y: y)
            guard p.a == 255 else { break } // left the card
            ink.append((y, Double(255 - Int(p.r)) / Double(255 - Int(text.red))))
        }
        let first = try #require(ink.first { $0.1 > 0 })
        let inkTop = Double(first.0 + 1) - first.1
        let label = try #require(renderer.label)
        let font = label.fonts[0]
        let block = try #require(font.bounds(of: label.lines[0].glyphs[0].glyph))
        let unit = style.textSize / font.unitsPerEm
        // Ink top = spinner bottom + textGap + (ascender − the block's top).
        let gap = (inkTop - (spinner.center.y + spinner.outerRadius)) / scale - (label.ascender - block.yMax * unit)
        #expect(
            abs(gap - style.textGap) < 0.05, "\(testCase) @\(scale)x: textGap \(gap) pt, documented \(style.textGap) pt"
        )
        // Inside the block, the pixel is exactly textColor.
        let full = ink.filter { $0.1 > 0.999 }
        #expect(!full.isEmpty)
        for (y, _) in full {
            #expect(frame.pixels.rgba(x: column, y: y) == (text.red, text.green, text.blue, 255))
        }
        Self.table.add(
            testCase.name, scale,
            [
                ("textGap", formatNumber(style.textGap) + " pt", gap, "pt"),
                ("textColor (full-coverage pixel)", text.hex, full.isEmpty ? .nan : 0, "off"),
            ])
    }
}

/// Collects the measurements and writes them as a markdown table in `.build/conformance.md`.
final class TableCollector: @unchecked Sendable {
    private var rows: [String: [(String, String, Double, String)]] = [:]
    private let lock = NSLock()

    func add(_ name: String, _ scale: Double, _ entries: [(String, String, Double, String)]) {
        lock.lock()
        defer { lock.unlock() }
        for entry in entries {
            rows["\(name)|\(entry.0)|\(entry.1)", default: []].append((formatNumber(scale), entry.0, entry.2, entry.3))
        }
        write()
    }

    private func write() {
        var lines = ["| style | property | documented | measured @1x / @2x / @3x |", "|---|---|---|---|"]
        for key in rows.keys.sorted() {
            let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let measured = rows[key]!.sorted { $0.0 < $1.0 }.map { String(format: "%.3f", $0.2) }.joined(
                separator: " / ")
            lines.append("| \(parts[0]) | \(parts[1]) | \(parts[2]) | \(measured) \(rows[key]![0].3) |")
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        try? (lines.joined(separator: "\n") + "\n").write(
            to: root.appendingPathComponent(".build/conformance.md"),
            atomically: true, encoding: .utf8)
    }
}
