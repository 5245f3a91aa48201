// Decodes one GIF with EmojiSim's GIFImage and writes what robert-ancell/pygif's test
// suite checks: `info.txt` (canvas size, frame count, loop count, per-frame delay) and
// one `frame-N.rgba` (8-bit RGBA, row-major) per composited frame. A file GIFImage
// refuses gets `error` and, when its header reads, `header W H` (ImageHeader.probe: the
// logical screen), so the runner can tell "no frame from a valid header" from a file
// that is not a GIF. Built by run.sh with the SimCore and Imaging sources as one module.
import Foundation

@main
struct Dump {
    static func main() throws {
        let args = CommandLine.arguments
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: args[1])))
        let out = URL(fileURLWithPath: args[2])
        var info = ""
        do {
            let gif = try GIFImage(bytes: bytes)
            info += "size \(gif.canvasWidth) \(gif.canvasHeight)\n"
            info += "frames \(gif.frameCount)\n"
            // The suite's loop count: the stored NETSCAPE2.0 value, 0 as "infinite", none as 0.
            let stored = gif.metadata.netscapeLoopCount
            info += "netscape \(stored.map { $0 == 0 ? "infinite" : String($0) } ?? "0")\n"
            for i in 0..<gif.frameCount {
                let f = try gif.frame(at: i)
                info += "delay \(i) \(gif.metadata.frames[i].delayCentiseconds)\n"
                try Data(f.pixels).write(to: out.appendingPathComponent("frame-\(i).rgba"))
            }
        } catch {
            info += "error \(error)\n"
            if let header = try? ImageHeader.probe(bytes), header.format == .gif {
                info += "header \(header.width) \(header.height)\n"
            }
        }
        try info.write(to: out.appendingPathComponent("info.txt"), atomically: true, encoding: .utf8)
    }
}
