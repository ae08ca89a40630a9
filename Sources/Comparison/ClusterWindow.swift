import LibC

/// The largest number of differing pixels inside any N × N window of a `DifferenceMask`, as
/// pixelmatch's `windowSize` counts them (main branch): N is clamped to the image's smaller side,
/// only windows wholly inside the image count, and only `.differing` pixels (not anti-aliased nor
/// ignored ones).
///
/// The window sums come from the summed-area table S (S(x, y) = differing pixels above and left
/// of (x, y)): a window's count is S(x+N, y+N) − S(x, y+N) − S(x+N, y) + S(x, y). The table is
/// walked band by band instead of stored whole (it would take 4 bytes a pixel): for the band of N
/// rows ending at y, `columns[x]` holds S's column differences S(x+1, y+1) − S(x, y+1) −
/// S(x+1, y+1−N) + S(x, y+1−N), updated by adding the row that enters and subtracting the one
/// that leaves, and a running sum across them gives every window of the band. O(width × height)
/// whatever N; bands with no more differing pixels than the best so far are skipped, and the walk
/// stops at a window that is all differing pixels (none can hold more).
enum ClusterWindow {
    /// The largest count; `rows` bounds the rows that hold differing pixels (the whole image
    /// when not known).
    static func largestCount(in mask: DifferenceMask, window: Int, rows: Range<Int>? = nil) -> Int {
        let width = mask.width
        let height = mask.height
        let n = max(1, min(window, width, height))
        let differing = PixelState.differing.rawValue
        return mask.withStates { states in
            // Rows holding differing pixels bound the bands worth scanning; rows without one
            // change no column, so a band whose entering and leaving rows have none holds the
            // windows of the band before it.
            let scanned = rows ?? 0..<height
            let hasDiffering = scanned.map { y in
                memchr(states.baseAddress! + y * width, Int32(differing), width) != nil
            }
            guard let firstIndex = hasDiffering.firstIndex(of: true),
                let lastIndex = hasDiffering.lastIndex(of: true)
            else { return 0 }
            let first = scanned.lowerBound + firstIndex
            let last = scanned.lowerBound + lastIndex
            var columns = [Int32](repeating: 0, count: width)
            var best = 0
            var bandTotal = 0
            let start = max(0, first - n + 1)
            let end = min(height - 1, last + n - 1)
            func differs(row y: Int) -> Bool {
                y >= first && y <= last && hasDiffering[y - scanned.lowerBound]
            }
            columns.withUnsafeMutableBufferPointer { columns in
                for y in start...end {
                    if best == n * n { break }
                    let entering = y * width
                    let leaving = y - n
                    let leaves = leaving >= start && differs(row: leaving)
                    let changed = differs(row: y) || leaves
                    if changed {
                        let enters = states.baseAddress! + entering
                        let left = leaves ? states.baseAddress! + leaving * width : nil
                        bandTotal += Int(add(enters, removing: left, to: columns))
                    }
                    let firstFull = y - start == n - 1
                    if y - start < n - 1 || bandTotal <= best || !(changed || firstFull) { continue }
                    best = max(best, Int(largestSum(of: columns, window: n)))
                }
            }
            return best
        }
    }

    /// Adds the row `enters` to the column counts (1 for each differing pixel) and takes the row
    /// `removing` away, returning the change of their total. Local sums and no branch in the
    /// loops, so that they run in vector registers (half the time the loops with a branch a pixel
    /// took, in perf's samples of an 8K compare).
    @inline(__always)
    static func add(
        _ enters: UnsafePointer<UInt8>, removing left: UnsafePointer<UInt8>?,
        to columns: UnsafeMutableBufferPointer<Int32>
    ) -> Int32 {
        let differing = PixelState.differing.rawValue
        var total: Int32 = 0
        if let left {
            for x in 0..<columns.count {
                let d = Int32(enters[x] == differing ? 1 : 0) &- Int32(left[x] == differing ? 1 : 0)
                columns[x] &+= d
                total &+= d
            }
        } else {
            for x in 0..<columns.count {
                let d = Int32(enters[x] == differing ? 1 : 0)
                columns[x] &+= d
                total &+= d
            }
        }
        return total
    }

    /// The largest sum of `window` neighbouring column counts.
    @inline(__always)
    static func largestSum(of columns: UnsafeMutableBufferPointer<Int32>, window n: Int) -> Int32 {
        var sum: Int32 = 0
        for x in 0..<(n - 1) { sum &+= columns[x] }
        var best: Int32 = 0
        for x in (n - 1)..<columns.count {
            sum &+= columns[x]
            best = max(best, sum)
            sum &-= columns[x - n + 1]
        }
        return best
    }
}
