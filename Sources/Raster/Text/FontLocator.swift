import CFontconfig
import LibC

/// Finds font files with fontconfig.
///
/// fontconfig never says "not found": any family matches something (usually DejaVu Sans). So a
/// family is first looked up among the installed fonts' family names (`FcFontList`), and only a
/// family that exists is matched. Generic names (`sans-serif`, `serif`, `monospace`) are aliases,
/// not families, and so count as unknown.
package enum FontLocator {
    /// The default family: DejaVu Sans.
    static let defaultFamily = "DejaVu Sans"

    /// A font file and the face in it.
    package struct Match: Sendable, Equatable {
        let path: String
        let faceIndex: Int
        let family: String
    }

    /// Whether fontconfig's default configuration loaded (once a process; fontconfig keeps it).
    private static let configured = FcInit() != 0

    /// `body` with fontconfig's configuration loaded (fontconfig is thread-safe from 2.11).
    private static func withConfig<T>(_ body: () -> T) -> T {
        _ = configured
        return body()
    }

    /// Whether some installed font has this family name (compared as fontconfig compares
    /// families: ignoring case and spaces).
    static func familyExists(_ family: String) -> Bool {
        withConfig {
            guard let pattern = FcPatternCreate() else { return false }
            defer { FcPatternDestroy(pattern) }
            _ = family.withCString { FcPatternAddString(pattern, frames_fc_family, $0) }
            guard let objects = FcObjectSetCreate() else { return false }
            defer { FcObjectSetDestroy(objects) }
            FcObjectSetAdd(objects, frames_fc_family)
            guard let fonts = FcFontList(nil, pattern, objects) else { return false }
            defer { FcFontSetDestroy(fonts) }
            return fonts.pointee.nfont > 0
        }
    }

    /// The family names of the installed scalable fonts, each once, sorted (the first name of a
    /// font with several). The studio's font menu.
    package static func families() -> [String] {
        withConfig {
            guard let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddBool(pattern, frames_fc_scalable, 1)
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            FcObjectSetAdd(objects, frames_fc_family)
            guard let fonts = FcFontList(nil, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(fonts) }
            var names: Set<String> = []
            for index in 0..<Int(fonts.pointee.nfont) {
                guard let font = fonts.pointee.fonts[index] else { continue }
                var value: UnsafeMutablePointer<FcChar8>? = nil
                if FcPatternGetString(font, frames_fc_family, 0, &value) == FcResultMatch, let value {
                    names.insert(String(cString: value))
                }
            }
            return names.sorted()
        }
    }

    /// Where distributions install the default family's regular face (Debian and Ubuntu, Fedora,
    /// Arch, Alpine, Homebrew), the file fontconfig answers with for it there.
    static let defaultFamilyFiles = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/opt/homebrew/share/fonts/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
    ]

    /// The regular face of `family`, or nil when no installed font has that family. The default
    /// family is taken from its usual file when that exists, without starting fontconfig, which
    /// reads its configuration and caches first (about 25 million instructions, most of a
    /// labelled still's start-up); fontconfig is asked for any other family, and for
    /// characters the face lacks (`face(covering:preferring:)`).
    static func regularFace(of family: String) -> Match? {
        if family == defaultFamily, let path = defaultFamilyFile {
            return Match(path: path, faceIndex: 0, family: defaultFamily)
        }
        return matchedRegularFace(of: family)
    }

    /// Whether `regularFace(of:)` answers for `family` without fontconfig (the default family,
    /// from its usual file).
    static func answersWithoutFontconfig(_ family: String) -> Bool {
        family == defaultFamily && defaultFamilyFile != nil
    }

    private static var defaultFamilyFile: String? {
        defaultFamilyFiles.first(where: isReadableFile)
    }

    /// The regular face of `family` as fontconfig matches it, or nil when no installed font has
    /// that family.
    static func matchedRegularFace(of family: String) -> Match? {
        guard familyExists(family) else { return nil }
        return withConfig {
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            _ = family.withCString { FcPatternAddString(pattern, frames_fc_family, $0) }
            FcPatternAddInteger(pattern, frames_fc_weight, Int32(frames_fc_weight_regular))
            FcPatternAddInteger(pattern, frames_fc_slant, Int32(frames_fc_slant_roman))
            FcPatternAddBool(pattern, frames_fc_scalable, 1)
            return bestMatch(for: pattern)
        }
    }

    /// The font fontconfig prefers after `family` that has a glyph for `scalar`, or nil.
    static func face(covering scalar: Unicode.Scalar, preferring family: String) -> Match? {
        withConfig {
            guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
            defer {
                FcPatternDestroy(pattern)
                FcCharSetDestroy(charset)
            }
            _ = family.withCString { FcPatternAddString(pattern, frames_fc_family, $0) }
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddCharSet(pattern, frames_fc_charset, charset)
            FcPatternAddBool(pattern, frames_fc_scalable, 1)
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let fonts = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
            defer { FcFontSetDestroy(fonts) }
            for i in 0..<Int(fonts.pointee.nfont) {
                guard let font = fonts.pointee.fonts[i] else { continue }
                var fontCharset: OpaquePointer? = nil
                guard FcPatternGetCharSet(font, frames_fc_charset, 0, &fontCharset) == FcResultMatch,
                    FcCharSetHasChar(fontCharset, scalar.value) != 0
                else { continue }
                if let match = describe(font) { return match }
            }
            return nil
        }
    }

    private static func bestMatch(for pattern: OpaquePointer) -> Match? {
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        return describe(font)
    }

    private static func describe(_ font: OpaquePointer) -> Match? {
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(font, frames_fc_file, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, frames_fc_index, 0, &index)
        var family: UnsafeMutablePointer<FcChar8>? = nil
        _ = FcPatternGetString(font, frames_fc_family, 0, &family)
        return Match(
            path: String(cString: file), faceIndex: Int(index),
            family: family.map { String(cString: $0) } ?? "")
    }

    /// Whether `path` names a regular file this process may read: FreeType opens fonts by path,
    /// and a FIFO there would hold it.
    static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
    }
}
