import Images

/// How two images differ, pixel by pixel, in premultiplied 8-bit RGBA (so colour hidden under
/// zero alpha never counts), and whether they pass two thresholds: a largest allowed difference
/// in any channel of a pixel, and a largest allowed number of pixels that exceed it.
///
/// Never a global percentage: one badly wrong pixel is as visible in the figures as many.
public struct ImageComparison: Sendable, Equatable {
    /// The expected image's size in pixels.
    public let expectedSize: (width: Int, height: Int)
    /// The actual image's size in pixels.
    public let actualSize: (width: Int, height: Int)
    /// The largest difference in any channel of any pixel, 0…255 (255 for a size mismatch).
    public let maxChannelDelta: Int
    /// Pixels whose largest channel difference is above 0.
    public let differingPixels: Int
    /// Pixels whose largest channel difference is above the allowed delta.
    public let pixelsOverThreshold: Int
    /// The smallest rectangle holding every differing pixel; nil when none differ.
    public let differenceBox: PixelRect?
    /// The largest channel difference (0…255) a pixel may have and still count as equal.
    public let allowedChannelDelta: Int
    /// How many pixels may exceed `allowedChannelDelta` for the comparison to pass.
    public let allowedDifferingPixels: Int

    public static func == (lhs: ImageComparison, rhs: ImageComparison) -> Bool {
        lhs.expectedSize == rhs.expectedSize && lhs.actualSize == rhs.actualSize
            && lhs.maxChannelDelta == rhs.maxChannelDelta && lhs.differingPixels == rhs.differingPixels
            && lhs.pixelsOverThreshold == rhs.pixelsOverThreshold && lhs.differenceBox == rhs.differenceBox
    }

    /// Whether both images have the same width and height.
    public var sizesMatch: Bool { expectedSize == actualSize }
    /// Pixels in the actual image.
    public var pixelCount: Int { actualSize.width * actualSize.height }
    /// differingPixels as a share of all pixels, 0…1.
    public var differingShare: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }
    /// Same size, and at most `allowedDifferingPixels` pixels differ by more than `allowedChannelDelta`.
    public var passes: Bool { sizesMatch && pixelsOverThreshold <= allowedDifferingPixels }
    /// Same size and every channel of every pixel equal.
    public var isIdentical: Bool { sizesMatch && differingPixels == 0 }

    /// Compares `actual` with `expected`.
    public init(
        expected: Pixmap, actual: Pixmap, maxChannelDelta allowedDelta: Int = 0,
        maxDifferingPixels allowedPixels: Int = 0
    ) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        allowedChannelDelta = allowedDelta
        allowedDifferingPixels = allowedPixels
        guard expected.width == actual.width, expected.height == actual.height else {
            maxChannelDelta = 255
            differingPixels = max(expected.width * expected.height, actual.width * actual.height)
            pixelsOverThreshold = differingPixels
            differenceBox = PixelRect(
                x0: 0, y0: 0, x1: max(expected.width, actual.width), y1: max(expected.height, actual.height))
            return
        }
        var worst = 0
        var differing = 0
        var over = 0
        var box = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        let width = actual.width
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for i in 0..<e.count where e[i] != a[i] {
                    let delta = ImageComparison.channelDelta(e[i], a[i])
                    worst = max(worst, delta)
                    differing += 1
                    if delta > allowedDelta { over += 1 }
                    let x = i % width
                    let y = i / width
                    box = box.union(PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1))
                }
            }
        }
        maxChannelDelta = worst
        differingPixels = differing
        pixelsOverThreshold = over
        differenceBox = differing == 0 ? nil : box
    }

    /// Compares straight images as if both were premultiplied first (`Pixmap(premultiplying:)`),
    /// with the same figures, without premultiplying the pixels that are equal.
    public init(
        expected: RGBAImage, actual: RGBAImage, maxChannelDelta allowedDelta: Int = 0,
        maxDifferingPixels allowedPixels: Int = 0
    ) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        allowedChannelDelta = allowedDelta
        allowedDifferingPixels = allowedPixels
        guard expected.width == actual.width, expected.height == actual.height else {
            maxChannelDelta = 255
            differingPixels = max(expected.width * expected.height, actual.width * actual.height)
            pixelsOverThreshold = differingPixels
            differenceBox = PixelRect(
                x0: 0, y0: 0, x1: max(expected.width, actual.width), y1: max(expected.height, actual.height))
            return
        }
        var worst = 0
        var differing = 0
        var over = 0
        var box = PixelRect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
        let width = actual.width
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<actual.height where !PixelJudge.rowsEqual(e, a, row: y * width, width: width) {
                    for i in (y * width)..<((y + 1) * width) where e[i] != a[i] {
                        let delta = PixelJudge.premultipliedDelta(e[i], a[i])
                        if delta == 0 { continue }
                        worst = max(worst, delta)
                        differing += 1
                        if delta > allowedDelta { over += 1 }
                        box.include(x: i % width, y: y)
                    }
                }
            }
        }
        maxChannelDelta = worst
        differingPixels = differing
        pixelsOverThreshold = over
        differenceBox = differing == 0 ? nil : box
    }

    /// The largest of the four channel differences of two packed pixels.
    @inline(__always)
    static func channelDelta(_ p: UInt32, _ q: UInt32) -> Int {
        var worst = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
        }
        return worst
    }

    /// The loosest thresholds this pair needs to pass: every differing pixel within the delta,
    /// or none of them counted (nil for a size mismatch, which no threshold passes).
    public var tightestPassingThresholds: (maxChannelDelta: Int, maxDifferingPixels: Int)? {
        sizesMatch ? (maxChannelDelta, 0) : nil
    }

    /// One line for people: the figures, and what would pass.
    public var summary: String {
        guard sizesMatch else {
            return
                "size \(actualSize.width)×\(actualSize.height) px, expected \(expectedSize.width)×\(expectedSize.height) px"
        }
        if differingPixels == 0 { return "identical (largest channel difference 0, 0 pixels differ)" }
        let share = Double(differingPixels) / Double(max(1, pixelCount)) * 100
        let shareText = share < 0.01 ? "<0.01" : "\((share * 100).rounded() / 100)"
        let box = differenceBox!
        let pixels = differingPixels == 1 ? "1 pixel differs" : "\(differingPixels) pixels differ"
        var text =
            "largest channel difference \(maxChannelDelta), \(pixels) (\(shareText) %), "
            + "in x \(box.x0)…\(box.x1 - 1), y \(box.y0)…\(box.y1 - 1)"
        if allowedChannelDelta > 0 { text += ", \(pixelsOverThreshold) over \(allowedChannelDelta)" }
        text +=
            "; would pass with a channel delta of \(maxChannelDelta) allowed, or \(differingPixels) differing pixels"
        return text
    }

    /// The size in pixels of `diffImage` for images of these sizes: three panels as large as the
    /// larger image, 4 px apart.
    public static func diffSize(expected: Size2D, actual: Size2D) -> Size2D {
        let width = max(expected.width, actual.width)
        return Size2D(width: 3 * width + 2 * diffGap, height: max(expected.height, actual.height))
    }

    /// A size in whole pixels.
    public struct Size2D: Sendable, Equatable {
        /// Pixels across.
        public let width: Int
        /// Pixels down.
        public let height: Int

        /// A size of `width` × `height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        /// Whether an image of this size may be made: at most `Pixmap.maxPixelCount` pixels.
        public var fits: Bool {
            let (count, overflow) = width.multipliedReportingOverflow(by: height)
            return !overflow && count <= Pixmap.maxPixelCount
        }
    }

    static let diffGap = 4

    /// Expected | actual | difference, side by side, on a checkerboard where transparent. The
    /// difference panel is `differenceImage`. The caller checks that `diffSize` fits: never a
    /// panel cut short.
    public static func diffImage(expected: Pixmap, actual: Pixmap) -> Pixmap {
        let width = max(expected.width, actual.width)
        let height = max(expected.height, actual.height)
        let gap = diffGap
        let size = diffSize(
            expected: Size2D(width: expected.width, height: expected.height),
            actual: Size2D(width: actual.width, height: actual.height))
        precondition(size.fits, "a diff image over the pixel limit")
        var out = try! Pixmap(width: size.width, height: height)
        let difference = differenceImage(expected: expected, actual: actual)
        for y in 0..<height {
            for x in 0..<width {
                let row = y * out.width
                out.pixels[row + x] = pixel(expected, x, y).map { over($0, x, y) } ?? checker(x, y)
                if width + gap + x < out.width {
                    out.pixels[row + width + gap + x] = pixel(actual, x, y).map { over($0, x, y) } ?? checker(x, y)
                }
                let panel = 2 * (width + gap) + x
                if panel < out.width { out.pixels[row + panel] = difference.pixels[y * width + x] }
            }
            for x in width..<min(out.width, width + gap) {
                out.pixels[y * out.width + x] = Pixmap.pack(r: 64, g: 64, b: 64, a: 255)
            }
            for x in (2 * width + gap)..<min(out.width, 2 * (width + gap)) {
                out.pixels[y * out.width + x] = Pixmap.pack(r: 64, g: 64, b: 64, a: 255)
            }
        }
        return out
    }

    /// Where two images differ, as large as the larger: the expected image over a checkerboard,
    /// faded to a quarter, with every differing pixel in saturated magenta (red where the sizes
    /// differ). Opaque.
    public static func differenceImage(expected: Pixmap, actual: Pixmap) -> Pixmap {
        let width = max(expected.width, actual.width)
        let height = max(expected.height, actual.height)
        var out = try! Pixmap(width: width, height: height)
        let sizesMatch = expected.width == actual.width && expected.height == actual.height
        for y in 0..<height {
            for x in 0..<width {
                let e = pixel(expected, x, y)
                if e != pixel(actual, x, y) {
                    out.pixels[y * width + x] =
                        sizesMatch
                        ? Pixmap.pack(r: 255, g: 0, b: 255, a: 255)
                        : Pixmap.pack(r: 255, g: 0, b: 0, a: 255)
                } else {
                    let shown = over(e ?? 0, x, y)
                    func faded(_ shift: UInt32) -> UInt32 { 191 + ((shown >> shift) & 0xFF) / 4 }
                    out.pixels[y * width + x] = Pixmap.pack(r: faded(0), g: faded(8), b: faded(16), a: 255)
                }
            }
        }
        return out
    }

    /// The checkerboard under transparent pixels: 8-pixel squares, light grey and white.
    private static func checker(_ x: Int, _ y: Int) -> UInt32 {
        ((x / 8 + y / 8) % 2 == 0)
            ? Pixmap.pack(r: 204, g: 204, b: 204, a: 255) : Pixmap.pack(r: 255, g: 255, b: 255, a: 255)
    }

    /// A premultiplied pixel over the checkerboard.
    private static func over(_ p: UInt32, _ x: Int, _ y: Int) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        let back = checker(x, y)
        let keep = 255 - a
        func channel(_ shift: UInt32) -> UInt32 {
            ((p >> shift) & 0xFF) + (((back >> shift) & 0xFF) * keep + 127) / 255
        }
        return Pixmap.pack(r: channel(0), g: channel(8), b: channel(16), a: 255)
    }

    private static func pixel(_ image: Pixmap, _ x: Int, _ y: Int) -> UInt32? {
        x < image.width && y < image.height ? image.pixels[y * image.width + x] : nil
    }
}
