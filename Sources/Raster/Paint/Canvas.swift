import Images

/// A window of premultiplied sRGB pixels held as Float RGBA (0…1) while layers are composited,
/// then rounded to 8 bits once.
///
/// Compositing is premultiplied source-over in sRGB (gamma) space, as CoreGraphics does:
/// for a layer of premultiplied colour S and coverage c, every channel becomes
/// `S·c + D·(1 − S.alpha·c)`. Rounding happens only in `write(into:)`, so a pixel's error is
/// one rounding however many layers cover it. The rounding rule is round-to-nearest, ties to
/// even (the IEEE default, and numpy's `round`), on v × 255.
package struct Canvas: Sendable {
    let window: PixelRect
    /// Four floats a pixel, R G B A, rows of `window.width` pixels.
    private(set) var values: [Float]

    /// A canvas filled with `background`.
    package init(window: PixelRect, background: PremultipliedColor) {
        self.window = window
        let count = window.width * window.height
        // Every float written once: the background's four values, pixel after pixel.
        let pixel = SIMD4(background.red, background.green, background.blue, background.alpha)
        values = [Float](unsafeUninitializedCapacity: count * 4) { v, initialized in
            let raw = UnsafeMutableRawPointer(v.baseAddress!)
            for i in 0..<count { raw.storeBytes(of: pixel, toByteOffset: 16 * i, as: SIMD4<Float>.self) }
            initialized = count * 4
        }
    }

    /// Composites `layer` source-over onto the canvas.
    package mutating func draw(_ layer: Layer) {
        let area = layer.window.intersection(window)
        if area.isEmpty { return }
        switch layer.coverage {
        case .rect(let rect):
            drawRect(rect, color: layer.color, area: area)
        case .mask(let mask):
            drawMask(mask, color: layer.color, area: area)
        case .image(let image):
            drawImage(image, x: 0, y: 0, area: area)
        case .placedImage(let image, let x, let y):
            drawImage(image, x: x, y: y, area: area)
        }
    }

    private mutating func drawRect(_ rect: Rect, color: PremultipliedColor, area: PixelRect) {
        let columns = (area.x0..<area.x1).map { Coverage.fraction(rect.minX, rect.maxX, $0) }
        let width = window.width
        values.withUnsafeMutableBufferPointer { v in
            for y in area.y0..<area.y1 {
                let rowCoverage = Coverage.fraction(rect.minY, rect.maxY, y)
                var index = ((y - window.y0) * width + (area.x0 - window.x0)) * 4
                for column in columns {
                    Canvas.blend(&v, at: index, color: color, coverage: column * rowCoverage)
                    index += 4
                }
            }
        }
    }

    /// Composites `image`, its top-left pixel at (left, top), over `area`.
    private mutating func drawImage(_ image: Pixmap, x left: Int, y top: Int, area: PixelRect) {
        let width = window.width
        values.withUnsafeMutableBufferPointer { v in
            image.pixels.withUnsafeBufferPointer { p in
                for y in area.y0..<area.y1 {
                    var index = ((y - window.y0) * width + (area.x0 - window.x0)) * 4
                    for x in area.x0..<area.x1 {
                        let color = PremultipliedColor(packed: p[(y - top) * image.width + x - left])
                        Canvas.blend(&v, at: index, color: color, coverage: 1)
                        index += 4
                    }
                }
            }
        }
    }

    private mutating func drawMask(_ mask: CoverageMask, color: PremultipliedColor, area: PixelRect) {
        let window = self.window
        values.withUnsafeMutableBufferPointer { v in
            Canvas.forEachCovered(by: mask, in: area, of: window) { index, _, _, c in
                Canvas.blend(&v, at: index, color: color, coverage: c)
            }
        }
    }

    /// Calls `body(index, x, y, coverage)` for every pixel (x, y) of `area` (inside `window` and
    /// the mask's window) whose coverage by `mask` is above 0, row by row; `index` is the pixel's
    /// first float in a canvas over `window`.
    @inline(__always)
    static func forEachCovered(
        by mask: CoverageMask, in area: PixelRect, of window: PixelRect, _ body: (Int, Int, Int, Float) -> Void
    ) {
        let width = window.width
        let maskWindow = mask.window
        mask.storage.withUnsafeBufferPointer { m in
            for y in area.y0..<area.y1 {
                // Row y of the mask, indexed by x.
                let coverage = m.baseAddress! + mask.rowStart(y - maskWindow.y0) - maskWindow.x0
                let rowIndex = ((y - window.y0) * width - window.x0) * 4
                var x = area.x0
                while x < area.x1 {
                    // Four uncovered pixels at once: coverage is never negative, so a pixel is
                    // uncovered exactly when its bits are all 0 (+0.0).
                    if x + 4 <= area.x1 {
                        let four = UnsafeRawPointer(coverage + x)
                        let low = four.loadUnaligned(as: UInt64.self)
                        if low | four.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == 0 {
                            x += 4
                            continue
                        }
                    }
                    let c = coverage[x]
                    if c > 0 { body(rowIndex + 4 * x, x, y, c) }
                    x += 1
                }
            }
        }
    }

    @inline(__always)
    private static func blend(
        _ v: inout UnsafeMutableBufferPointer<Float>, at i: Int,
        color: PremultipliedColor, coverage c: Float
    ) {
        var pixel = (v[i], v[i + 1], v[i + 2], v[i + 3])
        sourceOver(color, coverage: c, onto: &pixel)
        (v[i], v[i + 1], v[i + 2], v[i + 3]) = pixel
    }

    /// Rounds the canvas to 8-bit premultiplied pixels and stores them in the same window of
    /// `pixmap` (the part inside the pixmap). `originY` is the image row of the pixmap's first
    /// row, for a pixmap that holds a band of the image.
    package func write(into pixmap: inout Pixmap, originY: Int = 0) {
        let (width, height) = (pixmap.width, pixmap.height)
        pixmap.pixels.withUnsafeMutableBufferPointer { p in
            write(into: p.baseAddress!, width: width, rows: originY..<(originY + height))
        }
    }

    /// `write(into:originY:)` for rows `rows` of an image `width` pixels wide whose row
    /// `rows.lowerBound` starts at `pixels`.
    func write(into pixels: UnsafeMutablePointer<UInt32>, width pixmapWidth: Int, rows: Range<Int>) {
        let originY = rows.lowerBound
        let area = window.intersection(PixelRect(x0: 0, y0: originY, x1: pixmapWidth, y1: rows.upperBound))
        if area.isEmpty { return }
        let width = window.width
        values.withUnsafeBufferPointer { v in
            let raw = UnsafeRawPointer(v.baseAddress!)
            for y in area.y0..<area.y1 {
                var index = ((y - window.y0) * width + (area.x0 - window.x0)) * 4
                var target = (y - originY) * pixmapWidth + area.x0
                // Runs of one pixel are common (a card's inside): each value is rounded once, a
                // pixel with the same bits as the one before taking its rounding.
                var bits = raw.loadUnaligned(fromByteOffset: 4 * index, as: SIMD4<UInt32>.self)
                var rounded = quantizePixel((v[index], v[index + 1], v[index + 2], v[index + 3]))
                for _ in area.x0..<area.x1 {
                    let next = raw.loadUnaligned(fromByteOffset: 4 * index, as: SIMD4<UInt32>.self)
                    if next != bits {
                        bits = next
                        rounded = quantizePixel((v[index], v[index + 1], v[index + 2], v[index + 3]))
                    }
                    pixels[target] = rounded
                    index += 4
                    target += 1
                }
            }
        }
    }
}

extension Layer {
    /// Composites this layer onto the float pixel at (x, y) with exactly the operations
    /// `Canvas.draw` applies to that pixel, so a pixel composited alone, layer after layer, has
    /// the same floats as on a canvas (no canvas of floats needs to be kept).
    @inline(__always)
    func draw(onto pixel: inout (Float, Float, Float, Float), x: Int, y: Int) {
        let window = self.window
        guard x >= window.x0 && x < window.x1 && y >= window.y0 && y < window.y1 else { return }
        switch coverage {
        case .rect(let rect):
            let c = Coverage.fraction(rect.minX, rect.maxX, x) * Coverage.fraction(rect.minY, rect.maxY, y)
            sourceOver(color, coverage: c, onto: &pixel)
        case .mask(let mask):
            let c = mask.storage[mask.rowStart(y - window.y0) + (x - window.x0)]
            if c > 0 { sourceOver(color, coverage: c, onto: &pixel) }
        case .image(let image):
            sourceOver(PremultipliedColor(packed: image.pixels[y * image.width + x]), coverage: 1, onto: &pixel)
        case .placedImage(let image, let left, let top):
            let packed = image.pixels[(y - top) * image.width + x - left]
            sourceOver(PremultipliedColor(packed: packed), coverage: 1, onto: &pixel)
        }
    }
}

extension Canvas {
    /// Writes the rounded premultiplied pixel of `mask` in `color` over this canvas, then the
    /// `over` layers, for every pixel of `region` that the mask covers, into `target`: the
    /// pixels of `region`, row after row. Pixels the mask does not cover are left as they are.
    func composite(
        _ mask: CoverageMask, color: PremultipliedColor, over: [Layer], region: PixelRect,
        into target: UnsafeMutablePointer<UInt32>
    ) {
        // Only the over layers that reach into this canvas matter; usually there are none.
        let reaching = over.filter { !$0.window.intersection(window).isEmpty }
        let area = mask.window.intersection(window).intersection(region)
        if area.isEmpty { return }
        let solid = reaching.isEmpty ? opaqueCover(color) : nil
        let stride = region.width
        values.withUnsafeBufferPointer { v in
            Canvas.forEachCovered(by: mask, in: area, of: window) { index, x, y, c in
                let out = target + (y - region.y0) * stride + x - region.x0
                if c == 1, let solid {
                    out.pointee = solid
                    return
                }
                var pixel = (v[index], v[index + 1], v[index + 2], v[index + 3])
                sourceOver(color, coverage: c, onto: &pixel)
                for layer in reaching { layer.draw(onto: &pixel, x: x, y: y) }
                out.pointee = quantizePixel(pixel)
            }
        }
    }
}

/// Premultiplied source-over of `color` at coverage `c` onto a float pixel (r, g, b, a): every
/// channel becomes S·c + D·(1 − S.alpha·c). The one place this formula is written, so every path
/// (whole image, spinner box, label over arc) computes bit-identical floats.
@inline(__always)
func sourceOver(_ color: PremultipliedColor, coverage c: Float, onto pixel: inout (Float, Float, Float, Float)) {
    let keep = 1 - color.alpha * c
    pixel.0 = color.red * c + pixel.0 * keep
    pixel.1 = color.green * c + pixel.1 * keep
    pixel.2 = color.blue * c + pixel.2 * keep
    pixel.3 = color.alpha * c + pixel.3 * keep
}

/// The pixel `color` makes at full coverage over any pixel, when it is opaque: `sourceOver` keeps
/// 1 − 1·1 = 0 of the pixel under it, so each channel is S·1 + D·0 = S exactly (D is finite and
/// at least 0), whatever D was. Nil for a colour that lets what is under it show.
@inline(__always)
func opaqueCover(_ color: PremultipliedColor) -> UInt32? {
    color.alpha == 1 ? quantizePixel((color.red, color.green, color.blue, color.alpha)) : nil
}

/// A float pixel rounded to 8-bit premultiplied RGBA (colour channels clamped to alpha).
@inline(__always)
func quantizePixel(_ pixel: (Float, Float, Float, Float)) -> UInt32 {
    let a = quantize(pixel.3)
    let (r, g, b) = (quantize(pixel.0), quantize(pixel.1), quantize(pixel.2))
    return Pixmap.pack(r: min(a, r), g: min(a, g), b: min(a, b), a: a)
}

/// v (0…1, clamped) × 255 rounded to the nearest integer, ties to even. Adding 2²³ leaves a
/// Float whose unit in the last place is 1, so the addition itself rounds (IEEE
/// round-to-nearest-even) and the low mantissa bits hold the result: no trapping conversion.
@inline(__always)
func quantize(_ value: Float) -> UInt32 {
    let clamped = min(max(value, 0), 1)
    return (clamped * 255 + 8_388_608).bitPattern & 0xFF
}
