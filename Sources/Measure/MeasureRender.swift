import Images
import Raster

/// The recovered style drawn again over the screenshot's own surroundings, and compared.
///
/// The region is the card (or, where the card does not stand out, the ring's box and the
/// label's lines) widened by 3 px. Over the screenshot's pixels there the contract's layers are
/// drawn by the package's rasterizer from the measured values: card, track, arc, label. A label
/// whose text is known is drawn in its font at the measured size; one whose text is unknown is
/// copied from the screenshot (its boxes), since without the text there is nothing to draw.
/// The residual is the mean of the channels' absolute differences over the region and the
/// largest one.
enum MeasureRender {
    /// The most pixels the kept pictures of the region (`IndicatorMeasurement.screenshot` and
    /// `rerender`, for the report) may have: a larger region keeps them averaged down by a whole
    /// factor to at most this, while the residual is still taken at every pixel.
    static let maxPicturePixels = 4 << 20

    /// The region's rows drawn at once: about a million pixels (the canvas holds 16 bytes a
    /// pixel, each mask 4, the screenshot's rows 8), so the re-render's memory does not grow with
    /// the card.
    static func bandHeight(width: Int) -> Int { max(8, (1 << 20) / max(1, width)) }

    static func compare(_ parts: IndicatorParts, into measurement: inout IndicatorMeasurement) {
        let s = parts.scale
        let ring = parts.ring
        var bounds = Rect(
            x: ring.centerX - ring.outerRadius, y: ring.centerY - ring.outerRadius, width: 2 * ring.outerRadius,
            height: 2 * ring.outerRadius)
        if let card = measurement.card {
            bounds = card.scaled(by: s)
        } else {
            for line in measurement.lines { bounds = union(bounds, line.scaled(by: s)) }
        }
        let image = PixelRect(x0: 0, y0: 0, x1: parts.pixels.width, y1: parts.pixels.height)
        let region = PixelRect(
            x0: Int((bounds.minX - 3).rounded(.down)), y0: Int((bounds.minY - 3).rounded(.down)),
            x1: Int((bounds.maxX + 3).rounded(.up)), y1: Int((bounds.maxY + 3).rounded(.up))
        ).intersection(image)
        guard !region.isEmpty else { return }
        // The pictures kept: whole, or averaged down by `factor`.
        var factor = 1
        while (region.width / factor) * (region.height / factor) > maxPicturePixels { factor += 1 }
        let (keptWidth, keptHeight) = (max(1, region.width / factor), max(1, region.height / factor))
        guard var screenshot = try? Pixmap(width: keptWidth, height: keptHeight),
            var rerender = try? Pixmap(width: keptWidth, height: keptHeight)
        else { return }
        let (shapes, labelDrawn) = self.shapes(parts, measurement: measurement, region: region)
        let height = bandHeight(width: region.width) / factor * factor
        var total = 0
        var largest = 0
        for top in stride(from: 0, to: region.height, by: max(factor, height)) {
            let rows = top..<min(region.height, top + max(factor, height))
            guard
                let (crop, rendered) = band(
                    parts, measurement: measurement, region: region, rows: rows, shapes: shapes,
                    labelDrawn: labelDrawn)
            else { return }
            for (p, q) in zip(crop.pixels, rendered.pixels) {
                for shift in [UInt32(0), 8, 16] {
                    let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                    total += d
                    largest = max(largest, d)
                }
            }
            keep(crop, into: &screenshot, top: top, factor: factor)
            keep(rendered, into: &rerender, top: top, factor: factor)
        }
        measurement.region = region
        measurement.screenshot = screenshot
        measurement.rerender = rerender
        measurement.meanDelta = Double(total) / Double(3 * region.width * region.height)
        measurement.maxDelta = largest
    }

    /// The shapes drawn over the screenshot, flattened once, in the region's coordinates, each
    /// with its colour: the card, the track, the arc, and the label when its text is known and
    /// laid out (`labelDrawn`; otherwise its lines are copied from the screenshot).
    static func shapes(
        _ parts: IndicatorParts, measurement: IndicatorMeasurement, region: PixelRect
    ) -> (shapes: [(polygons: [Polygon], color: Color)], labelDrawn: Bool) {
        let s = parts.scale
        let style = measurement.style
        let (ox, oy) = (Double(region.x0), Double(region.y0))
        var shapes: [(polygons: [Polygon], color: Color)] = []
        if let rect = cardRect(parts, measurement: measurement, region: region) {
            let radius = min(style.cornerRadius * s, rect.width / 2, rect.height / 2)
            shapes.append((Path.roundedRect(rect, cornerRadius: radius).flattened(), style.backgroundColor))
        }
        var moved = parts.ring
        moved.centerX -= ox
        moved.centerY -= oy
        let (track, arc) = RingModel(moved).paths
        shapes.append((track.flattened(), style.trackColor))
        shapes.append((arc.flattened(), style.spinnerColor))
        if let label = parts.label, let first = measurement.lines.first, let text = label.text,
            label.matches != false,
            let laid = label.layout(
                text, size: label.size, font: parts.font!, language: parts.options.language,
                maxLineWidth: parts.wrapWidth(for: label))
        {
            let path = laid.path(axisX: (parts.ring.centerX - ox) / s, top: first.minY - oy / s, scale: s)
            shapes.append((path.flattened(), style.textColor))
            return (shapes, true)
        }
        return (shapes, false)
    }

    /// The card in the region's pixels, when measured.
    static func cardRect(_ parts: IndicatorParts, measurement: IndicatorMeasurement, region: PixelRect) -> Rect? {
        guard let card = measurement.card else { return nil }
        let s = parts.scale
        return Rect(
            x: card.minX * s - Double(region.x0), y: card.minY * s - Double(region.y0), width: card.width * s,
            height: card.height * s)
    }

    /// Rows `rows` of the region (its own coordinates): the screenshot's pixels there, and the
    /// recovered style drawn over the screenshot's surroundings there.
    static func band(
        _ parts: IndicatorParts, measurement: IndicatorMeasurement, region: PixelRect, rows: Range<Int>,
        shapes: [(polygons: [Polygon], color: Color)], labelDrawn: Bool
    ) -> (Pixmap, Pixmap)? {
        let window = PixelRect(x0: 0, y0: rows.lowerBound, x1: region.width, y1: rows.upperBound)
        let global = PixelRect(
            x0: region.x0, y0: region.y0 + rows.lowerBound, x1: region.x1, y1: region.y0 + rows.upperBound)
        guard let crop = try? parts.pixels.crop(global) else { return nil }
        var under = crop
        if let rect = cardRect(parts, measurement: measurement, region: region) {
            let radius = min(measurement.style.cornerRadius * parts.scale, rect.width / 2, rect.height / 2)
            under = withoutCardEdge(parts.pixels, region: region, rows: rows, card: rect, radius: radius)
        }
        var canvas = Canvas(window: window, background: .transparent)
        canvas.draw(Layer(coverage: .placedImage(under, x: 0, y: rows.lowerBound), color: .transparent))
        let full = PixelRect(x0: 0, y0: 0, x1: region.width, y1: region.height)
        for shape in shapes {
            let mask = Rasterizer.coverage(of: shape.polygons, in: full, rows: rows)
            canvas.draw(Layer(coverage: .mask(mask), color: shape.color.premultiplied()))
        }
        // A label whose text is unknown: the screenshot's own pixels in its lines' boxes.
        if let label = parts.label, measurement.lines.first != nil, !labelDrawn {
            for line in label.lines {
                let box = PixelRect(
                    x0: Int(line.inkLeft.rounded(.down)) - 1, y0: Int(line.inkTop) - 1,
                    x1: Int(line.inkRight.rounded(.up)) + 1, y1: Int(line.inkBottom) + 1
                ).intersection(region).intersection(global)
                guard !box.isEmpty, let pixels = try? parts.pixels.crop(box) else { continue }
                canvas.draw(
                    Layer(
                        coverage: .placedImage(pixels, x: box.x0 - region.x0, y: box.y0 - region.y0),
                        color: .transparent))
            }
        }
        guard var rendered = try? Pixmap(width: window.width, height: window.height) else { return nil }
        canvas.write(into: &rendered)
        return (crop, rendered)
    }

    /// Rows of the region starting at `top`, averaged down by `factor` (box filter) into the
    /// kept picture `out` (`factor` 1: copied).
    static func keep(_ rows: Pixmap, into out: inout Pixmap, top: Int, factor: Int) {
        let area = UInt32(factor * factor)
        for y in 0..<(rows.height / factor) where top / factor + y < out.height {
            for x in 0..<out.width {
                var sums: [UInt32] = [0, 0, 0, 0]
                for sy in 0..<factor {
                    for sx in 0..<factor {
                        let p = rows.pixels[(y * factor + sy) * rows.width + x * factor + sx]
                        for c in 0..<4 { sums[c] += (p >> UInt32(8 * c)) & 0xFF }
                    }
                }
                var pixel: UInt32 = 0
                for c in 0..<4 { pixel |= ((sums[c] + area / 2) / area) << UInt32(8 * c) }
                out.pixels[(top / factor + y) * out.width + x] = pixel
            }
        }
    }

    /// Rows `rows` of the region (its own coordinates) with the pixels its card's edge touches
    /// (within 0.75 px outside it, and inside it) replaced by the region's pixel 2 px out from
    /// the edge, straight out from the nearest point of the rounded rectangle: the screen as it
    /// was under the edge, so that the card is not drawn over itself. `card` is in the region's
    /// coordinates.
    static func withoutCardEdge(
        _ pixels: ScreenPixels, region: PixelRect, rows: Range<Int>, card: Rect, radius: Double
    ) -> Pixmap {
        let global = PixelRect(
            x0: region.x0, y0: region.y0 + rows.lowerBound, x1: region.x1, y1: region.y0 + rows.upperBound)
        guard var out = try? pixels.crop(global) else { return .onePixel }
        let (width, height) = (region.width, region.height)
        for y in rows {
            for x in 0..<width {
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                // The nearest point of the rounded rectangle's inner rectangle, then out by the radius.
                let cx = min(max(px, card.minX + radius), card.maxX - radius)
                let cy = min(max(py, card.minY + radius), card.maxY - radius)
                var (nx, ny) = (px - cx, py - cy)
                var distance = (nx * nx + ny * ny).squareRoot() - radius
                if nx == 0 && ny == 0 {
                    // Inside the inner rectangle: the nearest side.
                    let sides = [
                        (px - card.minX, -1.0, 0.0), (card.maxX - px, 1.0, 0.0), (py - card.minY, 0.0, -1.0),
                        (card.maxY - py, 0.0, 1.0),
                    ]
                    let side = sides.min { $0.0 < $1.0 }!
                    (distance, nx, ny) = (-side.0, side.1, side.2)
                } else {
                    let length = (nx * nx + ny * ny).squareRoot()
                    (nx, ny) = (nx / length, ny / length)
                }
                guard distance > -1.5, distance < 0.75 else { continue }
                let (sx, sy) = (
                    Int((px + nx * (2 - distance)).rounded(.down)), Int((py + ny * (2 - distance)).rounded(.down))
                )
                if sx >= 0, sy >= 0, sx < width, sy < height {
                    out.pixels[(y - rows.lowerBound) * width + x] =
                        pixels.pixels[(region.y0 + sy) * pixels.width + region.x0 + sx]
                }
            }
        }
        return out
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX)
        let y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}

extension ScreenPixels {
    /// The pixels of `rect` (inside the image) as a pixmap.
    func crop(_ rect: PixelRect) throws -> Pixmap {
        var out = try Pixmap(width: rect.width, height: rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width { out.pixels[y * rect.width + x] = pixels[(rect.y0 + y) * width + rect.x0 + x] }
        }
        return out
    }
}
