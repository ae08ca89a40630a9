import Images

/// What a comparison is asked: how pixels are judged, which are left out, the window clusters
/// are counted in, the limits that decide pass or fail, and whether to look for a shift.
public struct ComparisonSettings: Sendable, Equatable {
    /// How two pixels are judged. Default: exact, no channel difference allowed.
    public var judgement: PixelJudgement
    /// Pixels left out. Default: none.
    public var ignored: IgnoredPixels
    /// The side of the square window, in pixels, that `largestCluster` counts in (clamped to the
    /// image's smaller side). Default: 16 px.
    public var window: Int
    /// How many differing pixels an image may have and pass. Default: 0.
    public var maxDifferingPixels: Int
    /// How many differing pixels one window may hold and pass; nil: no limit. Default: nil.
    public var maxCluster: Int?
    /// Whether to look for a translation of ±8 px that explains the differences. Default: true.
    public var findsShift: Bool

    /// Settings with the defaults above, changed where given.
    public init(
        judgement: PixelJudgement = .exact(maxChannelDelta: 0), ignored: IgnoredPixels = IgnoredPixels(),
        window: Int = 16, maxDifferingPixels: Int = 0, maxCluster: Int? = nil, findsShift: Bool = true
    ) {
        self.judgement = judgement
        self.ignored = ignored
        self.window = max(1, window)
        self.maxDifferingPixels = maxDifferingPixels
        self.maxCluster = maxCluster
        self.findsShift = findsShift
    }
}

/// Two straight RGBA images compared pixel by pixel (`ComparisonSettings`): with a perceptual
/// judgement, the count of differing pixels is pixelmatch's for the same metric, threshold and
/// anti-aliasing setting. Images of different sizes are a difference no limit passes.
public struct PixelComparison: Sendable, Equatable {
    /// The settings it was made with.
    public let settings: ComparisonSettings
    /// The expected image's size in pixels.
    public let expectedSize: ImageComparison.Size2D
    /// The actual image's size in pixels.
    public let actualSize: ImageComparison.Size2D
    /// Pixels counted as differing (for a size mismatch, the larger image's pixel count).
    public let differingPixels: Int
    /// Pixels beyond the threshold that are anti-aliasing, not counted (0 with
    /// `includeAntialiased`, where they are not looked for, and for exact judgements).
    public let antialiasedPixels: Int
    /// The largest premultiplied channel difference of any pixel not left out, 0…255 (255 for a
    /// size mismatch).
    public let maxChannelDelta: Int
    /// The smallest rectangle holding every differing pixel; nil when none differ.
    public let differenceBox: PixelRect?
    /// The most differing pixels inside one `settings.window` × `settings.window` window.
    public let largestCluster: Int
    /// The translation that explains most of the differences, if one does (same sizes only).
    public let shift: PixelShift?
    /// Every pixel's state; nil for a size mismatch, or once dropped.
    public private(set) var mask: DifferenceMask?

    /// The same figures without the mask (a byte a pixel), for keeping many of them.
    public var droppingMask: PixelComparison {
        var copy = self
        copy.mask = nil
        return copy
    }

    /// Compares `actual` with `expected`. The caller has checked `settings.ignored` against their
    /// size (`IgnoredPixels.check`).
    public init(expected: RGBAImage, actual: RGBAImage, settings: ComparisonSettings) {
        self.settings = settings
        expectedSize = .init(width: expected.width, height: expected.height)
        actualSize = .init(width: actual.width, height: actual.height)
        guard expectedSize == actualSize else {
            differingPixels = max(expected.pixels.count, actual.pixels.count)
            antialiasedPixels = 0
            maxChannelDelta = 255
            differenceBox = PixelRect(
                x0: 0, y0: 0, x1: max(expected.width, actual.width), y1: max(expected.height, actual.height))
            largestCluster = differingPixels
            shift = nil
            mask = nil
            return
        }
        let width = expected.width
        let height = expected.height
        let mask = DifferenceMask(width: width, height: height)
        let counts = expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                mask.withMutableStates { states in
                    settings.ignored.mark(states, width: width)
                    return PixelJudge.judge(
                        e, a, width: width, height: height, rows: 0..<height, judgement: settings.judgement,
                        mask: states)
                }
            }
        }
        differingPixels = counts.differing
        antialiasedPixels = counts.antialiased
        maxChannelDelta = counts.maxChannelDelta
        differenceBox = counts.differing == 0 ? nil : counts.box
        largestCluster =
            counts.differing == 0
            ? 0 : ClusterWindow.largestCount(in: mask, window: settings.window, rows: counts.box.y0..<counts.box.y1)
        if settings.findsShift, let box = differenceBox {
            shift = expected.pixels.withUnsafeBufferPointer { e in
                actual.pixels.withUnsafeBufferPointer { a in
                    mask.withStates { states in
                        ShiftSearch.find(
                            e, a, width: width, height: height, box: box, states: states,
                            differs: PixelComparison.differs(settings.judgement))
                    }
                }
            }
        } else {
            shift = nil
        }
        self.mask = mask
    }

    /// The judgement of two unequal pixels without anti-aliasing detection (the byte offset
    /// picks pixelmatch's background under pixels that are not opaque).
    static func differs(_ judgement: PixelJudgement) -> (UInt32, UInt32, Int) -> Bool {
        switch judgement {
        case .exact(let allowed):
            return { p, q, _ in PixelJudge.premultipliedDelta(p, q) > allowed }
        case .perceptual(let tolerance) where tolerance.metric == .yiq:
            let limit = PixelmatchYIQ.limit(threshold: tolerance.threshold)
            return { p, q, k in PixelmatchYIQ.differs(p, q, offset: k, limit: limit) }
        case .perceptual(let tolerance):
            return { p, q, k in PixelmatchOKLab.differs(p, q, offset: k, limit: tolerance.threshold) }
        }
    }

    /// Whether both images have the same width and height.
    public var sizesMatch: Bool { expectedSize == actualSize }

    /// Same size, at most `maxDifferingPixels` differing, and no window over `maxCluster`.
    public var passes: Bool {
        sizesMatch && differingPixels <= settings.maxDifferingPixels
            && settings.maxCluster.map { largestCluster <= $0 } ?? true
    }

    /// One line for people: the figures, the shift if any.
    public var summary: String {
        guard sizesMatch else {
            return "size \(actualSize.width)×\(actualSize.height) px, expected "
                + "\(expectedSize.width)×\(expectedSize.height) px"
        }
        var parts: [String] = []
        parts.append(differingPixels == 1 ? "1 pixel differs" : "\(differingPixels) pixels differ")
        if case .perceptual(let tolerance) = settings.judgement {
            parts[0] += " (\(tolerance.metric.rawValue), threshold \(tolerance.threshold))"
            if !tolerance.includeAntialiased { parts.append("\(antialiasedPixels) anti-aliased not counted") }
        }
        if let box = differenceBox { parts.append("in x \(box.x0)…\(box.x1 - 1), y \(box.y0)…\(box.y1 - 1)") }
        parts.append("largest channel difference \(maxChannelDelta)")
        parts.append("at most \(largestCluster) in a \(settings.window)×\(settings.window) window")
        var text = parts.joined(separator: ", ")
        if let shift { text += "; " + shift.description }
        return text
    }

    /// PSNR in dB over the R, G, B and A samples; nil when the images are equal (infinite) or
    /// their sizes differ.
    public static func psnr(expected: RGBAImage, actual: RGBAImage) -> Double? {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        return expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in ImageScores.psnr(e, a) }
        }
    }

    /// SSIM, 8 × 8 blocks on luma over white (`ImageScores`), 1 for equal images; nil when the
    /// sizes differ.
    public static func ssim(expected: RGBAImage, actual: RGBAImage) -> Double? {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        return expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                ImageScores.ssim(e, a, width: expected.width, height: expected.height)
            }
        }
    }
}
