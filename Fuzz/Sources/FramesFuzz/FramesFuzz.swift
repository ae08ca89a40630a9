import Comparison
import FramesCLI
import Images
import Screenshots

/// One input: its first byte chooses what reads the rest.
/// 0: a command line, arguments separated by NUL bytes, checked as `frames` would before
///    rendering (nothing is written). 1: a style file. 2: a PNG, decoded and compared with itself,
///    and read as a screenshot (PNG or JPEG, its ICC profile converted with Little CMS). 3: a
///    rendered screen cropped, resized and turned, measured (`MeasureFuzz`).
/// Any crash, trap or sanitizer report is a finding; every refusal must come back as a code.
func fuzz(_ input: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let data = input, count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    switch data[0] % 4 {
    case 0:
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        // Keep the fuzzer away from the file system's slow and writing corners.
        if arguments.contains(where: { $0.hasPrefix("--out") || $0.hasPrefix("--apng") || $0.hasPrefix("--sheet") }) {
            return 0
        }
        let code = FramesCLI.validate(arguments)
        precondition(code == 0 || code == 1 || code == 64, "exit code \(code)")
    case 1:
        let code = FramesCLI.validateStyleFile(bytes)
        precondition(code == 0 || code == 64, "exit code \(code)")
    case 3:
        MeasureFuzz.run(bytes)
    default:
        if let image = try? PNGDecoder.decodeStraight(bytes) {
            let comparison = ImageComparison(expected: image, actual: image)
            precondition(comparison.isIdentical, "an image differs from itself")
        }
        if let screenshot = try? ScreenshotDecoder.decode(bytes) {
            let size = try? ScreenshotDecoder.size(of: bytes)
            precondition(
                size.map { $0 == (screenshot.image.width, screenshot.image.height) } ?? false,
                "a screenshot decodes to another size than its header's")
        }
    }
    return 0
}
