import Interaction
import SimCore

/// Fling-and-settle at 120 Hz: a horizontal paged panel and a vertical list are
/// dragged, flung (velocities cycle through a fixed table, some into the edges) and
/// ticked frame by frame until idle. Reports simulated seconds per CPU second.
/// Also the gesture pipeline: synthesized fling touches through a GestureArena with
/// tap, long press and pan into a ScrollModel. Thread CPU time.
enum InteractionBench {
    static var benchmark: Benchmark {
        Benchmark(name: "interaction",
                  summary: "simulated seconds of fling-and-settle per CPU second at 120 Hz", setup: setup, report: report)
    }

    static let loops = [("free", "free list"), ("paging", "paging panel"), ("snap", "seed snap panel"), ("pipeline", "touch pipeline (arena + pan + paging + display link)")]

    static func report(_ m: Medians) -> [Figure] {
        loops.compactMap { key, label in Figure.rate(label, seconds: m[key], unit: "x real time") }
    }

    /// A probe whose cost is CPU seconds per simulated second of `loop` (which returns
    /// the simulated seconds it covered).
    static func simulated(_ key: String, _ label: String, _ loop: @escaping () -> Double) -> Probe {
        Probe(key, label + " (CPU s per simulated s)") { slice in
            var covered = 0.0
            let m = measureCPU(minSeconds: slice, warmUp: false) { covered += loop() }
            return m.seconds / covered
        }
    }

    static func setup() -> BenchSession {
        let velocities: [Double] = [1200, -800, 3500, -4200, 600, 250, -2500, 5000, -150, 1800]
        func flingLoop(policy: PagingPolicy, axes: ScrollAxes) -> Double {
            let scroll = ScrollModel()
            var model = ScrollModel.State(viewportSize: Size(width: 375, height: 600),
                                          contentSize: axes == .horizontal ? Size(width: 375 * 12, height: 600) : Size(width: 375, height: 20_000),
                                          axes: axes)
            model.pagingPolicy = policy
            var now = SimInstant.zero
            let frame = SimDuration.frames(1, at: 120)
            var events = 0
            for (i, v) in velocities.enumerated() {
                events += scroll.reduce(into: &model, .beginDrag, at: now).count
                for f in 1...6 {
                    now += frame
                    let d = Double(f) * 8 * (v > 0 ? -1 : 1)
                    let t = axes == .horizontal ? Point(x: d, y: 0) : Point(x: 0, y: d)
                    events += scroll.reduce(into: &model, .drag(translation: t), at: now).count
                }
                let vel = axes == .horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v + Double(i))
                events += scroll.reduce(into: &model, .endDrag(velocity: vel), at: now).count
                while model.state != .idle {
                    now += frame
                    events += scroll.reduce(into: &model, .tick, at: now).count
                }
            }
            precondition(events > 0)
            return now.seconds
        }

        var probes: [Probe] = []
        for (i, (policy, axes)) in [(PagingPolicy.none, ScrollAxes.vertical), (.paging, .horizontal),
                                    (.snapAfterDeceleration, .horizontal)].enumerated() {
            probes.append(simulated(loops[i].0, loops[i].1) { flingLoop(policy: policy, axes: axes) })
        }

        // Full pipeline: touches -> recognizers -> scroll -> frames, each model on a Host
        // (its display link runs while the scroll moves).
        probes.append(simulated(loops[3].0, loops[3].1) {
            let clock = VirtualClock()
            var gestures = GestureArena.State()
            gestures.add(TapRecognizer()); gestures.add(LongPressRecognizer()); gestures.add(PanRecognizer())
            let arena = Host(GestureArena(), state: gestures, clock: clock, trace: Trace(capacity: 1), frameRate: 120)
            var model = ScrollModel.State(viewportSize: Size(width: 375, height: 260), contentSize: Size(width: 375 * 8, height: 260),
                                          axes: .horizontal)
            model.pagingPolicy = .paging
            let scroll = Host(ScrollModel(), state: model, clock: clock, trace: Trace(capacity: 1), frameRate: 120)
            let synth = TouchSynthesizer(hz: 120)
            for i in 0..<10 {
                let v = velocities[i]
                for t in synth.fling(from: Point(x: 187, y: 100), velocity: Point(x: -v, y: 0), start: clock.now + .milliseconds(50)) {
                    if t.timestamp > clock.now { clock.advance(to: t.timestamp) }
                    for e in arena.send(.touch(t)) { if let u = e.update, scroll.send(.pan(u)).count > 1000 { print("") } }
                }
                clock.advance(by: .seconds(2))
            }
            return clock.now.seconds
        })
        return BenchSession(probes: probes)
    }
}
