import Images
import Raster
import StrictJSON

/// Frames of a sequence in a grid, each tile labelled with its frame number, under a caption
/// with the style's values: a sheet to review at a glance, or one file to hold as a golden.
///
/// Tiles are the frames' own pixels, unchanged (transparent stays transparent), `gap` px apart,
/// in rows of `columns`. Under each tile, on an opaque strip (#F2F2F2), its number in DejaVu
/// Sans at a tenth of the tile's width (at least 12 px), #202020, so that it stays readable when
/// the sheet is fitted to a screen and on any viewer's background. Above the tiles, on the same
/// strip, the caption: variant, scale, size, fps and frames, then every style property and its
/// value (from `StyleProperty.all`), at about a twenty-fifth of a tile's width (at least 12 px).
///
/// The sheet is made a band of rows at a time, as an encoder reads it (`RowSource`): the caption,
/// then each row of tiles, one frame and one number at a time. Its size is known, and refused
/// over 100 megapixels, before anything is drawn, so memory holds one band (a row of tiles), never
/// every frame.
public final class ContactSheet: RowSource, @unchecked Sendable {
    static let gap = 8
    /// The smallest text on a sheet, px.
    static let minimumTextSize = 12.0
    static let strip = Color(red8: 0xF2, green8: 0xF2, blue8: 0xF2)
    static let ink = Color(red8: 0x20, green8: 0x20, blue8: 0x20)

    /// The size of a tile's number, px: a tenth of the tile's width, at least 12.
    static func numberSize(tileWidth: Int) -> Double {
        max(minimumTextSize, (Double(tileWidth) / 10).rounded())
    }

    /// The sheet's width in pixels.
    public let width: Int
    /// The sheet's height in pixels.
    public let height: Int
    let frames: ExportFrames
    /// The frames shown, in order.
    let shown: [Int]
    let columns: Int
    let numberSize: Double
    let caption: TextLabel
    let captionHeight: Int
    let tileHeight: Int
    /// The first row of the first band of tiles (under the caption).
    let top: Int
    /// The band last made: its index (0 the caption, 1 + r the r-th row of tiles) and pixels.
    private let band = Locked<(index: Int, pixels: Pixmap)?>(nil)

    /// The sheet of the frames `stride(from: 0, to: N, by: every)` of `frames` (a turn, or a
    /// timeline with its hidden frames), `columns` to a row. Throws `RasterError.invalidSize`
    /// when it would be over 100 megapixels, `FontError` when DejaVu Sans cannot be loaded.
    public init(_ frames: ExportFrames, columns: Int, every: Int) throws {
        precondition(columns >= 1 && every >= 1, "at least one column, every frame or fewer")
        let renderer = frames.renderer
        let shown = Array(stride(from: 0, to: frames.count, by: every))
        let rows = (shown.count + columns - 1) / columns
        let usedColumns = min(columns, shown.count)
        let tileWidth = renderer.width
        let width = usedColumns * tileWidth + (usedColumns + 1) * ContactSheet.gap
        let size = ContactSheet.numberSize(tileWidth: tileWidth)
        // Every number's label has the same line height: the first one's sets the strip.
        let first = try TextLabel(text: "0", font: .family(nil), size: size)
        let stripHeight = Int((first.lineHeight + size / 2).rounded(.up))
        let tileHeight = renderer.height + stripHeight
        // The caption is at least one line: the sheet's least height, refused before it is laid out.
        let leastHeight = ContactSheet.gap + rows * tileHeight + (rows + 1) * ContactSheet.gap
        guard Double(width) * Double(leastHeight) <= Double(Pixmap.maxPixelCount) else {
            throw RasterError.invalidSize(width: width, height: leastHeight)
        }
        caption = try TextLabel(
            text: ContactSheet.captionText(frames, shown: shown.count, every: every), font: .family(nil),
            size: max(ContactSheet.minimumTextSize, (Double(tileWidth) / 25).rounded()),
            maxLineWidth: Double(width - 4 * ContactSheet.gap))
        captionHeight = Int((caption.height + 2 * Double(ContactSheet.gap)).rounded(.up))
        top = captionHeight + ContactSheet.gap
        let height = top + rows * tileHeight + (rows + 1) * ContactSheet.gap
        guard Double(width) * Double(height) <= Double(Pixmap.maxPixelCount) else {
            throw RasterError.invalidSize(width: width, height: height)
        }
        (self.width, self.height, self.frames, self.shown, self.columns) = (width, height, frames, shown, columns)
        (self.numberSize, self.tileHeight) = (size, tileHeight)
    }

    /// The rows of band `index`: the caption's (with the gap under it), or a row of tiles with the
    /// gap above it (the last one with the gap under it too).
    func rows(ofBand index: Int) -> Range<Int> {
        if index == 0 { return 0..<top }
        let start = top + (index - 1) * (tileHeight + ContactSheet.gap)
        let rowCount = (shown.count + columns - 1) / columns
        return start..<(index == rowCount ? height : start + tileHeight + ContactSheet.gap)
    }

    /// The band that holds row `y`.
    func band(holding y: Int) -> Int {
        y < top ? 0 : 1 + min((y - top) / (tileHeight + ContactSheet.gap), (shown.count + columns - 1) / columns - 1)
    }

    /// Writes rows `rows` of the sheet, drawing each band of them once.
    public func write(rows: Range<Int>, into pixels: UnsafeMutableBufferPointer<UInt32>) {
        var y = rows.lowerBound
        while y < rows.upperBound {
            let index = band(holding: y)
            let bandRows = self.rows(ofBand: index)
            let made = band.withLock { band -> Pixmap in
                if let band, band.index == index { return band.pixels }
                let pixels = draw(band: index)
                band = (index, pixels)
                return pixels
            }
            let end = min(rows.upperBound, bandRows.upperBound)
            let (target, from, count) = (
                (y - rows.lowerBound) * width, (y - bandRows.lowerBound) * width, (end - y) * width
            )
            made.pixels.withUnsafeBufferPointer { source in
                (pixels.baseAddress! + target).update(from: source.baseAddress! + from, count: count)
            }
            y = end
        }
    }

    /// Band `index`'s pixels: the caption, or a row of tiles and their numbers.
    func draw(band index: Int) -> Pixmap {
        let bandRows = rows(ofBand: index)
        var pixels = try! Pixmap(width: width, height: bandRows.count)
        if index == 0 {
            ContactSheet.text(
                caption, in: PixelRect(x0: 0, y0: 0, x1: width, y1: captionHeight), top: Double(ContactSheet.gap),
                onto: &pixels, originY: 0)
            return pixels
        }
        let row = index - 1
        for column in 0..<columns where row * columns + column < shown.count {
            let k = shown[row * columns + column]
            let x0 = ContactSheet.gap + column * (frames.width + ContactSheet.gap)
            let y0 = top + ContactSheet.gap + row * (tileHeight + ContactSheet.gap)
            let frame = frames.image(k)
            for y in 0..<frame.height {
                let from = y * frame.width
                let to = (y0 + y - bandRows.lowerBound) * width + x0
                pixels.pixels.replaceSubrange(to..<(to + frame.width), with: frame.pixels[from..<(from + frame.width)])
            }
            let strip = PixelRect(x0: x0, y0: y0 + frame.height, x1: x0 + frames.width, y1: y0 + tileHeight)
            // The number's font is the one the first number's label loaded; a failure there
            // was thrown by `init`.
            let label = try! TextLabel(text: String(k), font: .family(nil), size: numberSize)
            ContactSheet.text(
                label, in: strip, top: Double(strip.y0) + numberSize / 4, onto: &pixels, originY: bandRows.lowerBound)
        }
        return pixels
    }

    /// `label` centred in `area` from `top` px down (sheet coordinates), #202020 on the opaque
    /// strip colour, into `pixels`, whose first row is the sheet's row `originY`.
    static func text(_ label: TextLabel, in area: PixelRect, top: Double, onto pixels: inout Pixmap, originY: Int) {
        let polygons = label.path(axisX: Double(area.x0 + area.x1) / 2, top: top, scale: 1).flattened()
        var canvas = Canvas(window: area, background: strip.premultiplied())
        canvas.draw(Layer(coverage: .mask(Rasterizer.coverage(of: polygons, in: area)), color: ink.premultiplied()))
        canvas.write(into: &pixels, originY: originY)
    }

    /// "overlay @3x, 1170 × 2532 px, 60 fps: frames 0, 6, … of 60", then the style's values.
    static func captionText(_ frames: ExportFrames, shown: Int, every: Int) -> String {
        let scene = frames.renderer.scene
        let which = every == 1 ? "all \(frames.count) frames" : "frames 0, \(every), … of \(frames.count)"
        let style = StyleProperty.all.map { "\($0.name) \($0.text(for: $0.value(in: scene.style)))" }
        return "\(scene.variant.rawValue) @\(formatNumber(scene.scale))x, \(frames.renderer.width) × "
            + "\(frames.renderer.height) px, \(frames.fps) fps: \(which)\n" + style.joined(separator: ", ")
    }
}
