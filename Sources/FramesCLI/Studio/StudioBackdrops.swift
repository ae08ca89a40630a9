import FrameFiles
import Raster
import Synchronization

/// The backdrop images uploaded to one studio, kept in memory by id ("1", "2", …): PNGs of at
/// most `maxBytes` bytes and 100 megapixels; the last `capacity` are kept.
final class StudioBackdrops: Sendable {
    static let maxBytes = 8 << 20
    static let capacity = 4

    private struct Store {
        var images: [(id: String, name: String, image: Pixmap)] = []
        var next = 1
    }

    private let store = Mutex(Store())

    /// Keeps `bytes` (a PNG named `name` by the user) and returns its id, or says why not.
    func add(_ bytes: [UInt8], name: String) throws(FramesError) -> (id: String, image: Pixmap) {
        let image: Pixmap
        do {
            image = try PNGDecoder.decode(bytes)
        } catch {
            throw .invalidValue(
                option: "--backdrop-image", value: name, expected: "a PNG file of at most 100 megapixels (\(error))")
        }
        let id = store.withLock { store in
            let id = String(store.next)
            store.next += 1
            store.images.append((id, name, image))
            if store.images.count > StudioBackdrops.capacity { store.images.removeFirst() }
            return id
        }
        return (id, image)
    }

    func image(_ id: String) -> Pixmap? {
        store.withLock { store in store.images.first { $0.id == id }?.image }
    }

    func name(_ id: String) -> String? {
        store.withLock { store in store.images.first { $0.id == id }?.name }
    }
}
