import Testing

@testable import Animation
@testable import Exports
@testable import Images
@testable import Raster

/// The paths that keep memory bounded for 100-megapixel images give the bytes of the plain ones:
/// a backdrop kept at the frame's size, the APNG compared and written in bands of rows.
@Suite struct BoundedMemoryTests {
    /// The small overlay the animated-PNG tests render: 120 × 200 pt at @1x over `backdrop`.
    static func overlayOverBackdrop() throws -> Scene {
        Scene(
            style: .overlay, variant: .overlay, scale: 1, screenSize: Size(width: 120, height: 200),
            backdropImage: try backdrop(width: 50, height: 70))
    }

    /// A backdrop of `width` × `height` px: a gradient with some transparency.
    static func backdrop(width: Int, height: Int) throws -> Pixmap {
        var image = try Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = UInt32(128 + (x * 127) / max(1, width - 1))
                let r = UInt32(x * 255 / max(1, width - 1)) * a / 255
                let g = UInt32(y * 255 / max(1, height - 1)) * a / 255
                image.pixels[y * width + x] = Pixmap.pack(r: r, g: g, b: (r + g) / 2, a: a)
            }
        }
        return image
    }

    /// Strips of a few rows (and the layers cut to the spinner's box) give the static image and
    /// the frames of the whole-image path, with and without the float copy of the box.
    @Test(arguments: FrameTests.cases.indices)
    func stripsGiveTheSamePixels(index: Int) throws {
        var (name, scene) = FrameTests.cases[index]
        scene.backdropImage = try Self.backdrop(width: 31, height: 17)
        let scene2 = try scene.validated()
        let label = try scene2.makeLabel()
        let whole = try FrameRenderer(validated: scene2, label: label, frameCount: 12, tolerance: Path.defaultTolerance)
        #expect(!whole.trimmedLayers)
        for keepsBase in [true, false] {
            let strips = try FrameRenderer(
                validated: scene2, label: label, frameCount: 12, tolerance: Path.defaultTolerance,
                keepsSpinnerBase: keepsBase, stripRows: 7)
            #expect(strips.trimmedLayers)
            let same = strips.staticImage == whole.staticImage
            #expect(same, "\(name): static image")
            for k in [0, 5, 11] {
                let frame = strips.frame(k)
                let sameFrame = frame == whole.frame(k)
                #expect(sameFrame, "\(name) frame \(k), float box \(keepsBase)")
                let reference = frame == strips.referenceFrame(k)
                #expect(reference, "\(name) frame \(k) against the reference")
            }
            let hidden = strips.hiddenFrame() == whole.hiddenFrame()
            #expect(hidden)
        }
    }

    /// An image is its own aspect-fill at its own size, for every premultiplied value, so the
    /// renderer can take a backdrop already of the frame's size as it is.
    @Test func aspectFillAtTheSameSizeIsTheImage() throws {
        var image = try Pixmap(width: 256, height: 256)
        for a in UInt32(0)..<256 {
            for v in UInt32(0)...a {
                image.pixels[Int(a) * 256 + Int(v)] = Pixmap.pack(r: v, g: a - v, b: v / 2, a: a)
            }
        }
        let fitted = try Resample.aspectFill(image, width: 256, height: 256)
        #expect(fitted == image)
    }

    /// A scene whose backdrop was fitted to the frame draws the same frames and hidden frame.
    @Test(arguments: [Variant.overlay, .indicator])
    func fittedBackdropDrawsTheSamePixels(variant: Variant) throws {
        var scene = Scene(
            variant: variant, scale: 2, screenSize: Size(width: 60, height: 90), text: "Wait",
            backdropImage: try Self.backdrop(width: 37, height: 23))
        let given = try FrameRenderer(scene: scene, frameCount: 8)
        try scene.fitBackdropImage(label: scene.makeLabel())
        #expect(scene.backdropImage?.width == given.width && scene.backdropImage?.height == given.height)
        let fitted = try FrameRenderer(scene: scene, frameCount: 8)
        for k in [0, 3] {
            let same = fitted.frame(k) == given.frame(k)
            #expect(same, "\(variant) frame \(k)")
        }
        let hidden = fitted.hiddenFrame() == given.hiddenFrame()
        #expect(hidden)
    }

    /// Bands of rows (a window limit of 0) give the bytes of the whole-window path, for a turn and
    /// for a timeline that hides and shows the overlay.
    @Test(arguments: [false, true])
    func apngInBandsGivesTheSameBytes(timeline: Bool) throws {
        let scene = try Self.overlayOverBackdrop()
        let renderer = try FrameRenderer(scene: scene, frameCount: 6)
        let frames = ExportFrames(
            renderer: renderer,
            frames: timeline ? [.hidden, .spinner(0), .spinner(1), .hidden, .hidden, .spinner(4), .spinner(5)] : nil,
            fps: 30)
        let whole = try APNGEncoder(frames: frames).encode()
        var banded = APNGEncoder(frames: frames)
        banded.windowLimit = 0
        let bytes = try banded.encode()
        #expect(bytes == whole)
    }

    /// The animated PNG is written chunk by chunk as it is made (`encode(to:)`); its framing is
    /// libpng's: the file's chunks, read back and written again whole by libpng's chunk functions
    /// (`PNGContainer.file(width:height:chunks:)`), give the same bytes. A sink that fails stops
    /// the encoder with the sink's error.
    @Test(arguments: [false, true])
    func apngWrittenAsItIsMadeIsLibpngsFile(timeline: Bool) throws {
        let scene = try Self.overlayOverBackdrop()
        let renderer = try FrameRenderer(scene: scene, frameCount: 6)
        let frames = ExportFrames(
            renderer: renderer, frames: timeline ? [.hidden, .spinner(0), .spinner(1), .hidden, .spinner(4)] : nil,
            fps: 30)
        var pieces: [[UInt8]] = []
        try APNGEncoder(frames: frames).encode(to: { (piece: [UInt8]) in pieces.append(piece) })
        let bytes = Array(pieces.joined())
        #expect(pieces.count > 3 * frames.count, "written in pieces as it is made")
        #expect(bytes == (try APNGEncoder(frames: frames).encode()))
        // The chunks after the head, in order.
        var chunks: [(String, [UInt8])] = []
        var offset = try PNGContainer.head(width: renderer.width, height: renderer.height).count
        while offset < bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type != "IEND" { chunks.append((type, Array(bytes[offset + 8..<offset + 8 + length]))) }
            offset += 12 + length
        }
        #expect(chunks.first?.0 == "acTL" && chunks.filter { $0.0 == "fdAT" }.count == frames.count - 1)
        let libpng = try PNGContainer.file(width: renderer.width, height: renderer.height, chunks: chunks)
        #expect(bytes == libpng)

        struct Full: Error {}
        var written = 0
        #expect(throws: PNGStreamError<Full>.self) {
            try APNGEncoder(frames: frames).encode(to: { (piece: [UInt8]) throws(Full) in
                if written > 500 { throw Full() }
                written += piece.count
            })
        }
    }

    /// The hidden screen over a transparent background is the backdrop itself (no copy of it is
    /// made): the same pixels as compositing it, for a picture with every alpha from 128 to 255,
    /// fitted to the frame or given at its size, and over an opaque background (composited).
    @Test(arguments: [false, true])
    func hiddenFrameIsTheBackdropOverTransparent(fittedFirst: Bool) throws {
        for background in [Color.clear, Color.white] {
            var scene = Scene(
                style: .overlay, variant: .overlay, scale: 1, screenSize: Size(width: 120, height: 200),
                background: background, backdropImage: try Self.backdrop(width: 50, height: 70))
            if fittedFirst { try scene.fitBackdropImage(label: scene.makeLabel()) }
            let renderer = try FrameRenderer(scene: scene, frameCount: 4)
            let same = renderer.hiddenFrame() == renderer.composedHiddenFrame()
            #expect(same, "background \(background), fitted first: \(fittedFirst)")
        }
    }

    /// A frame whose stream grows past `chunkLimit` goes out in several chunks (IDAT, or fdAT with
    /// a sequence number each): the same image data, frame by frame, as one chunk per frame, and
    /// sequence numbers that still count 0, 1, 2, … over every fcTL and fdAT.
    @Test func largeFramesAreSplitIntoChunks() throws {
        let scene = try Self.overlayOverBackdrop()
        let frames = ExportFrames(
            renderer: try FrameRenderer(scene: scene, frameCount: 6),
            frames: [.hidden, .spinner(0), .spinner(1), .hidden, .spinner(4)], fps: 30)
        var whole = APNGEncoder(frames: frames)
        whole.windowLimit = 0
        var split = whole
        split.chunkLimit = 1
        // Each frame's image data (IDAT, or fdAT without its sequence number), and the sequence numbers.
        func read(_ bytes: [UInt8]) -> (data: [[UInt8]], sequence: [Int], chunks: Int) {
            var (data, sequence, chunks): ([[UInt8]], [Int], Int) = ([], [], 0)
            var offset = 8
            while offset < bytes.count {
                let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
                let body = Array(bytes[offset + 8..<offset + 8 + length])
                let number = body.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                switch type {
                case "fcTL":
                    sequence.append(number)
                    data.append([])
                case "IDAT": data[data.count - 1] += body
                case "fdAT":
                    sequence.append(number)
                    data[data.count - 1] += body.dropFirst(4)
                default: break
                }
                if type == "IDAT" || type == "fdAT" { chunks += 1 }
                offset += 12 + length
            }
            return (data, sequence, chunks)
        }
        let (a, b) = (read(try whole.encode()), read(try split.encode()))
        #expect(a.chunks == frames.count && b.chunks > a.chunks, "\(a.chunks) and \(b.chunks) chunks")
        #expect(a.data == b.data)
        #expect(b.sequence == Array(0..<b.sequence.count))
    }
}
