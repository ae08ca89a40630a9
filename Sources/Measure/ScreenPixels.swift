import Images
import Raster

/// An sRGB colour as three floats, each channel 0…255 (gamma-encoded, as stored): the form the
/// measurement mixes, averages and projects colours in. Mixing in this space is what
/// compositing in sRGB space does, so an anti-aliased edge pixel lies on the line between the two
/// colours it mixes.
typealias RGB = SIMD3<Float>

extension RGB {
    /// The largest absolute channel difference from `other`, 0…255.
    func distance(to other: RGB) -> Float {
        let d = self - other
        return Swift.max(Swift.abs(d.x), Swift.max(Swift.abs(d.y), Swift.abs(d.z)))
    }

    /// Euclidean length.
    var length: Float { (self * self).sum().squareRoot() }

    /// Luma, BT.601 weights (as JPEG's Y), 0…255: the lightness a JPEG keeps at full resolution.
    var luma: Float { 0.299 * x + 0.587 * y + 0.114 * z }

    /// The nearest 8-bit colour, opaque.
    var color: Color {
        func channel(_ v: Float) -> UInt8 { UInt8(Swift.max(0, Swift.min(255, v)).rounded()) }
        return Color(red8: channel(x), green8: channel(y), blue8: channel(z))
    }

    /// The colour's 0…255 channels as floats.
    init(_ color: Color) {
        self.init(Float(color.red), Float(color.green), Float(color.blue))
    }
}

/// Read access to a screenshot's pixels as `RGB`: the premultiplied pixmap read as it shows over
/// black (a screenshot is opaque, so that is the image). Points outside the image read as the
/// nearest edge pixel.
struct ScreenPixels: Sendable {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    init(_ image: Pixmap) {
        width = image.width
        height = image.height
        pixels = image.pixels
    }

    /// The pixel at (x, y), clamped into the image.
    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> RGB {
        let cx = Swift.min(Swift.max(x, 0), width - 1)
        let cy = Swift.min(Swift.max(y, 0), height - 1)
        let p = pixels[cy * width + cx]
        return RGB(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF))
    }

    /// The colour at (x, y) in pixel coordinates (pixel (i, j) has its centre at i + 0.5,
    /// j + 0.5), interpolated bilinearly between the four nearest pixel centres.
    func sample(_ x: Double, _ y: Double) -> RGB {
        let fx = x - 0.5
        let fy = y - 0.5
        let x0 = Int(fx.rounded(.down))
        let y0 = Int(fy.rounded(.down))
        let tx = Float(fx - Double(x0))
        let ty = Float(fy - Double(y0))
        let top = rgb(x0, y0) * (1 - tx) + rgb(x0 + 1, y0) * tx
        let bottom = rgb(x0, y0 + 1) * (1 - tx) + rgb(x0 + 1, y0 + 1) * tx
        return top * (1 - ty) + bottom * ty
    }

    /// Whether (x, y) is a pixel of the image.
    func contains(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }
}

/// Robust statistics of colours and numbers.
enum Robust {
    /// The median of `values` (the mean of the middle two for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The value below which `fraction` (0…1) of `values` lie; 0 for none.
    static func quantile(_ values: [Float], _ fraction: Double) -> Float {
        guard !values.isEmpty else { return 0 }
        let index = Int((Double(values.count - 1) * fraction).rounded())
        return select(values, Swift.max(0, Swift.min(values.count - 1, index)))
    }

    /// The channel-wise median of `colors` (the upper middle for an even count), by selection.
    static func median(_ colors: [RGB]) -> RGB {
        guard !colors.isEmpty else { return RGB(0, 0, 0) }
        return RGB(
            select(colors.map { $0.x }, colors.count / 2), select(colors.map { $0.y }, colors.count / 2),
            select(colors.map { $0.z }, colors.count / 2))
    }

    /// The `k`-th smallest of `values` (0-based), by Hoare's selection in expected linear time.
    static func select(_ values: [Float], _ k: Int) -> Float {
        var a = values
        var (low, high) = (0, a.count - 1)
        while low < high {
            let pivot = a[(low + high) / 2]
            var (i, j) = (low, high)
            while i <= j {
                while a[i] < pivot { i += 1 }
                while a[j] > pivot { j -= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return a[k] }
        }
        return a[k]
    }

    /// The median absolute deviation of `values` from their median, scaled by 1.4826 so that
    /// it estimates the standard deviation of normally distributed values.
    static func spread(_ values: [Double]) -> Double {
        let m = median(values)
        return 1.4826 * median(values.map { abs($0 - m) })
    }

    /// The mean of the colours within `tolerance` (largest channel difference) of `center`,
    /// or `center` when none is.
    static func mean(of colors: [RGB], near center: RGB, tolerance: Float) -> RGB {
        var sum = RGB(0, 0, 0)
        var count: Float = 0
        for color in colors where color.distance(to: center) <= tolerance {
            sum += color
            count += 1
        }
        return count > 0 ? sum / count : center
    }
}
