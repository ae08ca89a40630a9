import Animation
import Exports
import FramesCLI
import Images
import Raster

extension StudioService {
    /// A picture sent as it is made (chunked: `HTTPStream`), never whole in memory: `produce`
    /// writes it into the stream on a worker, once `StudioMemory` admits `work` bytes (and the
    /// renderer's, when none is kept), and says whether it wrote all of it (false: it gave up,
    /// its task cancelled or the client gone). A cancelled task cuts the client's stream at once,
    /// even while the worker is inside a frame, and `produce` sees it at its next piece at the
    /// latest. A failure before the first byte is answered as usual (400, 409, 503). The task
    /// ends when the worker is done with it.
    func stream(
        _ prepared: Prepared, work bytes: Int, task: RenderTask, contentType: String = "application/octet-stream",
        headers: [(String, String)] = [],
        _ produce: @escaping @Sendable (FrameRenderer, HTTPStream) throws(FramesError) -> Bool
    ) -> HTTPResponse {
        let stream = HTTPStream()
        task.onCancel { stream.fail() }
        let build = StudioCosts.build(
            pixels: prepared.pixels, backdrop: prepared.upload.map { $0.width * $0.height } ?? 0)
        workers.submit { [self] in
            defer { renders.end(task) }
            do {
                let admission = try memory.admit(key: prepared.key, build: build, work: bytes, for: task)
                try withExtendedLifetime(admission) { () throws(FramesError) in
                    if try produce(try renderer(prepared, admission), stream) { stream.finish() }
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
        if started {
            return HTTPResponse(status: 200, contentType: contentType, headers: headers, body: [], stream: stream)
        }
        return answer ?? refusal(.cancelled(task.cancelled ?? .stopping))
    }

    /// The loop as an animated PNG (`frames --apng`), for the download: the encoder hands over
    /// each chunk as it is made, so the task is looked at once a frame at least.
    func loop(_ prepared: Prepared, task: RenderTask) -> HTTPResponse {
        let fps = prepared.job.sequence.fps
        return stream(prepared, work: StudioCosts.loop(pixels: prepared.pixels), task: task, contentType: "image/png") {
            (renderer, stream) throws(FramesError) in
            do throws(PNGStreamError<Superseded>) {
                try APNGEncoder(frames: ExportFrames(renderer: renderer, fps: fps)).encode {
                    (chunk) throws(Superseded) in
                    if !stream.put(chunk, giveUp: { task.isCancelled }) { throw Superseded() }
                }
                return true
            } catch {
                switch error {
                case .sink: return false
                case .encoder(let error): throw .encoding(error)
                }
            }
        }
    }
}

/// A render given up: its page asked for a newer one, the studio is stopping, or the client went.
struct Superseded: Error {}
