import TestSupport
import Testing

@testable import Images
@testable import Raster
@testable import TestSupport

/// The fast per-frame path against the plain one, and the sequence's motion.
@Suite struct FrameTests {
    static let example = LoadingStyle(
        spinnerColor: Color(red: 0.10, green: 0.47, blue: 0.91),
        trackColor: Color(red: 0.85, green: 0.92, blue: 1.00),
        strokeWidth: 4, spinnerSize: 52, backgroundColor: .white, cornerRadius: 16,
        paddingHorizontal: 28, paddingVertical: 28, dimAmount: 0.5)

    /// The spinner box touches the card's edges and the card fills the image.
    static let tight = LoadingStyle(
        strokeWidth: 6, spinnerSize: 30, cornerRadius: 40,
        paddingHorizontal: 0, paddingVertical: 0)

    static let cases: [(String, Scene)] = [
        ("indicator @1x", Scene(variant: .indicator, scale: 1)),
        ("indicator @2.5x", Scene(variant: .indicator, scale: 2.5)),
        ("indicator @3x", Scene(variant: .indicator, scale: 3)),
        ("tight @1.7x", Scene(style: tight, variant: .indicator, scale: 1.7)),
        (
            "tight overlay @1x",
            Scene(style: tight, variant: .overlay, scale: 1, screenSize: Size(width: 29.5, height: 31.25))
        ),
        (
            "overlay @1x small screen",
            Scene(style: example, variant: .overlay, scale: 1, screenSize: Size(width: 160, height: 150))
        ),
        (
            "overlay @1.5x",
            Scene(style: .overlay, variant: .overlay, scale: 1.5, screenSize: Size(width: 120.3, height: 140.7))
        ),
        ("label @1.3x", Scene(variant: .indicator, scale: 1.3, text: "Zpracování platby…")),
        ("label into the spinner box", FrameTests.labelOverArc),
    ]

    @Test(arguments: cases.indices)
    func fastPathEqualsReference(index: Int) throws {
        let (name, scene) = Self.cases[index]
        let renderer = try FrameRenderer(scene: scene, frameCount: 60)
        for k in [0, 7, 13, 30, 59] {
            let fast = renderer.frame(k)
            let reference = renderer.referenceFrame(k)
            let same = fast == reference
            #expect(same, "\(name) frame \(k): \(firstDifference(fast, reference))")
            var rows = try Pixmap(width: renderer.width, height: renderer.height)
            rows.pixels.withUnsafeMutableBufferPointer {
                renderer.rows(ofFrame: k).write(rows: 0..<renderer.height, into: $0)
            }
            let sameRows = rows == reference
            #expect(sameRows, "\(name) frame \(k) as rows: \(firstDifference(rows, reference))")
        }
    }

    @Test(arguments: cases.indices)
    func withoutTheFloatBoxEqualsReference(index: Int) throws {
        let (name, scene) = Self.cases[index]
        let renderer = try FrameRenderer(
            validated: scene.validated(), label: scene.makeLabel(), frameCount: 60,
            tolerance: Path.defaultTolerance, keepsSpinnerBase: false)
        #expect(renderer.spinnerBase == nil)
        for k in [0, 13, 30] {
            let fast = renderer.frame(k)
            let reference = renderer.referenceFrame(k)
            let same = fast == reference
            #expect(same, "\(name) frame \(k): \(firstDifference(fast, reference))")
        }
    }

    /// On a dimmed full screen, only the columns where some layer's coverage changes are
    /// composited: in the spinner's rows, column 0, the card's edges and the spinner's box; every
    /// other column repeats the one on its left (`repeatedRowsAreCopiedExactly` holds the pixels).
    @Test func onlyChangingColumnsAreComposited() throws {
        let renderer = try FrameRenderer(
            scene: Scene(style: .overlay, variant: .overlay, scale: 3, text: "Processing"), frameCount: 1)
        let card = renderer.layout.card.scaled(by: 3).enclosingPixels
        let spinner = renderer.spinnerWindow
        let runs = Compositor.compositedColumns(
            of: renderer.underLayers + renderer.overLayers, rows: spinner.y0..<(spinner.y0 + 16), width: renderer.width)
        let composited = runs.reduce(0) { $0 + $1.count }
        #expect(runs.first?.lowerBound == 0)
        #expect(runs.contains { $0.contains(card.x0) } && runs.contains { $0.contains(card.x1) })
        #expect(runs.contains { $0.contains(spinner.x0 + spinner.width / 2) })
        #expect(!runs.contains { $0.contains((card.x0 + spinner.x0) / 2) }, "\(runs), card \(card), spinner \(spinner)")
        #expect(composited < spinner.width + 4 * Compositor.joinedGap, "\(runs)")
    }

    @Test(arguments: cases.indices)
    func repeatedRowsAreCopiedExactly(index: Int) throws {
        let renderer = try FrameRenderer(scene: Self.cases[index].1, frameCount: 4)
        var plain = try Pixmap(width: renderer.width, height: renderer.height)
        Compositor.composite(renderer.underLayers + renderer.overLayers, background: renderer.background, into: &plain)
        let same = plain == renderer.staticImage
        #expect(same, "\(Self.cases[index].0): \(firstDifference(renderer.staticImage, plain))")
    }

    /// A full @3x phone screen holds each row that repeats the row above once, and reads back as
    /// the plain path's rows: row by row, as scanlines, and whether two rows are equal.
    @Test func repeatedRowsAreHeldOnce() throws {
        let renderer = try FrameRenderer(
            scene: Scene(style: .overlay, variant: .overlay, scale: 3, text: "Processing"), frameCount: 4)
        let rows = renderer.staticRows
        #expect(rows.heldRows < rows.height / 2, "\(rows.heldRows) of \(rows.height) rows held")
        var plain = try Pixmap(width: renderer.width, height: renderer.height)
        Compositor.composite(renderer.underLayers + renderer.overLayers, background: renderer.background, into: &plain)
        #expect(rows.pixmap == plain)
        let band = 700..<1300
        #expect(Scanlines.make(rows, rows: band, filter: .paeth) == Scanlines.make(plain, rows: band, filter: .paeth))
        for y in 1..<rows.height where rows.rowsEqual(y, y - 1) != plain.rowsEqual(y, y - 1) {
            Issue.record("rows \(y - 1) and \(y): \(rows.rowsEqual(y, y - 1)) held, \(plain.rowsEqual(y, y - 1)) plain")
        }
        #expect(RowImage(plain).pixmap == plain && RowImage(plain).heldRows == plain.height)
    }

    /// No gap and a 40 pt "Ǻ", whose ring and accent rise above the line box into the spinner's
    /// pixels: there the label is drawn over the arc (draw order), also on the fast path.
    static let labelOverArc = Scene(
        style: LoadingStyle(spinnerSize: 30, textSize: 40, textGap: 0, paddingVertical: 4.5),
        variant: .indicator, scale: 1, text: "Ǻ")

    @Test func labelOverArcCaseReallyOverlaps() throws {
        let renderer = try FrameRenderer(scene: Self.labelOverArc, frameCount: 60)
        var shared = 0
        for k in stride(from: 0, to: 60, by: 5) {
            let arc = Layer(coverage: .mask(renderer.arcMask(frame: k)), color: renderer.arcColor)
            for y in renderer.spinnerWindow.y0..<renderer.spinnerWindow.y1 {
                for x in renderer.spinnerWindow.x0..<renderer.spinnerWindow.x1
                where arc.coverage(x: x, y: y) > 0 && renderer.overLayers[0].coverage(x: x, y: y) > 0 {
                    shared += 1
                }
            }
        }
        #expect(shared > 0, "the case must put label ink on arc pixels")
    }

    @Test func sequenceIsOneSeamlessTurn() throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 60)
        #expect(renderer.arcStart(frame: 0) == .degrees(-90))
        #expect(renderer.arcStart(frame: 15) == .degrees(0))
        var seen = Set<[UInt32]>()
        for k in 0..<60 { seen.insert(renderer.frame(k).pixels) }
        #expect(seen.count == 60, "every frame differs")
    }

    @Test func quarterTurnIsARotationOfTheImage() throws {
        // Frame 15 of 60 is frame 0 turned by 90° clockwise; with a square card centred on the
        // spinner the pixels rotate exactly (up to Float rounding in the rasterizer).
        let style = LoadingStyle(paddingHorizontal: 16, paddingVertical: 16)
        let renderer = try FrameRenderer(scene: Scene(style: style, variant: .indicator, scale: 2), frameCount: 60)
        let a = renderer.frame(0)
        let b = renderer.frame(15)
        let n = a.width
        #expect(a.width == a.height)
        var worst = 0
        for y in 0..<n {
            for x in 0..<n {
                // Turning clockwise on screen (y down): (x, y) goes to (n−1−y, x).
                let p = a.rgba(x: x, y: y)
                let q = b.rgba(x: n - 1 - y, y: x)
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.a) - Int(q.a)))
            }
        }
        #expect(worst <= 1, "largest channel difference \(worst)")
    }

    @Test func overlayCentresTheCard() throws {
        let layout = Layout(scene: Scene(variant: .overlay))
        #expect(layout.card == Rect(x: 147, y: 374, width: 96, height: 96))
        #expect(layout.pixelSize(scale: 3) == (1170, 2532))
        let inline = Layout(scene: Scene(variant: .indicator))
        #expect(inline.card == Rect(x: 0, y: 0, width: 80, height: 88))
        #expect(inline.pixelSize(scale: 3) == (240, 264))
        #expect(inline.pixelSize(scale: 1.1) == (88, 97))
    }

    @Test func tooLargeImageIsRefused() {
        #expect(throws: RasterError.self) {
            _ = try FrameRenderer(
                scene: Scene(variant: .overlay, scale: 16, screenSize: Size(width: 2000, height: 2000)), frameCount: 1)
        }
    }
}
