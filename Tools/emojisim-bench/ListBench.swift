#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SimCore
import EmojiText
import Imaging
import Interaction
import ChatUI

/// `emojisim-bench list`: the bubble list's virtualization.
///
/// 1. Scrolling frame cost over conversations of 1,000 and 100,000 messages, measured
///    in the same run: the same 400-frame scroll (up 6,000 pt and back, like a fling)
///    repeated with layouts cached; the ratio should stay within 1.2x (a frame is
///    O(visible rows x log n)).
/// 2. Opening the 100,000-message conversation at its bottom: rows laid out (only the
///    visible ones should be) and the time it takes.
/// 3. Flinging through 10,000 messages that each hold a different animated emoji, with
///    real ScrollModel flings and one GIF player per visible row, all frames through one
///    FrameCache: its peak bytes against its budget, and frames decoded per row shown.
enum ListBench {
    static var benchmark: Benchmark {
        Benchmark(name: "list", summary: "bubble list: scroll frame cost 1k vs 100k messages, rows laid out at open, frame cache under flings",
                  slice: 0.2, setup: setup, report: report)
    }

    static func report(_ m: Medians) -> [Figure] {
        [
            Figure.time("scroll frame, 1,000 messages", seconds: m["scroll-1k"]),
            Figure.time("scroll frame, 100,000 messages", seconds: m["scroll-100k"]),
            Figure.ratio("scroll frame cost 100k / 1k", m["scroll-100k"], m["scroll-1k"], goal: .atMost(1.2), higherIsBetter: false),
            Figure.time("open 100,000 messages at the bottom", seconds: m["open"]),
            Figure.count("rows laid out at open", m.fact("open-rows")),
            Figure.count("fling: frame cache peak bytes", m.fact("fling-peak"), unit: "B"),
            Figure.count("fling: frames decoded per visible row", m.fact("fling-decodes-per-row")),
            Figure.count("fling: invariant checks failed", m.fact("fling-violations")),
        ].compactMap { $0 }
    }

    static func makeList(_ messages: [Message], catalog: EmojiCatalog = .demo,
                         players: BubblePlayerFactory<GIFBubblePlayer>? = nil) -> Host<BubbleList> {
        let engine = BubbleLayoutEngine(catalog: catalog)
        // Without players no emoji gets a player slot (as before the list was a value).
        let list = BubbleList(layout: { engine.layout($0, listWidth: $1) }, playable: { _ in players != nil },
                              players: players.map { BubbleListPlayers(factory: $0) })
        return Host(list: list, messages: messages, width: 390, viewportHeight: 600, trace: Trace(capacity: 1_000))
    }

    /// 200 frames up, 200 back: 30 pt a frame (1,800 pt/s).
    static func scrollPass(_ list: Host<BubbleList>) {
        for i in 0..<400 {
            let d = i < 200 ? Double(i + 1) * 30 : Double(400 - i - 1) * 30
            list.send(.setDistanceFromBottom(d, animated: false))
        }
    }

    static func setup() -> BenchSession {
        // 1. frame cost, 1k vs 100k, interleaved (thread CPU time).
        var probes: [Probe] = []
        var notes: [String] = []
        var facts: [String: Double] = [:]
        for (key, n) in [("scroll-1k", 1_000), ("scroll-100k", 100_000)] {
            let list = makeList(DemoConversation.generated(count: n, seed: 7))
            scrollPass(list)            // lays the rows of the path out once
            notes.append("scroll, \(n) messages: \(list.state.layoutCount) rows laid out for the path; \(list.state.cachedLayoutCount) layouts kept, \(list.state.cachedLayoutCost) elements")
            probes.append(.repeating(key, "scroll frame, \(n) messages", units: 400) { scrollPass(list) })
        }

        // 2. open the large conversation at the bottom
        let big = DemoConversation.generated(count: 100_000, seed: 7)
        let opened = makeList(big)
        facts["open-rows"] = Double(opened.state.layoutCount)
        notes.append("open 100,000 messages at the bottom: \(opened.state.layoutCount) rows laid out for \(opened.state.displayedRows.count) visible rows")
        var kept = 0
        probes.append(.repeating("open", "open 100,000 messages at the bottom") { kept &+= makeList(big).state.layoutCount })

        // 3. fling through 10,000 messages, each with its own animated emoji
        let n = 10_000
        var emojis: [Emoji] = []
        let lib = ImageLibrary()
        for i in 0..<n {
            let code = "g" + String(i)
            emojis.append(Emoji(code: code, kind: .animatedImage, imageName: code + ".gif",
                                size: Size(width: 32, height: 32), meanings: ["": "gif \(i)"], group: "bench"))
            SyntheticEmojiImages.register(code + ".gif", animated: true, in: lib)
        }
        guard let catalog = try? EmojiCatalog(groups: [EmojiGroup(name: "bench", emojis: emojis)]) else {
            return BenchSession(probes: probes, facts: facts, notes: notes + ["could not build the fling catalog"])
        }
        let messages = (0..<n).map { i in
            Message(id: .init(i), sender: i % 2 == 0 ? .me : .other, serverText: "message \(i) [g\(i)] 动图")
        }
        let cache = FrameCache()
        let list = makeList(messages, catalog: catalog, players: GIFBubblePlayer.factory(library: lib, cache: cache))
        let clock = list.clock
        var frames = 0, flings = 0
        var violations = 0
        let start = threadCPUSeconds()
        while list.state.displayedRows.lowerBound > 0 && frames < 200_000 {
            if list.state.isSettled || list.state.scroll.state == .decelerating && list.state.scroll.targetContentOffset.map({ $0.y - list.state.distanceFromBottom < 2_000 }) == true {
                // A fresh upward fling (finger moving down) at 8,000 pt/s.
                flings += 1
                let t0 = clock.now
                list.send(.touchDown)
                for (k, state) in [GestureState.began, .changed, .ended].enumerated() {
                    let time = t0 + .milliseconds(8 * k)
                    clock.advance(to: time)
                    list.send(.pan(GestureUpdate(name: "pan", kind: .pan, state: state, time: time,
                                                 location: Point(x: 200, y: 200 + Double(k) * 60),
                                                 translation: Point(x: 0, y: Double(k) * 60), velocity: Point(x: 0, y: 8_000))))
                }
            }
            clock.advance(by: .frames(1, at: 60))   // the host's display link ticks the list and its players
            frames += 1
            if frames % 64 == 0 && !list.reducer.invariantViolations(list.state).isEmpty { violations += 1 }
        }
        let seconds = threadCPUSeconds() - start
        let st = cache.statistics
        facts["fling-peak"] = Double(st.peakBytes)
        facts["fling-decodes-per-row"] = Double(st.decodes) / Double(max(1, list.state.appearanceCount))
        facts["fling-violations"] = Double(violations)
        notes.append("fling through \(n) messages with one animated emoji each: \(flings) flings, \(frames) frames (\(format(Double(frames) / seconds)) frames per CPU second, one run)")
        notes.append("  rows shown \(list.state.appearanceCount), cells created \(list.state.pool.createdCount), reused \(list.state.pool.reusedCount)")
        notes.append("  frame cache: peak \(st.peakBytes) bytes, budget \(cache.byteBudget) (\(st.peakBytes <= cache.byteBudget ? "within" : "OVER") budget), decodes \(st.decodes), evictions \(st.evictions)")
        return BenchSession(probes: probes, facts: facts, notes: notes)
    }

    static func format(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return String(r)
    }
}

