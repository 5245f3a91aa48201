#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SimCore
import ChatUI

/// `emojisim-bench list-receive`: long received messages, through a whole ChatScreen as a
/// script's `receive` goes. N = 100, 300 and 1,000 messages of 10,000 characters (CJK,
/// ASCII and `[笑哭]`-style placeholders, seeded), each followed by half a second of
/// frames (the scroll to the bottom). Prints the time per message and the process's peak
/// resident size after each N (sizes ascend, so each peak is that run's), and what the
/// list keeps: layouts cached against messages. A script cannot hold 1,000 such lines
/// (4 MiB), hence this benchmark. The peaks come from one pass in ascending order (a
/// process's peak only grows); the time per message from interleaved runs of 100 and
/// 300 messages (thread CPU time).
enum ListReceiveBench {
    static var benchmark: Benchmark {
        Benchmark(name: "list-receive", summary: "1,000 received messages of 10,000 characters: time per message, peak RSS, layouts kept",
                  slice: 0.01, setup: setup, report: report)
    }

    static func report(_ m: Medians) -> [Figure] {
        var out: [Figure?] = [.time("receive 100 x 10,000 characters: per message", seconds: m["receive-100"]),
                              .time("receive 300 x 10,000 characters: per message", seconds: m["receive-300"])]
        for n in [100, 300, 1_000] { out.append(.count("peak RSS after \(n) messages", m.fact("rss-\(n)"), unit: "MB")) }
        return out.compactMap { $0 }
    }

    /// Receives `texts` into a fresh screen, half a second of frames after each.
    static func receiveAll(_ texts: [String]) -> Host<ChatScreen> {
        let screen = Host<ChatScreen>(profile: .iphone8, messages: [])
        for t in texts {
            screen.receive(t)
            screen.clock.advance(by: .milliseconds(500))
        }
        return screen
    }

    static func text(_ rng: inout SeededRandom, length: Int) -> String {
        let cjk = Array("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经")
        let ascii = Array("abcdefghijklmnopqrstuvwxyz ABCDEFG 0123456789 ,.!?")
        let codes = ["[笑哭]", "[哈哈]", "[微笑]", "[f056]"]
        var s = ""
        var n = 0
        while n < length {
            let r = rng.int(in: 0...99)
            if r < 12 { s.append(cjk[rng.int(in: 0..<cjk.count)]); n += 1 }
            else if r < 97 { s.append(ascii[rng.int(in: 0..<ascii.count)]); n += 1 }
            else { let c = codes[rng.int(in: 0..<codes.count)]; s += c; n += c.count }
        }
        return s
    }

    static func peakRSSKilobytes() -> Int {
        var u = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &u)   // Glibc imports the `who` constants as an enum
        #else
        getrusage(RUSAGE_SELF, &u)
        #endif
        #if canImport(Darwin)
        return Int(u.ru_maxrss) / 1024        // bytes on Darwin, kilobytes on Linux
        #else
        return Int(u.ru_maxrss)
        #endif
    }

    static func setup() -> BenchSession {
        var notes = ["peak RSS before: \(peakRSSKilobytes() / 1024) MB"]
        var facts: [String: Double] = [:]
        var probes: [Probe] = []
        for n in [100, 300, 1_000] {
            var rng = SeededRandom(seed: 18)
            let texts = (0..<n).map { _ in text(&rng, length: 10_000) }
            let start = threadCPUSeconds()
            let screen = receiveAll(texts)
            let seconds = threadCPUSeconds() - start
            let list = screen.list
            facts["rss-\(n)"] = Double(peakRSSKilobytes() / 1024)
            notes.append("receive \(n) x 10,000 characters: \(Format.seconds(seconds / Double(n))) a message (one pass); peak RSS \(peakRSSKilobytes() / 1024) MB; layouts kept \(list.cachedLayoutCount) (\(list.cachedLayoutCost) elements, budget \(list.configuration.layoutCacheBudget)) for \(list.count) messages, \(list.layoutCount) laid out")
            if n < 1_000 {
                probes.append(.repeating("receive-\(n)", "receive \(n) x 10,000 characters (a message)", units: Double(n)) { _ = receiveAll(texts) })
            }
        }
        return BenchSession(probes: probes, facts: facts, notes: notes)
    }
}
