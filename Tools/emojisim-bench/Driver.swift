import Foundation

/// Runs benchmarks in interleaved rounds and prints their figures.
///
/// A benchmark's probes run in rounds: in each round every probe runs once in every
/// source (today's session, and with `--baseline` the baseline's child; the order of
/// the sources alternates from round to round), each peer's probes right after the
/// probe they follow. So a load shift on the machine hits every series alike, and a
/// ratio is taken from medians of runs measured side by side. A warm-up round runs
/// first and is discarded; then at least `rounds.lowerBound` rounds, and more (up to
/// `rounds.upperBound`) until every series' spread ((max - min) / median) is at most
/// `targetSpread`.
enum Driver {
    static let targetSpread = 0.05

    /// One series: a probe of one source.
    struct Series {
        var key: String
        var label: String
        var source: String
        var stats = Stats()
    }

    static func run(_ benchmark: Benchmark, baseline: BaselineBuild?, rounds forced: ClosedRange<Int>?) {
        print("== \(benchmark.name): \(benchmark.summary)")
        let started = monotonicSeconds()
        var sources: [ProbeSource] = []
        var baseline = baseline
        if let b = baseline, b.missing.contains(benchmark.name) {
            print("  no baseline for this benchmark: neither today's code nor \(b.label)'s compiles against \(b.label)")
            baseline = nil
        } else if let b = baseline, b.ownCode.contains(benchmark.name) {
            print("  baseline \(b.label) runs its own \(benchmark.typeName).swift (today's drives an API that revision lacks)")
        }
        if let baseline {
            for (name, exe, env) in [("today", selfPath, [String: String]()),
                                     ("baseline " + baseline.label, baseline.benchPath, ["EMOJISIM_BENCH_ROOT": BenchEnvironment.root.path])] {
                var failure = ""
                guard let r = RemoteProbes(name: name, argv: [exe, "--serve", benchmark.name], environment: env, failure: &failure) else {
                    print("  \(name): \(failure)")
                    continue
                }
                sources.append(r)
            }
            guard sources.count == 2 else {
                for s in sources { s.finish() }
                return
            }
        } else {
            sources.append(LocalProbes(name: "today", session: benchmark.setup()))
        }
        var peers: [ProbeSource] = []
        var after: [String: String] = [:]   // peer name -> the probe it follows
        for spec in sources[0].peers {
            var failure = ""
            if let p = RemoteProbes(name: spec.name, argv: spec.argv, failure: &failure) {
                peers.append(p)
                after[spec.name] = spec.after ?? ""
            } else {
                print("  peer \(spec.name) not available (\(spec.install)): \(failure)")
            }
        }
        for n in sources[0].notes { print("  " + n) }

        // The schedule: (source, probe index in that source) per step of a round.
        var series: [Series] = []
        var index: [String: Int] = [:]   // "source\u{0}key" -> series
        func seriesIndex(_ s: ProbeSource, _ key: String, _ label: String) -> Int {
            let id = s.name + "\u{0}" + key
            if let i = index[id] { return i }
            series.append(Series(key: key, label: label, source: s.name))
            index[id] = series.count - 1
            return series.count - 1
        }
        typealias Step = (source: ProbeSource, probe: Int, series: Int)
        var groups: [[Step]] = []   // each group: one probe in every source (order alternates)
        var peerSteps: [String: [Step]] = [:]
        // Our series first (the table lists them in this order), then the peers'.
        for probe in sources[0].probes {
            for s in sources where s.probes.contains(where: { $0.key == probe.key }) { _ = seriesIndex(s, probe.key, probe.label) }
        }
        for p in peers {
            for (i, probe) in p.probes.enumerated() {
                let key = p.name + ":" + probe.key
                // A peer's probe of the same key as one of ours runs right after it.
                let target = sources[0].probes.contains { $0.key == probe.key } ? probe.key : after[p.name] ?? ""
                peerSteps[target, default: []].append((p, i, seriesIndex(p, key, p.name + ": " + probe.label)))
            }
        }
        for (i, probe) in sources[0].probes.enumerated() {
            var group: [Step] = [(sources[0], i, seriesIndex(sources[0], probe.key, probe.label))]
            for s in sources.dropFirst() {
                if let j = s.probes.firstIndex(where: { $0.key == probe.key }) {
                    group.append((s, j, seriesIndex(s, probe.key, probe.label)))
                }
            }
            groups.append(group)
            for step in peerSteps[probe.key] ?? [] { groups.append([step]) }
        }
        for step in peerSteps[""] ?? [] { groups.append([step]) }
        let unmatched = peerSteps.keys.filter { k in !k.isEmpty && !sources[0].probes.contains { $0.key == k } }
        for k in unmatched { for step in peerSteps[k]! { groups.append([step]) } }

        let range = forced ?? benchmark.rounds
        let slice = benchmark.slice
        var failed = Set<Int>()
        var done = 0
        for round in -1..<range.upperBound {
            for g in groups {
                let ordered = round % 2 == 0 ? g : g.reversed()
                for step in ordered where !failed.contains(step.series) {
                    guard let v = step.source.run(step.probe, slice: slice), v.isFinite else {
                        failed.insert(step.series)
                        continue
                    }
                    if round >= 0 { series[step.series].stats.values.append(v) }
                }
            }
            if round >= 0 { done = round + 1 }
            if done >= range.lowerBound && series.allSatisfy({ $0.stats.count == 0 || $0.stats.spread <= targetSpread }) { break }
        }
        for s in sources { s.finish() }
        for p in peers { p.finish() }

        // The table of runs.
        let spreadNote = series.allSatisfy { $0.stats.count == 0 || $0.stats.spread <= targetSpread }
            ? "every spread within \(Int(targetSpread * 100))%" : "stopped at \(range.upperBound) rounds"
        print("  \(done) rounds (\(spreadNote)), each run >= \(Format.number(slice)) s of CPU time, sources alternating; spread = (max - min) / median")
        let sw = max(8, series.map(\.source.count).max() ?? 0) + 1
        print("  " + Format.pad("probe (cost of one unit)", 40) + Format.pad("source", sw) + Format.lpad("runs", 5)
              + Format.lpad("min", 11) + Format.lpad("median", 11) + Format.lpad("max", 11) + Format.lpad("spread", 9))
        var previous = ""
        for (i, s) in series.enumerated() {
            let label = s.label == previous ? "" : s.label
            previous = s.label
            let st = s.stats
            let failedNote = failed.contains(i) ? "  (a run failed)" : ""
            print("  " + Format.pad(label, 40) + Format.pad(s.source, sw) + Format.lpad("\(st.count)", 5)
                  + Format.lpad(Format.seconds(st.min), 11) + Format.lpad(Format.seconds(st.median), 11)
                  + Format.lpad(Format.seconds(st.max), 11) + Format.lpad(Format.percent(st.spread), 9) + failedNote)
        }

        // The figures, from each source's medians.
        var peerMedians: [String: Double] = [:]
        for s in series where peers.contains(where: { $0.name == s.source }) && s.stats.count > 0 { peerMedians[s.key] = s.stats.median }
        func medians(_ src: ProbeSource) -> Medians {
            var m: [String: Double] = [:]
            for s in series where s.source == src.name && s.stats.count > 0 { m[s.key] = s.stats.median }
            var facts = src.facts
            for p in peers { for (k, v) in p.facts { facts[p.name + ":" + k] = v } }
            return Medians(probes: m, peers: peerMedians, facts: facts)
        }
        let figures = sources.map { benchmark.report(medians($0)) }
        if sources.count == 1 {
            for f in figures[0] { print("  " + f.label + ": " + f.text + goalText(f)) }
        } else {
            let cw = max(24, sources[1].name.count + 2)
            print("  " + Format.pad("figure", 44) + Format.pad(sources[0].name, cw) + Format.pad(sources[1].name, cw) + "today vs baseline")
            for f in figures[0] {
                let b = figures[1].first { $0.label == f.label }
                print("  " + Format.pad(f.label, 44) + Format.pad(f.text + goalMark(f), cw)
                      + Format.pad(b.map { $0.text + goalMark($0) } ?? "n/a", cw) + (b.map { change(f, $0) } ?? ""))
            }
            let todayNotes = Set(sources[0].notes)
            for n in sources[1].notes where !todayNotes.contains(n) { print("  \(sources[1].name): \(n)") }
        }
        print("  (\(Format.fixed(monotonicSeconds() - started, 1)) s wall)")
    }

    static func goalText(_ f: Figure) -> String {
        guard let g = f.goal else { return "" }
        return " (goal \(g.text): \(g.met(by: f.value) ? "met" : "MISSED"))"
    }

    static func goalMark(_ f: Figure) -> String {
        guard let g = f.goal else { return "" }
        return g.met(by: f.value) ? " ok" : " MISSED"
    }

    /// How today's figure compares: the factor by which it is better (above 1) or worse.
    static func change(_ today: Figure, _ base: Figure) -> String {
        guard today.value.isFinite, base.value.isFinite, today.value > 0, base.value > 0 else {
            return today.value == base.value ? "same" : ""
        }
        let f = today.higherIsBetter ? today.value / base.value : base.value / today.value
        if abs(f - 1) < 0.1 { return Format.fixed(f, 2) + "x (within 10%)" }
        return Format.fixed(f, 2) + "x " + (f > 1 ? "better" : "worse")
    }

    /// This executable, for the children of a `--baseline` run.
    static var selfPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }
}
