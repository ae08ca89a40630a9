import Images

/// pixelmatch's pictures of a difference, pixel for pixel as it draws its `output` (with its
/// default colours and `alpha` 0.1): differing pixels red, anti-aliased ones yellow, the rest the
/// expected image's luma faded to a tenth over white; or, as a mask (`diffMask`), the differing
/// pixels red on transparency and nothing else. Ignored pixels are drawn as pixels that are the
/// same.
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
