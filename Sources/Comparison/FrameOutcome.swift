/// How one image compares with its reference, for `frames verify` and `frames compare`.
package enum FrameOutcome: Sendable, Equatable {
    /// The same bytes: the same pixels.
    case identical
    /// Decoded and compared.
    case compared(ImageComparison)
    /// Decoded and judged with `ComparisonSettings` (a perceptual metric, ignored pixels,
    /// clusters); the comparison's mask is dropped.
    case judged(PixelComparison)
    /// Nothing to compare with: missing on one side, extra on the other, or unreadable (why).
    case unmatched(String)

    /// Whether the image holds within the comparison's thresholds.
    package var passes: Bool {
        switch self {
        case .identical: return true
        case .compared(let comparison): return comparison.passes
        case .judged(let comparison): return comparison.passes
        case .unmatched: return false
        }
    }

    /// The figures in the words `frames compare` prints.
    package var summary: String {
        switch self {
        case .identical: return "identical (largest channel difference 0, 0 pixels differ)"
        case .compared(let comparison): return comparison.summary
        case .judged(let comparison): return comparison.summary
        case .unmatched(let reason): return reason
        }
    }

    /// Worse first: unmatched frames and size mismatches, then by pixels over the threshold, the
    /// largest channel difference, and the pixels that differ at all.
    static func isWorse(_ a: FrameOutcome, than b: FrameOutcome) -> Bool {
        func key(_ outcome: FrameOutcome) -> [Int] {
            switch outcome {
            case .identical: return [0, 0, 0, 0]
            case .unmatched: return [2, 0, 0, 0]
            case .compared(let c):
                return [c.sizesMatch ? 1 : 2, c.pixelsOverThreshold, c.maxChannelDelta, c.differingPixels]
            case .judged(let c):
                return [c.sizesMatch ? 1 : 2, c.differingPixels, c.maxChannelDelta, c.differingPixels]
            }
        }
        return key(b).lexicographicallyPrecedes(key(a))
    }
}
