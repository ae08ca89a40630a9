import Images
import LibC
import Raster
import StrictJSON

/// A folder `frames` wrote, opened to be verified or rendered again: its manifest read and
/// checked, the files it names found again, and the scene it describes.
package struct FramesFolder: Sendable {
    /// The folder, as given.
    package let path: String
    package let manifest: Manifest
    /// The description's fields edited since the manifest was written (by their fingerprints).
    let editedFields: [String]
    /// Where the manifest's `fontFile` was found.
    let fontFile: String?
    /// Where the manifest's backdrop image was found.
    package let backdropImageFile: String?
    /// The scene the manifest describes, with the files found.
    package let scene: Scene

    package var manifestPath: String { path + "/" + Manifest.fileName }

    /// Opens the folder at `path`. A file the manifest names is looked for at `fontFile` or
    /// `backdropImage` when given, else next to the manifest (by its name), else where the
    /// manifest says (a relative path from the current folder). `shouldStop` is asked while the
    /// manifest is parsed (`JSONValue.parse(_:shouldStop:)`: `.invalidJSON(path:, .stopped)`). A
    /// backdrop image is read by `readBackdrop` (`frames verify` reads JPEG and colour profiles
    /// too, and stops within the decode; by default PNGs in sRGB).
    package init(
        path given: String, fontFile: String? = nil, backdropImage: String? = nil,
        shouldStop: (@Sendable () -> Bool)? = nil,
        readBackdrop: (_ bytes: [UInt8]) throws -> Pixmap = FramesFolder.readSRGBPNG
    ) throws(ManifestError) {
        // "golden/x/" as a shell's glob gives it: named "golden/x" in messages and paths.
        var path = given
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.path = path
        guard FileInput.isDirectory(path) else {
            throw .notAFolder(path: path, reason: FileInput.exists(path) ? "not a folder" : "no such folder")
        }
        let manifestPath = path + "/" + Manifest.fileName
        guard FileInput.exists(manifestPath) else { throw .noManifest(folder: path) }
        let json: JSONValue
        do {
            json = try JSONValue.parse(
                FileInput.read(manifestPath, maxBytes: Manifest.maxBytes), shouldStop: shouldStop)
        } catch let error as FileError {
            throw .unreadable(path: manifestPath, reason: error.code == EFBIG ? "larger than 16 MB" : error.reason)
        } catch let error as JSONError {
            throw .invalidJSON(path: manifestPath, error)
        } catch {
            throw .unreadable(path: manifestPath, reason: "\(error)")
        }
        manifest = try Manifest(json: json, path: manifestPath)
        if case .object(let object) = json {
            editedFields = Manifest.editedFields(in: object)
        } else {
            editedFields = []
        }
        self.fontFile = try manifest.fontFile.map { (recorded: String) throws(ManifestError) in
            try FramesFolder.find(recorded, key: "fontFile", given: fontFile, folder: path, manifestPath: manifestPath)
        }
        backdropImageFile = try manifest.backdropImage.map { (recorded: String) throws(ManifestError) in
            try FramesFolder.find(
                recorded, key: "backdrop.image", given: backdropImage, folder: path, manifestPath: manifestPath)
        }
        var image: Pixmap? = nil
        if let file = backdropImageFile {
            do {
                image = try readBackdrop(FileInput.read(file))
            } catch {
                throw .invalidValue(
                    path: manifestPath, key: "backdrop.image", value: "'\(file)'",
                    expected: "a readable image (\(error))")
            }
        }
        var scene = Scene(
            style: manifest.style, variant: manifest.variant, scale: manifest.scale,
            screenSize: manifest.screen ?? Scene.defaultScreenSize, background: manifest.backdropColor,
            text: manifest.text, fontFile: self.fontFile, backdropImage: image)
        image = nil
        if scene.backdropImage != nil {
            // Only the image scaled to the frame is kept; a label or size that fails is reported
            // by `makeRenderer`.
            try? scene.fitBackdropImage(label: scene.makeLabel())
        }
        self.scene = scene
    }

    /// A backdrop image read as a PNG in sRGB (`PNGDecoder`): a JPEG, or a PNG with an ICC profile
    /// (whose pixels would be converted), is refused, for `frames verify` to read.
    package static func readSRGBPNG(_ bytes: [UInt8]) throws -> Pixmap {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            throw BackdropRefusal("a JPEG file, which frames verify reads")
        }
        if PNGDecoder.embeddedProfile(in: bytes) != nil {
            throw BackdropRefusal("a PNG with an ICC colour profile, which frames verify converts to sRGB")
        }
        return try PNGDecoder.decode(bytes)
    }

    /// Why `readSRGBPNG` refused a file.
    struct BackdropRefusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The first of the places a file may be that holds a regular file.
    static func find(
        _ recorded: String, key: String, given: String?, folder: String, manifestPath: String
    ) throws(ManifestError) -> String {
        let name = recorded.split(separator: "/").last.map(String.init) ?? recorded
        let candidates = given.map { [$0] } ?? [folder + "/" + name, recorded]
        for candidate in candidates where (try? FileInput.checkRegularFile(candidate)) != nil { return candidate }
        throw .missingInput(path: manifestPath, key: key, file: recorded, looked: candidates)
    }

    /// The renderer of the manifest's sequence: its label made once, one turn of `turnFrames`.
    func makeRenderer() throws(ManifestError) -> FrameRenderer {
        let label: TextLabel?
        do {
            label = try scene.makeLabel()
        } catch {
            let key = manifest.fontFile == nil ? "style.textFontName" : "fontFile"
            throw .invalidValue(
                path: manifestPath, key: key, value: "'\(fontFile ?? manifest.style.textFontName ?? "")'",
                expected: "a font that loads (\(error))")
        }
        do {
            return try FrameRenderer(scene: scene, label: label, frameCount: manifest.turnFrames)
        } catch {
            throw .invalidValue(
                path: manifestPath, key: "scale", value: formatNumber(manifest.scale),
                expected: "a scene that can be drawn (\(error))")
        }
    }

    /// The manifest as a render of this folder here would write it: the description as read, the
    /// environment of `renderer`.
    func currentManifest(of renderer: FrameRenderer) -> Manifest {
        var now = manifest
        now.recordEnvironment(of: renderer, backdropImageFile: backdropImageFile)
        return now
    }
}
