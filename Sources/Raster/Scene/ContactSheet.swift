/// Frames of a sequence in a grid, each tile labelled with its frame number: a sheet to review
/// at a glance, or one file to hold as a golden.
///
/// Tiles are the frames' own pixels, unchanged (transparent stays transparent), `gap` px apart,
/// in rows of `columns`; under each tile its number ("7") in DejaVu Sans, 12 px, #444444.
public enum ContactSheet {
    /// Pixels between neighbouring tiles.
    public static let gap = 8
    /// The frame numbers' text size, in pixels.
    public static let labelSize = 12.0

    /// The frames `stride(from: 0, to: N, by: every)` of `renderer`, `columns` to a row.
    /// Throws `RasterError.invalidSize` when the sheet would be over 100 megapixels.
    public static func render(_ renderer: FrameRenderer, columns: Int, every: Int) throws -> Pixmap {
        precondition(columns >= 1 && every >= 1, "at least one column, every frame or fewer")
        let frames = Array(stride(from: 0, to: renderer.frameCount, by: every))
        let rows = (frames.count + columns - 1) / columns
        let usedColumns = min(columns, frames.count)
        let labels = try frames.map { try TextLabel(text: String($0), font: .family(nil), size: labelSize) }
        let labelHeight = Int((labels.first?.lineHeight ?? labelSize).rounded(.up)) + 4
        let tileWidth = renderer.width
        let tileHeight = renderer.height + labelHeight
        let width = usedColumns * tileWidth + (usedColumns + 1) * gap
        let height = rows * tileHeight + (rows + 1) * gap
        guard Double(width) * Double(height) <= Double(Pixmap.maxPixelCount) else {
            throw RasterError.invalidSize(width: width, height: height)
        }
        var sheet = try Pixmap(width: width, height: height)
        let ink = Color(red8: 0x44, green8: 0x44, blue8: 0x44).premultiplied()
        for (index, k) in frames.enumerated() {
            let x0 = gap + (index % columns) * (tileWidth + gap)
            let y0 = gap + (index / columns) * (tileHeight + gap)
            let frame = renderer.frame(k)
            for y in 0..<frame.height {
                let from = y * frame.width
                let to = (y0 + y) * width + x0
                sheet.pixels.replaceSubrange(to..<(to + frame.width), with: frame.pixels[from..<(from + frame.width)])
            }
            // The number, on the transparent strip under the tile (and only there).
            let strip = PixelRect(x0: x0, y0: y0 + frame.height, x1: x0 + tileWidth, y1: y0 + tileHeight)
            let polygons = labels[index].path(
                axisX: Double(x0) + Double(tileWidth) / 2,
                top: Double(y0 + frame.height) + 2, scale: 1
            ).flattened()
            let mask = Rasterizer.coverage(of: polygons, in: strip)
            var canvas = Canvas(window: strip, background: .transparent)
            canvas.draw(Layer(coverage: .mask(mask), color: ink))
            canvas.write(into: &sheet)
        }
        return sheet
    }
}
