import CDeflate
import Raster

/// CRC-32 (zlib's) of files, as 8 hex digits. A checksum names what a render was made with so
/// that drift can be explained; the pixels are compared anyway, so a checksum that missed a
/// change (one chance in 2³² for an arbitrary change, none for a change of up to 32 adjacent
/// bits) would only cost the explanation. CRC-32 is chosen for its speed: every render with a
/// label checksums its font files.
enum FileChecksum {
    /// The file's CRC-32 as 8 hex digits, or nil when it cannot be read.
    static func crc32(of path: String) -> String? {
        var crc: UInt32 = 0
        do {
            try FileInput.forEachChunk(path) { crc = libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        } catch {
            return nil
        }
        return Checksums.hex(crc)
    }
}

extension Manifest {
    /// Records what `renderer` was made with (`recordEnvironment(of:backdropImageFile:checksum:)`),
    /// each file's checksum read from the file.
    package mutating func recordEnvironment(of renderer: FrameRenderer, backdropImageFile: String?) {
        recordEnvironment(of: renderer, backdropImageFile: backdropImageFile, checksum: FileChecksum.crc32(of:))
    }
}

extension StyleFile {
    /// Reads the style file at `path` (a regular file of at most `maxBytes`); `shouldStop` as for
    /// `init(bytes:path:shouldStop:)`.
    package init(path: String, shouldStop: (@Sendable () -> Bool)? = nil) throws(StyleFileError) {
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read(path, maxBytes: StyleFile.maxBytes)
        } catch {
            throw error.isTooLarge
                ? .tooLarge(path: path) : .unreadable(path: path, reason: error.isDirectory ? "a folder" : error.reason)
        }
        try self.init(bytes: bytes, path: path, shouldStop: shouldStop)
    }
}
