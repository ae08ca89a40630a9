import CWebP
import Images

/// Writes frames as one animated WebP through libwebp's animation encoder (`WebPAnimEncoder`):
/// lossless, with alpha, `exact` (RGB under transparent pixels kept as given, never altered), so
/// that every decoded frame equals the PNG frame byte for byte. It loops forever.
///
/// WebP times frames in whole milliseconds: frame i starts at round(1000 · i / fps) ms, so at an
/// fps that does not divide 1000 the durations alternate by 1 ms and the loop is exactly
/// round(1000 · N / fps) ms. libwebp picks each frame's sub-rectangle and blending itself.
public struct WebPEncoder: Sendable {
    let frames: any AnimationFrames
    /// The largest frame written: 34 megapixels (an 8K frame, 7680 × 4320 px, is 33.2).
    /// libwebp's animation encoder keeps several whole frames of its own (the canvas before and
    /// after, the candidate sub-frames), about 40 bytes a pixel in all: 4.1 GB at 100 megapixels.
    public static let maxPixelCount = 34_000_000
    /// The most pixels of all frames together: 200 megapixels (60 full-screen frames at @3x are
    /// 178). The encoder holds the whole file and the frames it coded, and the file is made
    /// whole: frames that change everywhere (noise, a dim switched every frame) cost up to 8.5
    /// bytes a pixel of all frames, 1.7 GB at this limit.
    public static let maxTotalPixelCount = 200_000_000
    /// libwebp's effort for lossless coding, 0 (fast) … 6 (smallest). Default: 4.
    let method: Int

    /// An animated WebP of `frames`, coded with libwebp's lossless `method` (0…6).
    public init(frames: any AnimationFrames, method: Int = 4) {
        precondition((0...6).contains(method), "libwebp's methods are 0...6")
        self.frames = frames
        self.method = method
    }

    /// When frame i starts, in milliseconds (i = count gives the loop's length).
    func timestamp(_ index: Int) -> Int {
        (1000 * index * 2 + frames.fps) / (2 * frames.fps)
    }

    /// The file's bytes.
    public func encode() throws(AnimationError) -> [UInt8] {
        let (width, height) = (frames.width, frames.height)
        func failure(_ call: String, _ reason: String) -> AnimationError {
            .library(name: "libwebp", call: call, reason: reason)
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw failure("WebPAnimEncoderOptionsInit", "version")
        }
        options.anim_params.loop_count = 0
        options.allow_mixed = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw failure("WebPAnimEncoderNew", "out of memory")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw failure("WebPConfigInit", "version") }
        config.lossless = 1
        config.exact = 1
        config.method = Int32(method)
        config.quality = 75
        for index in 0..<frames.count {
            var rgba = frames.image(index).straightRGBA
            var picture = WebPPicture()
            guard WebPPictureInit(&picture) != 0 else { throw failure("WebPPictureInit", "version") }
            picture.use_argb = 1
            picture.width = Int32(width)
            picture.height = Int32(height)
            let imported = rgba.withUnsafeMutableBufferPointer {
                WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4))
            }
            defer { WebPPictureFree(&picture) }
            guard imported != 0 else { throw failure("WebPPictureImportRGBA", "out of memory") }
            rgba = [] // the picture holds its own copy
            guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp(index)), &config) != 0 else {
                throw failure("WebPAnimEncoderAdd", WebPEncoder.lastError(encoder))
            }
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp(frames.count)), nil) != 0 else {
            throw failure("WebPAnimEncoderAdd", WebPEncoder.lastError(encoder))
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw failure("WebPAnimEncoderAssemble", WebPEncoder.lastError(encoder))
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }

    static func lastError(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }
}
