import Images

/// How a picture's stored rows are to be turned to be seen upright: the EXIF orientation tag
/// (0x0112) of a JPEG's APP1 "Exif" segment or of a PNG's eXIf chunk, 1…8 as TIFF 6.0 numbers
/// them (1: as stored; 3: turned 180°; 6: turned 90° clockwise to be shown; 8: 90°
/// anticlockwise; 2, 4, 5 and 7 the same with a mirror). Cameras and phones held sideways store
/// the sensor's rows and set the tag; every viewer shows the picture turned. Only the file's
/// structure is walked, every length and offset checked against the bytes: a file without the
/// tag, or with a broken one, is as stored (1).
public struct ExifOrientation: Sendable, Equatable {
    /// The tag's value, 1…8.
    public let value: Int

    /// The orientation of tag value `value`; one outside 1…8 is as stored (1).
    public init(value: Int) {
        self.value = (1...8).contains(value) ? value : 1
    }

    /// As stored: nothing to turn.
    public static let upright = ExifOrientation(value: 1)

    /// Whether the picture is shown with its width and height swapped (5…8).
    public var swapsSides: Bool { value >= 5 }

    /// What the tag asks, for people: "turned 90° clockwise", "mirrored left to right".
    public var description: String {
        switch value {
        case 2: return "mirrored left to right"
        case 3: return "turned 180°"
        case 4: return "mirrored top to bottom"
        case 5: return "mirrored and turned 90° anticlockwise"
        case 6: return "turned 90° clockwise"
        case 7: return "mirrored and turned 90° clockwise"
        case 8: return "turned 90° anticlockwise"
        default: return "as stored"
        }
    }

    /// The orientation a PNG or JPEG file's bytes carry; `.upright` without one.
    public static func of(_ bytes: [UInt8]) -> ExifOrientation {
        let tiff: ArraySlice<UInt8>?
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            tiff = pngExif(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            tiff = jpegExif(bytes)
        } else {
            tiff = nil
        }
        guard let tiff, let value = orientation(inTIFF: Array(tiff)), (1...8).contains(value) else { return .upright }
        return ExifOrientation(value: value)
    }

    /// The data of a PNG's eXIf chunk (a TIFF header and its directories), walked up to IEND.
    static func pngExif(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let data = offset + 8
            guard length <= bytes.count - data - 4 else { return nil }
            let type = bytes[(offset + 4)..<data]
            if type.elementsEqual("eXIf".utf8) { return bytes[data..<(data + length)] }
            if type.elementsEqual("IEND".utf8) { return nil }
            offset = data + length + 4
        }
        return nil
    }

    /// The TIFF part of a JPEG's first APP1 segment that starts with "Exif\0\0", before the scan.
    static func jpegExif(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let signature: [UInt8] = Array("Exif".utf8) + [0, 0]
        let segment = JPEGSegments.beforeScan(bytes)?.first { $0.marker == 0xE1 && $0.body.starts(with: signature) }
        return segment?.body.dropFirst(signature.count)
    }

    /// Tag 0x0112 of the first image directory of a TIFF structure ("II" or "MM", 42, the
    /// directory's offset; each entry 12 bytes: tag, type, count, value), a SHORT; nil when the
    /// structure is broken or the tag absent.
    static func orientation(inTIFF tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, size <= tiff.count, at <= tiff.count - size else { return nil }
            var value = 0
            for i in 0..<size {
                let byte = Int(tiff[little ? at + size - 1 - i : at + i])
                value = value << 8 | byte
            }
            return value
        }
        guard read(2, 2) == 42, let directory = read(4, 4), let count = read(directory, 2) else { return nil }
        for entry in 0..<count {
            let at = directory + 2 + 12 * entry
            guard let tag = read(at, 2), let type = read(at + 2, 2) else { return nil }
            if tag == 0x0112 {
                // SHORT (3): the value in the field's first two bytes.
                guard type == 3 else { return nil }
                return read(at + 8, 2)
            }
        }
        return nil
    }

    /// `image` made as it is shown: turned and mirrored as the tag says. 2, 3 and 4 are done in
    /// place; 5…8 swap the sides and take a second buffer of the image's size while they turn.
    public func apply(to image: inout RGBAImage) throws(RasterError) {
        let (w, h) = (image.width, image.height)
        switch value {
        case 2, 3, 4:
            image.pixels.withUnsafeMutableBufferPointer { p in
                if value != 4 {
                    for y in 0..<h { p[(y * w)..<(y * w + w)].reverse() }
                }
                if value != 2 {
                    for y in 0..<(h / 2) {
                        for x in 0..<w { p.swapAt(y * w + x, (h - 1 - y) * w + x) }
                    }
                }
            }
        case 5, 6, 7, 8:
            // Shown (x, y) of the turned image (h wide, w tall) comes from stored column
            // sx(y) and row sy(x).
            var out = try RGBAImage(width: h, height: w)
            image.pixels.withUnsafeBufferPointer { p in
                out.pixels.withUnsafeMutableBufferPointer { o in
                    for y in 0..<w {
                        let sx = value == 5 || value == 6 ? y : w - 1 - y
                        for x in 0..<h {
                            let sy = value == 5 || value == 8 ? x : h - 1 - x
                            o[y * h + x] = p[sy * w + sx]
                        }
                    }
                }
            }
            image = out
        default:
            break
        }
    }
}
