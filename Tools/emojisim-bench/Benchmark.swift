/// A benchmark: the probes it times (run in the measuring process: this one, or a child
/// built from another revision by `--baseline`), the peers it is compared with (other
/// programs, run by the driver between the probes) and the figures it reports from the
/// medians. Every benchmark lives in its own file `<Type>.swift` declaring
/// `enum <Type> { static var benchmark: Benchmark }` (the baseline build relies on it).
struct Benchmark {
    var name: String
    var summary: String
    /// Thread CPU seconds one run of a probe lasts at least.
    var slice: Double
    /// Rounds at least and at most (see `Driver`): more rounds until the spread is small.
    var rounds: ClosedRange<Int>
    /// Builds the fixtures (outside every timing) and returns the probes; runs in the
    /// measuring process.
    var setup: () -> BenchSession
    /// The figures from one binary's medians (and the peers'); runs in the driver, so a
    /// baseline's figures are derived by today's code from its medians.
    var report: (Medians) -> [Figure]
    /// `#fileID` of the file declaring the benchmark.
    var file: String
    /// Other products of the package it runs (found beside this binary; a baseline
    /// builds them too).
    var products: [String]

    init(name: String, summary: String, slice: Double = 0.1, rounds: ClosedRange<Int> = 5...9,
         products: [String] = [], file: String = #fileID, setup: @escaping () -> BenchSession, report: @escaping (Medians) -> [Figure]) {
        self.name = name
        self.summary = summary
        self.slice = slice
        self.rounds = rounds
        self.file = file
        self.products = products
        self.setup = setup
        self.report = report
    }

    /// The type declaring the benchmark (its file's name without `.swift`).
    var typeName: String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".swift") ? String(base.dropLast(6)) : base
    }
}

/// One timed quantity. `run(slice)` works for at least `slice` seconds (usually thread
/// CPU time) and returns the cost of one unit (seconds per render, per frame, per run...).
/// The first run is a warm-up the driver discards.
struct Probe {
    var key: String
    var label: String
    var run: (_ slice: Double) -> Double

    init(_ key: String, _ label: String, run: @escaping (_ slice: Double) -> Double) {
        self.key = key
        self.label = label
        self.run = run
    }

    /// A probe repeating `body` for `slice` seconds of thread CPU time; the cost is
    /// seconds per call divided by `units` (e.g. frames a call draws).
    static func repeating(_ key: String, _ label: String, units: Double = 1, _ body: @escaping () -> Void) -> Probe {
        Probe(key, label) { slice in
            let m = measureCPU(minSeconds: slice, warmUp: false, body)
            return m.seconds / Double(m.iterations) / units
        }
    }
}

/// What a benchmark's setup returns: its probes, the peers to run beside them, and
/// facts (deterministic counts: display items, bytes encoded...) and notes (lines
/// printed once) about the fixtures.
final class BenchSession {
    var probes: [Probe]
    var peers: [PeerSpec]
    var facts: [String: Double]
    var notes: [String]
    /// Called after the last round (temporary files...).
    var finish: () -> Void

    init(probes: [Probe] = [], peers: [PeerSpec] = [], facts: [String: Double] = [:], notes: [String] = [],
         finish: @escaping () -> Void = {}) {
        self.probes = probes
        self.peers = peers
        self.facts = facts
        self.notes = notes
        self.finish = finish
    }
}

/// Another program measured beside the probes, speaking the probe protocol of
/// `RemoteProbes` (the Python and C peers in Tools/bench-peers). In each round a peer's
/// probe runs right after our probe of the same key, or else after the probe named
/// `after` (so a ratio compares runs close in time); in `Medians` their keys are
/// `name:key`. A peer that cannot start is reported and left out.
struct PeerSpec {
    var name: String
    var argv: [String]
    var after: String?
    /// How to install it, printed when it cannot start.
    var install: String
}

/// One binary's medians (probe key: cost of a unit), the peers' (`peer:key`) and facts.
struct Medians {
    var probes: [String: Double]
    var peers: [String: Double]
    var facts: [String: Double]

    subscript(_ key: String) -> Double? { probes[key] }
    func peer(_ key: String) -> Double? { peers[key] }
    func fact(_ key: String) -> Double? { facts[key] }
}

/// A goal a figure is held to.
enum Goal {
    case atMost(Double)
    case atLeast(Double)

    func met(by v: Double) -> Bool {
        switch self {
        case .atMost(let g): v <= g
        case .atLeast(let g): v >= g
        }
    }

    var text: String {
        switch self {
        case .atMost(let g): "<= " + Format.number(g)
        case .atLeast(let g): ">= " + Format.number(g)
        }
    }
}

/// A reported figure: a value derived from medians (a rate, a ratio, a time) or a fact.
struct Figure {
    var label: String
    var value: Double
    var text: String
    var goal: Goal?
    /// For the baseline comparison: is a larger value an improvement?
    var higherIsBetter: Bool

    init(_ label: String, _ value: Double, text: String? = nil, goal: Goal? = nil, higherIsBetter: Bool) {
        self.label = label
        self.value = value
        self.text = text ?? Format.number(value)
        self.goal = goal
        self.higherIsBetter = higherIsBetter
    }

    /// Units per second from a cost in seconds (renders/s, MB/s...): `per` units a cost.
    static func rate(_ label: String, seconds: Double?, per units: Double = 1, unit: String = "/s", goal: Goal? = nil) -> Figure? {
        guard let s = seconds, s > 0 else { return nil }
        let v = units / s
        return Figure(label, v, text: Format.number(v) + " " + unit, goal: goal, higherIsBetter: true)
    }

    /// A cost in seconds, shown in the unit that suits it.
    static func time(_ label: String, seconds: Double?, goal: Goal? = nil) -> Figure? {
        guard let s = seconds else { return nil }
        return Figure(label, s, text: Format.seconds(s), goal: goal, higherIsBetter: false)
    }

    /// A ratio `a / b` (e.g. a peer's time over ours: above 1 is faster than the peer).
    static func ratio(_ label: String, _ a: Double?, _ b: Double?, goal: Goal? = nil, higherIsBetter: Bool,
                      suffix: String = "x") -> Figure? {
        guard let a, let b, b > 0 else { return nil }
        return Figure(label, a / b, text: Format.fixed(a / b, 2) + suffix, goal: goal, higherIsBetter: higherIsBetter)
    }

    /// A deterministic count.
    static func count(_ label: String, _ v: Double?, unit: String = "", higherIsBetter: Bool = false) -> Figure? {
        guard let v else { return nil }
        return Figure(label, v, text: Format.number(v) + (unit.isEmpty ? "" : " " + unit), higherIsBetter: higherIsBetter)
    }
}
