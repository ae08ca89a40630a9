import Images
import LibC

/// How two pixels at the same place are judged: exactly, as `frames compare` always has
/// (premultiplied channels, a largest allowed difference), or perceptually, as pixelmatch does.
public enum PixelJudgement: Sendable, Equatable {
    /// Premultiplied 8-bit channels; a pixel differs when a channel differs by more than
    /// `maxChannelDelta` (0…255).
    case exact(maxChannelDelta: Int)
    /// pixelmatch's metric, threshold and anti-aliasing detector.
    case perceptual(PerceptualTolerance)

    /// Whether this is a perceptual judgement (tens of operations a pixel, against a few).
    var isPerceptual: Bool {
        if case .perceptual = self { return true }
        return false
    }
}

/// What a pixel came to, in a `DifferenceMask`.
public enum PixelState: UInt8, Sendable {
    /// Equal, or within the judgement.
    case same = 0
    /// Counted as differing.
    case differing = 1
    /// Beyond the threshold, but anti-aliasing: not counted.
    case antialiased = 2
    /// In an ignored region or under the ignore mask: never judged.
    case ignored = 3
}

/// Every pixel's `PixelState`, row after row (`width × height` values), a byte each.
///
/// The bytes come zeroed from `calloc`: an 8K mask is 33 MB, and the pages of rows where nothing
/// differs are then never written, nor zeroed by the kernel when read.
public struct DifferenceMask: Sendable, Equatable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    private let storage: Storage

    /// The bytes, allocated zeroed and freed with the last mask that holds them. Written only
    /// while the comparison that makes the mask judges, each row by one band of it, before the
    /// mask is shared. `touched`: each page written once now, so that the threads of a banded
    /// judgement do not fault them in side by side (they contended in the kernel: 0.16 → 0.27 s
    /// of system time for a million scattered pixels).
    private final class Storage: @unchecked Sendable {
        let bytes: UnsafeMutableBufferPointer<UInt8>

        init(count: Int, touched: Bool) {
            let memory = calloc(max(1, count), 1)!.assumingMemoryBound(to: UInt8.self)
            if touched { memset(memory, 0, count) }
            bytes = UnsafeMutableBufferPointer(start: memory, count: count)
        }

        deinit { free(bytes.baseAddress) }
    }

    /// A mask of `width` × `height` pixels, all `.same`; `touched` for one that threads will
    /// write (`Storage`).
    init(width: Int, height: Int, touched: Bool = false) {
        self.width = width
        self.height = height
        storage = Storage(count: width * height, touched: touched)
    }

    /// A mask of these states (`width × height` `PixelState` raw values).
    public init(width: Int, height: Int, states: [UInt8]) {
        precondition(states.count == width * height, "a mask of \(states.count) states for \(width) × \(height) px")
        self.init(width: width, height: height)
        _ = storage.bytes.initialize(from: states)
    }

    /// `PixelState` raw values, row after row (a copy).
    public var states: [UInt8] { Array(storage.bytes) }

    /// The state of the pixel at (x, y).
    public func state(x: Int, y: Int) -> PixelState {
        PixelState(rawValue: storage.bytes[y * width + x]) ?? .same
    }

    /// The states, read in place.
    func withStates<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(storage.bytes))
    }

    /// The states, written in place: only while the mask is made.
    func withMutableStates<Result>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(storage.bytes)
    }

    public static func == (lhs: DifferenceMask, rhs: DifferenceMask) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height
            && (lhs.storage === rhs.storage
                || memcmp(lhs.storage.bytes.baseAddress!, rhs.storage.bytes.baseAddress!, lhs.width * lhs.height) == 0)
    }
}

/// The counts of a judged pair.
struct JudgedCounts: Equatable {
    var differing = 0
    var antialiased = 0
    /// The largest premultiplied channel difference of any pixel not ignored, 0…255.
    var maxChannelDelta = 0
    /// The smallest rectangle around the differing pixels (empty: none).
    var box = PixelRect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
    /// Pixels not ignored whose premultiplied channels differ at all, whatever the judgement.
    var changed = 0
    /// The smallest rectangle around the changed pixels (empty: none).
    var changedBox = PixelRect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)

    /// The counts of two sets of pixels (two bands of rows) together.
    func adding(_ other: JudgedCounts) -> JudgedCounts {
        var sum = self
        sum.differing += other.differing
        sum.antialiased += other.antialiased
        sum.maxChannelDelta = max(maxChannelDelta, other.maxChannelDelta)
        sum.box.include(other.box)
        sum.changed += other.changed
        sum.changedBox.include(other.changedBox)
        return sum
    }

    /// Counts a pixel not ignored whose premultiplied channels differ by `delta` (0…255).
    @inline(__always)
    mutating func changed(x: Int, y: Int, delta: Int) {
        maxChannelDelta = max(maxChannelDelta, delta)
        if delta > 0 {
            changed += 1
            changedBox.include(x: x, y: y)
        }
    }
}

/// Judges rows of two images of the same size into a mask whose ignored pixels are marked
/// already: pixelmatch's loop (pixelmatch 7.1.0's and main's, which count the same way), or the
/// exact channel comparison.
enum PixelJudge {
    /// Judges rows `rows` of `expected` against `actual` (straight RGBA, `width` × `height`) into
    /// `mask`, whose pixels already marked `.ignored` are skipped.
    static func judge(
        _ expected: UnsafeBufferPointer<UInt32>, _ actual: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
        rows: Range<Int>, judgement: PixelJudgement, mask: UnsafeMutableBufferPointer<UInt8>
    ) -> JudgedCounts {
        switch judgement {
        case .exact(let allowed):
            return judgeExactly(expected, actual, width: width, rows: rows, allowed: allowed, mask: mask)
        case .perceptual(let tolerance) where tolerance.metric == .yiq:
            return judge(
                PixelmatchYIQ.self, expected, actual, width: width, height: height, rows: rows, tolerance: tolerance,
                mask: mask)
        case .perceptual(let tolerance):
            return judge(
                PixelmatchOKLab.self, expected, actual, width: width, height: height, rows: rows,
                tolerance: tolerance, mask: mask)
        }
    }

    private static func judge<Version: PixelmatchVersion>(
        _ version: Version.Type, _ expected: UnsafeBufferPointer<UInt32>, _ actual: UnsafeBufferPointer<UInt32>,
        width: Int, height: Int, rows: Range<Int>, tolerance: PerceptualTolerance,
        mask: UnsafeMutableBufferPointer<UInt8>
    ) -> JudgedCounts {
        var counts = JudgedCounts()
        let limit = Version.limit(threshold: tolerance.threshold)
        let detector = AntialiasDetector<Version>(width: width, height: height)
        for y in rows {
            forEachUnequalSpan(expected, actual, row: y * width, width: width) { span in
                for x in span {
                    let i = y * width + x
                    let p = expected[i]
                    let q = actual[i]
                    if p == q || mask[i] == PixelState.ignored.rawValue { continue }
                    counts.changed(x: x, y: y, delta: premultipliedDelta(p, q))
                    guard Version.differs(p, q, offset: 4 * i, limit: limit) else { continue }
                    if !tolerance.includeAntialiased
                        && (detector.isAntialiased(expected, actual, x: x, y: y)
                            || detector.isAntialiased(actual, expected, x: x, y: y))
                    {
                        mask[i] = PixelState.antialiased.rawValue
                        counts.antialiased += 1
                    } else {
                        mask[i] = PixelState.differing.rawValue
                        counts.differing += 1
                        counts.box.include(x: x, y: y)
                    }
                }
            }
        }
        return counts
    }

    private static func judgeExactly(
        _ expected: UnsafeBufferPointer<UInt32>, _ actual: UnsafeBufferPointer<UInt32>, width: Int, rows: Range<Int>,
        allowed: Int, mask: UnsafeMutableBufferPointer<UInt8>
    ) -> JudgedCounts {
        var counts = JudgedCounts()
        for y in rows {
            forEachUnequalSpan(expected, actual, row: y * width, width: width) { span in
                for x in span {
                    let i = y * width + x
                    let p = expected[i]
                    let q = actual[i]
                    if p == q || mask[i] == PixelState.ignored.rawValue { continue }
                    let delta = premultipliedDelta(p, q)
                    counts.changed(x: x, y: y, delta: delta)
                    if delta > allowed {
                        mask[i] = PixelState.differing.rawValue
                        counts.differing += 1
                        counts.box.include(x: x, y: y)
                    }
                }
            }
        }
        return counts
    }

    /// Pixels in a span of `forEachUnequalSpan`.
    static let spanPixels = 64

    /// Calls `body` with the columns of a row that may differ: nothing when the whole row is the
    /// same in both images (most rows of two screenshots are), else the row in spans of
    /// `spanPixels`, those that are the same left out (most of a row where a block changed).
    /// Both are found by `memcmp`, which compares many bytes at once.
    @inline(__always)
    static func forEachUnequalSpan(
        _ expected: UnsafeBufferPointer<UInt32>, _ actual: UnsafeBufferPointer<UInt32>, row: Int, width: Int,
        _ body: (Range<Int>) -> Void
    ) {
        let e = expected.baseAddress! + row
        let a = actual.baseAddress! + row
        if memcmp(e, a, 4 * width) == 0 { return }
        for start in stride(from: 0, to: width, by: spanPixels) {
            let end = min(start + spanPixels, width)
            if memcmp(e + start, a + start, 4 * (end - start)) != 0 { body(start..<end) }
        }
    }

    /// The largest channel difference of two straight pixels once premultiplied (colour under
    /// zero alpha never counts), 0…255.
    @inline(__always)
    static func premultipliedDelta(_ p: UInt32, _ q: UInt32) -> Int {
        let a1 = UInt8(p >> 24)
        let a2 = UInt8(q >> 24)
        var worst = abs(Int(a1) - Int(a2))
        for shift in [UInt32(0), 8, 16] {
            let c1 = Alpha.premultiply(UInt8((p >> shift) & 0xFF), alpha: a1)
            let c2 = Alpha.premultiply(UInt8((q >> shift) & 0xFF), alpha: a2)
            worst = max(worst, abs(Int(c1) - Int(c2)))
        }
        return worst
    }
}

extension PixelRect {
    /// Grows the rectangle (empty: x0 > x1) to hold the pixel at (x, y).
    @inline(__always)
    mutating func include(x: Int, y: Int) {
        x0 = min(x0, x)
        y0 = min(y0, y)
        x1 = max(x1, x + 1)
        y1 = max(y1, y + 1)
    }

    /// Grows the rectangle (empty: x0 > x1) to hold `other` (empty: x0 > x1, nothing added).
    @inline(__always)
    mutating func include(_ other: PixelRect) {
        x0 = min(x0, other.x0)
        y0 = min(y0, other.y0)
        x1 = max(x1, other.x1)
        y1 = max(y1, other.y1)
    }
}
