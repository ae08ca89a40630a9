import Images
import Workers

/// What a comparison is asked: how pixels are judged, which are left out, the limits that decide
/// pass or fail, and which figures it finds besides the count.
public struct ComparisonSettings: Sendable, Equatable {
    /// The figures a comparison finds besides the count, and the words its summary says them in.
    public enum Figures: Sendable, Equatable {
        /// The figures of an exact comparison as `frames compare` has always printed them: the
        /// largest channel difference, the pixels that differ at all and their box, those over
        /// the channel threshold, and the thresholds that would pass. Neither clusters nor a
        /// shift are looked for.
        case channels
        /// The pixels the judgement counts and their box, the anti-aliased ones left out, the
        /// largest cluster in a window, and a shift (`findsShift`).
        case judged
    }

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
    /// Whether to look for a translation of ±8 px that explains the differences (judged figures
    /// only). Default: true.
    public var findsShift: Bool
    /// The figures found and said. Default: judged.
    public var figures: Figures

    /// Settings with the defaults above, changed where given.
    public init(
        judgement: PixelJudgement = .exact(maxChannelDelta: 0), ignored: IgnoredPixels = IgnoredPixels(),
        window: Int = 16, maxDifferingPixels: Int = 0, maxCluster: Int? = nil, findsShift: Bool = true,
        figures: Figures = .judged
    ) {
        self.judgement = judgement
        self.ignored = ignored
        self.window = max(1, window)
        self.maxDifferingPixels = maxDifferingPixels
        self.maxCluster = maxCluster
        self.findsShift = findsShift
        self.figures = figures
    }
}

/// Two straight RGBA images compared pixel by pixel, as `ComparisonSettings` asks: the one
/// comparison of this package. An exact judgement compares premultiplied channels (colour under
/// zero alpha never counts); with a perceptual one, the count of differing pixels is
/// pixelmatch's for the same metric, threshold and anti-aliasing setting. Images of different
/// sizes are a difference no limit passes.
public struct ImageComparison: Sendable, Equatable {
    /// The settings it was made with.
    public let settings: ComparisonSettings
    /// The expected image's size in pixels.
    public let expectedSize: Size2D
    /// The actual image's size in pixels.
    public let actualSize: Size2D
    /// Pixels the judgement counts as differing (for a size mismatch, the larger image's pixel
    /// count).
    public let differingPixels: Int
    /// Pixels not left out whose premultiplied channels differ at all, whatever the judgement
    /// (for a size mismatch, as `differingPixels`).
    public let changedPixels: Int
    /// Pixels beyond the threshold that are anti-aliasing, not counted (0 with
    /// `includeAntialiased`, where they are not looked for, and for exact judgements).
    public let antialiasedPixels: Int
    /// The largest premultiplied channel difference of any pixel not left out, 0…255 (255 for a
    /// size mismatch).
    public let maxChannelDelta: Int
    /// The smallest rectangle holding every differing pixel; nil when none differ.
    public let differenceBox: PixelRect?
    /// The smallest rectangle holding every changed pixel; nil when none changed.
    public let changedBox: PixelRect?
    /// The most differing pixels inside one `settings.window` × `settings.window` window (0 for
    /// the channel figures, which do not count clusters).
    public let largestCluster: Int
    /// The translation that explains most of the differences, if one does (same sizes only).
    public let shift: PixelShift?
    /// Every pixel's state; nil for a size mismatch, or once dropped.
    public private(set) var mask: DifferenceMask?

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

    /// The same figures without the mask (a byte a pixel), for keeping many of them.
    public var droppingMask: ImageComparison {
        var copy = self
        copy.mask = nil
        return copy
    }

    /// Compares `actual` with `expected`, judging bands of rows on up to `workers` threads when
    /// there is work for them (`threadedWork`; the figures and the mask are the same for any
    /// number). The caller has checked `settings.ignored` against their size
    /// (`IgnoredPixels.check`).
    public init(
        expected: RGBAImage, actual: RGBAImage, settings: ComparisonSettings = ComparisonSettings(), workers: Int = 1
    ) {
        self.settings = settings
        expectedSize = .init(width: expected.width, height: expected.height)
        actualSize = .init(width: actual.width, height: actual.height)
        guard expectedSize == actualSize else {
            differingPixels = max(expected.pixels.count, actual.pixels.count)
            changedPixels = differingPixels
            antialiasedPixels = 0
            maxChannelDelta = 255
            differenceBox = PixelRect(
                x0: 0, y0: 0, x1: max(expected.width, actual.width), y1: max(expected.height, actual.height))
            changedBox = differenceBox
            largestCluster = differingPixels
            shift = nil
            mask = nil
            return
        }
        let width = expected.width
        let height = expected.height
        let threads = Self.threads(expected, actual, settings.judgement, workers: workers)
        let mask = DifferenceMask(width: width, height: height, touched: threads > 1)
        mask.withMutableStates { states in settings.ignored.mark(states, width: width) }
        let counts = Self.judge(expected, actual, settings.judgement, into: mask, threads: threads)
        differingPixels = counts.differing
        changedPixels = counts.changed
        antialiasedPixels = counts.antialiased
        maxChannelDelta = counts.maxChannelDelta
        differenceBox = counts.differing == 0 ? nil : counts.box
        changedBox = counts.changed == 0 ? nil : counts.changedBox
        let judged = settings.figures == .judged
        largestCluster =
            !judged || counts.differing == 0
            ? 0 : ClusterWindow.largestCount(in: mask, window: settings.window, rows: counts.box.y0..<counts.box.y1)
        if judged, settings.findsShift, let box = differenceBox {
            shift = expected.pixels.withUnsafeBufferPointer { e in
                actual.pixels.withUnsafeBufferPointer { a in
                    mask.withStates { states in
                        ShiftSearch.find(
                            e, a, width: width, height: height, box: box, states: states,
                            differs: ImageComparison.differs(settings.judgement))
                    }
                }
            }
        } else {
            shift = nil
        }
        self.mask = mask
    }

    /// Rows in a band of the judgement: enough that taking one costs nothing beside judging it,
    /// few enough that the bands of a picture whose differences sit in one part spread evenly.
    static let bandRows = 64

    /// Unequal pixels below which the judgement stays on one thread. On the two cores measured
    /// (BENCHMARKS.md) a second thread, faulting its rows of the mask in as it wrote them, bought
    /// nothing for a million differing pixels and cost 40–60 % more CPU; with the mask's pages
    /// touched first (`DifferenceMask(touched:)`) it takes a fifth off the wall time of a million
    /// scattered pixels, a twentieth of a million in blocks.
    static let threadedWork = 500_000

    /// The threads that judge `expected` against `actual` (the same size): up to `workers` when
    /// the judgement is perceptual and the first row of every band of `bandRows` holds enough
    /// unequal pixels to foretell `threadedWork` in all, else one (an exact judgement is a few
    /// operations a pixel: on 33 million a second thread cost 40 % more CPU and no time).
    static func threads(
        _ expected: RGBAImage, _ actual: RGBAImage, _ judgement: PixelJudgement, workers: Int,
        threadedWork: Int = threadedWork
    ) -> Int {
        guard workers > 1, judgement.isPerceptual else { return 1 }
        let work = expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                foretoldWork(e, a, width: expected.width, height: expected.height)
            }
        }
        return work >= threadedWork ? workers : 1
    }

    /// `expected` judged against `actual` (the same size) into `mask`, in bands of `bandRows`
    /// rows, on `threads` threads. Each band writes its own rows of the mask and its own counts,
    /// added up in band order.
    static func judge(
        _ expected: RGBAImage, _ actual: RGBAImage, _ judgement: PixelJudgement, into mask: DifferenceMask,
        threads: Int
    ) -> JudgedCounts {
        let (width, height) = (expected.width, expected.height)
        let bands = (height + bandRows - 1) / bandRows
        return expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                mask.withMutableStates { states in
                    let shared = SharedPixels(expected: e, actual: a, states: states)
                    return WorkerPool.map(bands, workers: threads) { band in
                        let rows = band * bandRows..<min(height, (band + 1) * bandRows)
                        return PixelJudge.judge(
                            shared.expected, shared.actual, width: width, height: height, rows: rows,
                            judgement: judgement, mask: shared.states)
                    }.reduce(JudgedCounts()) { $0.adding($1) }
                }
            }
        }
    }

    /// The unequal pixels of the first row of each band of `bandRows`, times `bandRows`: the
    /// judgement's work foretold from one row in 64.
    static func foretoldWork(
        _ expected: UnsafeBufferPointer<UInt32>, _ actual: UnsafeBufferPointer<UInt32>, width: Int, height: Int
    ) -> Int {
        var unequal = 0
        for row in stride(from: 0, to: height, by: bandRows) {
            for x in row * width..<(row + 1) * width where expected[x] != actual[x] { unequal += 1 }
        }
        return unequal * bandRows
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

    /// Pixels in the actual image.
    public var pixelCount: Int { actualSize.width * actualSize.height }

    /// Same size, at most `maxDifferingPixels` differing, and no window over `maxCluster`.
    public var passes: Bool {
        sizesMatch && differingPixels <= settings.maxDifferingPixels
            && settings.maxCluster.map { largestCluster <= $0 } ?? true
    }

    /// Same size, and every premultiplied channel of every pixel not left out equal.
    public var isIdentical: Bool { sizesMatch && changedPixels == 0 }

    /// The pixels the figures say differ, and their box: those that differ at all in the channel
    /// figures, those the judgement counts in the judged ones.
    var saidToDiffer: (pixels: Int, box: PixelRect?) {
        settings.figures == .channels ? (changedPixels, changedBox) : (differingPixels, differenceBox)
    }

    /// What the channel figures say of equal images.
    static let identicalSummary = "identical (largest channel difference 0, 0 pixels differ)"

    /// One line for people: the figures (`settings.figures`).
    public var summary: String {
        guard sizesMatch else {
            return "size \(actualSize.width)×\(actualSize.height) px, expected "
                + "\(expectedSize.width)×\(expectedSize.height) px"
        }
        return settings.figures == .channels ? channelSummary : judgedSummary
    }

    /// "largest channel difference 3, 12 pixels differ (0.02 %), in x 4…9, y 0…3, 5 over 1; would
    /// pass with a channel delta of 3 allowed, or 12 differing pixels".
    private var channelSummary: String {
        guard let box = changedBox else { return Self.identicalSummary }
        let share = Double(changedPixels) / Double(max(1, pixelCount)) * 100
        var text =
            "largest channel difference \(maxChannelDelta), \(Self.differ(changedPixels)) "
            + "(\(share < 0.01 ? "<0.01" : "\((share * 100).rounded() / 100)") %), \(Self.words(box))"
        if case .exact(let allowed) = settings.judgement, allowed > 0 { text += ", \(differingPixels) over \(allowed)" }
        return text
            + "; would pass with a channel delta of \(maxChannelDelta) allowed, or \(changedPixels) differing pixels"
    }

    /// "154 pixels differ (oklab, threshold 0.1), 119 anti-aliased not counted, in x 4…9, y 0…3,
    /// largest channel difference 255, at most 129 in a 16×16 window", and the shift if any.
    private var judgedSummary: String {
        var parts = [Self.differ(differingPixels)]
        if case .perceptual(let tolerance) = settings.judgement {
            parts[0] += " (\(tolerance.metric.rawValue), threshold \(tolerance.threshold))"
            if !tolerance.includeAntialiased { parts.append("\(antialiasedPixels) anti-aliased not counted") }
        }
        if let box = differenceBox { parts.append(Self.words(box)) }
        parts.append("largest channel difference \(maxChannelDelta)")
        parts.append("at most \(largestCluster) in a \(settings.window)×\(settings.window) window")
        return parts.joined(separator: ", ") + (shift.map { "; " + $0.description } ?? "")
    }

    /// "1 pixel differs", "12 pixels differ".
    static func differ(_ count: Int) -> String { count == 1 ? "1 pixel differs" : "\(count) pixels differ" }

    /// "in x 4…9, y 0…3".
    static func words(_ box: PixelRect) -> String { "in x \(box.x0)…\(box.x1 - 1), y \(box.y0)…\(box.y1 - 1)" }

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
