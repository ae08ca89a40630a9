import Comparison
import Images

/// The tolerance a golden folder is verified with, recorded in its manifest.json under
/// `tolerance`: `{"metric": "yiq" or "oklab", "threshold": 0…1, "includeAA": false,
/// "maxDifferingPixels": 0}` (threshold, includeAA and maxDifferingPixels optional, with those
/// defaults). With it, `frames verify` and `assertGoldenFolder` judge each frame that is not the
/// same bytes as pixelmatch does (`ImageComparison`), instead of channel by channel. Absent:
/// exact, as before. It does not describe the render, so it is not fingerprinted.
package struct ManifestTolerance: Sendable, Equatable {
    package var tolerance: PerceptualTolerance
    /// Pixels per frame allowed beyond the threshold.
    package var maxDifferingPixels: Int

    package init(tolerance: PerceptualTolerance, maxDifferingPixels: Int = 0) {
        self.tolerance = tolerance
        self.maxDifferingPixels = maxDifferingPixels
    }

    /// The settings a frame is compared with.
    package var settings: ComparisonSettings {
        ComparisonSettings(judgement: .perceptual(tolerance), maxDifferingPixels: maxDifferingPixels)
    }
}

extension Manifest {
    static let toleranceField = Field(
        "tolerance",
        write: { manifest in
            manifest.tolerance.map { t in
                .object([
                    "metric": .string(t.tolerance.metric.rawValue), "threshold": .number(t.tolerance.threshold),
                    "includeAA": .bool(t.tolerance.includeAntialiased),
                    "maxDifferingPixels": .number(Double(t.maxDifferingPixels)),
                ])
            }
        },
        read: { m, value, r in
            guard let value else { return }
            let key = "tolerance"
            let members = try r.object(value, key, keys: ["metric", "threshold", "includeAA", "maxDifferingPixels"])
            let metricValue = try r.value(members["metric"], key + ".metric") { $0 }
            let metric = try PerceptualMetric(rawValue: r.string(metricValue, key + ".metric"))
            guard let metric else { throw r.invalid(key + ".metric", metricValue, "yiq or oklab") }
            let threshold = try members["threshold"].map {
                try r.number($0, key + ".threshold", expected: "a number from 0 to 1") { $0 >= 0 && $0 <= 1 }
            }
            let includeAA = try members["includeAA"].map { try r.bool($0, key + ".includeAA") } ?? false
            let count = try members["maxDifferingPixels"].map {
                try r.integer($0, key + ".maxDifferingPixels", in: 0...Pixmap.maxPixelCount)
            }
            m.tolerance = ManifestTolerance(
                tolerance: PerceptualTolerance(
                    metric: metric, threshold: threshold ?? 0.1, includeAntialiased: includeAA),
                maxDifferingPixels: count ?? 0)
        })
}
