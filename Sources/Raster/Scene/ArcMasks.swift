import Images

/// The arc's masks of a sequence, made once per quarter turn when the spinner's centre allows.
///
/// When the frame count is a multiple of 4, frame k + N/4 is frame k's arc turned 90° about the
/// spinner's centre. If that centre lies on a pixel corner or centre in both axes (2·cx and 2·cy
/// integers, cx + cy an integer), the turn maps pixels onto pixels, and the area of the turned
/// arc in a pixel is the area of the arc in the pixel it came from: the mask of frame k, turned,
/// is as exact as rasterizing the turned arc. So the masks of the first quarter are rasterized
/// (each once, kept) and the others are turned copies. Only when the spinner's box lies wholly
/// in the image (no mask is clipped by its edge) and a mask is small (at most `maskLimit`
/// pixels); otherwise every frame rasterizes its own.
final class ArcMasks: Sendable {
    /// Frames in a quarter turn, when masks are turned; nil otherwise.
    let quarter: Int?
    /// cx + cy and cy − cx, the integers the turn of pixel (x, y) is made of:
    /// (x, y) → (cx + cy − 1 − y, cy − cx + x).
    private let sum: Int
    private let difference: Int
    private let kept = Locked([Int: CoverageMask]())
    /// The largest arc box kept and turned: 512 × 512 pixels (1 MiB a mask).
    static let maskLimit = 1 << 18

    /// `box`: the pixels of the spinner's box; `spinnerWindow`: those inside the image.
    init(frameCount: Int, center: Point, box: PixelRect, spinnerWindow: PixelRect) {
        let (twiceX, twiceY) = (2 * center.x, 2 * center.y)
        let onGrid =
            frameCount % 4 == 0 && box == spinnerWindow && twiceX == twiceX.rounded() && twiceY == twiceY.rounded()
            && abs(twiceX) < 1e9 && abs(twiceY) < 1e9 && (Int(twiceX) + Int(twiceY)) % 2 == 0
            && spinnerWindow.width * spinnerWindow.height <= 4 * ArcMasks.maskLimit
        quarter = onGrid ? frameCount / 4 : nil
        sum = onGrid ? (Int(twiceX) + Int(twiceY)) / 2 : 0
        difference = onGrid ? (Int(twiceY) - Int(twiceX)) / 2 : 0
    }

    /// The mask of frame `index` (0 ≤ index < N): `rasterize(index)` itself, or a kept mask of
    /// the first quarter turned. `rasterize` must depend on the index alone.
    func mask(_ index: Int, within window: PixelRect, rasterize: (Int) -> CoverageMask) -> CoverageMask {
        guard let quarter else { return rasterize(index) }
        let base = index % quarter
        let turns = index / quarter
        let first: CoverageMask
        if let mask = kept.withLock({ $0[base] }) {
            first = mask
        } else {
            first = rasterize(base)
            guard first.window.width * first.window.height <= ArcMasks.maskLimit else { return rasterize(index) }
            kept.withLock { $0[base] = first }
        }
        guard turns > 0 else { return first }
        let mask = turned(first, turns)
        // The turned box must lie inside the spinner's box, as a rasterized one is clipped to it.
        guard window.intersection(mask.window) == mask.window else { return rasterize(index) }
        return mask
    }

    /// `mask` turned `turns` (1…3) times 90° clockwise on screen, in one pass. One turn takes
    /// pixel (x, y) to T(x, y) = (s − 1 − y, d + x) (s = cx + cy, d = cy − cx); two to
    /// (s − d − 1 − x, s + d − 1 − y); three to (y − d, s − 1 − x).
    private func turned(_ mask: CoverageMask, _ turns: Int) -> CoverageMask {
        let w = mask.window
        let (s, d) = (sum, difference)
        let (width, height) = (w.width, w.height)
        let window: PixelRect
        switch turns {
        case 1: window = PixelRect(x0: s - w.y1, y0: d + w.x0, x1: s - w.y0, y1: d + w.x1)
        case 2: window = PixelRect(x0: s - d - w.x1, y0: s + d - w.y1, x1: s - d - w.x0, y1: s + d - w.y0)
        default: window = PixelRect(x0: w.y0 - d, y0: s - w.x1, x1: w.y1 - d, y1: s - w.x0)
        }
        let all = mask.values
        let values = [Float](unsafeUninitializedCapacity: all.count) { target, count in
            all.withUnsafeBufferPointer { source in
                let (from, to) = (source.baseAddress!, target.baseAddress!)
                switch turns {
                case 1:
                    // Target row r is source column r, read from the bottom row up.
                    for r in 0..<width {
                        for c in 0..<height { to[r * height + c] = from[(height - 1 - c) * width + r] }
                    }
                case 2:
                    // Both axes reversed: the values in reverse order.
                    let n = width * height
                    for i in 0..<n { to[i] = from[n - 1 - i] }
                default:
                    // Target row r is source column width − 1 − r, read from the top row down.
                    for r in 0..<width {
                        for c in 0..<height { to[r * height + c] = from[c * width + (width - 1 - r)] }
                    }
                }
            }
            count = all.count
        }
        return CoverageMask(window: window, values: values)
    }
}
