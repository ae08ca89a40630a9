import Images

/// Pictures of a difference. For the judged figures, pixelmatch's, pixel for pixel as it draws
/// its `output` (with its default colours and `alpha` 0.1): differing pixels red, anti-aliased
/// ones yellow, the rest the expected image's luma faded to a tenth over white; or, as a mask
/// (`diffMask`), the differing pixels red on transparency and nothing else; ignored pixels are
/// drawn as pixels that are the same. For the channel figures, expected | actual | difference
/// side by side, every pixel that differs at all in magenta.
public enum DifferencePicture {
    /// Differing pixels, opaque red.
    static let differing: UInt32 = 0xFF00_00FF
    /// Anti-aliased pixels, opaque yellow.
    static let antialiased: UInt32 = 0xFF00_FFFF

    /// The picture of `mask` over `expected` (the same size).
    public static func picture(of mask: DifferenceMask, over expected: RGBAImage) -> RGBAImage {
        precondition(mask.width == expected.width && mask.height == expected.height, "a mask of another size")
        var pixels = [UInt32](repeating: 0, count: expected.pixels.count)
        pixels.withUnsafeMutableBufferPointer { out in
            mask.withStates { states in
                for i in out.indices {
                    switch states[i] {
                    case PixelState.differing.rawValue: out[i] = differing
                    case PixelState.antialiased.rawValue: out[i] = antialiased
                    default: out[i] = faded(expected.pixels[i])
                    }
                }
            }
        }
        return try! RGBAImage(width: expected.width, height: expected.height, pixels: pixels)
    }

    /// The differing pixels of `mask` in red, everything else transparent.
    public static func maskPicture(of mask: DifferenceMask) -> RGBAImage {
        let pixels = mask.withStates { states in states.map { $0 == PixelState.differing.rawValue ? differing : 0 } }
        return try! RGBAImage(width: mask.width, height: mask.height, pixels: pixels)
    }

    /// pixelmatch's `drawGrayPixel` with alpha 0.1: the value is stored in a byte by truncation,
    /// as a `Uint8Array` stores it.
    @inline(__always)
    static func faded(_ p: UInt32) -> UInt32 {
        let r = Double(p & 0xFF)
        let g = Double((p >> 8) & 0xFF)
        let b = Double((p >> 16) & 0xFF)
        let a = Double(p >> 24)
        let value = 255 + (r * 0.29889531 + g * 0.58662247 + b * 0.11448223 - 255) * 0.1 * a / 255
        let v = UInt32(UInt8(truncatingIfNeeded: Int(value)))
        return v | v << 8 | v << 16 | 0xFF00_0000
    }
}

extension DifferencePicture {
    /// The size in pixels of `sideBySide` for images of these sizes: three panels as large as the
    /// larger image, 4 px apart.
    public static func sideBySideSize(expected: ImageComparison.Size2D, actual: ImageComparison.Size2D)
        -> ImageComparison.Size2D
    {
        let width = max(expected.width, actual.width)
        return ImageComparison.Size2D(width: 3 * width + 2 * gap, height: max(expected.height, actual.height))
    }

    /// Pixels between the panels.
    static let gap = 4

    /// Expected | actual | difference, side by side, on a checkerboard where transparent. The
    /// difference panel is `magenta`. The caller checks that `sideBySideSize` fits: never a
    /// panel cut short.
    public static func sideBySide(expected: Pixmap, actual: Pixmap) -> Pixmap {
        let width = max(expected.width, actual.width)
        let height = max(expected.height, actual.height)
        let size = sideBySideSize(
            expected: ImageComparison.Size2D(width: expected.width, height: expected.height),
            actual: ImageComparison.Size2D(width: actual.width, height: actual.height))
        precondition(size.fits, "a diff image over the pixel limit")
        var out = try! Pixmap(width: size.width, height: height)
        let difference = magenta(expected: expected, actual: actual)
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
    public static func magenta(expected: Pixmap, actual: Pixmap) -> Pixmap {
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
