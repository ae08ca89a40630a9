import LibC

/// The scores ImageMagick users know, for two straight images of the same size: PSNR and SSIM.
///
/// PSNR is 10 · log10(255² / MSE) in dB over the R, G, B and A samples of every pixel, infinite
/// (nil) for equal images. SSIM is Wang, Bovik, Sheikh and Simoncelli's (2004) structural
/// similarity with K1 = 0.01, K2 = 0.03 and L = 255, on the luma (Rec. 601) of each pixel over
/// white, averaged over 8 × 8 blocks that tile the image (those at the right and bottom edges
/// smaller); 1 for equal images. Blocks, not an 11 × 11 Gaussian window: a pass over each image
/// without a second buffer, so the figure differs a little from ImageMagick's.
enum ImageScores {
    static func psnr(_ expected: UnsafeBufferPointer<UInt32>, _ actual: UnsafeBufferPointer<UInt32>) -> Double? {
        var squares: UInt64 = 0
        for i in 0..<expected.count where expected[i] != actual[i] {
            let p = expected[i]
            let q = actual[i]
            for shift in [UInt32(0), 8, 16, 24] {
                let d = Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)
                squares += UInt64(d * d)
            }
        }
        if squares == 0 { return nil }
        let mse = Double(squares) / Double(4 * expected.count)
        return 10 * log10(255 * 255 / mse)
    }

    static func ssim(
        _ expected: UnsafeBufferPointer<UInt32>, _ actual: UnsafeBufferPointer<UInt32>, width: Int, height: Int
    ) -> Double {
        let block = 8
        let c1 = (0.01 * 255) * (0.01 * 255)
        let c2 = (0.03 * 255) * (0.03 * 255)
        let columns = (width + block - 1) / block
        var total = 0.0
        var blocks = 0
        var sums = [Double](repeating: 0, count: 5 * columns)
        for top in stride(from: 0, to: height, by: block) {
            let rows = min(block, height - top)
            for i in sums.indices { sums[i] = 0 }
            var equal = true
            for y in top..<(top + rows) {
                let row = y * width
                for x in 0..<width {
                    let p = expected[row + x]
                    let q = actual[row + x]
                    if p != q { equal = false }
                    let a = luma(p)
                    let b = p == q ? a : luma(q)
                    let c = 5 * (x / block)
                    sums[c] += a
                    sums[c + 1] += b
                    sums[c + 2] += a * a
                    sums[c + 3] += b * b
                    sums[c + 4] += a * b
                }
            }
            for column in 0..<columns {
                blocks += 1
                if equal {
                    total += 1
                    continue
                }
                let n = Double(rows * min(block, width - column * block))
                let c = 5 * column
                let mx = sums[c] / n
                let my = sums[c + 1] / n
                let vx = max(0, sums[c + 2] / n - mx * mx)
                let vy = max(0, sums[c + 3] / n - my * my)
                let cxy = sums[c + 4] / n - mx * my
                total += ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
            }
        }
        return total / Double(blocks)
    }

    /// Rec. 601 luma, 0…255, of a straight pixel over white.
    @inline(__always)
    static func luma(_ p: UInt32) -> Double {
        let a = Double(p >> 24) / 255
        let y = 0.299 * Double(p & 0xFF) + 0.587 * Double((p >> 8) & 0xFF) + 0.114 * Double((p >> 16) & 0xFF)
        return 255 + (y - 255) * a
    }
}
