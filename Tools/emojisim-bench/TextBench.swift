import Foundation
import EmojiText
import SimCore

// `emojisim-bench text`: placeholder parsing of 1 MB into runs, next to Python's `re`
// with the seed's pattern and a set lookup over the same text (Tools/bench-peers/).

@MainActor let textBenchmark = Benchmark(
    name: "text",
    summary: "placeholder scanning: 1 MB of mixed text into runs (MB/s), vs Python re + set lookup",
    run: { _ in runTextBenchmark() }
)

/// About `bytes` of deterministic chat-like text: Chinese, Latin, known and unknown
/// placeholders of all three forms, Unicode emoji (ZWJ, flags, keycaps, skin tones).
func makeMixedText(bytes: Int, catalog: EmojiCatalog) -> String {
    var rng = SeededRandom(seed: 20_260_101)
    let chinese = Array("你好我们今天去吃饭吧这个真的太好笑了明天见哈哈哈没问题谢谢大家")
    let words = ["hello", "ok", "lol", "see you", "thanks", "2026", "meeting at 10", "wow"]
    let classic = catalog.group(named: "经典")!.emojis.map(\.placeholder)
    let seed = catalog.group(named: "Seed")!.emojis.map(\.placeholder)
    let unicode = catalog.group(named: "Emoji")!.emojis
    var out = ""
    out.reserveCapacity(bytes + 64)
    while out.utf8.count < bytes {
        switch rng.int(in: 0...19) {
        case 0...6:
            for _ in 0..<rng.int(in: 2...12) { out.append(chinese[rng.int(in: 0..<chinese.count)]) }
        case 7...9:
            out += rng.element(of: words)! + " "
        case 10, 11:
            out += rng.element(of: classic)!
        case 12:
            out += rng.element(of: seed)!
        case 13:
            out += rng.element(of: unicode)!.hexPlaceholder
        case 14, 15:
            let e = rng.element(of: unicode)!
            out += rng.bool() && !e.skinToneVariants.isEmpty ? rng.element(of: e.skinToneVariants)! : e.code
        case 16:
            out += ["[unknown]", "[哈", "[]", "[[", "]", "[abc123]", "[不知道]"][rng.int(in: 0...6)]
        case 17:
            out += ["，", "。", "！", "？", "…"][rng.int(in: 0...4)]
        default:
            out += "\n"
        }
    }
    return out
}

/// Runs the Python peer on `text`; returns its MB/s and match count.
func runPythonPeer(text: String, known: [String]) -> (mbps: Double, matches: Int)? {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-textbench-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let textURL = dir.appendingPathComponent("text.txt")
    let knownURL = dir.appendingPathComponent("known.txt")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("bench-peers/text_peer.py")
    do {
        try text.write(to: textURL, atomically: true, encoding: .utf8)
        try known.joined(separator: "\n").write(to: knownURL, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script.path, textURL.path, knownURL.path, "0.5"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").map(String.init)
        guard fields.count >= 4, let mbps = Double(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)),
              let n = Int(fields[3].trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return (mbps, n)
    } catch {
        return nil
    }
}

func runTextBenchmark() {
    let catalog = EmojiCatalog.demo
    // What the seed's pattern can match: bracketed image codes and hex placeholders.
    var known = catalog.emojis.filter(\.isImage).map(\.placeholder)
    known += catalog.emojis.filter { !$0.isImage }.map(\.hexPlaceholder)

    let cases: [(String, String)] = [
        ("mixed 1 MB", makeMixedText(bytes: 1_000_000, catalog: catalog)),
        ("[[[[ 1 MB", String(repeating: "[", count: 1_000_000)),
    ]
    func fmt(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
    print("case          parse MB/s   +runs MB/s   attachments   python MB/s   known matches   parse/python")
    for (label, text) in cases {
        let mb = Double(text.utf8.count) / 1e6
        var count = 0
        // RichText(parsing:) is the parse into runs (attachment spans, text between);
        // "+runs" also materialises the [RichRun] list with a String per run.
        let (n, seconds) = measureCPU {
            count = RichText(parsing: text, catalog: catalog).attachmentCount
        }
        let (n2, seconds2) = measureCPU {
            count = RichText(parsing: text, catalog: catalog).runs.count
        }
        let attachments = RichText(parsing: text, catalog: catalog).attachmentCount
        precondition(count >= attachments) // uses the measured results
        let parseMBps = mb * Double(n) / seconds
        let runsMBps = mb * Double(n2) / seconds2
        let py = runPythonPeer(text: text, known: known)
        let pyText = py.map { fmt($0.mbps) } ?? "n/a"
        let ratio = py.map { fmt(parseMBps / $0.mbps) + "x" } ?? "n/a"
        let pad = { (s: String, w: Int) in s + String(repeating: " ", count: max(0, w - s.count)) }
        print(pad(label, 14) + pad(fmt(parseMBps), 13) + pad(fmt(runsMBps), 13) + pad(String(attachments), 14)
              + pad(pyText, 14) + pad(py.map { String($0.matches) } ?? "n/a", 16) + ratio)
    }
    print("(CPU time; swift also recognises Unicode emoji as attachments; python only bracketed codes)")
}
