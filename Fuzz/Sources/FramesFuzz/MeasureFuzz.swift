import Images
import LibC
import Measure
import Raster
import Screenshots

/// The measure mode: rendered screens cropped, resized, turned and mirrored, then measured as
/// `frames measure` and the studio measure them. Every picture must end in a measurement whose
/// style a style file could hold (`LoadingStyle.validated` over its preset), "no indicator" or a
/// refusal of the scale; a trap is a finding.
///
/// The bytes: [screen, turn, x0, y0, x1, y1, resize, scale, format, frame, angle, noise]; missing
/// bytes read as 0. `screen` picks one of four rendered screens (an overlay @3 over white, the
/// inline indicator @2 over gradients, a landscape overlay @1, a small overlay @2 of another
/// style); `turn` 0…7 turns and mirrors the picture as the EXIF orientations 1…8 do, bit 3 turns
/// it by `angle` × 360°/256 instead (nearest neighbour, the corners the edge's colour); the crop
/// is the box between fractions /255 of each side; `resize` (when not 0) resizes by
/// `resize`/64 (bilinear); `scale` picks the scale given to the measurement, or none (from the
/// picture's size, as the studio does); `format` bit 0 measures as a JPEG; `noise` adds ±noise/8
/// levels of noise.
enum MeasureFuzz {
    static let screens: [(image: Pixmap, scale: Double)] = {
        var shots: [(Pixmap, Double)] = []
        func add(_ scene: Scene, frame: Int) {
            guard let renderer = try? FrameRenderer(scene: scene, frameCount: 12) else {
                preconditionFailure("the fuzz target's screens render")
            }
            shots.append((renderer.frame(frame), scene.scale))
        }
        var overlay = LoadingStyle.overlay
        overlay.dimAmount = 0.4
        add(
            Scene(style: overlay, variant: .overlay, scale: 3, background: .white, text: "Processing payment…"),
            frame: 3)
        var backdrop: Pixmap
        do {
            backdrop = try Pixmap(width: 780, height: 1688)
        } catch {
            preconditionFailure("780 × 1688 px is a valid size")
        }
        for i in backdrop.pixels.indices {
            let (x, y) = (UInt32(i % backdrop.width), UInt32(i / backdrop.width))
            backdrop.pixels[i] = Pixmap.pack(r: (x * 3 + y) % 256, g: (y / 3) % 256, b: 180, a: 255)
        }
        add(Scene(variant: .indicator, scale: 2, text: "Loading…", backdropImage: backdrop), frame: 7)
        add(
            Scene(
                style: overlay, variant: .overlay, scale: 1, screenSize: Size(width: 844, height: 390),
                background: .white, text: "Processing payment…"), frame: 5)
        var other = LoadingStyle.overlay
        other.spinnerSize = 30
        other.strokeWidth = 6
        other.spinnerColor = Color(red8: 0xE8, green8: 0x42, blue8: 0x1A)
        other.backgroundColor = Color(red8: 0x20, green8: 0x24, blue8: 0x2B)
        other.textColor = .white
        add(
            Scene(
                style: other, variant: .overlay, scale: 2, screenSize: Size(width: 200, height: 300),
                background: Color(red8: 0x80, green8: 0x90, blue8: 0xA0), text: "Bitte warten"), frame: 9)
        return shots
    }()

    /// One case; the outcome, for the generator's count.
    @discardableResult
    static func run(_ bytes: [UInt8]) -> Outcome {
        func byte(_ i: Int) -> Int { i < bytes.count ? Int(bytes[i]) : 0 }
        let base = screens[byte(0) % screens.count]
        var image = base.image
        var scale = base.scale
        let turn = byte(1)
        if turn & 8 != 0 {
            image = turned(image, degrees: Double(byte(10)) * 360 / 256)
        } else if turn % 8 != 0 {
            image = oriented(image, ExifOrientation(value: turn % 8 + 1))
        }
        image = cropped(image, x0: byte(2), y0: byte(3), x1: byte(4), y1: byte(5))
        if byte(6) != 0 {
            let factor = Double(byte(6)) / 64
            image = resized(image, by: factor)
            scale *= factor
        }
        if byte(11) != 0 { addNoise(&image, amplitude: byte(11) / 8, seed: UInt64(bytes.count) &* 0x9E37_79B9) }
        let given: Double?
        switch byte(7) % 6 {
        case 0: given = scale
        case 1: given = nil
        case 2: given = 1
        case 3: given = 16
        case 4: given = max(0.05, min(16, scale * 1.7))
        default: given = max(0.05, min(16, scale / 2.3))
        }
        let options: MeasureOptions
        do {
            let resolved = try ScreenshotScale.resolve(
                width: image.width, height: image.height, scale: given.map { min($0, Scene.maxScale) })
            var request = MeasureOptions(scale: resolved, format: byte(8) & 1 == 1 ? .jpeg : .png)
            request.frames = byte(9) % 3 == 0 ? nil : byte(9)
            options = request
        } catch {
            return .refused
        }
        let measurement: IndicatorMeasurement
        do {
            measurement = try ScreenshotMeasure.measure(image, options: options)
        } catch .noIndicator {
            return .noIndicator
        } catch {
            return .refused
        }
        check(measurement, in: image)
        return .measured
    }

    enum Outcome: CaseIterable {
        case measured, noIndicator, refused
    }

    /// The measurement's style, as a style file would give it back, must be one frames draws.
    static func check(_ m: IndicatorMeasurement, in image: Pixmap) {
        var written = LoadingStyle.preset(for: m.variant)
        for property in StyleProperty.all where !m.unknown.contains(property.name) {
            var value = property.value(in: m.style)
            if case .number(let number) = value {
                let factor = property.kind == .opacity ? 1000.0 : 100.0
                value = .number((number * factor).rounded() / factor)
            }
            precondition(property.allows(value), "measured \(property.name) \(value), which no style has")
            property.set(value, in: &written)
        }
        do {
            _ = try written.validated()
        } catch {
            preconditionFailure("the measured style is refused: \(error)")
        }
        let region = m.region
        precondition(
            region.x0 >= 0 && region.y0 >= 0 && region.x1 <= image.width && region.y1 <= image.height,
            "the compared region \(region) leaves the \(image.width) × \(image.height) px picture")
        precondition(m.meanDelta.isFinite && m.scale.isFinite && m.arcStartDegrees.isFinite, "a figure not finite")
    }

    /// `image` turned and mirrored as EXIF `orientation` turns a stored picture to show it.
    static func oriented(_ image: Pixmap, _ orientation: ExifOrientation) -> Pixmap {
        guard var straight = try? RGBAImage(width: image.width, height: image.height, pixels: image.pixels),
            (try? orientation.apply(to: &straight)) != nil,
            var out = try? Pixmap(width: straight.width, height: straight.height)
        else { return image }
        out.pixels = straight.pixels
        return out
    }

    /// `image` turned by `degrees` clockwise about its centre into the box that holds it, by
    /// nearest neighbour; what lies outside the picture takes its nearest edge pixel.
    static func turned(_ image: Pixmap, degrees: Double) -> Pixmap {
        let radians = degrees * .pi / 180
        let (c, s) = (cos(radians), sin(radians))
        let (w, h) = (Double(image.width), Double(image.height))
        let width = min(12_000, Int((abs(w * c) + abs(h * s)).rounded(.up)))
        let height = min(12_000, Int((abs(w * s) + abs(h * c)).rounded(.up)))
        guard var out = try? Pixmap(width: max(1, width), height: max(1, height)) else { return image }
        let (halfWidth, halfHeight) = (Double(out.width) / 2, Double(out.height) / 2)
        for y in 0..<out.height {
            let dy: Double = Double(y) + 0.5 - halfHeight
            for x in 0..<out.width {
                let dx: Double = Double(x) + 0.5 - halfWidth
                let u: Double = c * dx + s * dy + w / 2
                let v: Double = c * dy - s * dx + h / 2
                let cx = min(max(Int(u.rounded(.down)), 0), image.width - 1)
                let cy = min(max(Int(v.rounded(.down)), 0), image.height - 1)
                out.pixels[y * out.width + x] = image.pixels[cy * image.width + cx]
            }
        }
        return out
    }

    /// The box between fractions /255 of each side; at least one pixel each way.
    static func cropped(_ image: Pixmap, x0: Int, y0: Int, x1: Int, y1: Int) -> Pixmap {
        let (w, h) = (image.width, image.height)
        let (left, right) = (min(x0, x1) * w / 255, max(x0, x1) * w / 255)
        let (top, bottom) = (min(y0, y1) * h / 255, max(y0, y1) * h / 255)
        let cw = max(1, min(w - left, right - left == 0 ? w - left : right - left))
        let ch = max(1, min(h - top, bottom - top == 0 ? h - top : bottom - top))
        let (x, y) = (min(left, w - 1), min(top, h - 1))
        guard var out = try? Pixmap(width: min(cw, w - x), height: min(ch, h - y)) else { return image }
        for row in 0..<out.height {
            for column in 0..<out.width {
                out.pixels[row * out.width + column] = image.pixels[(y + row) * w + x + column]
            }
        }
        return out
    }

    /// `image` resized by `factor` (bilinear), at least one pixel each way and at most 4000.
    static func resized(_ image: Pixmap, by factor: Double) -> Pixmap {
        let width = max(1, min(4000, Int((Double(image.width) * factor).rounded())))
        let height = max(1, min(4000, Int((Double(image.height) * factor).rounded())))
        guard var out = try? Pixmap(width: width, height: height) else { return image }
        let (fx, fy) = (Double(image.width) / Double(width), Double(image.height) / Double(height))
        for y in 0..<height {
            let sy = max(0, (Double(y) + 0.5) * fy - 0.5)
            let (y0, ty) = (min(Int(sy), image.height - 1), sy - sy.rounded(.down))
            let y1 = min(y0 + 1, image.height - 1)
            for x in 0..<width {
                let sx = max(0, (Double(x) + 0.5) * fx - 0.5)
                let (x0, tx) = (min(Int(sx), image.width - 1), sx - sx.rounded(.down))
                let x1 = min(x0 + 1, image.width - 1)
                var pixel: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    func v(_ px: Int, _ py: Int) -> Double {
                        Double((image.pixels[py * image.width + px] >> shift) & 0xFF)
                    }
                    let top = v(x0, y0) * (1 - tx) + v(x1, y0) * tx
                    let bottom = v(x0, y1) * (1 - tx) + v(x1, y1) * tx
                    pixel |= UInt32(max(0, min(255, (top * (1 - ty) + bottom * ty).rounded()))) << shift
                }
                out.pixels[y * width + x] = pixel
            }
        }
        return out
    }

    /// ±`amplitude` levels of noise in each colour channel (the picture is opaque).
    static func addNoise(_ image: inout Pixmap, amplitude: Int, seed: UInt64) {
        guard amplitude > 0 else { return }
        var state = seed | 1
        for i in image.pixels.indices {
            var pixel = image.pixels[i] & 0xFF00_0000
            for shift: UInt32 in [0, 8, 16] {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let offset = Int(state >> 33) % (2 * amplitude + 1) - amplitude
                let value = max(0, min(255, Int((image.pixels[i] >> shift) & 0xFF) + offset))
                pixel |= UInt32(value) << shift
            }
            image.pixels[i] = pixel
        }
    }

    /// `count` cases from `seed` (SplitMix64), each printed before it runs so that a trap names
    /// its case; the outcomes counted.
    static func generate(count: Int, seed: UInt64) -> [Outcome: Int] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var counts: [Outcome: Int] = [:]
        for index in 0..<count {
            var bytes = (0..<12).map { _ in UInt8(truncatingIfNeeded: next()) }
            // Half the cases keep most of the screen, so that the indicator is in the picture.
            if index % 2 == 0 {
                bytes[2] = bytes[2] % 64
                bytes[3] = bytes[3] % 64
                bytes[4] = 255 - bytes[4] % 64
                bytes[5] = 255 - bytes[5] % 64
            }
            // A resize of 1/4 to 2 times, or none.
            bytes[6] = bytes[6] % 3 == 0 ? 0 : 16 + bytes[6] % 112
            // Mostly no noise.
            bytes[11] = bytes[11] % 4 == 0 ? bytes[11] % 48 : 0
            print("case \(index): \(bytes.map { hex($0) }.joined())")
            fflush(nil)
            counts[run(bytes), default: 0] += 1
        }
        return counts
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
