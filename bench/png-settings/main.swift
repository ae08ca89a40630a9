// Measures PNG encoding time and size on real frames, to choose compressions and row filters.
//   swift run -c release png-settings [whole|pieces|blocks]
// "whole": one whole frame (PNGEncoder), every compression × filter.
// "pieces": the piecewise SequenceEncoder: static pieces (once per sequence) and the per-frame
// band, every compression × filter for each.
// "blocks": how many blocks the band is cut into.
import Dispatch
import Images
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
let compressions: [Compression] = [.rows, .zlib(level: 1), .zlib(level: 3), .zlib(level: 6), .zlib(level: 9)]

if mode == "whole" {
    print("| workload | compression | filter | ms/frame (median of 5) | bytes |")
    print("|---|---|---|---|---|")
    for (name, scene) in workloads {
        let frame = try FrameRenderer(scene: scene, frameCount: 60).frame(7)
        for compression in compressions {
            for filter in PNGFilter.allCases {
                var size = 0
                let ms = try medianMilliseconds(5) {
                    size = try PNGEncoder(compression: compression, filter: filter).encode(frame).count
                }
                print("| \(name) | \(compression) | \(filter.rawValue) | \(format(ms)) | \(size) |")
            }
        }
    }
} else if mode == "blocks" {
    print("| workload | band blocks | band compression | ms/frame (median over 60 frames) | bytes/frame (avg) |")
    print("|---|---|---|---|---|")
    for (name, scene) in workloads {
        let renderer = try FrameRenderer(scene: scene, frameCount: 60)
        for (blocks, compression) in [
            (1, Compression.rows), (2, .rows), (4, .rows), (6, .rows), (8, .rows), (12, .rows), (16, .rows),
            (24, .rows), (4, .zlib(level: 4)), (16, .zlib(level: 4)),
        ] {
            var settings = SequenceEncoder.Settings.measured
            settings.bandBlocks = blocks
            settings.bandCompression = compression
            let encoder = try renderer.sequenceEncoder(settings: settings)
            var total = 0
            var times: [Double] = []
            for k in 0..<60 {
                times.append(try medianMilliseconds(1) { total += try encoder.encode(frame: k).count })
            }
            print("| \(name) | \(blocks) | \(compression) | \(format(times.sorted()[30])) | \(total / 60) |")
        }
    }
} else {
    let filters: [PNGFilter] = [.none, .sub, .up]
    print("Static pieces (once per sequence), band by RowDeflate, none:")
    print("| workload | static compression | static filter | init ms | bytes/frame |")
    print("|---|---|---|---|---|")
    for (name, scene) in workloads {
        let renderer = try FrameRenderer(scene: scene, frameCount: 60)
        for compression in compressions {
            for filter in filters {
                let settings = SequenceEncoder.Settings(
                    staticCompression: compression, staticFilter: filter, bandCompression: .rows, bandFilter: .none)
                var encoder: SequenceEncoder? = nil
                let ms = try medianMilliseconds(3) {
                    encoder = try renderer.sequenceEncoder(settings: settings)
                }
                let size = try encoder!.encode(frame: 7).count
                print("| \(name) | \(compression) | \(filter.rawValue) | \(format(ms)) | \(size) |")
            }
        }
    }
    print("\nBand (every frame), static pieces by RowDeflate, none:")
    print("| workload | band compression | band filter | ms/frame (median over 60 frames) | bytes/frame (avg) |")
    print("|---|---|---|---|---|")
    for (name, scene) in workloads {
        let renderer = try FrameRenderer(scene: scene, frameCount: 60)
        for compression in compressions {
            for filter in filters {
                let settings = SequenceEncoder.Settings(
                    staticCompression: .rows, staticFilter: .none, bandCompression: compression, bandFilter: filter)
                let encoder = try renderer.sequenceEncoder(settings: settings)
                var total = 0
                var times: [Double] = []
                for k in 0..<60 {
                    times.append(try medianMilliseconds(1) { total += try encoder.encode(frame: k).count })
                }
                print(
                    "| \(name) | \(compression) | \(filter.rawValue) | \(format(times.sorted()[30])) | \(total / 60) |")
            }
        }
    }
}
