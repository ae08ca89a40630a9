/// An image of straight (not premultiplied) sRGB RGBA pixels, 8 bits a channel, rows top to
/// bottom with no padding: the samples a PNG file stores, as `PNGDecoder.decodeStraight` reads
/// them. Image comparison works on these, as pixelmatch does on the bytes pngjs gives it, so that
/// colour under partial alpha is compared as stored.
///
/// Pixels are `UInt32` with the bytes R, G, B, A in memory order (R in the lowest byte on
/// little-endian machines, as in `Pixmap`). Guarantees: width and height ≥ 1, width × height ≤
/// `Pixmap.maxPixelCount`, `pixels.count == width × height`.
public struct RGBAImage: Sendable, Equatable {
    /// Columns, at least 1.
    public let width: Int
    /// Rows, at least 1.
    public let height: Int
    /// Straight RGBA8, row after row; `width × height` values.
    public var pixels: [UInt32]

    /// An image of `width` × `height` pixels all equal to `fill` (0: transparent black), or
    /// `RasterError.invalidSize`.
    public init(width: Int, height: Int, fill: UInt32 = 0) throws(RasterError) {
        guard RGBAImage.allows(width: width, height: height) else { throw .invalidSize(width: width, height: height) }
        try self.init(width: width, height: height, pixels: [UInt32](repeating: fill, count: width * height))
    }

    /// An image of these `pixels` (`width × height` of them), or `RasterError.invalidSize`.
    public init(width: Int, height: Int, pixels: [UInt32]) throws(RasterError) {
        guard RGBAImage.allows(width: width, height: height), pixels.count == width * height else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    static func allows(width: Int, height: Int) -> Bool {
        width >= 1 && height >= 1 && width <= Pixmap.maxPixelCount && height <= Pixmap.maxPixelCount
            && width * height <= Pixmap.maxPixelCount
    }

    /// The straight pixels of a premultiplied image (`Alpha.demultiply`, exact for pixels that
    /// came from straight ones).
    public init(_ pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        pixels = pixmap.pixels.map { p in
            let a = p >> 24
            if a == 255 || a == 0 { return a == 0 ? 0 : p }
            let alpha = UInt8(a)
            let r = UInt32(Alpha.demultiply(UInt8(p & 0xFF), alpha: alpha))
            let g = UInt32(Alpha.demultiply(UInt8((p >> 8) & 0xFF), alpha: alpha))
            let b = UInt32(Alpha.demultiply(UInt8((p >> 16) & 0xFF), alpha: alpha))
            return Pixmap.pack(r: r, g: g, b: b, a: a)
        }
    }

    /// The pixel at (x, y) as straight (r, g, b, a), 0…255.
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = pixels[y * width + x]
        return (UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24))
    }
}

extension Pixmap {
    /// The premultiplied pixmap of a straight image (`Alpha.premultiply`), taking its buffer.
    public init(premultiplying image: consuming RGBAImage) {
        width = image.width
        height = image.height
        pixels = image.pixels
        image.pixels = []
        pixels.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices {
                let p = buffer[i]
                let a = p >> 24
                if a == 255 { continue }
                if a == 0 {
                    buffer[i] = 0
                    continue
                }
                let alpha = UInt8(a)
                let r = UInt32(Alpha.premultiply(UInt8(p & 0xFF), alpha: alpha))
                let g = UInt32(Alpha.premultiply(UInt8((p >> 8) & 0xFF), alpha: alpha))
                let b = UInt32(Alpha.premultiply(UInt8((p >> 16) & 0xFF), alpha: alpha))
                buffer[i] = Pixmap.pack(r: r, g: g, b: b, a: a)
            }
        }
    }
}
