/// The colour distance of a perceptual comparison, each exactly as one version of pixelmatch
/// computes it (mapbox/pixelmatch, ISC licence), so that counts equal pixelmatch's on any pair.
public enum PerceptualMetric: String, Sendable, Equatable, CaseIterable {
    /// pixelmatch 7.1.0: the squared YIQ distance of Kotsarenko and Ramos (2010), semi-transparent
    /// pixels blended over pixelmatch's fixed pattern of two greys, against 35215 · threshold²;
    /// the anti-aliasing detector of the same version (brightness on the same blending).
    case yiq
    /// pixelmatch's main branch at commit c6fee35 (7.2.0 and later): Ottosson's OKLab with the
    /// toe-corrected lightness Lr and the HyAB distance (|ΔLr| + √(Δa² + Δb²), 1 from black to
    /// white) against the threshold, semi-transparent pixels blended over its checkerboard; the
    /// detector of that commit (Rec. 601 brightness over white).
    case oklab
}

/// A perceptual judgement of two pixels: pixelmatch's metric, threshold and anti-aliasing
/// setting.
///
/// Guarantees: `threshold` is within 0…1.
public struct PerceptualTolerance: Sendable, Equatable {
    /// The colour distance.
    public var metric: PerceptualMetric
    /// pixelmatch's threshold, 0…1: smaller is stricter. Default: 0.1. Set once, by the initializer, which checks it.
    public let threshold: Double
    /// Whether pixels that differ only by anti-aliasing count as differing (pixelmatch's
    /// `includeAA`). Default: false, they are found and left out.
    public var includeAntialiased: Bool

    /// The tolerance. A `threshold` outside 0…1 (or not a number) is a programmer error: it stops
    /// the program there, in every build, naming the value and the caller's file and line, as an
    /// index out of range does (the command line checks `--threshold` before it makes one).
    public init(
        metric: PerceptualMetric, threshold: Double = 0.1, includeAntialiased: Bool = false,
        file: StaticString = #file, line: UInt = #line
    ) {
        guard threshold >= 0, threshold <= 1 else {
            fatalError(
                "PerceptualTolerance threshold \(threshold) is outside 0…1 (pixelmatch's threshold: smaller is stricter)",
                file: file, line: line)
        }
        self.metric = metric
        self.threshold = threshold
        self.includeAntialiased = includeAntialiased
    }
}
