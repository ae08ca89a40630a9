import Raster

/// The PNG files a run can write beside its frames: an animated PNG and a contact sheet.
extension OutputTarget.Kind {
    /// `--apng FILE`: the sequence as an animated PNG looping at fps.
    static let apng = OutputTarget.Kind { options in
        options.apng.map { given in
            OutputTarget(option: given.option, path: given.value) { (run: RenderRun) throws(FramesError) in
                // Written to its temporary file chunk by chunk as it is made: a timeline over a
                // large photo holds whole frames of hundreds of megabytes each.
                let file: FileOutput.StagedFile
                do {
                    file = try FileOutput.StagedFile(beside: given.value, holding: true)
                } catch {
                    throw .runtime("\(error)")
                }
                let temporary: String
                do {
                    try APNGEncoder(frames: run.exportFrames).encode(to: file.append)
                    temporary = try file.finish()
                } catch {
                    file.discard()
                    throw .runtime("\(error)")
                }
                let renderer = run.renderer
                return OutputTarget.Made(
                    staged: temporary, byteCount: file.byteCount,
                    summary: "Wrote \(given.value): \(counted(run.exportFrames.count, "frame")) of "
                        + "\(renderer.width)×\(renderer.height) px looping at \(run.job.sequence.fps) fps, "
                        + formatBytes(file.byteCount))
            }
        }
    }

    /// `--sheet FILE [--columns N] [--every K]`: every k-th frame in a grid.
    static let sheet = OutputTarget.Kind { options in
        options.sheet.map { given in
            let every = options.every?.value ?? 1
            let columns = options.columns?.value
            return OutputTarget(option: given.option, path: given.value) { (run: RenderRun) throws(FramesError) in
                let tiles = (run.exportFrames.count + every - 1) / every
                let columns = columns ?? Int(Double(tiles).squareRoot().rounded(.up))
                let image: Pixmap
                let bytes: [UInt8]
                do {
                    image = try ContactSheet.render(run.exportFrames, columns: columns, every: every)
                    bytes = try PNGEncoder().encode(image)
                } catch RasterError.invalidSize(let width, let height) {
                    throw .invalidValue(
                        option: given.option, value: given.text,
                        expected: "a sheet of at most 100 megapixels (it would be \(width) × \(height) px; "
                            + "use --every, --columns or a smaller --scale)")
                } catch {
                    throw .runtime("\(error)")
                }
                return OutputTarget.Made(
                    bytes: bytes,
                    summary: "Wrote \(given.value): \(counted(tiles, "frame")) in \(counted(columns, "column")), "
                        + "\(image.width)×\(image.height) px, \(formatBytes(bytes.count))")
            }
        }
    }
}
