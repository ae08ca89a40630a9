/// Chooses the font of each grapheme cluster, as Core Text's cascade list does.
///
/// The order for a cluster: a colour emoji font for an emoji (emoji presentation, or a variation
/// selector 16); the label's font when it has every character; for a cluster of a script the
/// label's font is not made for, the script's font from `cascade`; the fonts already in use;
/// the font fontconfig prefers for the cluster's characters. The default family (the stand-in
/// for the iOS system font, which has Latin, Greek and Cyrillic only) gives way to the script's
/// font for other scripts, even where it has the characters, so Arabic, Hebrew, Devanagari,
/// Thai and CJK text is set in Noto when Noto is installed. A font chosen by name or file is
/// used for every character it has. A cluster no installed font has is drawn in the label's font
/// (its missing-glyph box) and its characters are listed in `missing`.
struct FontCascade {
    /// The fonts in use, the label's font first. A font is added when a cluster is first set in it.
    private(set) var fonts: [Font]
    /// Whether the label's font is the default family (not chosen by name or file).
    let isDefaultFont: Bool
    /// The language, for the CJK font of the right region.
    let language: String?
    /// Characters no installed font has, in order of first use.
    private(set) var missing: [Unicode.Scalar] = []
    private var chosen: [String: Int] = [:]
    /// Fonts opened while looking (by path and face), used or not.
    private var opened: [String: Font?] = [:]
    /// Whether a font was looked for with fontconfig (`TextLabel.askedFontconfig`).
    private(set) var askedFontconfig = false

    init(main: Font, isDefaultFont: Bool, language: String?) {
        fonts = [main]
        self.isDefaultFont = isDefaultFont
        self.language = language
    }

    /// The index in `fonts` of the font that sets `cluster`, whose own script is `script`
    /// (HarfBuzz's tag; Common or Inherited for neutral clusters).
    mutating func font(for cluster: Substring, script: UInt32) -> Int {
        let key = String(cluster)
        if let known = chosen[key] { return known }
        let scalars = cluster.unicodeScalars
        let neutral = TextShaping.isNeutral(script: script)
        let tag = TextShaping.tag(ofScript: script)
        var index: Int? = nil
        if FontCascade.isEmoji(scalars), let emoji = cascadeFont(["Noto Color Emoji"], covering: scalars) {
            index = emoji
        }
        let mainFits = !isDefaultFont || neutral || ["Latn", "Grek", "Cyrl"].contains(tag)
        if index == nil, mainFits, fonts[0].covers(scalars) { index = 0 }
        if index == nil, !neutral { index = cascadeFont(families(forScript: tag), covering: scalars) }
        if index == nil { index = fonts.indices.first { fonts[$0].covers(scalars) } }
        if index == nil { index = fontconfigFont(covering: scalars) }
        if index == nil {
            for scalar in scalars
            where !scalar.properties.isDefaultIgnorableCodePoint && fonts[0].glyph(for: scalar) == nil
                && !missing.contains(scalar)
            {
                missing.append(scalar)
            }
        }
        chosen[key] = index ?? 0
        return index ?? 0
    }

    /// The families Core Text's cascade would offer for a script, as installed by Debian's Noto
    /// packages (fonts-noto-core, fonts-noto-cjk).
    func families(forScript tag: String) -> [String] {
        switch tag {
        case "Arab": return ["Noto Sans Arabic", "Noto Naskh Arabic"]
        case "Hebr": return ["Noto Sans Hebrew"]
        case "Deva": return ["Noto Sans Devanagari"]
        case "Thai": return ["Noto Sans Thai"]
        case "Hang": return ["Noto Sans CJK KR"]
        case "Hani", "Hira", "Kana", "Bopo":
            let code = (language ?? "").lowercased()
            if code.hasPrefix("ja") { return ["Noto Sans CJK JP"] }
            if code.hasPrefix("ko") { return ["Noto Sans CJK KR"] }
            if code == "zh-tw" || code.hasPrefix("zh-hant") { return ["Noto Sans CJK TC"] }
            if code == "zh-hk" { return ["Noto Sans CJK HK"] }
            return ["Noto Sans CJK SC"]
        default: return []
        }
    }

    /// Whether a cluster is an emoji drawn in colour: a character with emoji presentation, or one
    /// followed by variation selector 16, and not one that asks for text presentation (VS15).
    static func isEmoji(_ scalars: Substring.UnicodeScalarView) -> Bool {
        guard let first = scalars.first, !scalars.contains("\u{FE0E}") else { return false }
        if scalars.contains("\u{FE0F}") { return true }
        return first.properties.isEmojiPresentation
            || (first.properties.isEmoji && scalars.contains { $0 == "\u{200D}" || $0.properties.isEmojiModifier })
    }

    private mutating func cascadeFont(_ families: [String], covering scalars: Substring.UnicodeScalarView) -> Int? {
        for family in families {
            if !FontLocator.answersWithoutFontconfig(family) { askedFontconfig = true }
            guard let match = FontLocator.regularFace(of: family) else { continue }
            if let index = use(match, covering: scalars) { return index }
        }
        return nil
    }

    private mutating func fontconfigFont(covering scalars: Substring.UnicodeScalarView) -> Int? {
        for scalar in scalars where !scalar.properties.isDefaultIgnorableCodePoint {
            askedFontconfig = true
            guard let match = FontLocator.face(covering: scalar, preferring: fonts[0].familyName) else { continue }
            if let index = use(match, covering: scalars) { return index }
        }
        return nil
    }

    /// The index of the font of `match` in `fonts` (added on first use) when it covers `scalars`.
    private mutating func use(_ match: FontLocator.Match, covering scalars: Substring.UnicodeScalarView) -> Int? {
        if let index = fonts.firstIndex(where: { $0.path == match.path && $0.faceIndex == match.faceIndex }) {
            return fonts[index].covers(scalars) ? index : nil
        }
        let key = "\(match.faceIndex):\(match.path)"
        if opened[key] == nil { opened[key] = try? Font(path: match.path, faceIndex: match.faceIndex) }
        guard let font = opened[key] ?? nil, font.covers(scalars) else { return nil }
        fonts.append(font)
        return fonts.count - 1
    }
}
