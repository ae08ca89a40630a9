/// The work a JPEG's scans ask of the decoder, read from its markers before anything is decoded:
/// how many scans there are, and how many coefficients they visit together, in passes over the
/// whole image (a pass visits every coefficient of every block once: what a baseline JPEG's one
/// scan does).
///
/// A progressive scan visits every block of its components, whatever its size in the file: a
/// scan of a few bytes (one end-of-band run) makes libjpeg walk every block's coefficients of
/// its band, so a file that repeats its scans takes seconds a scan at 100 megapixels from a few
/// hundred bytes each. libjpeg's own progressive script makes 10 scans of 3 passes; a pass is
/// the band's coefficients (`Se - Ss + 1` of 64) times the blocks of the scan's components.
///
/// Only the markers are walked (segment lengths, then the entropy-coded data up to the next
/// marker); what the decoder refuses anyway (a scan of a component the frame lacks, a segment
/// past the end) counts as nothing here.
struct JPEGScans: Equatable {
    /// Scans before the end of image (EOI), or the end of the file.
    var count = 0
    /// Coefficients the scans visit, over those of one pass over every component's blocks; 0
    /// when the frame header is missing.
    var passes = 0.0

    /// At most 64 scans: a tenth of TurboJPEG's own limit of 500 (`TJFLAG_LIMITSCANS`), six
    /// times what libjpeg's progressive script makes, and more than any encoder's script here.
    static let maxCount = 64
    /// At most 8 passes: libjpeg's progressive script makes 2.3 (4:4:4) to 2.7 (4:2:0), and the
    /// deepest successive approximation jpegtran makes (every band sent 10 bits short, then
    /// refined bit by bit) 11. A 100-megapixel decode takes about 2.6 s and 0.85 s a pass on a
    /// busy 2-core machine (JPEGBoundsTests, docs/reliability.md).
    static let maxPasses = 8.0

    /// A component of the frame: its identifier and sampling factors.
    private struct Component {
        let id: UInt8
        let horizontal: Int
        let vertical: Int
    }

    /// The scans of `bytes` (a JPEG file, starting with SOI).
    init(_ bytes: [UInt8]) {
        var width = 0
        var height = 0
        var components: [Component] = []
        var coefficients = 0.0
        bytes.withUnsafeBufferPointer { b in
            var i = 2
            while i + 4 <= b.count {
                guard b[i] == 0xFF else { return }
                let marker = b[i + 1]
                if marker == 0xFF {
                    i += 1 // a fill byte
                    continue
                }
                if marker == 0xD9 { return } // EOI
                if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    i += 2
                    continue
                }
                let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
                let body = i + 4
                let end = i + 2 + length
                guard length >= 2, end <= b.count else { return }
                let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
                if isFrame, length >= 8 {
                    height = Int(b[body + 1]) << 8 | Int(b[body + 2])
                    width = Int(b[body + 3]) << 8 | Int(b[body + 4])
                    let n = Int(b[body + 5])
                    components = []
                    for k in 0..<n where body + 6 + 3 * k + 2 < end {
                        let at = body + 6 + 3 * k
                        components.append(
                            Component(id: b[at], horizontal: Int(b[at + 1] >> 4), vertical: Int(b[at + 1] & 0x0F)))
                    }
                }
                i = end
                guard marker == 0xDA, length >= 3 else { continue }
                // A scan: its components, then Ss and Se, then the entropy-coded data.
                count += 1
                let n = Int(b[body])
                if length >= 6 + 2 * n {
                    let ss = Int(b[body + 1 + 2 * n])
                    let se = Int(b[body + 2 + 2 * n])
                    let band = Double(max(0, min(se, 63) - ss) + 1)
                    for k in 0..<n {
                        let id = b[body + 1 + 2 * k]
                        if let blocks = Self.blocks(of: id, components, width: width, height: height) {
                            coefficients += Double(blocks) * band
                        }
                    }
                }
                i = Self.nextMarker(b, from: i)
            }
        }
        let perPass = components.reduce(0.0) {
            $0 + Double(Self.blocks(of: $1.id, components, width: width, height: height) ?? 0) * 64
        }
        passes = perPass > 0 ? coefficients / perPass : 0
    }

    /// Where the entropy-coded data that starts at `start` ends: the next marker (FF then a byte
    /// that is neither a stuffed 00 nor a restart marker), or the end of `b`.
    private static func nextMarker(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        while i + 1 < b.count, !(b[i] == 0xFF && b[i + 1] != 0 && !(0xD0...0xD7).contains(b[i + 1])) { i += 1 }
        return i
    }

    /// The blocks of component `id` in a frame of `width` × `height` px, counted in whole MCUs.
    private static func blocks(of id: UInt8, _ components: [Component], width: Int, height: Int) -> Int? {
        guard let component = components.first(where: { $0.id == id }) else { return nil }
        let h = max(1, components.map(\.horizontal).max() ?? 1)
        let v = max(1, components.map(\.vertical).max() ?? 1)
        let across = (width + 8 * h - 1) / (8 * h)
        let down = (height + 8 * v - 1) / (8 * v)
        return across * component.horizontal * down * component.vertical
    }
}
