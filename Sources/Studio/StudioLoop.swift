import Animation
import Exports
import FramesCLI
import Images
import Raster

extension StudioService {
    /// The loop as an animated PNG, sent as it is made (chunked: `HTTPStream`), never whole in
    /// memory. The encoder hands over each chunk as it is made, so the task is looked at once a
    /// frame at least: a superseded or stopped loop ends there, and the client sees the stream
    /// cut. A failure before the first byte is answered as usual (400, 409, 503).
    /// The task ends when the worker is done with it.
    func loop(_ prepared: Prepared, task: RenderTask) -> HTTPResponse {
        let stream = HTTPStream()
        // Cancelled: the client's stream is cut at once, even while the worker is inside a frame.
        task.onCancel { stream.fail() }
        let build = StudioCosts.build(
            pixels: prepared.pixels, backdrop: prepared.upload.map { $0.width * $0.height } ?? 0)
        workers.submit { [self] in
            defer { renders.end(task) }
            do {
                let admission = try memory.admit(
                    key: prepared.key, build: build, work: StudioCosts.loop(pixels: prepared.pixels), for: task)
                try withExtendedLifetime(admission) { () throws(FramesError) in
                    let renderer = try renderer(prepared, admission)
                    try encode(renderer, fps: prepared.job.sequence.fps, into: stream, task: task)
                }
            } catch let error as StudioRefusal {
                stream.refuse(refusal(error))
            } catch let error as FramesError {
                stream.refuse(failure(error))
            } catch {
                preconditionFailure("only refusals and FramesError are thrown: \(error)")
            }
            stream.fail()
        }
        let (started, answer) = stream.waitForStart { task.isCancelled }
        if started { return HTTPResponse(status: 200, contentType: "image/png", body: [], stream: stream) }
        return answer ?? refusal(.cancelled(task.cancelled ?? .stopping))
    }

    /// Encodes the loop of `renderer` into `stream`; ends it complete, or cut when the task is
    /// cancelled or the client has gone.
    private func encode(_ renderer: FrameRenderer, fps: Int, into stream: HTTPStream, task: RenderTask)
        throws(FramesError)
    {
        do throws(PNGStreamError<Superseded>) {
            try APNGEncoder(frames: ExportFrames(renderer: renderer, fps: fps)).encode {
                (chunk) throws(Superseded) in
                if !stream.put(chunk, giveUp: { task.isCancelled }) { throw Superseded() }
            }
            stream.finish()
        } catch {
            switch error {
            case .sink: stream.fail()
            case .encoder(let error): throw .encoding(error)
            }
        }
    }
}

/// A render given up: its page asked for a newer one, the studio is stopping, or the client went.
struct Superseded: Error {}
