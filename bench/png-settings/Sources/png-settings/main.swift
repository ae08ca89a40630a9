// Measures PNG encoding time and size on real frames, to choose zlib levels and row filters.
//   swift run -c release --package-path bench/png-settings [whole|pieces]
// "whole": libpng on one whole frame (PNGEncoder), every level × filter.
// "pieces": the piecewise SequenceEncoder: static pieces (once per sequence) and the per-frame
// band, every level × filter for each.
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

func format(_ ms: Double) -> String {
    let hundredths = Int((ms * 100).rounded())
    let fraction = hundredths % 100 < 10 ? "0\(hundredths % 100)" : "\(hundredths % 100)"
    return "\(hundredths / 100).\(fraction)"
}

var overlay = LoadingStyle.overlay
overlay.dimAmount = 0.5
let workloads: [(String, Scene)] = [
    ("W1 indicator @3x", Scene(variant: .indicator, scale: 3)),
    ("W2 overlay @3x dim 0.5", Scene(style: overlay, variant: .overlay, scale: 3)),
]
let mode = CommandLine.arguments.dropFirst().first ?? "pieces"

if mode == "whole" {
    print("| workload | level | filter | ms/frame (median of 5) | bytes |")
    print("|---|---|---|---|---|")
    for (name, scene) in workloads {
        let frame = try FrameRenderer(scene: scene, frameCount: 60).frame(7)
        for level in [1, 3, 6, 9] {
            for filter in PNGFilter.allCases {
                var size = 0
                let ms = try medianMilliseconds(5) {
                    size = try PNGEncoder(compressionLevel: level, filter: filter).encode(frame).count
                }
                print("| \(name) | \(level) | \(filter.rawValue) | \(format(ms)) | \(size) |")
            }
        }
    }
} else if mode == "blocks" {
    print("| workload | band blocks | band level | ms/frame (median over 60 frames) | bytes/frame (avg) |")
    print("|---|---|---|---|---|")
    for (name, scene) in workloads {
        let renderer = try FrameRenderer(scene: scene, frameCount: 60)
        for (blocks, level) in [
            (1, 4), (2, 4), (4, 4), (6, 4), (8, 4), (12, 4), (16, 4), (4, 3), (8, 3), (16, 3), (4, 2), (4, 1),
        ] {
            var settings = SequenceEncoder.Settings.measured
            settings.bandBlocks = blocks
            settings.bandLevel = level
            let encoder = try SequenceEncoder(renderer: renderer, settings: settings)
            var total = 0
            var times: [Double] = []
            for k in 0..<60 {
                times.append(try medianMilliseconds(1) { total += try encoder.encode(frame: k).count })
            }
            print("| \(name) | \(blocks) | \(level) | \(format(times.sorted()[30])) | \(total / 60) |")
        }
    }
} else {
    let filters = RowFilter.allCases
    print("Static pieces (once per sequence), band at level 4, none:")
    print("| workload | static level | static filter | init ms | bytes/frame |")
    print("|---|---|---|---|---|")
    for (name, scene) in workloads {
        let renderer = try FrameRenderer(scene: scene, frameCount: 60)
        for level in [1, 6, 9] {
            for filter in filters {
                let settings = SequenceEncoder.Settings(
                    staticLevel: level, staticFilter: filter, bandLevel: 4, bandFilter: .none)
                var encoder: SequenceEncoder? = nil
                let ms = try medianMilliseconds(3) {
                    encoder = try SequenceEncoder(renderer: renderer, settings: settings)
                }
                let size = try encoder!.encode(frame: 7).count
                print("| \(name) | \(level) | \(filter.rawValue) | \(format(ms)) | \(size) |")
            }
        }
    }
    print("\nBand (every frame), static pieces at level 9, none:")
    print("| workload | band level | band filter | ms/frame (median over 60 frames) | bytes/frame (avg) |")
    print("|---|---|---|---|---|")
    for (name, scene) in workloads {
        let renderer = try FrameRenderer(scene: scene, frameCount: 60)
        for level in [1, 3, 4, 5, 6, 9] {
            for filter in filters {
                let settings = SequenceEncoder.Settings(
                    staticLevel: 9, staticFilter: .none, bandLevel: level, bandFilter: filter,
                    bandBlocks: 4)
                let encoder = try SequenceEncoder(renderer: renderer, settings: settings)
                var total = 0
                var times: [Double] = []
                for k in 0..<60 {
                    times.append(try medianMilliseconds(1) { total += try encoder.encode(frame: k).count })
                }
                print("| \(name) | \(level) | \(filter.rawValue) | \(format(times.sorted()[30])) | \(total / 60) |")
            }
        }
    }
}
