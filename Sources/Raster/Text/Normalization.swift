/// NFC composition without Foundation or ICU.
///
/// Swift compares and hashes `Character`s by canonical equivalence, so a decomposed cluster such
/// as "a" + U+0301 finds its precomposed form "á" (U+00E1) in a dictionary keyed by Character.
/// The dictionary holds every precomposed letter of the Latin, Greek and Cyrillic blocks; a
/// cluster is composed greedily from its first scalar: the longest prefix with a precomposed
/// form is replaced by it, then the rest follows. Clusters with no precomposed form (a letter
/// with a mark Unicode never precomposed) stay as they are and are drawn as base and marks.
///
/// Linear in the text's length: a precomposed letter decomposes into at most four characters, so
/// only prefixes of at most `longestComposition` characters are tried at each position (a cluster
/// of thousands of marks costs a few steps a mark). HarfBuzz composes what is left as the font
/// allows.
enum Normalization {
    /// The longest prefix tried: longer than any canonical decomposition of the table's letters.
    static let longestComposition = 6

    /// Blocks whose letters can be precomposed.
    private static let precomposedRanges: [ClosedRange<UInt32>] = [
        0x00C0...0x024F, // Latin-1 Supplement letters, Latin Extended-A and -B
        0x0374...0x03FF, // Greek
        0x0400...0x04FF, // Cyrillic
        0x1E00...0x1EFF, // Latin Extended Additional
        0x1F00...0x1FFF, // Greek Extended
    ]

    private static let precomposed: [Character: Unicode.Scalar] = {
        var table: [Character: Unicode.Scalar] = [:]
        for range in precomposedRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.canonicalCombiningClass == .notReordered
                else { continue }
                let character = Character(scalar)
                // Keep a scalar only if it differs from its own decomposition's first scalar,
                // i.e. it is a composition, and the first one found for a given form.
                if table[character] == nil { table[character] = scalar }
            }
        }
        return table
    }()

    /// `text` with every cluster composed as far as a precomposed letter exists.
    static func nfc(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for character in text {
            let scalars = Array(character.unicodeScalars)
            if scalars.count == 1 {
                out.append(scalars[0])
                continue
            }
            var start = 0
            while start < scalars.count {
                var end = min(scalars.count, start + longestComposition)
                var found: Unicode.Scalar? = nil
                while end > start + 1 {
                    var piece = String.UnicodeScalarView()
                    piece.append(contentsOf: scalars[start..<end])
                    let string = String(piece)
                    if string.count == 1, let composed = precomposed[Character(string)] {
                        found = composed
                        break
                    }
                    end -= 1
                }
                if let found {
                    out.append(found)
                    start = end
                } else {
                    out.append(scalars[start])
                    start += 1
                }
            }
        }
        return String(out)
    }
}
