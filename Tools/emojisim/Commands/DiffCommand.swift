import Foundation
import Imaging
import Raster
import EmojiSimIO
import SimCore

/// `emojisim diff A B [--out FILE] [--tolerance N]`: compares two text snapshots or two
/// images (PNG or PPM) with the same functions the snapshot tests use.
enum DiffCommand: CLICommand {
    static let name = "diff"
    static let summary = "compare two text snapshots or two images (PNG/PPM)"
    static let help = """
    usage: emojisim diff A B [--out FILE] [--tolerance N] [--json]

    Compares two snapshot files. Images (PNG or PPM, detected by their signature) are
    compared pixel by pixel: the summary gives the number of differing pixels, their
    bounding box and the largest channel delta; --out writes a diff picture (PNG).
    Anything else is compared as text: a unified diff of the first differing lines is
    printed; --out writes the whole diff.

      --out FILE       write the diff image (images) or the unified diff (text)
      --tolerance N    images: ignore channel deltas up to N (0...255, default 0)
      --json           print the result as one JSON object instead (schemaVersion,
                       kind, equal, and the counts; text: the whole unified diff)

    Other images (GIF, JPEG, WebP, BMP, TIFF) are refused by name, and text that is
    not UTF-8 with the byte offset (line and column) of its first bad byte.

    exit status: 0 equal, 1 different, 2 bad input (unreadable file, bad image,
    an image compared with text, an image diff does not compare, text that is not
    UTF-8, bad options).
    """

    /// Largest input read: above the largest snapshot image (64 MP of RGBA is 256 MB
    /// decoded, far less encoded) and any text snapshot.
    static let maxInputBytes = 256 << 20

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, flags: ["json"], options: ["out", "tolerance"])
            guard args.positionals.count == 2 else { throw UsageError("expected two files, got \(args.positionals.count)") }
        } catch {
            printError("error: \(error)\n\n\(help)")
            return 2
        }
        var tolerance = 0
        if let t = args.options["tolerance"] {
            guard let v = Int(t), (0...255).contains(v) else {
                printError("error: --tolerance must be an integer in 0...255, got '\(t)'")
                return 2
            }
            tolerance = v
        }
        let pathA = args.positionals[0], pathB = args.positionals[1]
        let a: [UInt8], b: [UInt8]
        do {
            a = try InputFile.read(pathA, maxBytes: maxInputBytes)
            b = try InputFile.read(pathB, maxBytes: maxInputBytes)
        } catch {
            printError("error: \(error)")
            return 2
        }
        // An image diff does not compare is named as what it is, not called "not UTF-8".
        for (bytes, path) in [(a, pathA), (b, pathB)] {
            if let other = otherImageFormat(bytes) {
                printError("error: \(escapedForDisplay(path)) is a \(other) image; \(compares) (convert it first, e.g. `emojisim image frames`)")
                return 2
            }
        }
        let kindA = SnapshotImageCodec.sniff(a), kindB = SnapshotImageCodec.sniff(b)
        if (kindA == nil) != (kindB == nil) {
            printError("error: cannot compare an image with a text file (\(escapedForDisplay(kindA == nil ? pathA : pathB)) is not PNG/PPM)")
            return 2
        }
        if kindA != nil {
            return compareImages(a, b, pathA, pathB, tolerance: tolerance, out: args.options["out"], json: args.flags.contains("json"))
        }
        return compareTexts(a, b, pathA, pathB, out: args.options["out"], json: args.flags.contains("json"))
    }

    /// What diff compares, for its refusals.
    static let compares = "diff compares PNG/PPM images or UTF-8 text"

    /// The name of an image format diff recognises but does not compare (by its
    /// signature), nil for anything else.
    static func otherImageFormat(_ bytes: [UInt8]) -> String? {
        if ImageFormat.sniff(bytes) == .gif { return "GIF" }
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && bytes[offset..<(offset + magic.count)].elementsEqual(magic)
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "WebP" }
        if starts(Array("BM".utf8)) && bytes.count >= 26 { return "BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        return nil
    }

    /// Why `bytes` is not UTF-8 text, with the first bad byte's offset, line and column;
    /// nil when it is.
    static func notUTF8(_ bytes: [UInt8], _ path: String) -> String? {
        guard let bad = UTF8Validation.firstInvalidByte(in: bytes) else { return nil }
        let (line, column) = UTF8Validation.lineAndColumn(ofByte: bad, in: bytes)
        let hex = String(bytes[bad], radix: 16, uppercase: true)
        return "\(escapedForDisplay(path)):\(line):\(column): error: not UTF-8 text: byte 0x\(hex.count < 2 ? "0" + hex : hex) at byte offset \(bad) starts no UTF-8 character; \(compares)"
    }

    /// The JSON of one comparison: `schemaVersion`, `kind`, `a`, `b`, `equal`, then `fields`.
    static func json(kind: String, _ pathA: String, _ pathB: String, equal: Bool, _ fields: [(String, String)]) -> String {
        let q = CatalogCommand.jsonString
        let all = [("schemaVersion", "\(jsonSchemaVersion)"), ("kind", q(kind)), ("a", q(pathA)), ("b", q(pathB)),
                   ("equal", "\(equal)")] + fields
        return "{\n" + all.map { "  \(q($0.0)) : \($0.1)" }.joined(separator: ",\n") + "\n}"
    }

    static func compareImages(_ a: [UInt8], _ b: [UInt8], _ pathA: String, _ pathB: String, tolerance: Int, out: String?,
                              json: Bool = false) -> Int32 {
        let imageA: Image, imageB: Image
        do { imageA = try SnapshotImageCodec.decode(a) } catch {
            printError("error: \(pathA): \(error)")
            return 2
        }
        do { imageB = try SnapshotImageCodec.decode(b) } catch {
            printError("error: \(pathB): \(error)")
            return 2
        }
        let diff = ImageDiff.compare(expected: imageA, actual: imageB, tolerance: tolerance)
        var written: String?
        if let out, !diff.isMatch {
            let picture = ImageDiff.diffImage(expected: imageA, actual: imageB, tolerance: tolerance)
            let format: SnapshotImageCodec.Format = out.lowercased().hasSuffix(".ppm") ? .ppm : .png
            do { try SafeFileWriter.write(SnapshotImageCodec.encode(picture, as: format), to: URL(fileURLWithPath: out)) } catch {
                printError("error: \(error)")
                return 2
            }
            written = out
        }
        if json {
            let box = diff.boundingBox.map { "{\"x\":\($0.x),\"y\":\($0.y),\"width\":\($0.width),\"height\":\($0.height)}" } ?? "null"
            print(Self.json(kind: "image", pathA, pathB, equal: diff.isMatch, [
                ("sizeA", "{\"width\":\(imageA.width),\"height\":\(imageA.height)}"),
                ("sizeB", "{\"width\":\(imageB.width),\"height\":\(imageB.height)}"),
                ("differingPixels", "\(diff.differingPixels)"), ("boundingBox", box),
                ("maxChannelDelta", "\(diff.maxChannelDelta)"), ("tolerance", "\(tolerance)"),
                ("diffImage", written.map(CatalogCommand.jsonString) ?? "null"),
            ]))
            return diff.isMatch ? 0 : 1
        }
        if diff.isMatch {
            print("equal: \(imageA.width)x\(imageA.height) pixels" + (tolerance > 0 ? " within tolerance \(tolerance)" : ""))
            return 0
        }
        print("different: \(diff)")
        if let written { print("diff image: \(escapedForDisplay(written))") }
        return 1
    }

    static func compareTexts(_ a: [UInt8], _ b: [UInt8], _ pathA: String, _ pathB: String, out: String?,
                             json: Bool = false) -> Int32 {
        for (bytes, path) in [(a, pathA), (b, pathB)] {
            if let why = notUTF8(bytes, path) {
                printError(why)
                return 2
            }
        }
        let textA = String(decoding: a, as: UTF8.self), textB = String(decoding: b, as: UTF8.self)
        guard let diff = TextDiff.unified(old: textA, new: textB, oldName: pathA, newName: pathB, maxLines: json ? .max : 80) else {
            if json {
                print(Self.json(kind: "text", pathA, pathB, equal: true, [("removed", "0"), ("added", "0"), ("diff", "\"\"")]))
                return 0
            }
            print("equal: \(TextDiff.lineOps(old: textA, new: textA).count) lines")
            return 0
        }
        let ops = TextDiff.lineOps(old: textA, new: textB)
        let removed = ops.filter { if case .removed = $0 { true } else { false } }.count
        let added = ops.filter { if case .added = $0 { true } else { false } }.count
        if json {
            print(Self.json(kind: "text", pathA, pathB, equal: false,
                            [("removed", "\(removed)"), ("added", "\(added)"), ("diff", CatalogCommand.jsonString(diff))]))
        } else {
            print("different: \(removed) line(s) removed, \(added) added")
            print(Colour.standardOutput.diff(displaySafe(diff)), terminator: "")
        }
        if let out {
            let full = TextDiff.unified(old: textA, new: textB, oldName: pathA, newName: pathB, maxLines: .max) ?? diff
            do { try SafeFileWriter.write(Array(full.utf8), to: URL(fileURLWithPath: out)) } catch {
                printError("error: \(error)")
                return 2
            }
        }
        return 1
    }
}
