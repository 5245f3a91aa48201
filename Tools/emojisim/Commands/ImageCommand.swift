import Foundation
import Imaging
import EmojiSimIO

/// `emojisim image info FILE [--json]` and `emojisim image frames FILE --out DIR
/// [--format png|ppm]`: inspect an image (GIF, PNG/APNG, PPM) and export its
/// composited frames.
enum ImageCommand: CLICommand {
    static let name = "image"
    static let summary = "inspect an image file or write its frames (GIF, PNG/APNG, PPM)"
    static let help = """
    usage: emojisim image info FILE [--json]
           emojisim image frames FILE --out DIR [--format png|ppm]

    info     prints the canvas size, the frame count, the loop count and each frame's
             rect (WxH+X+Y), delay (ms, as stored) and disposal; --json prints the same
             as one JSON object. A GIF cut short keeps the frames it has (as browsers
             show it) and gets an `issue: truncated after N frames: ...` line (JSON
             "issue"); `frames` writes them with that as a warning.
    frames   writes each composited frame as DIR/<stem>-<index>.<ext> (a still image is
             one frame, index 0). Default format: png. DIR is created if needed.

    Invalid input: exit status 1 and one line `error: <file>: <what is wrong>`; no file
    is left behind under DIR: frames are staged as hidden temporary files in DIR
    (.<name>.tmp-<pid>-<n>) and renamed into place only when all are written; a failure,
    SIGINT, SIGTERM or SIGHUP removes them, and a later run removes those that a run
    killed outright (SIGKILL) left for the same frames.
    """

    static let verbs = ["info", "frames"]

    static func run(_ arguments: [String]) -> Int32 {
        guard let sub = arguments.first, sub == "info" || sub == "frames" else {
            printError("error: expected `info` or `frames` (see emojisim image --help)")
            return 2
        }
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(Array(arguments.dropFirst()), flags: sub == "info" ? ["json"] : [],
                                         options: sub == "frames" ? ["out", "format"] : [])
        } catch {
            printError("error: \(error)")
            return 2
        }
        guard parsed.positionals.count == 1, let file = parsed.positionals.first else {
            printError("error: expected exactly one FILE (see emojisim image --help)")
            return 2
        }
        if sub == "info" { return info(file, json: parsed.flags.contains("json")) }
        guard let out = parsed.options["out"] else {
            printError("error: frames needs --out DIR")
            return 2
        }
        let format = parsed.options["format"] ?? "png"
        guard format == "png" || format == "ppm" else {
            printError("error: --format must be png or ppm, not '\(format)'")
            return 2
        }
        return frames(file, outDir: out, format: format)
    }

    /// Reads and parses `file`; prints the error line and returns nil on failure.
    /// Largest image file read (the decoders' own limits bound the decoded size).
    static let maxInputBytes = 256 << 20

    /// A GIF comes with its decoder, for GIF-only facts (the NETSCAPE2.0 loop count,
    /// per-frame decode issues): `AnimatedImage` keeps no `any` source to cast back.
    static func load(_ file: String) -> (image: AnimatedImage, gif: GIFImage?)? {
        let data: [UInt8]
        do { data = try InputFile.read(file, maxBytes: maxInputBytes) } catch {
            printError("error: \(error)")
            return nil
        }
        do {
            var image = try AnimatedImageDecoder.decode(data, name: file)
            var gif: GIFImage?
            if image.formatName == "GIF" {
                let g = try GIFImage(bytes: data)
                gif = g
                image = AnimatedImage(source: g, name: file)
            }
            // A GIF cut short (or without its trailer) keeps the frames it has, as browsers
            // show it; `info` and `frames` say so (`issue:` line, a warning).
            return (image, gif)
        } catch {
            printError("error: \(file): \(error)")
            return nil
        }
    }

    static func info(_ file: String, json: Bool) -> Int32 {
        guard let (image, gif) = load(file) else { return 1 }
        let netscape = gif?.metadata.netscapeLoopCount
        if json {
            var root: [String: Any] = [
                "schemaVersion": jsonSchemaVersion, "file": file, "format": image.formatName,
                "width": image.canvasWidth, "height": image.canvasHeight,
                "frameCount": image.frameCount, "loopCount": image.loopCount.storedValue,
                "loop": image.loopCount.description,
            ]
            if image.formatName == "GIF" { root["netscapeLoopCount"] = netscape ?? NSNull() }
            if let issue = image.issue { root["issue"] = issue.description }
            root["frames"] = (0..<image.frameCount).map { i -> [String: Any] in
                let f = image.frameInfo(at: i)
                return ["index": i, "x": f.rect.x, "y": f.rect.y, "width": f.rect.width, "height": f.rect.height,
                        "delayMs": f.delay.milliseconds,
                        "delay": ["numerator": f.delay.numerator, "denominator": f.delay.denominator],
                        "disposal": f.disposal.description, "blend": f.blend.description]
            }
            let data = (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("file: \(file)")
            print("format: \(image.formatName)")
            print("size: \(image.canvasWidth)x\(image.canvasHeight)")
            print("frames: \(image.frameCount)")
            var loop = "loop: \(image.loopCount)"
            if image.formatName == "GIF" {
                loop += netscape.map { " (NETSCAPE2.0 loop count \($0))" } ?? " (no NETSCAPE2.0 block)"
            }
            print(loop)
            if let issue = image.issue { print("issue: \(issue)") }
            for i in 0..<image.frameCount {
                let f = image.frameInfo(at: i)
                print("frame \(i): rect \(f.rect) delay \(f.delay.milliseconds)ms disposal \(f.disposal) blend \(f.blend)")
            }
        }
        return 0
    }

    static func frames(_ file: String, outDir: String, format: String) -> Int32 {
        guard let (image, gif) = load(file) else { return 1 }
        // No image format writes a frame without pixels (EmojiSim refuses such a PNG).
        guard image.canvasWidth > 0, image.canvasHeight > 0 else {
            printError("error: \(file): the canvas is \(image.canvasWidth)x\(image.canvasHeight): "
                       + "no frame has a pixel to write (PNG and PPM need at least 1x1)")
            return 1
        }
        if let issue = image.issue { printError("warning: \(file): \(issue)") }
        let fm = FileManager.default
        let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        // Decode and encode every frame before anything is written.
        var encoded: [[UInt8]] = []
        do {
            for i in 0..<image.frameCount {
                let frame = try image.frame(at: i)
                // The frame the end of the file cuts is drawn as far as it goes (the
                // truncation was reported above).
                if let gif, let issue = gif.decodeIssues[i], !gif.metadata.frames[i].isTruncated {
                    printError("error: \(file): frame \(i): \(issue)")
                    return 1
                }
                encoded.append(ImageFileEncoding.encode(frame, format: format))
            }
        } catch {
            printError("error: \(file): \(error)")
            return 1
        }
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: outDir, isDirectory: &isDir), !isDir.boolValue {
            printError("error: \(outDir): not a directory")
            return 1
        }
        // Every frame is staged as a temporary file beside its target and renamed into
        // place only when all are written (SafeFileWriter.Batch): a failure leaves the
        // folder as it was, and nothing in it is ever deleted (a folder named like a
        // frame is refused, not removed) but stale temporaries of these same frames.
        var batch = SafeFileWriter.Batch(removingStaleTemporaries: true)
        let folder = URL(fileURLWithPath: outDir)
        do {
            for (i, bytes) in encoded.enumerated() {
                try batch.add(bytes, to: folder.appendingPathComponent("\(stem)-\(i).\(format)"), within: folder, createFolders: i == 0)
            }
            try batch.commit()
        } catch {
            batch.discard()
            printError("error: \(error)")
            return 1
        }
        print("wrote \(encoded.count) frame\(encoded.count == 1 ? "" : "s") to \(outDir)")
        return 0
    }
}
