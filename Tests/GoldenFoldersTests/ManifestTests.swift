import CZlib
import Foundation
import Testing

@testable import Comparison
@testable import GoldenFolders
@testable import Raster
@testable import StrictJSON

/// The manifest model: every field written and read back, version 1 manifests, edits named by
/// fingerprint, and refusals that name the key.
@Suite struct ManifestTests {
    /// A manifest with every field away from its default: an overlay on a timeline, one still,
    /// a font file, a backdrop image.
    static var full: Manifest {
        var m = Manifest()
        m.variant = .overlay
        m.scale = 2.5
        m.screen = Size(width: 320, height: 568.5)
        m.style = LoadingStyle(spinnerColor: Color(red8: 1, green8: 2, blue8: 3), strokeWidth: 5, textFontName: "X")
        m.text = "Zpracování\nplatby…"
        m.language = "cs"
        m.fontFile = "fonts/Brand.ttf"
        m.backdropColor = Color(red8: 9, green8: 8, blue8: 7, alpha8: 128)
        m.backdropImage = "screen.png"
        m.fps = 20
        m.frameCount = 10
        m.turnFrames = 20
        m.timeline = SessionTimeline(
            segments: [
                .init(phase: "idle", seconds: 0.1, frames: 0..<2),
                .init(phase: "processing", seconds: 0.4, frames: 2..<10),
            ], frameCount: 10, fps: 20, loadingEnabled: true)
        m.still = 4
        m.namePattern = "s_%03d.png"
        m.files = ["s_004.png"]
        m.pixelWidth = 800
        m.pixelHeight = 1422
        m.generator = "frames 9.9.9"
        m.libraries = ["zlib": "1.2.13", "libpng": "1.6.39", "FreeType": "2.12.1", "fontconfig": "2.14.1"]
        m.fontFiles = ["fonts/Brand.ttf", "/usr/share/fonts/x.ttf"]
        m.shaping = "HarfBuzz 6.0.0, FriBidi 1.0.8, libunibreak (line breaking 2.2)"
        m.checksums = ["fonts/Brand.ttf": "abababab", "screen.png": "00000000"]
        m.tolerance = ManifestTolerance(
            tolerance: PerceptualTolerance(metric: .oklab, threshold: 0.05, includeAntialiased: true),
            maxDifferingPixels: 12)
        m.exports = [
            .init(format: "webp", path: "../a.webp", inFolder: false, bytes: 1234),
            .init(format: "sheet", path: "sheet.png", inFolder: true, bytes: 99),
        ]
        return m
    }

    static func read(_ text: String, path: String = "f/manifest.json") throws -> Manifest {
        try Manifest(json: JSONValue.parse(Array(text.utf8)), path: path)
    }

    static func readJSON(_ json: JSONValue) throws(ManifestError) -> Manifest {
        try Manifest(json: json, path: "f/manifest.json")
    }

    @Test func everyFieldReadsBackToItself() throws {
        let written = Self.full
        var read = try Self.read(written.json.text)
        #expect(read.fingerprints == Manifest.fingerprints(of: written.described).mapValues { $0 })
        read.fingerprints = nil
        #expect(read == written)
        #expect(read.writtenFrames == [.spinner(2)])
        #expect(read.fontSource == .file("fonts/Brand.ttf"))
    }

    @Test func theTableDeclaresEveryKeyOnceAndTheFullManifestWritesThemAll() throws {
        let keys = Manifest.fields.map(\.key)
        #expect(Set(keys).count == keys.count)
        guard case .object(let object) = Self.full.json else { throw ManifestError.noManifest(folder: "") }
        #expect(Set(object.keys) == Set(keys), "written \(object.keys.sorted()) vs declared \(keys)")
        guard case .object(let style) = object["style"] else { throw ManifestError.noManifest(folder: "") }
        #expect(Set(style.keys) == Set(StyleProperty.all.map(\.name)))
    }

    @Test func theSameManifestWritesTheSameBytes() {
        #expect(Self.full.bytes == Self.full.bytes)
        #expect(String(decoding: Self.full.bytes, as: UTF8.self).hasSuffix("}\n"))
    }

    /// Editing any described value, one at a time, names exactly that field.
    @Test(arguments: Manifest.fields.filter(\.describesRender).map(\.key))
    func anEditIsNamedByItsField(_ key: String) throws {
        guard case .object(var object) = Self.full.json else { return }
        let value = try #require(object[key])
        var edited: String
        switch value {
        case .object(var members):
            let member = try #require(members.keys.sorted().first)
            members[member] = .string("edited")
            object[key] = .object(members)
            edited = key + "." + member
        default:
            object[key] = .string("edited")
            edited = key
        }
        #expect(Manifest.editedFields(in: object) == [edited])
        guard case .object(let untouched) = Self.full.json else { return }
        #expect(Manifest.editedFields(in: untouched).isEmpty)
    }

    @Test func aVersion1ManifestMeansWhatEarlierVersionsRendered() throws {
        // As frames 0.1.0 wrote it before versions, with --frame 7 and no timeline.
        let m = try Self.read(
            """
            {"backdrop": {"color": "#00000000"}, "encoder": "zlib 1.2.13, libpng 1.6.39",
             "files": ["frame_0007.png"], "fontFiles": ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
             "fps": 60, "frameCount": 60, "generator": "frames 0.1.0", "language": "en", "pixelHeight": 88,
             "pixelWidth": 80, "scale": 1, "style": {"spinnerColor": "#4287F5"}, "text": null, "variant": "indicator"}
            """)
        #expect(m.version == 1)
        #expect(m.still == 7)
        #expect(m.turnFrames == 60)
        #expect(m.writtenFrames == [.spinner(7)])
        #expect(m.libraries == ["zlib": "1.2.13", "libpng": "1.6.39"])
        #expect(m.style == .indicator)
        #expect(m.fingerprints == nil && m.checksums.isEmpty && m.namePattern == nil && m.fontFile == nil)
        // The oldest: no language, fonts, encoder or backdrop; a timeline turns once a second.
        let oldest = try Self.read(
            """
            {"files": ["a.png", "b.png", "c.png", "d.png"], "fps": 2, "frameCount": 4, "generator": "frames 0.1.0",
             "pixelHeight": 844, "pixelWidth": 390, "scale": 1, "screen": {"width": 390, "height": 844},
             "style": {}, "text": null, "variant": "overlay",
             "timeline": [{"phase": "processing", "seconds": 2, "firstFrame": 0, "frameCount": 4}],
             "overlayVisible": [false, false, false, false]}
            """)
        #expect(oldest.turnFrames == 2 && oldest.language == "en" && oldest.fontFiles == nil)
        #expect(oldest.timeline?.loadingEnabled == false)
        #expect(oldest.writtenFrames == [.hidden, .hidden, .hidden, .hidden])
        #expect(oldest.style == .overlay)
    }

    @Test func aNewerVersionIsRefusedAsSuch() {
        #expect(throws: ManifestError.newerVersion(path: "f/manifest.json", version: 3)) {
            try Self.read("{\"manifestVersion\": 3, \"future\": true}")
        }
    }

    /// Each bad value is refused naming the manifest and the key.
    @Test(arguments: [
        ("scale", JSONValue.number(-1), "scale"), ("fps", .number(0), "fps"), ("fps", .number(2.5), "fps"),
        ("variant", .string("card"), "variant"), ("files", .array([.string("../x.png")]), "files"),
        ("files", .array([.string("a.png"), .string("b.png")]), "files"), ("language", .string("xx"), "language"),
        ("text", .string("a\u{7}"), "text"), ("still", .number(10), "still"),
        ("overlayVisible", .array([]), "overlayVisible"), ("checksums", .object(["a": .string("zz")]), "checksums"),
        ("style", .object(["strokeWidth": .number(40)]), "style.strokeWidth"),
        ("style", .object(["spinnerColour": .string("#000000")]), "style.spinnerColour"),
        ("screen", .object(["width": .number(0), "height": .number(1)]), "screen.width"),
        ("backdrop", .object(["color": .string("pink")]), "backdrop.color"),
        ("timeline", .array([.object(["phase": .string("x")])]), "timeline"),
        ("bogus", .number(1), "bogus"),
    ])
    func aBadValueNamesTheKey(_ key: String, _ value: JSONValue, _ named: String) throws {
        guard case .object(var object) = Self.full.json else { return }
        object[key] = value
        do {
            _ = try Self.readJSON(.object(object))
            Issue.record("\(key) = \(value.brief()) was accepted")
        } catch {
            #expect("\(error)".contains("'f/manifest.json'"), "\(error)")
            #expect("\(error)".contains("'\(named)"), "\(error)")
        }
    }

    @Test func aVersion2ManifestMustHaveItsKeys() {
        guard case .object(var object) = Self.full.json else { return }
        object["turnFrames"] = nil
        #expect(throws: ManifestError.missingKey(path: "f/manifest.json", key: "turnFrames")) {
            try Self.readJSON(.object(object))
        }
    }

    /// docs/golden-kit.md's table of keys is the table of fields.
    @Test func theDocumentedKeysAreTheDeclaredOnes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/golden-kit.md"), encoding: .utf8)
        let start = try #require(text.range(of: "<!-- manifest-keys -->\n"))
        let end = try #require(text.range(of: "<!-- end -->", range: start.upperBound..<text.endIndex))
        var documented: [String: Bool] = [:]
        for row in text[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            for key in cells[0].split(separator: ",") {
                documented[key.trimmingCharacters(in: CharacterSet(charactersIn: "` "))] = cells[1] == "yes"
            }
        }
        let declared = Dictionary(uniqueKeysWithValues: Manifest.fields.map { ($0.key, $0.describesRender) })
        #expect(documented == declared)
    }

    @Test func driftIsSaidInWords() {
        let old = Self.full
        var now = old
        now.libraries["FreeType"] = "2.13.2"
        now.generator = "frames 10.0.0"
        now.checksums["fonts/Brand.ttf"] = "cdcdcdcd"
        now.pixelWidth = 801
        let lines = old.drift(to: now)
        #expect(lines.contains("FreeType was updated: 2.12.1 → 2.13.2"), "\(lines)")
        #expect(lines.contains("generator: frames 9.9.9 → frames 10.0.0"))
        #expect(
            lines.contains("font file changed: fonts/Brand.ttf (crc32 abababab → cdcdcdcd)")
        )
        #expect(lines.contains("pixel size: 800×1422 → 801×1422"))
        #expect(old.drift(to: old).isEmpty)
    }
}

/// File checksums: zlib's CRC-32, as 8 hex digits.
@Suite struct ChecksumTests {
    @Test func crc32IsTheStandardOne() throws {
        #expect(Checksums.hex(Checksums.crc32(Array("123456789".utf8))) == "cbf43926")
        #expect(Checksums.hex(Checksums.crc32([])) == "00000000")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("frames-crc-\(UUID().uuidString)")
        try Data("The quick brown fox jumps over the lazy dog".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(FileChecksum.crc32(of: file.path) == "414fa339")
        #expect(FileChecksum.crc32(of: file.path + ".missing") == nil)
    }

    /// The folded (carry-less multiplication) path and the table agree with zlib's `crc32` at
    /// every length around the 16- and 64-byte steps, at unaligned starts, and over a megabyte.
    @Test func crc32AgreesWithZlib() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<(1 << 20) + 77).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        func zlib(_ slice: ArraySlice<UInt8>) -> UInt32 {
            slice.withUnsafeBufferPointer { UInt32(crc32_z(0, $0.baseAddress, $0.count)) }
        }
        for start in [0, 1, 7] {
            for length in Array(0...300) + [1023, 1024, 1 << 20] {
                let slice = bytes[start..<(start + length)]
                #expect(Checksums.crc32(Array(slice)) == zlib(slice), "\(length) bytes from \(start)")
            }
        }
    }
}
