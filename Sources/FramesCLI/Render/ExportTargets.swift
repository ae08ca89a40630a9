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
    /// `--svg FILE [--svg-frame K]`: the animation as one SVG, or frame k as a static SVG.
    static let svg = OutputTarget.Kind { (options: RenderOptions) throws(FramesError) in
        guard let given = options.svg else {
            if let frame = options.svgFrame {
                throw .invalidValue(option: frame.option, value: frame.text, expected: "no value without --svg")
            }
            return nil
        }
        if let timeline = options.timeline {
            throw .invalidValue(
                option: timeline.option, value: timeline.text,
                expected: "no value with --svg (an SVG plays one turn; use --lottie, --webp, --gif or --apng)")
        }
        let frame = options.svgFrame
        return export(given) { run throws(ExportError) in
            if let frame, frame.value >= run.renderer.frameCount {
                throw .frameOutOfRange(frame: frame.value, count: run.renderer.frameCount)
            }
            let writer = SVGWriter(
                scene: try VectorScene(run.renderer), frameCount: run.renderer.frameCount, fps: run.job.sequence.fps)
            return Array(writer.svg(frame: frame?.value).utf8)
        } what: { run in
            frame.map { "frame \($0.value) of \(run.renderer.frameCount) as a static SVG" }
                ?? "one turn in \(formatNumber(Double(run.renderer.frameCount) / Double(run.job.sequence.fps))) s as an SVG"
        }
    }

    /// `--lottie FILE`: the animation (a turn, or the timeline) as Lottie JSON.
    static let lottie = OutputTarget.Kind { options in
        export(options.lottie) { run throws(ExportError) in
            Array(LottieWriter(scene: try VectorScene(run.renderer), frames: run.exportFrames).json().utf8)
        } what: { run in
            "\(counted(run.exportFrames.count, "frame")) at \(run.job.sequence.fps) fps as Lottie"
        }
    }

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
