import Exports
import FramesCLI
import Images
import Raster
import Screenshots
import StrictJSON

/// The studio's pictures: a still, the loop (streamed as it is made) and the contact sheet. Each
/// is resolved on the request's thread, then rendered by a worker (`StudioWorkers`) once
/// `StudioMemory` admits its estimate (`StudioCosts`); the request's thread waits for the answer,
/// or for its task to be cancelled (409 when superseded, 503 when the studio stops), whichever
/// comes first.
extension StudioService {
    /// What a worker renders with: the job, and its renderer kept or built.
    struct Prepared {
        let job: RenderJob
        let upload: StudioBackdrops.Upload?
        let key: String
        let pixels: Int
    }

    func prepare(_ state: StudioState) throws(FramesError) -> Prepared {
        let (job, upload) = try state.resolve(backdrops: backdrops)
        let (width, height) = Layout(scene: job.scene, label: job.label).pixelSize(scale: job.scene.scale)
        let key = (state.arguments + ["\(job.sequence.turnFrames)", upload?.id ?? ""]).joined(separator: "\u{0}")
        return Prepared(job: job, upload: upload, key: key, pixels: width * height)
    }

    /// The renderer of `prepared`, kept or built under `build`'s charge (and then kept).
    func renderer(_ prepared: Prepared, _ admission: StudioMemory.Admission) throws(FramesError) -> FrameRenderer {
        if let kept = admission.kept { return kept.renderer }
        var scene = prepared.job.scene
        if let upload = prepared.upload {
            do {
                scene.backdropImage = try ScreenshotDecoder.decode(upload.bytes, shouldStop: Stop.asked).image
            } catch {
                throw .invalidValue(
                    option: "--backdrop-image", value: upload.name, expected: "a PNG or JPEG file (\(error))")
            }
            do { try scene.fitBackdropImage(label: prepared.job.label) } catch { throw .image(error) }
        }
        let renderer: FrameRenderer
        do {
            renderer = try FrameRenderer(
                scene: scene, label: prepared.job.label, frameCount: prepared.job.sequence.turnFrames)
        } catch {
            throw .rendering(error, fontOption: prepared.job.fontOption)
        }
        let kept = StudioMemory.KeptRenderer(job: prepared.job, renderer: renderer, charge: admission.build!)
        memory.keep(kept, key: prepared.key)
        return renderer
    }

    /// `work` on a worker once memory for it is admitted; its answer, or the task's refusal.
    func onWorker(
        _ prepared: Prepared, work bytes: Int, task: RenderTask,
        _ work: @escaping @Sendable (FrameRenderer) throws(FramesError) -> HTTPResponse
    ) -> HTTPResponse {
        let answer = Monitor<HTTPResponse?>(nil)
        task.onCancel { answer.wake() }
        let build = StudioCosts.build(
            pixels: prepared.pixels, backdrop: prepared.upload.map { $0.width * $0.height } ?? 0)
        workers.submit { [self] in
            let response = admitted(prepared, build: build, work: bytes, task: task, work)
            answer.withLock { $0 = response }
        }
        return answer.wait(until: { $0 != nil || task.isCancelled }, then: { $0 })
            ?? refusal(.cancelled(task.cancelled ?? .stopping))
    }

    private func admitted(
        _ prepared: Prepared, build: Int, work bytes: Int, task: RenderTask,
        _ work: (FrameRenderer) throws(FramesError) -> HTTPResponse
    ) -> HTTPResponse {
        do {
            let admission = try memory.admit(key: prepared.key, build: build, work: bytes, for: task)
            return try withExtendedLifetime(admission) { () throws(FramesError) in
                try work(try renderer(prepared, admission))
            }
        } catch let error as StudioRefusal {
            return refusal(error)
        } catch let error as FramesError {
            return failure(error)
        } catch {
            preconditionFailure("only refusals and FramesError are thrown: \(error)")
        }
    }

    func frame(_ state: StudioState, task: RenderTask) throws(FramesError) -> HTTPResponse {
        let prepared = try prepare(state)
        return onWorker(prepared, work: StudioCosts.still(pixels: prepared.pixels), task: task) {
            (renderer) throws(FramesError) in
            do throws(PNGError) {
                // The bytes `frames --frame K` writes, by an encoder of that one frame.
                let encoder = try renderer.sequenceEncoder(frames: 1)
                return self.png(try encoder.encode(frame: prepared.job.sequence.still ?? 0))
            } catch {
                throw .encoding(error)
            }
        }
    }

    func sheet(_ state: StudioState, task: RenderTask) throws(FramesError) -> HTTPResponse {
        let prepared = try prepare(state)
        let count = prepared.job.sequence.frameCount
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let limit = Pixmap.maxPixelCount
        let band = min(limit, columns * prepared.pixels * 5 / 4)
        let sheet = min(limit, ((count + columns - 1) / columns) * band + band / 2)
        return onWorker(prepared, work: StudioCosts.sheet(sheet: sheet, band: band), task: task) {
            (renderer) throws(FramesError) in
            let frames = ExportFrames(renderer: renderer, fps: prepared.job.sequence.fps)
            let made: [UInt8]
            do {
                made = try PNGEncoder().encode(
                    rows: CancellableRows(ContactSheet(frames, columns: columns, every: 1), task: task))
            } catch {
                throw .invalidValue(
                    option: "--scale", value: formatNumber(prepared.job.scene.scale),
                    expected: "a contact sheet of at most 100 megapixels (\(error))")
            }
            if let reason = task.cancelled { return self.refusal(.cancelled(reason)) }
            return self.png(made)
        }
    }
}

/// A picture's rows, made until `task` is cancelled, then left empty (the encoder's result is
/// thrown away): a sheet of thousands of frames stops within one band.
struct CancellableRows<Rows: RowSource>: RowSource {
    let rows: Rows
    let task: RenderTask
    init(_ rows: Rows, task: RenderTask) { (self.rows, self.task) = (rows, task) }
    var width: Int { rows.width }
    var height: Int { rows.height }
    func write(rows range: Range<Int>, into pixels: UnsafeMutableBufferPointer<UInt32>) {
        if task.isCancelled {
            pixels.update(repeating: 0)
        } else {
            rows.write(rows: range, into: pixels)
        }
    }
}
