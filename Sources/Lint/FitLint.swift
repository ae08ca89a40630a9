import Raster
import StrictJSON
import Synchronization

/// The fit checks of `StyleLint`: the label of every `Translation` laid out on every `Device` (each
/// screen size once, named by the first device of that size) as
/// the overlay lays it out (lines break where the card would come closer than 16 pt to the
/// screen's sides), counted in lines, and the card measured against the screen less 16 pt on
/// each side. The worst language and device are named. The fix is the largest text size, in
/// steps of 0.5 pt below the style's, with which every pair passes.
struct FitLint {
    let style: LoadingStyle
    let maxLines: Int

    struct Key: Equatable {
        let textSize, textGap, spinnerSize, paddingHorizontal, paddingVertical: Double
        let textFontName: String?
        let maxLines: Int
    }

    /// The fit findings of `style`, from `memo` when the same fit was asked for lately.
    static func findings(for style: LoadingStyle, maxLines: Int, memo: FitMemo?) throws(FontError) -> [LintFinding] {
        let key = Key(
            textSize: style.textSize, textGap: style.textGap, spinnerSize: style.spinnerSize,
            paddingHorizontal: style.paddingHorizontal, paddingVertical: style.paddingVertical,
            textFontName: style.textFontName, maxLines: maxLines)
        if let known = memo?.findings(for: key) { return known }
        let findings = try FitLint(style: style, maxLines: maxLines).findings()
        memo?.keep(findings, for: key)
        return findings
    }

    /// The narrowest screen of `Device.all`, pt.
    static let smallestScreenWidth = Device.all.map(\.screen.width).min() ?? Scene.defaultScreenSize.width

    /// One language on one device: lines, and how far the card comes over the margins (pt, ≤ 0
    /// when it fits).
    struct Measure {
        let language: Translation
        let device: Device
        let lines: Int
        let overflow: Double
        let card: Size
    }

    /// The devices with a screen of their own: the first of each size in `Device.all` (the fit
    /// depends on the screen alone, and several models share one).
    static let screens: [Device] = Device.all.reduce(into: []) { devices, device in
        if !devices.contains(where: { $0.screen == device.screen }) { devices.append(device) }
    }

    /// Every language on every screen with `textSize`.
    func measures(textSize: Double) throws(FontError) -> [Measure] {
        var style = style
        style.textSize = textSize
        var measures: [Measure] = []
        for device in FitLint.screens {
            for language in Translation.all {
                let scene = Scene(
                    style: style, variant: .overlay, screenSize: device.screen, text: language.loadingProcessingText,
                    language: language.languageCode)
                let label = try scene.makeLabel()
                let layout = Layout(scene: scene, label: label)
                let margin = 2 * Layout.screenMargin
                let overflow = max(
                    layout.card.width - (device.screen.width - margin),
                    layout.card.height - (device.screen.height - margin))
                measures.append(
                    Measure(
                        language: language, device: device, lines: label?.lines.count ?? 0, overflow: overflow,
                        card: layout.card.size))
            }
        }
        return measures
    }

    /// `size` to 0.01 pt.
    func hundredths(_ size: Size) -> Size {
        Size(width: (size.width * 100).rounded() / 100, height: (size.height * 100).rounded() / 100)
    }

    func passes(_ measures: [Measure]) -> (lines: Bool, card: Bool) {
        (measures.allSatisfy { $0.lines <= maxLines }, measures.allSatisfy { $0.overflow <= 0 })
    }

    func findings() throws(FontError) -> [LintFinding] {
        let measures = try measures(textSize: style.textSize)
        let (linesPass, cardPasses) = passes(measures)
        var fix: StyleProperty.Value? = nil
        if !(linesPass && cardPasses) {
            var size = (style.textSize * 2).rounded(.up) / 2 - 0.5
            while size > 0 {
                let (lines, card) = passes(try self.measures(textSize: size))
                if (linesPass || lines) && (cardPasses || card) {
                    fix = .number(size)
                    break
                }
                size -= 0.5
            }
        }
        // The worst pair: most lines, then least room; among equals the first (smallest device).
        let mostLines = measures.max { ($0.lines, $0.overflow) < ($1.lines, $1.overflow) }!
        let leastRoom = measures.max { $0.overflow < $1.overflow }!
        func name(_ measure: Measure) -> String { "\(measure.language.languageCode), \(measure.device.name)" }
        let card = leastRoom.card
        var lines = LintFinding.Figures(
            measured: Double(mostLines.lines), required: Double(maxLines), unit: .lines, bound: .atMost)
        (lines.language, lines.device, lines.card) = (
            mostLines.language.languageCode, mostLines.device.name, hundredths(mostLines.card)
        )
        // The smallest margin: overflow is how far the card comes over the 16 pt on its tighter side.
        var margin = LintFinding.Figures(
            measured: ((Layout.screenMargin - leastRoom.overflow / 2) * 100).rounded() / 100,
            required: Layout.screenMargin, unit: .pt, bound: .atLeast)
        (margin.language, margin.device, margin.card) = (
            leastRoom.language.languageCode, leastRoom.device.name, hundredths(card)
        )
        return [
            LintFinding(
                check: .labelLines, passed: linesPass,
                measured: "\(counted(mostLines.lines, "line")) (\(name(mostLines)))",
                required: "at most \(counted(maxLines, "line"))", property: .textSize, fix: linesPass ? nil : fix,
                figures: lines),
            LintFinding(
                check: .cardFits, passed: cardPasses,
                measured: "\(formatNumber(card.width.rounded())) × \(formatNumber(card.height.rounded())) pt "
                    + "(\(name(leastRoom)))",
                required: "16 pt margins", property: .textSize, fix: cardPasses ? nil : fix, figures: margin),
        ]
    }
}

/// The fit findings of the last few styles, by what fit depends on, for a caller that lints
/// many styles: an edit of a colour (the studio's commonest) lays out nothing again.
public final class FitMemo: Sendable {
    private let recent = Mutex<[(key: FitLint.Key, findings: [LintFinding])]>([])

    /// An empty memo.
    public init() {}

    func findings(for key: FitLint.Key) -> [LintFinding]? {
        recent.withLock { list in list.first { $0.key == key }?.findings }
    }

    func keep(_ findings: [LintFinding], for key: FitLint.Key) {
        recent.withLock { list in
            list.append((key, findings))
            if list.count > 8 { list.removeFirst() }
        }
    }
}
