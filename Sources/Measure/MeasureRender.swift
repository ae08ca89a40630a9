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
        guard !region.isEmpty, let crop = try? parts.pixels.crop(region) else { return }
        let layers = self.layers(parts, measurement: measurement, region: region, crop: crop)
        let local = PixelRect(x0: 0, y0: 0, x1: region.width, y1: region.height)
        var canvas = Canvas(window: local, background: .transparent)
        for layer in layers { canvas.draw(layer) }
        guard var rendered = try? Pixmap(width: region.width, height: region.height) else { return }
        canvas.write(into: &rendered)
        var total = 0
        var largest = 0
        for (p, q) in zip(crop.pixels, rendered.pixels) {
            for shift in [UInt32(0), 8, 16] {
                let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                total += d
                largest = max(largest, d)
            }
        }
        measurement.region = region
        measurement.screenshot = crop
        measurement.rerender = rendered
        measurement.meanDelta = Double(total) / Double(3 * crop.pixels.count)
        measurement.maxDelta = largest
    }

    /// The layers over the screenshot's pixels, in the region's coordinates.
    static func layers(
        _ parts: IndicatorParts, measurement: IndicatorMeasurement, region: PixelRect, crop: Pixmap
    ) -> [Layer] {
        let s = parts.scale
        let style = measurement.style
        let (ox, oy) = (Double(region.x0), Double(region.y0))
        let local = PixelRect(x0: 0, y0: 0, x1: region.width, y1: region.height)
        func mask(_ path: Path, _ color: Color) -> Layer {
            Layer(coverage: .mask(Rasterizer.coverage(of: path, in: local)), color: color.premultiplied())
        }
        var layers = [Layer(coverage: .image(crop), color: .transparent)]
        if let card = measurement.card {
            let rect = Rect(
                x: card.minX * s - ox, y: card.minY * s - oy, width: card.width * s, height: card.height * s)
            let radius = min(style.cornerRadius * s, rect.width / 2, rect.height / 2)
            layers[0] = Layer(coverage: .image(withoutCardEdge(crop, rect, radius: radius)), color: .transparent)
            layers.append(mask(Path.roundedRect(rect, cornerRadius: radius), style.backgroundColor))
        }
        var moved = parts.ring
        moved.centerX -= ox
        moved.centerY -= oy
        let (track, arc) = RingModel(moved).paths
        layers.append(mask(track, style.trackColor))
        layers.append(mask(arc, style.spinnerColor))
        guard let label = parts.label, let first = measurement.lines.first else { return layers }
        if let text = label.text, label.matches != false,
            let laid = label.layout(
                text, size: label.size, font: parts.font!, language: parts.options.language,
                maxLineWidth: parts.wrapWidth(for: label))
        {
            let path = laid.path(axisX: (parts.ring.centerX - ox) / s, top: first.minY - oy / s, scale: s)
            layers.append(mask(path, style.textColor))
        } else {
            for line in label.lines {
                let box = PixelRect(
                    x0: Int(line.inkLeft.rounded(.down)) - 1, y0: Int(line.inkTop) - 1,
                    x1: Int(line.inkRight.rounded(.up)) + 1, y1: Int(line.inkBottom) + 1
                ).intersection(region)
                guard !box.isEmpty, let pixels = try? parts.pixels.crop(box) else { continue }
                layers.append(
                    Layer(
                        coverage: .placedImage(pixels, x: box.x0 - region.x0, y: box.y0 - region.y0),
                        color: .transparent))
            }
        }
        return layers
    }

    /// The screenshot's pixels with those its card's edge touches (within 0.75 px outside it, and
    /// inside it) replaced by the pixel 2 px out from the edge, straight out from the nearest
    /// point of the rounded rectangle: the screen as it was under the edge, so that the card is
    /// not drawn over itself.
    static func withoutCardEdge(_ image: Pixmap, _ card: Rect, radius: Double) -> Pixmap {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
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
                if sx >= 0, sy >= 0, sx < image.width, sy < image.height {
                    out.pixels[y * image.width + x] = image.pixels[sy * image.width + sx]
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
