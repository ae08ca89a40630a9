import CGIF
import Images

/// giflib's encoder writing into memory: the screen, the loop extension, then frames, each
/// with its graphics control extension and local colour table.
final class GIFWriter {
    private var file: UnsafeMutablePointer<GifFileType>?
    private let sink = Sink()

    /// Where giflib's output function appends.
    final class Sink {
        var bytes: [UInt8] = []
    }

    deinit {
        if let file {
            var error: Int32 = 0
            EGifCloseFile(file, &error)
        }
    }

    func failure(_ call: String, _ code: Int32) -> AnimationError {
        .library(
            name: "giflib", call: call,
            reason: GifErrorString(code).map { String(cString: $0) } ?? "error \(code)")
    }

    func check(_ call: String, _ result: Int32) throws(AnimationError) {
        if result != GIF_OK { throw failure(call, file?.pointee.Error ?? 0) }
    }

    /// The header, the screen (no global colours) and the NETSCAPE2.0 loop-forever extension.
    func open(width: Int, height: Int) throws(AnimationError) {
        var error: Int32 = 0
        file = EGifOpen(
            Unmanaged.passUnretained(sink).toOpaque(),
            { gif, data, count in
                guard let gif, let data, let user = gif.pointee.UserData else { return 0 }
                let sink = Unmanaged<GIFWriter.Sink>.fromOpaque(user).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
                return count
            }, &error)
        guard let file else { throw failure("EGifOpen", error) }
        EGifSetGifVersion(file, true)
        try check("EGifPutScreenDesc", EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil))
        try check("EGifPutExtensionLeader", EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        var name = Array("NETSCAPE2.0".utf8)
        try check("EGifPutExtensionBlock", EGifPutExtensionBlock(file, 11, &name))
        var loop: [UInt8] = [1, 0, 0]
        try check("EGifPutExtensionBlock", EGifPutExtensionBlock(file, 3, &loop))
        try check("EGifPutExtensionTrailer", EGifPutExtensionTrailer(file))
    }

    /// One frame: `indices` (row by row over `region`) into `palette` (straight RGBA words).
    func frame(
        region: PixelRect, palette: [UInt32], indices: [UInt8], delay: Int, transparentIndex: Int?, clears: Bool
    ) throws(AnimationError) {
        guard let file else { return }
        var control = GraphicsControlBlock(
            DisposalMode: clears ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: Int32(transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(
            "EGifPutExtension", EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        // A colour table has a power of two entries, at least 2.
        var size = 2
        while size < palette.count { size *= 2 }
        var colors = palette.map {
            GifColorType(Red: UInt8($0 & 0xFF), Green: UInt8(($0 >> 8) & 0xFF), Blue: UInt8(($0 >> 16) & 0xFF))
        }
        colors += [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = GifMakeMapObject(Int32(size), colors) else {
            throw failure("GifMakeMapObject", D_GIF_ERR_NOT_ENOUGH_MEM)
        }
        defer { GifFreeMapObject(map) }
        try check(
            "EGifPutImageDesc",
            EGifPutImageDesc(
                file, Int32(region.x0), Int32(region.y0), Int32(region.width), Int32(region.height), false, map))
        var row = [GifPixelType](repeating: 0, count: region.width)
        for y in 0..<region.height {
            for x in 0..<region.width { row[x] = indices[y * region.width + x] }
            try check("EGifPutLine", EGifPutLine(file, &row, Int32(region.width)))
        }
    }

    /// Ends the file and returns its bytes.
    func close() throws(AnimationError) -> [UInt8] {
        guard let file else { return sink.bytes }
        var error: Int32 = 0
        self.file = nil
        guard EGifCloseFile(file, &error) == GIF_OK else { throw failure("EGifCloseFile", error) }
        return sink.bytes
    }
}
