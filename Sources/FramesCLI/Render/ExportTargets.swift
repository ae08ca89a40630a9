import Raster

/// What `--print-style` prints: the style file, or the Swift initializer.
enum StyleFormat: String, CaseIterable, Sendable {
    case json
    case swift
}

/// The hand-off formats a run can write beside its frames: animated WebP, GIF, Lottie, SVG and
/// the Swift initializer. Each plays the run's sequence (a turn, or a timeline).
extension OutputTarget.Kind {
    /// A target for `given`, made by `make` from the run's frames; `what` says in the summary
    /// line what the file holds.
    static func export(
        _ given: Given<String>?, make: @escaping @Sendable (RenderRun) throws(ExportError) -> [UInt8],
        what: @escaping @Sendable (RenderRun) -> String
    ) -> OutputTarget? {
        given.map { given in
            OutputTarget(option: given.option, path: given.value) { (run: RenderRun) throws(FramesError) in
                let bytes: [UInt8]
                do {
                    bytes = try make(run)
                } catch {
                    throw .runtime("\(given.option) \(given.value): \(error)")
                }
                return OutputTarget.Made(
                    bytes: bytes, summary: "Wrote \(given.value): \(what(run)), \(formatBytes(bytes.count))")
            }
        }
    }

    /// `--webp FILE`: lossless animated WebP, frames equal to the PNG frames.
    static let webp = OutputTarget.Kind { options in
        export(options.webp) { run throws(ExportError) in
            try WebPEncoder(frames: run.exportFrames).encode()
        } what: {
            run in
            "\(counted(run.exportFrames.count, "frame")) of \(run.renderer.width)×\(run.renderer.height) px, "
                + "lossless, looping at \(run.job.sequence.fps) fps"
        }
    }
}

extension OutputTarget.Kind {
    /// `--swift FILE`: the style as the `LoadingStyle(…)` initializer, only non-default arguments.
    static let swift = OutputTarget.Kind { options in
        export(options.swift) { run throws(ExportError) in
            Array((run.job.scene.style.swiftSource + "\n").utf8)
        } what: {
            _ in
            "the LoadingStyle initializer"
        }
    }
}

extension RenderRun {
    /// The frames the animated exports play: the timeline's, or one turn.
    var exportFrames: ExportFrames {
        ExportFrames(renderer: renderer, frames: job.sequence.timeline?.frames, fps: job.sequence.fps)
    }
}
