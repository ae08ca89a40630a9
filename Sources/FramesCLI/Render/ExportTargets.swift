import Animation
import Exports
import StrictJSON

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
    static func export<Failure: Error>(
        _ given: Given<String>?, make: @escaping @Sendable (RenderInput) throws(Failure) -> [UInt8],
        failure: @escaping @Sendable (_ option: String, _ path: String, Failure) -> FramesError,
        what: @escaping @Sendable (RenderInput) -> String
    ) -> OutputTarget? {
        given.map { given in
            OutputTarget(option: given.option, path: given.value) { input, transaction throws(FramesError) in
                let bytes: [UInt8]
                do throws(Failure) {
                    bytes = try make(input)
                } catch {
                    throw failure(given.option, given.value, error)
                }
                try transaction.stage(bytes, at: given.value)
                return OutputTarget.Written(
                    bytes: bytes.count,
                    summary: "Wrote \(Console.shown(given.value)): \(what(input)), \(formatBytes(bytes.count))")
            }
        }
    }

    /// `--webp FILE`: lossless animated WebP, frames equal to the PNG frames.
    static let webp = OutputTarget.Kind { options in
        export(options.webp) { input throws(AnimationError) in
            try WebPEncoder(frames: input.frames).encode()
        } failure: {
            .animation(option: $0, path: $1, $2)
        } what: { input in
            "\(counted(input.frames.count, "frame")) of \(input.renderer.width)×\(input.renderer.height) px, "
                + "lossless, looping at \(input.job.sequence.fps) fps"
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
        return export(given) { input throws(ExportError) in
            if let frame, frame.value >= input.renderer.frameCount {
                throw .frameOutOfRange(frame: frame.value, count: input.renderer.frameCount)
            }
            let writer = SVGWriter(
                scene: try VectorScene(input.renderer), frameCount: input.renderer.frameCount,
                fps: input.job.sequence.fps)
            return Array(writer.svg(frame: frame?.value).utf8)
        } failure: {
            .export(option: $0, path: $1, $2)
        } what: { input in
            frame.map { "frame \($0.value) of \(input.renderer.frameCount) as a static SVG" }
                ?? "one turn in \(formatNumber(Double(input.renderer.frameCount) / Double(input.job.sequence.fps))) s "
                + "as an SVG"
        }
    }

    /// `--lottie FILE`: the animation (a turn, or the timeline) as Lottie JSON.
    static let lottie = OutputTarget.Kind { options in
        export(options.lottie) { input throws(ExportError) in
            Array(LottieWriter(scene: try VectorScene(input.renderer), frames: input.frames).json().utf8)
        } failure: {
            .export(option: $0, path: $1, $2)
        } what: { input in
            "\(counted(input.frames.count, "frame")) at \(input.job.sequence.fps) fps as Lottie"
        }
    }

    /// `--gif FILE [--gif-matte COLOR]`: a looping GIF, delays in hundredths of a second.
    static let gif = OutputTarget.Kind { (options: RenderOptions) throws(FramesError) in
        guard let given = options.gif else {
            if let matte = options.gifMatte {
                throw .invalidValue(option: matte.option, value: matte.text, expected: "no value without --gif")
            }
            return nil
        }
        let matte = options.gifMatte.map { ($0.value.red, $0.value.green, $0.value.blue, $0.value.alpha) }
        return OutputTarget(option: given.option, path: given.value) { input, transaction throws(FramesError) in
            let encoder = GIFEncoder(frames: input.frames, matte: matte)
            let made: (bytes: [UInt8], frames: [GIFEncoder.FrameReport])
            do throws(AnimationError) {
                made = try encoder.encode()
            } catch .partialTransparency(let x, let y, let alpha) {
                throw .invalidValue(
                    option: given.option, value: given.value,
                    expected: "--gif-matte <color> (the colour under the image) for a GIF of a picture that is not "
                        + "opaque: GIF pixels are fully transparent or opaque, and pixel (\(x), \(y)) has alpha "
                        + "\(alpha)/255")
            } catch {
                throw .animation(option: given.option, path: given.value, error)
            }
            try transaction.stage(made.bytes, at: given.value)
            let fps = input.job.sequence.fps
            var timing = "\(encoder.delay)/100 s a frame"
            if encoder.delay * fps != 100 {
                timing +=
                    " (\(fps) fps plays at \(formatNumber((10000 / Double(encoder.delay)).rounded() / 100)) fps: GIF delays are whole "
                    + "hundredths of a second, at least 2)"
            }
            let quantized = made.frames.filter { !$0.isExact }
            let colours =
                quantized.isEmpty
                ? "exact colours"
                : "\(counted(quantized.count, "frame")) over 256 colours quantized by median cut (worst channel error "
                    + "\(quantized.map(\.maxChannelError).max() ?? 0)/255)"
            return OutputTarget.Written(
                bytes: made.bytes.count,
                summary:
                    "Wrote \(Console.shown(given.value)): \(counted(made.frames.count, "frame")), \(timing), looping, \(colours), "
                    + formatBytes(made.bytes.count))
        }
    }

    /// `--swift FILE`: the style as the `LoadingStyle(…)` initializer, only non-default arguments.
    static let swift = OutputTarget.Kind { options in
        export(options.swift) { input throws(ExportError) in
            Array((input.job.scene.style.swiftSource + "\n").utf8)
        } failure: {
            .export(option: $0, path: $1, $2)
        } what: { _ in
            "the LoadingStyle initializer"
        }
    }
}
