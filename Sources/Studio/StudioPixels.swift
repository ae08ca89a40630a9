import FramesCLI
import Images
import LibC
import Raster
import Synchronization

/// The preview's pixels as the page draws them into its canvas: straight 8-bit RGBA, demultiplied
/// as `frames` writes its PNG files, so the canvas holds the very bytes a PNG of the same frame
/// decodes to, without a PNG made, sent and decoded. Each answer is sent as it is made (chunked:
/// `HTTPStream`), a band of rows at a time, so no picture is held whole.
///
/// - `GET /frame.rgba?<state>&frame=K&base=ID`: the still, as the box of the pixels that differ
///   from the image `ID` the page holds (`X-Studio-Image` of an earlier answer, `StudioShown`);
///   the whole frame when there is no base, the studio no longer keeps its renderer, or its size
///   differs. The body is six little-endian 32-bit words, the image's width and height and the
///   box's x, y, width and height in pixels, then the box's rows in runs (`PixelRuns`): a
///   band of rows at a time (`bandPixels`, or one row), no run crossing from one band into the
///   next.
/// - `GET /loop.rgba?<state>`: the loop as the spinner's box of each frame (every other pixel of
///   every frame is the still's): six words, the frame count, the frames per second and the
///   box's x, y, width and height, then each frame's box in turn.
extension StudioService {
    /// Pixels of a band: at most this many are made, demultiplied and handed to the stream at once.
    static let bandPixels = 1 << 18

    /// The still of `prepared`, as the box where it differs from the image `base`.
    func region(_ prepared: Prepared, base: String?, task: RenderTask) -> HTTPResponse {
        let k = prepared.job.sequence.still ?? 0
        let held = base.flatMap { shown.image($0) }
        let id = shown.add(StudioShown.Image(key: prepared.key, frame: k))
        return stream(
            prepared, work: StudioCosts.region(pixels: prepared.pixels), task: task,
            headers: [("X-Studio-Image", id)]
        ) { renderer, stream in
            let kept = held.flatMap { $0.key == prepared.key ? nil : self.memory.kept($0.key) }
            return withExtendedLifetime(kept) {
                let frame = renderer.rows(ofFrame: k)
                let whole = PixelRect(x0: 0, y0: 0, x1: renderer.width, y1: renderer.height)
                var box = whole
                if let held, let base = held.key == prepared.key ? renderer : kept?.renderer,
                    base.width == renderer.width, base.height == renderer.height
                {
                    box = FrameDifference.box(
                        of: frame, in: renderer, from: base.rows(ofFrame: held.frame), in: base,
                        sameStatic: held.key == prepared.key)
                }
                let head = [renderer.width, renderer.height, box.x0, box.y0, box.width, box.height]
                guard stream.put(StudioService.words(head), giveUp: { task.isCancelled }) else { return false }
                return StudioService.put(frame, region: box, runs: true, into: stream, task: task)
            }
        }
    }

    /// The loop's frames over the still: the spinner's box of each, in order.
    func loopPixels(_ prepared: Prepared, task: RenderTask) -> HTTPResponse {
        stream(prepared, work: StudioCosts.loop(pixels: prepared.pixels), task: task) { renderer, stream in
            let box = renderer.spinnerWindow
            let head = [
                renderer.frameCount, prepared.job.sequence.fps, box.x0, box.y0, box.width, box.height,
            ]
            guard stream.put(StudioService.words(head), giveUp: { task.isCancelled }) else { return false }
            for k in 0..<renderer.frameCount {
                guard StudioService.put(renderer.rows(ofFrame: k), region: box, into: stream, task: task) else {
                    return false
                }
            }
            return true
        }
    }

    /// Little-endian 32-bit words.
    static func words(_ values: [Int]) -> [UInt8] {
        values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: UInt32(value) >> (8 * $0)) } }
    }

    /// Writes the pixels of `region` of `frame` into `stream` as straight RGBA rows, a band at a
    /// time, each band in `PixelRuns` when `runs`; false when the stream gave up (the task
    /// cancelled, or the client gone).
    static func put(
        _ frame: any ChangedRows, region: PixelRect, runs: Bool = false, into stream: HTTPStream, task: RenderTask
    ) -> Bool {
        if region.isEmpty { return true }
        let rows = max(1, bandPixels / region.width)
        var pixels = [UInt32](repeating: 0, count: rows * region.width)
        for y in stride(from: region.y0, to: region.y1, by: rows) {
            let band = PixelRect(x0: region.x0, y0: y, x1: region.x1, y1: min(region.y1, y + rows))
            var bytes = [UInt8](repeating: 0, count: band.width * band.height * 4)
            pixels.withUnsafeMutableBufferPointer { pixels in
                frame.write(region: band, into: pixels)
                bytes.withUnsafeMutableBufferPointer {
                    Scanlines.demultiply(
                        pixels.baseAddress!, width: band.width, stride: band.width, rows: band.height,
                        into: $0.baseAddress!, outStride: band.width * 4)
                }
            }
            let piece =
                runs ? bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: UInt32.self, PixelRuns.encode) } : bytes
            guard stream.put(piece, giveUp: { task.isCancelled }) else { return false }
        }
        return true
    }
}

/// The images the pages hold, by id ("1", "2", …): each a still the studio sent, named by its
/// renderer's state (`Prepared.key`) and frame, so that the next still of a page can be sent as
/// the pixels that differ from it. The last `capacity` are known.
final class StudioShown: Sendable {
    static let capacity = 256

    struct Image: Sendable {
        let key: String
        let frame: Int
    }

    private struct Table {
        var images: [(id: String, image: Image)] = []
        var next = 1
    }

    private let table = Mutex(Table())

    /// Knows `image` from now on: its id.
    func add(_ image: Image) -> String {
        table.withLock { table in
            let id = String(table.next)
            table.next += 1
            table.images.append((id, image))
            if table.images.count > StudioShown.capacity { table.images.removeFirst() }
            return id
        }
    }

    func image(_ id: String) -> Image? {
        table.withLock { table in table.images.last { $0.id == id }?.image }
    }
}

/// Where two frames differ: the box that holds every pixel of one that is not the other's.
enum FrameDifference {
    /// The box of the pixels where `frame` (of `renderer`) differs from `base` (of `baseRenderer`,
    /// of the same size); empty when none does. Outside their changed regions the frames are
    /// their renderers' static images, compared row by row (rows each image holds once are
    /// compared once: `RowImage`); inside, the frames themselves, a band at a time. With
    /// `sameStatic` (one renderer) only the changed regions are compared.
    static func box(
        of frame: any ChangedRows, in renderer: FrameRenderer, from base: any ChangedRows,
        in baseRenderer: FrameRenderer, sameStatic: Bool
    ) -> PixelRect {
        let width = renderer.width
        var box = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        if !sameStatic {
            renderer.staticRows.withRows { pixels, index in
                baseRenderer.staticRows.withRows { basePixels, baseIndex in
                    var last: (Int32, Int32, Range<Int>?)? = nil
                    for y in 0..<renderer.height {
                        let (a, b) = (index[y], baseIndex[y])
                        let columns: Range<Int>?
                        if let last, last.0 == a, last.1 == b {
                            columns = last.2
                        } else {
                            columns = differing(pixels + Int(a) * width, basePixels + Int(b) * width, count: width)
                            last = (a, b, columns)
                        }
                        if let columns {
                            box = box.union(PixelRect(x0: columns.lowerBound, y0: y, x1: columns.upperBound, y1: y + 1))
                        }
                    }
                }
            }
        }
        let area = frame.changedRegion.union(base.changedRegion)
        if area.isEmpty { return box }
        let rows = max(1, StudioService.bandPixels / area.width)
        var mine = [UInt32](repeating: 0, count: rows * area.width)
        var theirs = mine
        for y in stride(from: area.y0, to: area.y1, by: rows) {
            let band = PixelRect(x0: area.x0, y0: y, x1: area.x1, y1: min(area.y1, y + rows))
            mine.withUnsafeMutableBufferPointer { mine in
                theirs.withUnsafeMutableBufferPointer { theirs in
                    frame.write(region: band, into: mine)
                    base.write(region: band, into: theirs)
                    for row in 0..<band.height {
                        let offset = row * band.width
                        if let columns = differing(
                            UnsafePointer(mine.baseAddress! + offset), UnsafePointer(theirs.baseAddress! + offset),
                            count: band.width)
                        {
                            box = box.union(
                                PixelRect(
                                    x0: band.x0 + columns.lowerBound, y0: band.y0 + row,
                                    x1: band.x0 + columns.upperBound, y1: band.y0 + row + 1))
                        }
                    }
                }
            }
        }
        return box
    }

    /// The columns from the first to the last pixel where two rows of `count` pixels differ; nil
    /// when they are equal.
    static func differing(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int) -> Range<Int>? {
        if a == b || memcmp(a, b, count * 4) == 0 { return nil }
        var first = 0
        while a[first] == b[first] { first += 1 }
        var last = count - 1
        while a[last] == b[last] { last -= 1 }
        return first..<(last + 1)
    }
}
