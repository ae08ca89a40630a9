import FramesCLI
import Screenshots
import Synchronization

/// The backdrop images uploaded to one studio, by id ("1", "2", …): PNGs or JPEGs of at most `maxBytes`
/// bytes and 100 megapixels, kept as the bytes uploaded (charged to `StudioMemory`) and decoded
/// only while a renderer is built from one (whose estimate counts the decoded pixels); the last
/// `capacity` are kept. An upload is checked when it arrives: its header says its size, and it
/// must decode.
final class StudioBackdrops: Sendable {
    static let maxBytes = 8 << 20
    static let capacity = 4

    /// One upload: the bytes, the name the user gave it, its size in pixels.
    struct Upload: Sendable {
        let id: String
        let name: String
        let bytes: [UInt8]
        let width: Int
        let height: Int
        let charge: StudioMemory.Charge
    }

    private struct Store {
        var uploads: [Upload] = []
        var next = 1
    }

    private let store = Mutex(Store())
    let memory: StudioMemory

    init(memory: StudioMemory) {
        self.memory = memory
    }

    /// Keeps `bytes` (a PNG or JPEG named `name` by the user) and returns it with its id, or says
    /// why not.
    /// It is decoded once here, to refuse what the command line would refuse, and let go.
    func add(_ bytes: [UInt8], name: String) throws(FramesError) -> Upload {
        let (width, height) = try StudioBackdrops.size(of: bytes, name: name)
        let busy = FramesError.invalidValue(
            option: "--backdrop-image", value: name,
            expected: "an image that fits the studio's memory budget now (renders under way hold it; try again)")
        guard let decoding = memory.charge(now: StudioCosts.decode(pixels: width * height)) else { throw busy }
        do {
            try withExtendedLifetime(decoding) { () throws(ImageDecodeError) in
                _ = try ScreenshotDecoder.decode(bytes, shouldStop: Stop.asked)
            }
        } catch {
            throw .invalidValue(
                option: "--backdrop-image", value: name,
                expected: "a PNG or JPEG file of at most 100 megapixels (\(error))")
        }
        guard let kept = memory.charge(now: bytes.count) else { throw busy }
        let gone: Upload? = store.withLock { store in
            let upload = Upload(
                id: String(store.next), name: name, bytes: bytes, width: width, height: height, charge: kept)
            store.next += 1
            store.uploads.append(upload)
            return store.uploads.count > StudioBackdrops.capacity ? store.uploads.removeFirst() : nil
        }
        _ = gone
        return store.withLock { $0.uploads.last! }
    }

    func upload(_ id: String) -> Upload? {
        store.withLock { store in store.uploads.first { $0.id == id } }
    }

    /// Width and height from the image's header (PNG's IHDR, JPEG's frame header), refused over
    /// 100 megapixels, before anything is decoded.
    static func size(of bytes: [UInt8], name: String) throws(FramesError) -> (Int, Int) {
        do {
            return try ScreenshotDecoder.size(of: bytes)
        } catch .tooLarge(let width, let height) {
            throw .invalidValue(
                option: "--backdrop-image", value: name,
                expected: "a PNG or JPEG file of at most 100 megapixels (this one is \(width) × \(height) px)")
        } catch {
            throw .invalidValue(option: "--backdrop-image", value: name, expected: "a PNG or JPEG file (\(error))")
        }
    }
}
