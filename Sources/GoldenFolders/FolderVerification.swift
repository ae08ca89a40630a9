import Comparison
import Images
import Raster

/// One file of a verified folder.
package struct FrameCheck: Sendable {
    package let name: String
    /// What the manifest says the file shows; nil for a file it does not list.
    let frame: SequenceFrame?
    package let outcome: FrameOutcome
}

/// A frames folder verified: every file its manifest lists rendered again from the manifest and
/// compared with the file (same bytes, or the same pixels within the thresholds), files it does
/// not list counted as extra, and what changed since it was written said in words.
package struct FolderVerification: Sendable {
    package let folder: FramesFolder
    package let renderer: FrameRenderer
    /// The listed files in the manifest's order, then the extra ones.
    package let frames: [FrameCheck]
    /// The environment as recorded against this one (`Manifest.drift`).
    let drift: [String]

    package var holds: Bool { frames.allSatisfy(\.outcome.passes) }
    package var failures: [FrameCheck] { frames.filter { !$0.outcome.passes } }

    /// Renders and compares every frame, exactly within the thresholds, or with the manifest's
    /// `tolerance` as pixelmatch judges; `map` runs the checks of frames 0..<count and returns
    /// their outcomes in order (default: one after the other; the command passes its worker
    /// pool).
    package init(
        _ folder: FramesFolder, maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0,
        map: (Int, @Sendable (Int) -> FrameOutcome) -> [FrameOutcome] = { count, check in (0..<count).map(check) }
    ) throws(ManifestError) {
        self.folder = folder
        let renderer = try folder.makeRenderer()
        self.renderer = renderer
        drift = folder.manifest.drift(to: folder.currentManifest(of: renderer))
        let manifest = folder.manifest
        let written = manifest.writtenFrames
        let encoder = try? renderer.sequenceEncoder(frames: written.count(where: { $0 != .hidden }))
        let hidden = written.contains(.hidden) ? try? renderer.hiddenFrameFile() : nil
        let settings =
            manifest.tolerance?.settings
            ?? ComparisonSettings(
                judgement: .exact(maxChannelDelta: maxChannelDelta), maxDifferingPixels: maxDifferingPixels,
                figures: .channels)
        let outcomes = map(written.count) { i in
            let rendered: [UInt8]?
            switch written[i] {
            case .spinner(let k): rendered = try? encoder?.encode(frame: k)
            case .hidden: rendered = hidden
            }
            return FolderVerification.check(
                folder.path + "/" + manifest.files[i], rendered: rendered,
                actual: { FolderVerification.image(of: written[i], renderer) }, settings: settings)
        }
        var frames = (0..<written.count).map {
            FrameCheck(name: manifest.files[$0], frame: written[$0], outcome: outcomes[$0])
        }
        for name in folder.unlistedFrameFiles() {
            frames.append(
                FrameCheck(name: name, frame: nil, outcome: .unmatched("extra: \(Manifest.fileName) does not list it")))
        }
        self.frames = frames
    }

    /// The file at `path` against its render: the encoded bytes first, then the pixels (the
    /// file's straight samples against the render's).
    static func check(_ path: String, rendered: [UInt8]?, actual: () -> Pixmap, settings: ComparisonSettings)
        -> FrameOutcome
    {
        guard FileInput.exists(path) else {
            return .unmatched("missing from the folder (\(Manifest.fileName) lists it)")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read(path)
        } catch {
            return .unmatched("cannot be read: \(error.reason)")
        }
        if let rendered, rendered == bytes { return .identical }
        do {
            let expected = try PNGDecoder.decodeStraight(bytes)
            return .compared(
                ImageComparison(expected: expected, actual: RGBAImage(actual()), settings: settings).droppingMask)
        } catch {
            return .unmatched("not a readable PNG file (\(error))")
        }
    }

    static func image(of frame: SequenceFrame, _ renderer: FrameRenderer) -> Pixmap {
        switch frame {
        case .spinner(let k): return renderer.frame(k)
        case .hidden: return renderer.hiddenFrame()
        }
    }

    /// A frame's two images, for a report: the file as expected, the render as actual; nil
    /// where there is none (a missing file, an extra one, an unreadable one).
    func images(of check: FrameCheck) -> (expected: Pixmap?, actual: Pixmap?) {
        let expected = try? PNGDecoder.decode(FileInput.read(folder.path + "/" + check.name))
        return (expected, check.frame.map { FolderVerification.image(of: $0, renderer) })
    }

    /// What explains the folder's state, for people: fields edited since it was written, the
    /// environment's drift, and what a version 1 manifest cannot tell.
    package var explanations: [String] {
        var lines: [String] = []
        let described = folder.manifest.described
        for key in folder.editedFields {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            var value = described[parts[0]]
            if parts.count == 2, case .object(let members)? = value { value = members[parts[1]] }
            lines.append(
                "\(Manifest.fileName) was edited after the frames were written: \(key) is now "
                    + (value.map { $0.brief() } ?? "absent"))
        }
        lines += drift
        if !holds, folder.manifest.version == 1 {
            lines.append(
                "\(Manifest.fileName) is version 1: it records no fingerprints or checksums, so an edited field "
                    + "or a changed font file cannot be named")
        } else if !holds, lines.isEmpty {
            lines.append(
                "nothing \(Manifest.fileName) records has changed (description, generator, libraries, fonts): "
                    + "the frame files were changed, or the rendering code changed without a new version")
        }
        return lines
    }
}

extension FolderVerification {
    /// The folder in a report: every frame, its images loaded when drawn.
    package var reportSection: ReportSection {
        ReportSection(
            title: folder.path, notes: explanations,
            frames: frames.map { check in
                ReportFrame(name: check.name, outcome: check.outcome) { self.images(of: check) }
            })
    }
}

extension FramesFolder {
    /// PNG files in the folder that the manifest does not list (the backdrop image kept beside it
    /// and the exports the manifest lists there, an APNG or a contact sheet, do not count).
    package func unlistedFrameFiles() -> [String] {
        let listed = Set(manifest.files + manifest.exports.filter(\.inFolder).map(\.path))
        let names = (try? FileInput.names(in: path)) ?? []
        return names.filter { name in
            Manifest.isFrameFileName(name) && !listed.contains(name) && backdropImageFile != path + "/" + name
        }
    }
}
