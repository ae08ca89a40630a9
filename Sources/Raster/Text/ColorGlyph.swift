import CFreeType
import Images

/// Colour glyphs (emoji from a CBDT font such as Noto Color Emoji), drawn from the font's bitmap
/// strike scaled to the text size.
///
/// The filter: when shrinking (the usual case: Noto Color Emoji's one strike is 109 px per em,
/// a 14 pt label is 14–42 px), each output pixel is the average of the source area it covers, a
/// box filter over the bitmap taken as pixel squares: it is the exact area integral of the
/// bitmap, so it neither rings nor overshoots (no halo on the emoji's hard edges, no alpha above
/// the colour), and it is the same filter the backdrop image uses (`Resample`). When enlarging,
/// bilinear interpolation between source pixel centres. Both work on premultiplied pixels, so
/// transparent pixels lend no colour.
extension Font {
    /// The colour bitmap of `glyph` at the font's strike: premultiplied RGBA, its left and top
    /// bearings (strike pixels, the top counted up from the baseline), and the strike's pixels per
    /// em; nil when the glyph has none.
    func colorBitmap(of glyph: UInt32) -> (image: Pixmap, left: Int, top: Int, ppem: Double)? {
        guard kind == .colorBitmap, let face, FT_Load_Glyph(face, glyph, frames_ft_load_color_bitmap) == 0 else {
            return nil
        }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
            let buffer = bitmap.buffer, var image = try? Pixmap(width: Int(bitmap.width), height: Int(bitmap.rows))
        else { return nil }
        let width = Int(bitmap.width)
        for y in 0..<Int(bitmap.rows) {
            let row = buffer + y * Int(bitmap.pitch)
            for x in 0..<width {
                let (b, g, r, a) = (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3])
                image.pixels[y * width + x] = Pixmap.pack(r: UInt32(r), g: UInt32(g), b: UInt32(b), a: UInt32(a))
            }
        }
        let ppem = Double(face.pointee.size.pointee.metrics.x_ppem)
        return (image, Int(slot.bitmap_left), Int(slot.bitmap_top), ppem)
    }
}

extension TextLabel {
    /// The colour glyphs as image layers, scaled to the text size at `scale` and placed as
    /// `placedGlyphs(axisX:top:scale:)` places them (each on whole pixels, its bitmap's edges
    /// at their exact sub-pixel positions inside them).
    func colorGlyphLayers(axisX: Double, top: Double, scale: Double) -> [Layer] {
        placedGlyphs(axisX: axisX, top: top, scale: scale).compactMap { glyph, origin in
            let font = fonts[glyph.font]
            guard font.kind == .colorBitmap, let bitmap = font.colorBitmap(of: glyph.glyph), bitmap.ppem > 0 else {
                return nil
            }
            let k = size * scale / bitmap.ppem
            let left = origin.x + Double(bitmap.left) * k
            let top = origin.y - Double(bitmap.top) * k
            let x0 = Int(left.rounded(.down))
            let y0 = Int(top.rounded(.down))
            let width = Int((left + Double(bitmap.image.width) * k).rounded(.up)) - x0
            let height = Int((top + Double(bitmap.image.height) * k).rounded(.up)) - y0
            guard width > 0, height > 0,
                let image = try? Resample.resampled(
                    bitmap.image,
                    columns: Resample.weights(
                        count: width, source: bitmap.image.width, scale: k, offset: (Double(x0) - left) / k),
                    rows: Resample.weights(
                        count: height, source: bitmap.image.height, scale: k, offset: (Double(y0) - top) / k))
            else { return nil }
            return Layer(coverage: .placedImage(image, x: x0, y: y0), color: .transparent)
        }
    }
}
