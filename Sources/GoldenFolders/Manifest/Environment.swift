import CDeflate
import Images
import LibC
import Raster

/// What a render was made with, recorded in its manifest and compared when it is verified, so
/// that "FreeType was updated" or "the font file changed" is said before pixels are compared.
extension Manifest {
    /// The versions of the C libraries that decide the bytes: zlib and libpng encode every
    /// render; FreeType draws a label's glyphs and fontconfig finds them, so FreeType is added
    /// (with the shaping libraries, `TextShaping.versions`) only for a render with a label, and
    /// fontconfig only when it was asked for the label's fonts (`TextLabel.askedFontconfig`). A
    /// render without a label never opens them (Sources/LibraryLoader), nor does asking their
    /// versions here.
    static func libraryVersions(label: Bool, fontconfig: Bool) -> [String: String] {
        var libraries = [ImageLibraries.zlib, ImageLibraries.libpng]
        if label { libraries.append(TextLibraries.freeType) }
        if label && fontconfig { libraries.append(TextLibraries.fontconfig) }
        return Dictionary(uniqueKeysWithValues: libraries.map { ($0.name, $0.version) })
    }

    /// Records what `renderer` was made with: the generator, the libraries, the image size, the
    /// label's font files, and `checksum` of each of those and of the backdrop image (its file
    /// `backdropImageFile`, listed under `backdropImage` as given). `checksum` gives a file's
    /// CRC-32 as 8 hex digits, or nil when it cannot be read.
    package mutating func recordEnvironment(
        of renderer: FrameRenderer, backdropImageFile: String?, checksum: (String) -> String?
    ) {
        generator = "frames " + Manifest.framesVersion
        libraries = Manifest.libraryVersions(
            label: renderer.label != nil, fontconfig: renderer.label?.askedFontconfig ?? false)
        pixelWidth = renderer.width
        pixelHeight = renderer.height
        shaping = renderer.label != nil ? TextShaping.versions : nil
        let fonts = renderer.label?.fontFiles ?? []
        fontFiles = fonts
        checksums = [:]
        for path in fonts { checksums[path] = checksum(path) }
        if let image = backdropImage, let file = backdropImageFile {
            checksums[image] = checksum(file)
        }
    }

    /// What differs between the environment this manifest records and `now` (the same
    /// description rendered here, `recordEnvironment`), one line each for people; empty when
    /// nothing recorded differs.
    package func drift(to now: Manifest) -> [String] {
        var lines: [String] = []
        if let generator, generator != now.generator {
            lines.append("generator: \(generator) → \(now.generator ?? "")")
        }
        // A library the render does not use now (a manifest written before label-less renders
        // left the text libraries out, or before fontconfig was recorded only when asked) is no
        // drift.
        for name in libraries.keys.sorted() {
            if let new = now.libraries[name], new != libraries[name] {
                lines.append("\(name) was updated: \(libraries[name]!) → \(new)")
            }
        }
        if let shaping, let new = now.shaping, shaping != new {
            lines.append("the shaping libraries were updated: \(shaping) → \(new)")
        }
        if let recorded = fontFiles {
            let sums = { (paths: [String], sums: [String: String]) in paths.map { sums[$0] } }
            if recorded != now.fontFiles, !recorded.isEmpty,
                sums(recorded, checksums) == sums(now.fontFiles ?? [], now.checksums), !checksums.isEmpty
            {
                lines.append(
                    "font files found at other paths, same checksums: \(recorded.joined(separator: ", ")) → "
                        + (now.fontFiles ?? []).joined(separator: ", "))
            } else if recorded != now.fontFiles {
                lines.append(
                    "font files: recorded \(listed(recorded, checksums)); now \(listed(now.fontFiles ?? [], now.checksums))"
                )
            } else {
                for path in recorded {
                    if let old = checksums[path], let new = now.checksums[path], old != new {
                        lines.append("font file changed: \(path) (crc32 \(old) → \(new))")
                    }
                }
            }
        }
        if let image = backdropImage, let old = checksums[image], let new = now.checksums[image], old != new {
            lines.append("backdrop image changed: \(image) (crc32 \(old) → \(new))")
        }
        if (pixelWidth, pixelHeight) != (now.pixelWidth, now.pixelHeight) {
            lines.append("pixel size: \(pixelWidth)×\(pixelHeight) → \(now.pixelWidth)×\(now.pixelHeight)")
        }
        return lines
    }

    private func listed(_ paths: [String], _ checksums: [String: String]) -> String {
        paths.isEmpty
            ? "none"
            : paths.map { path in checksums[path].map { "\(path) (crc32 \($0))" } ?? path }
                .joined(separator: ", ")
    }
}

/// CRC-32 (zlib's) of texts, as 8 hex digits: the fingerprints of a manifest's fields; files'
/// checksums are `FileChecksum.crc32(of:)` (FrameFiles).
package enum Checksums {
    /// The CRC-32 of `bytes`, as zlib's `crc32` computes it (`frames_crc32`).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
    }

    /// 8 lower-case hex digits.
    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
