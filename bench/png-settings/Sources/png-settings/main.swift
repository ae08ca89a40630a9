import Dispatch
import Raster

/// Median wall time in ms of `body`, over `repetitions` runs.
func medianMilliseconds(_ repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[times.count / 2]
}

let workloads: [(String, Scene)] = [
    ("W1 indicator @3x", Scene(variant: .indicator, scale: 3)),
    ("W2 overlay @3x dim 0.5", Scene(style: { var s = LoadingStyle.overlay; s.dimAmount = 0.5; return s }(),
                                     variant: .overlay, scale: 3)),
]
print("| workload | level | filter | ms/frame (median of 5) | bytes |")
print("|---|---|---|---|---|")
for (name, scene) in workloads {
    let frame = try FrameRenderer(scene: scene, frameCount: 60).frame(7)
    for level in [1, 3, 6, 9] {
        for filter in PNGFilter.allCases {
            var size = 0
            let ms = try medianMilliseconds(5) { size = try PNGEncoder(compressionLevel: level, filter: filter).encode(frame).count }
            let hundredths = Int((ms * 100).rounded())
            let fraction = hundredths % 100 < 10 ? "0\(hundredths % 100)" : "\(hundredths % 100)"
            print("| \(name) | \(level) | \(filter.rawValue) | \(hundredths / 100).\(fraction) | \(size) |")
        }
    }
}
