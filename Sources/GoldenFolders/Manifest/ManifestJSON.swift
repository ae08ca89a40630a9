import Images
import Raster
import StrictJSON
/// manifest.json as a whole: written from `Manifest.fields`, read back through them.
extension Manifest {
    /// The manifest as written: every field's value (keys sorted, nothing that depends on time,
    /// so the same run writes the same bytes), and fingerprints of the description.
    var json: JSONValue {
        var object: [String: JSONValue] = [:]
        for field in Manifest.fields {
            if let value = field.write(self) { object[field.key] = value }
        }
        return .object(object)
    }

    /// The file's bytes.
    package var bytes: [UInt8] { json.utf8 }

    /// The values of the fields that describe the render, as written.
    package var described: [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for field in Manifest.fields where field.describesRender {
            if let value = field.write(self) { object[field.key] = value }
        }
        return object
    }

    /// Reads a manifest's JSON; `path` names it in errors. Every key must be one frames writes;
    /// a version 1 manifest (no `manifestVersion`) may lack the keys version 2 added, and means
    /// what each field says.
    package init(json: JSONValue, path: String) throws(ManifestError) {
        guard case .object(let object) = json else {
            throw .invalidValue(path: path, key: "(the whole file)", value: json.brief(), expected: "a JSON object")
        }
        var version = 1
        if let value = object["manifestVersion"] {
            guard case .number(let number) = value, number == number.rounded(), number >= 1, number < 1e9 else {
                throw .invalidValue(
                    path: path, key: "manifestVersion", value: value.brief(), expected: "a whole number from 1")
            }
            version = Int(number)
            if version > Manifest.currentVersion { throw .newerVersion(path: path, version: version) }
        }
        let known = Manifest.fields.map(\.key)
        for key in object.keys.sorted() where !known.contains(key) {
            throw .unknownKey(path: path, key: key, suggestion: closestName(to: key, among: known))
        }
        let reader = ManifestReader(path: path, version: version)
        var manifest = Manifest()
        manifest.version = version
        do {
            for field in Manifest.fields { try field.read(&manifest, object[field.key], reader) }
        } catch let error as ManifestError {
            throw error
        } catch {
            preconditionFailure("a manifest field threw \(error)")
        }
        self = manifest
    }

    /// Fingerprints of `described` values: for each field (each member of an object value, as
    /// "style.spinnerColor"), the CRC-32 (8 hex digits) of "key=" and the value's
    /// JSON text. Enough to tell which value was edited; not a protection against anyone.
    static func fingerprints(of described: [String: JSONValue]) -> [String: String] {
        var fingerprints: [String: String] = [:]
        for (key, value) in described {
            if case .object(let members) = value {
                for (member, value) in members {
                    fingerprints[key + "." + member] = fingerprint(key + "." + member, value)
                }
            } else {
                fingerprints[key] = fingerprint(key, value)
            }
        }
        return fingerprints
    }

    private static func fingerprint(_ key: String, _ value: JSONValue) -> String {
        Checksums.hex(Checksums.crc32(Array((key + "=").utf8) + value.utf8))
    }

    /// The description's fields whose values in the manifest as read (`object`) are not those
    /// fingerprinted when it was written: the fields edited since, sorted. Empty for a manifest
    /// without fingerprints (version 1).
    package static func editedFields(in object: [String: JSONValue]) -> [String] {
        guard case .object(let recorded)? = object["fingerprints"] else { return [] }
        var described: [String: JSONValue] = [:]
        for field in fields where field.describesRender { described[field.key] = object[field.key] }
        let now = fingerprints(of: described)
        return Set(now.keys).union(recorded.keys).filter { key in
            guard case .string(let fingerprint)? = recorded[key] else { return true }
            return now[key] != fingerprint
        }.sorted()
    }
}
