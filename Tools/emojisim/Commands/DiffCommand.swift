import Foundation
import Imaging
import Raster
import EmojiSimIO

/// `emojisim diff A B [--out FILE] [--tolerance N]`: compares two text snapshots or two
/// images (PNG or PPM) with the same functions the snapshot tests use.
enum DiffCommand: CLICommand {
    static let name = "diff"
    static let summary = "compare two text snapshots or two images (PNG/PPM)"
    static let help = """
    usage: emojisim diff A B [--out FILE] [--tolerance N]

    Compares two snapshot files. Images (PNG or PPM, detected by their signature) are
    compared pixel by pixel: the summary gives the number of differing pixels, their
    bounding box and the largest channel delta; --out writes a diff picture (PNG).
    Anything else is compared as text: a unified diff of the first differing lines is
    printed; --out writes the whole diff.

      --out FILE       write the diff image (images) or the unified diff (text)
      --tolerance N    images: ignore channel deltas up to N (0...255, default 0)

    exit status: 0 equal, 1 different, 2 bad input (unreadable file, bad image,
    an image compared with text, bad options).
    """

    /// Largest input read: above the largest snapshot image (64 MP of RGBA is 256 MB
    /// decoded, far less encoded) and any text snapshot.
    static let maxInputBytes = 256 << 20

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, options: ["out", "tolerance"])
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
        let kindA = SnapshotImageCodec.sniff(a), kindB = SnapshotImageCodec.sniff(b)
        if (kindA == nil) != (kindB == nil) {
            printError("error: cannot compare an image with a text file (\(kindA == nil ? pathA : pathB) is not PNG/PPM)")
            return 2
        }
        if kindA != nil {
            return compareImages(a, b, pathA, pathB, tolerance: tolerance, out: args.options["out"])
        }
        return compareTexts(a, b, pathA, pathB, out: args.options["out"])
    }

    static func compareImages(_ a: [UInt8], _ b: [UInt8], _ pathA: String, _ pathB: String, tolerance: Int, out: String?) -> Int32 {
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
        if diff.isMatch {
            print("equal: \(imageA.width)x\(imageA.height) pixels" + (tolerance > 0 ? " within tolerance \(tolerance)" : ""))
            return 0
        }
        print("different: \(diff)")
        if let out {
            let picture = ImageDiff.diffImage(expected: imageA, actual: imageB, tolerance: tolerance)
            let format: SnapshotImageCodec.Format = out.lowercased().hasSuffix(".ppm") ? .ppm : .png
            do { try SafeFileWriter.write(SnapshotImageCodec.encode(picture, as: format), to: URL(fileURLWithPath: out)) } catch {
                printError("error: \(error)")
                return 2
            }
            print("diff image: \(out)")
        }
        return 1
    }

    static func compareTexts(_ a: [UInt8], _ b: [UInt8], _ pathA: String, _ pathB: String, out: String?) -> Int32 {
        guard let textA = String(validating: a, as: UTF8.self) else {
            printError("error: \(pathA) is neither an image nor UTF-8 text")
            return 2
        }
        guard let textB = String(validating: b, as: UTF8.self) else {
            printError("error: \(pathB) is neither an image nor UTF-8 text")
            return 2
        }
        guard let diff = TextDiff.unified(old: textA, new: textB, oldName: pathA, newName: pathB, maxLines: 80) else {
            print("equal: \(TextDiff.lineOps(old: textA, new: textA).count) lines")
            return 0
        }
        let ops = TextDiff.lineOps(old: textA, new: textB)
        let removed = ops.filter { if case .removed = $0 { true } else { false } }.count
        let added = ops.filter { if case .added = $0 { true } else { false } }.count
        print("different: \(removed) line(s) removed, \(added) added")
        print(diff, terminator: "")
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
