import Foundation
import Raster

/// `manifest.json`: what one run wrote, enough to reproduce it. Keys are sorted and nothing in it
/// depends on time, so the same run writes the same bytes.
enum Manifest {
    static func json(job: RenderCommand.Job, renderer: FrameRenderer, fileNames: [String]) throws -> [UInt8] {
        let style = job.scene.style
        var styleObject: [String: Any] = [
            "spinnerColor": style.spinnerColor.hex,
            "trackColor": style.trackColor.hex,
            "strokeWidth": style.strokeWidth,
            "spinnerSize": style.spinnerSize,
            "textColor": style.textColor.hex,
            "textSize": style.textSize,
            "textGap": style.textGap,
            "backgroundColor": style.backgroundColor.hex,
            "cornerRadius": style.cornerRadius,
            "paddingHorizontal": style.paddingHorizontal,
            "paddingVertical": style.paddingVertical,
            "dimAmount": style.dimAmount,
        ]
        styleObject["textFontName"] = style.textFontName ?? NSNull()
        var object: [String: Any] = [
            "generator": "frames \(RenderCommand.version)",
            "variant": job.scene.variant.rawValue,
            "scale": job.scene.scale,
            "fps": job.fps,
            "frameCount": job.frameCount,
            "pixelWidth": renderer.width,
            "pixelHeight": renderer.height,
            "style": styleObject,
            "text": NSNull(),
            "files": fileNames,
        ]
        if job.scene.variant == .overlay {
            object["screen"] = ["width": job.scene.screenSize.width, "height": job.scene.screenSize.height]
        }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return [UInt8](data) + [0x0A]
    }
}
