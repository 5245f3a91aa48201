import Foundation
import EmojiText
import Imaging

// Regenerates the demo catalog's animated GIFs (f056...f059, haha, wink, bounce, spin)
// from the Noto stills in Sources/EmojiSimIO/Resources/DemoAssets, with the project's
// own PNG decoder, ImageTransform and GIF encoder. Deterministic: running it again
// rewrites byte-identical files.
//
// usage: swift run make-demo-assets [--check] [DIR]
//   DIR      the DemoAssets folder (default: the one in this repository)
//   --check  write nothing; exit 1 if any GIF differs from what would be generated

var args = Array(CommandLine.arguments.dropFirst())
let check = args.contains("--check")
args.removeAll { $0 == "--check" }
let dir = args.first.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/EmojiSimIO/Resources/DemoAssets")

var failed = false
for spec in DemoAnimations.all {
    guard let still = EmojiCatalog.demoAnimationSources[spec.name] else {
        print("error: \(spec.name): not in EmojiCatalog.demoAnimationSources")
        failed = true
        continue
    }
    do {
        guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(still).path) else {
            throw DemoAnimations.Failure(message: "cannot read \(still)")
        }
        let image = try AnimatedImageDecoder.decode([UInt8](data), name: still).frame(at: 0)
        let bytes = try spec.encode(from: image)
        // Check the result with the project's own decoder before writing it.
        let gif = try GIFImage(bytes: bytes)
        guard gif.frameCount == spec.frames.count, gif.canvasWidth == 64, gif.canvasHeight == 64, gif.issue == nil else {
            throw DemoAnimations.Failure(message: "generated GIF does not read back as expected")
        }
        for i in 0..<gif.frameCount { _ = try gif.frame(at: i) }
        let path = dir.appendingPathComponent(spec.name).path
        let delays = spec.frames.map { "\($0.centiseconds * 10)" }.joined(separator: ",")
        if check {
            let current = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
            if current != bytes {
                print("differs: \(spec.name)")
                failed = true
            } else {
                print("ok: \(spec.name)")
            }
        } else {
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                throw DemoAnimations.Failure(message: "cannot write \(path)")
            }
            print("\(spec.name): \(still) -> \(spec.effect), \(spec.frames.count) frames, delays \(delays) ms, \(bytes.count) bytes")
        }
    } catch {
        print("error: \(spec.name): \(error)")
        failed = true
    }
}
exit(failed ? 1 : 0)
