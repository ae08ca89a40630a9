import Animation
import Exports
import Images
import Raster
import StrictJSON

/// The PNG files a run can write beside its frames: an animated PNG and a contact sheet.
extension OutputTarget.Kind {
    /// `--apng FILE`: the sequence as an animated PNG looping at fps.
    static let apng = OutputTarget.Kind { options in
        options.apng.map { given in
            OutputTarget(option: given.option, path: given.value) { input, transaction throws(FramesError) in
                // Written to its staging file chunk by chunk as it is made: a timeline over a
                // large photo holds whole frames of hundreds of megabytes each.
                let (parent, name) = PathCollisions.split(given.value)
                let file = try transaction.open(name, in: transaction.folder(parent, creating: true))
                do throws(PNGStreamError<FramesError>) {
                    try APNGEncoder(frames: input.frames).encode { (chunk) throws(FramesError) in
                        try Stop.check()
                        try file.append(chunk)
                    }
                } catch {
                    file.discard()
                    switch error {
                    case .encoder(let error): throw .encoding(error)
                    case .sink(let error): throw error
                    }
                }
                try file.finish()
                let renderer = input.renderer
                return OutputTarget.Written(
                    bytes: file.byteCount,
                    summary: "Wrote \(Console.shown(given.value)): \(counted(input.frames.count, "frame")) of "
                        + "\(renderer.width)×\(renderer.height) px looping at \(input.job.sequence.fps) fps, "
                        + formatBytes(file.byteCount))
            }
        }
    }

    /// `--sheet FILE [--columns N] [--every K]`: every k-th frame in a grid.
    static let sheet = OutputTarget.Kind { options in
        options.sheet.map { given in
            let every = options.every?.value ?? 1
            let columns = options.columns?.value
            return OutputTarget(option: given.option, path: given.value) { input, transaction throws(FramesError) in
                let tiles = (input.frames.count + every - 1) / every
                let columns = columns ?? Int(Double(tiles).squareRoot().rounded(.up))
                let sheet: ContactSheet
                let bytes: [UInt8]
                do {
                    sheet = try ContactSheet(input.frames, columns: columns, every: every)
                    bytes = try PNGEncoder().encode(rows: sheet)
                } catch let error as RasterError {
                    guard case .invalidSize(let width, let height) = error else { throw .image(error) }
                    throw .invalidValue(
                        option: given.option, value: given.text,
                        expected: "a sheet of at most 100 megapixels (it would be \(width) × \(height) px; "
                            + "use --every, --columns or a smaller --scale)")
                } catch let error as FontError {
                    throw .font(option: given.option, error)
                } catch let error as PNGError {
                    throw .encoding(error)
                } catch {
                    preconditionFailure("a sheet fails by its size, its font or its encoding: \(error)")
                }
                try transaction.stage(bytes, at: given.value)
                return OutputTarget.Written(
                    bytes: bytes.count,
                    summary: "Wrote \(Console.shown(given.value)): \(counted(tiles, "frame")) in "
                        + "\(counted(columns, "column")), \(sheet.width)×\(sheet.height) px, \(formatBytes(bytes.count))"
                )
            }
        }
    }
}
