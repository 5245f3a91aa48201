import Foundation
import EmojiText
import SimCore

// `emojisim-bench text`: placeholder parsing of 1 MB into runs, next to Python's `re`
// with the seed's pattern and a set lookup over the same text (Tools/bench-peers/).

/// The text benchmark: parse MB/s (RichText's attachment spans), the same with the
/// [RichRun] list materialised, and Python's regex scan of the same text, interleaved.
enum TextBench {
    static var benchmark: Benchmark {
        Benchmark(name: "text", summary: "placeholder scanning: 1 MB of mixed text into runs (MB/s), vs Python re + set lookup",
                  setup: setup, report: report)
    }

    /// About `bytes` of deterministic chat-like text: Chinese, Latin, known and unknown
    /// placeholders of all three forms, Unicode emoji (ZWJ, flags, keycaps, skin tones).
    static func makeMixedText(bytes: Int, catalog: EmojiCatalog) -> String {
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

    static let cases = [("mixed", "mixed 1 MB"), ("brackets", "[[[[ 1 MB")]

    static func setup() -> BenchSession {
        let catalog = EmojiCatalog.demo
        // What the seed's pattern can match: bracketed image codes and hex placeholders.
        var known = catalog.emojis.filter(\.isImage).map(\.placeholder)
        known += catalog.emojis.filter { !$0.isImage }.map(\.hexPlaceholder)
        let texts = ["mixed": makeMixedText(bytes: 1_000_000, catalog: catalog), "brackets": String(repeating: "[", count: 1_000_000)]
        let dir = BenchEnvironment.scratchFolder("text")
        let knownURL = dir.appendingPathComponent("known.txt")
        try? known.joined(separator: "\n").write(to: knownURL, atomically: true, encoding: .utf8)
        var probes: [Probe] = [], facts: [String: Double] = [:], peerArgs: [String] = []
        for (key, _) in cases {
            let text = texts[key]!
            let url = dir.appendingPathComponent(key + ".txt")
            try? text.write(to: url, atomically: true, encoding: .utf8)
            peerArgs.append("parse:\(key)=\(url.path)")
            facts["mb:" + key] = Double(text.utf8.count) / 1e6
            facts["attachments:" + key] = Double(RichText(parsing: text, catalog: catalog).attachmentCount)
            var sink = 0
            // RichText(parsing:) is the parse into runs (attachment spans, text between);
            // "runs" also materialises the [RichRun] list with a String per run.
            probes.append(.repeating("parse:" + key, "parse " + key) { sink &+= RichText(parsing: text, catalog: catalog).attachmentCount })
            probes.append(.repeating("runs:" + key, "parse + runs " + key) { sink &+= RichText(parsing: text, catalog: catalog).runs.count })
        }
        return BenchSession(probes: probes, peers: [
            PeerSpec(name: "python", argv: ["/usr/bin/env", "python3", BenchEnvironment.peerScript("text_peer.py"), knownURL.path] + peerArgs,
                     after: nil, install: "python3"),
        ], facts: facts, notes: ["CPU time; swift also recognises Unicode emoji as attachments; python only bracketed codes"],
        finish: { try? FileManager.default.removeItem(at: dir) })
    }

    static func report(_ m: Medians) -> [Figure] {
        var out: [Figure?] = []
        for (key, label) in cases {
            let mb = m.fact("mb:" + key) ?? 0
            out.append(.rate("\(label): parse MB/s", seconds: m["parse:" + key], per: mb, unit: "MB/s"))
            out.append(.rate("\(label): parse + runs MB/s", seconds: m["runs:" + key], per: mb, unit: "MB/s"))
            out.append(.rate("\(label): python re MB/s", seconds: m.peer("python:parse:" + key), per: mb, unit: "MB/s"))
            out.append(.ratio("\(label): parse vs python (its time / ours)", m.peer("python:parse:" + key), m["parse:" + key], higherIsBetter: true))
            out.append(.count("\(label): attachments", m.fact("attachments:" + key)))
            out.append(.count("\(label): python's known matches", m.fact("python:matches:parse:" + key)))
        }
        return out.compactMap { $0 }
    }
}
