/// Frames of a sequence in a grid, each tile labelled with its frame number, under a caption
/// with the style's values: a sheet to review at a glance, or one file to hold as a golden.
///
/// Tiles are the frames' own pixels, unchanged (transparent stays transparent), `gap` px apart,
/// in rows of `columns`. Under each tile, on an opaque strip (#F2F2F2), its number in DejaVu
/// Sans at a tenth of the tile's width (at least 12 px), #202020, so that it stays readable when
/// the sheet is fitted to a screen and on any viewer's background. Above the tiles, on the same
/// strip, the caption: variant, scale, size, fps and frames, then every style property and its
/// value (from `StyleProperty.all`), at about a twenty-fifth of a tile's width (at least 12 px).
public enum ContactSheet {
    /// Pixels between neighbouring tiles.
    public static let gap = 8
    /// The smallest text on a sheet, px.
    public static let minimumTextSize = 12.0
    static let strip = Color(red8: 0xF2, green8: 0xF2, blue8: 0xF2)
    static let ink = Color(red8: 0x20, green8: 0x20, blue8: 0x20)

    /// The size of a tile's number, px: a tenth of the tile's width, at least 12.
    public static func numberSize(tileWidth: Int) -> Double {
        max(minimumTextSize, (Double(tileWidth) / 10).rounded())
    }

    /// The frames `stride(from: 0, to: N, by: every)` of `renderer`, `columns` to a row.
    /// Throws `RasterError.invalidSize` when the sheet would be over 100 megapixels, `FontError`
    /// when DejaVu Sans cannot be loaded.
    public static func render(_ renderer: FrameRenderer, columns: Int, every: Int, fps: Int = 60) throws -> Pixmap {
        try render(ExportFrames(renderer: renderer, fps: fps), columns: columns, every: every)
    }

    /// The frames `stride(from: 0, to: N, by: every)` of `frames` (a turn, or a timeline with
    /// its hidden frames), `columns` to a row.
    package static func render(_ frames: ExportFrames, columns: Int, every: Int) throws -> Pixmap {
        precondition(columns >= 1 && every >= 1, "at least one column, every frame or fewer")
        let renderer = frames.renderer
        let shown = Array(stride(from: 0, to: frames.count, by: every))
        let rows = (shown.count + columns - 1) / columns
        let usedColumns = min(columns, shown.count)
        let tileWidth = renderer.width
        let width = usedColumns * tileWidth + (usedColumns + 1) * gap
        let size = numberSize(tileWidth: tileWidth)
        let labels = try shown.map { try TextLabel(text: String($0), font: .family(nil), size: size) }
        let stripHeight = Int(((labels.first?.lineHeight ?? size) + size / 2).rounded(.up))
        let caption = try TextLabel(
            text: captionText(frames, shown: shown.count, every: every), font: .family(nil),
            size: max(minimumTextSize, (Double(tileWidth) / 25).rounded()),
            maxLineWidth: Double(width - 4 * gap))
        let captionHeight = Int((caption.height + 2 * Double(gap)).rounded(.up))
        let tileHeight = renderer.height + stripHeight
        let top = captionHeight + gap
        let height = top + rows * tileHeight + (rows + 1) * gap
        guard Double(width) * Double(height) <= Double(Pixmap.maxPixelCount) else {
            throw RasterError.invalidSize(width: width, height: height)
        }
        var sheet = try Pixmap(width: width, height: height)
        text(caption, in: PixelRect(x0: 0, y0: 0, x1: width, y1: captionHeight), top: Double(gap), onto: &sheet)
        for (index, k) in shown.enumerated() {
            let x0 = gap + (index % columns) * (tileWidth + gap)
            let y0 = top + gap + (index / columns) * (tileHeight + gap)
            let frame = frames.image(k)
            for y in 0..<frame.height {
                let from = y * frame.width
                let to = (y0 + y) * width + x0
                sheet.pixels.replaceSubrange(to..<(to + frame.width), with: frame.pixels[from..<(from + frame.width)])
            }
            let strip = PixelRect(x0: x0, y0: y0 + frame.height, x1: x0 + tileWidth, y1: y0 + tileHeight)
            text(labels[index], in: strip, top: Double(strip.y0) + size / 4, onto: &sheet)
        }
        return sheet
    }

    /// `label` centred in `area` from `top` px down, #202020 on the opaque strip colour.
    static func text(_ label: TextLabel, in area: PixelRect, top: Double, onto sheet: inout Pixmap) {
        let polygons = label.path(axisX: Double(area.x0 + area.x1) / 2, top: top, scale: 1).flattened()
        var canvas = Canvas(window: area, background: strip.premultiplied())
        canvas.draw(Layer(coverage: .mask(Rasterizer.coverage(of: polygons, in: area)), color: ink.premultiplied()))
        canvas.write(into: &sheet)
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
