/// How one image compares with its reference, for `frames verify` and `frames compare`.
package enum FrameOutcome: Sendable, Equatable {
    /// The same bytes: the same pixels.
    case identical
    /// Decoded and compared; the comparison's mask is dropped.
    case compared(ImageComparison)
    /// Nothing to compare with: missing on one side, extra on the other, or unreadable (why).
    case unmatched(String)

    /// Whether the image holds within the comparison's thresholds.
    package var passes: Bool {
        switch self {
        case .identical: return true
        case .compared(let comparison): return comparison.passes
        case .unmatched: return false
        }
    }

    /// The figures in the words `frames compare` prints.
    package var summary: String {
        switch self {
        case .identical: return ImageComparison.identicalSummary
        case .compared(let comparison): return comparison.summary
        case .unmatched(let reason): return reason
        }
    }

    /// Worse first: unmatched frames and size mismatches, then by differing pixels, the largest
    /// channel difference, and the pixels the figures say differ (in the channel figures, those
    /// that differ at all).
    static func isWorse(_ a: FrameOutcome, than b: FrameOutcome) -> Bool {
        func key(_ outcome: FrameOutcome) -> [Int] {
            switch outcome {
            case .identical: return [0, 0, 0, 0]
            case .unmatched: return [2, 0, 0, 0]
            case .compared(let c):
                return [c.sizesMatch ? 1 : 2, c.differingPixels, c.maxChannelDelta, c.saidToDiffer.pixels]
            }
        }
        return key(b).lexicographicallyPrecedes(key(a))
    }
}
