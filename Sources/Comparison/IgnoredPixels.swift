import Images

/// The pixels a comparison leaves out: rectangles (`--ignore x,y,width,height`) and a mask image
/// whose pixels that are not fully transparent are left out (`--mask`).
public struct IgnoredPixels: Sendable, Equatable {
    /// Rectangles in pixels, each inside the images.
    public var regions: [PixelRect]
    /// An image of the compared size; where its alpha is above 0, pixels are left out.
    public var mask: RGBAImage?

    /// Nothing left out.
    public init(regions: [PixelRect] = [], mask: RGBAImage? = nil) {
        self.regions = regions
        self.mask = mask
    }

    /// Whether nothing is left out.
    public var isEmpty: Bool { regions.isEmpty && mask == nil }

    /// Throws unless every region lies inside an image of `width` × `height` pixels and the mask
    /// has that size.
    public func check(width: Int, height: Int) throws(ComparisonError) {
        let bounds = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        for region in regions where region.isEmpty || region.intersection(bounds) != region {
            throw .regionOutside(region, width: width, height: height)
        }
        if let mask, mask.width != width || mask.height != height {
            throw .maskSize(width: mask.width, height: mask.height, expectedWidth: width, expectedHeight: height)
        }
    }

    /// Marks the left-out pixels `.ignored` in a mask of `width` columns.
    func mark(_ states: UnsafeMutableBufferPointer<UInt8>, width: Int) {
        let ignored = PixelState.ignored.rawValue
        for region in regions {
            for y in region.y0..<region.y1 {
                for x in region.x0..<region.x1 { states[y * width + x] = ignored }
            }
        }
        if let mask {
            for i in mask.pixels.indices where mask.pixels[i] >> 24 != 0 { states[i] = ignored }
        }
    }
}

/// Why two images cannot be compared as asked.
public enum ComparisonError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An ignored region is empty or not inside the image.
    case regionOutside(PixelRect, width: Int, height: Int)
    /// The ignore mask's size is not the images'.
    case maskSize(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)

    /// One lowercase line: the region or mask, and the images' size.
    public var description: String {
        switch self {
        case .regionOutside(let r, let width, let height):
            return
                "region x \(r.x0), y \(r.y0), \(r.width) × \(r.height) px is not inside the \(width) × \(height) px image"
        case .maskSize(let width, let height, let expectedWidth, let expectedHeight):
            return "mask of \(width) × \(height) px for images of \(expectedWidth) × \(expectedHeight) px"
        }
    }
}
