import Raster

/// `manifest.json`: what one run wrote, enough to reproduce it. Keys are sorted and nothing in it
/// depends on time, so the same run writes the same bytes.
enum Manifest {
    static func json(job: RenderJob, renderer: FrameRenderer, fileNames: [String]) -> [UInt8] {
        let style = job.scene.style
        let styleObject = StyleFile.object(for: style)
        var object: [String: JSONValue] = [
            "generator": .string("frames \(RenderCommand.version)"),
            "encoder": .string(PNGContainer.encoderVersions),
            "variant": .string(job.scene.variant.rawValue),
            "scale": .number(job.scene.scale),
            "fps": .number(Double(job.sequence.fps)),
            "frameCount": .number(Double(job.sequence.frameCount)),
            "pixelWidth": .number(Double(renderer.width)),
            "pixelHeight": .number(Double(renderer.height)),
            "style": .object(styleObject),
            "text": job.scene.text.map(JSONValue.string) ?? .null,
            "language": .string(job.language.languageCode),
            "fontFiles": .array((renderer.label?.fontFiles ?? []).map(JSONValue.string)),
            "shaping": .string(TextShaping.versions),
            "files": .array(fileNames.map(JSONValue.string)),
        ]
        if let timeline = job.sequence.timeline {
            object["timeline"] = .array(
                timeline.segments.map { segment in
                    .object([
                        "phase": .string(segment.name), "seconds": .number(segment.seconds),
                        "firstFrame": .number(Double(segment.frames.lowerBound)),
                        "frameCount": .number(Double(segment.frames.count)),
                    ])
                })
            object["overlayVisible"] = .array(timeline.frames.map { .bool($0 != .hidden) })
        }
        var backdrop: [String: JSONValue] = ["color": .string(job.scene.background.hex)]
        if let image = job.backdropImagePath { backdrop["image"] = .string(image) }
        object["backdrop"] = .object(backdrop)
        if job.scene.variant == .overlay {
            object["screen"] = .object([
                "width": .number(job.scene.screenSize.width),
                "height": .number(job.scene.screenSize.height),
            ])
        }
        return Array(JSONValue.object(object).text.utf8)
    }
}
