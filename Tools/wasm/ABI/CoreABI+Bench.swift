import SimCore
import Interaction
import Imaging
import Raster
import ChatUI
import Scenario
import Tester
import ChatHarness

// The workloads of the wasm figures (Tools/wasm/bench.sh): one frame of work per call,
// so that whoever calls can time each call with its own clock (the core has none). The
// native reference tool, the wasm module's WASI entry and node's run all call these same
// functions with the same inputs; the summary (frames, display items, a framebuffer
// hash) shows they did the same work.

extension CoreABI {
    /// What one bench frame does.
    public enum BenchWorkload: Int32, Sendable, CaseIterable {
        /// The panel during flings: the touches due, the clock advanced one 60 Hz frame
        /// (timers and the display link's tick), then the panel's display list.
        case panelFling = 0
        /// A chat screen (the demo conversation with the emoji panel up) rasterized to
        /// RGBA at the device scale, into one reused framebuffer as a renderer would.
        case screenRender = 1

        /// The workload's name in `bench` records and figures (`panel-fling`, `screen-render`).
        public var name: String {
            switch self {
            case .panelFling: return "panel-fling"
            case .screenRender: return "screen-render"
            }
        }

        /// The workload with a name, or `nil` for an unknown one.
        ///
        /// - Parameter name: A name as ``name`` spells it.
        public init?(name: String) {
            guard let w = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = w
        }

        /// The screen each workload runs on, and the lines that bring it into shape.
        var setup: String {
            switch self {
            case .panelFling: return "device iphone8\nconversation empty\n"
            case .screenRender: return "device iphone8\nconversation demo\n"
            }
        }
        var lines: String { "tap toggle\nsettle\n" }

        /// Untimed frames first, so the timed ones measure the steady state: every page's
        /// images decoded (one cycle of four flings, about 165 frames; two renders) and,
        /// under node, every function of the frame compiled by V8's optimizing tier. V8
        /// moves a wasm function from its baseline compiler (Liftoff) up only after it
        /// has executed a budget of about 1.8 MB of code (`--wasm-tiering-budget`), so a
        /// function that runs briefly each frame stays baseline code for thousands of
        /// frames: after 200 panel frames the median was 14.8 µs with the defaults and
        /// 12.7 µs with every function optimized (`--no-liftoff`), still 14.8 µs after
        /// 3,000, and 12.8 µs from 10,000 on; the render reached the `--no-liftoff`
        /// median (575 µs) by 400 renders (598-601 µs after 100, 606-851 µs after 5).
        public var warmupFrames: Int {
            switch self {
            case .panelFling: return 10_000
            case .screenRender: return 400
            }
        }
    }

    /// One open bench: its screen and where it is in its workload.
    final class Bench {
        let workload: BenchWorkload
        let handle: Int32
        var frames = 0
        /// Sum over frames of what the frame produced (display items; for renders, one
        /// framebuffer word): keeps the work observable and is compared across runtimes.
        var checksum: UInt64 = 0
        // panel-fling
        var touches: [TouchEvent] = []
        var next = 0
        var flings = 0
        /// The panel's page when each fling after the first began (where the last one took it).
        var pages: [Int] = []
        // screen-render
        var list = DisplayList(size: Size(width: 0, height: 0))
        var canvas: PixelCanvas?

        init(_ workload: BenchWorkload, handle: Int32) { self.workload = workload; self.handle = handle }
    }

    /// Flings alternate two to the left, two to the right (pages 0, 1, 2, 1, 0 of the demo
    /// catalog's first group), at 1,500 pt/s from the panel's middle row.
    static let benchFlingVelocity = 1500.0

    /// Opens a screen for `workload` (its setup and lines run first, outside any frame).
    /// Returns the screen's handle; `benchFrame` runs frames on it, `closeScreen` ends it.
    ///
    /// - Parameters:
    ///   - workload: The workload's raw value.
    ///   - state: The state that holds the screen.
    /// - Returns: The bench's (and its screen's) handle.
    /// - Throws: ``Failure``: `.badArgument` for an unknown workload, `.scriptError` when
    ///   the panel does not open, or what ``createScreen(setup:name:into:)`` throws.
    public static func benchOpen(_ workload: Int, in state: State) throws(Failure) -> Int32 {
        guard let w = BenchWorkload(rawValue: Int32(clamping: workload)) else {
            throw Failure(.badArgument, "bench: workload \(workload) is not 0..<\(BenchWorkload.allCases.count)")
        }
        let handle = try createScreen(setup: w.setup, name: "<bench \(w.name)>", into: state)
        try run(w.lines, on: handle, in: state)
        let s = try session(handle, in: state)
        s.screen.layout(for: nil)   // UIKit lays out before a snapshot draws
        guard s.screen.displayList(of: .panel) != nil else {
            throw Failure(.scriptError, "bench \(w.name): the emoji panel did not open")
        }
        let bench = Bench(w, handle: handle)
        if w == .screenRender {
            bench.list = s.screen.displayList()
            bench.canvas = PixelCanvas(size: bench.list.size, options: pixelOptions(s))
        }
        state.benches[handle] = bench
        return handle
    }

    /// One frame of the bench on screen `handle`. Cost: a panel fling frame, or a full
    /// pixel render of the screen; nothing else (no allocation beyond the work's own).
    ///
    /// - Parameters:
    ///   - handle: The bench's handle.
    ///   - state: The state that holds it.
    /// - Throws: ``Failure`` with `.noSuchScreen` when no bench has the handle.
    public static func benchFrame(_ handle: Int32, in state: State) throws(Failure) {
        guard let bench = state.benches[handle] else { throw Failure(.noSuchScreen, "no open bench with handle \(handle)") }
        let s = try session(handle, in: state)
        switch bench.workload {
        case .panelFling:
            let screen = s.screen
            let frame = SimDuration.frames(1, at: 60)
            if bench.next >= bench.touches.count && screen.motion.isEmpty {
                // The last fling came to rest: the next one starts at this frame.
                if bench.flings > 0 { bench.pages.append(screen.facts.panelPage) }
                let left = bench.flings % 4 < 2
                let k = screen.keyboardFrame()
                let from = Point(x: left ? k.maxX - 75 : k.minX + 75, y: k.minY + 60)
                bench.touches = TouchSynthesizer(hz: 60).fling(
                    from: from, velocity: Point(x: left ? -benchFlingVelocity : benchFlingVelocity, y: 0),
                    start: screen.clock.now)
                bench.next = 0
                bench.flings += 1
            }
            let end = screen.clock.now + frame
            while bench.next < bench.touches.count && bench.touches[bench.next].timestamp <= end {
                let t = bench.touches[bench.next]
                if t.timestamp > screen.clock.now { screen.clock.advance(to: t.timestamp) }
                screen.handle(t)
                bench.next += 1
            }
            screen.clock.advance(to: end)
            screen.layout(for: nil)   // UIKit lays out before a snapshot draws
            let items = screen.displayList(of: .panel)?.items.count ?? 0
            bench.checksum &+= UInt64(items)
        case .screenRender:
            bench.canvas!.render(bench.list)
            bench.checksum &+= UInt64(bench.canvas!.image.pixels[(bench.frames * 4099) % bench.canvas!.image.pixels.count])
        }
        bench.frames += 1
    }

    /// What the bench did so far, one line: equal across runtimes for the same frames.
    ///
    /// - Parameters:
    ///   - handle: The bench's handle.
    ///   - state: The state that holds it.
    /// - Returns: The workload's name, frames and checksum, then the flings and pages (panel)
    ///   or the framebuffer's size and hash (render).
    /// - Throws: ``Failure`` with `.noSuchScreen` when no bench has the handle.
    /// - Complexity: O(1) for the panel; O(*w* · *h*) for the render (it hashes the framebuffer).
    public static func benchSummary(_ handle: Int32, in state: State) throws(Failure) -> String {
        guard let bench = state.benches[handle] else { throw Failure(.noSuchScreen, "no open bench with handle \(handle)") }
        let s = try session(handle, in: state)
        var out = "\(bench.workload.name) frames \(bench.frames) checksum \(bench.checksum)"
        switch bench.workload {
        case .panelFling:
            out += " flings \(bench.flings) virtual-ms \(s.screen.clock.now.ticks / SimDuration.milliseconds(1).ticks) pages"
            for p in bench.pages.prefix(8) { out += " \(p)" }
        case .screenRender:
            let image = bench.canvas!.image
            out += " framebuffer \(image.width)x\(image.height) fnv1a64 \(hex(fnv1a64(image.pixels)))"
        }
        return out
    }
}

extension CoreABI {
    /// Most frames one bench record may ask for (timed plus warm-up).
    public static let maxBenchFrames = 100_000

    /// The clock a bench reads: the CPU time of the thread that runs the frames (what
    /// the work costs, whatever else the machine runs), or monotonic wall time.
    public enum BenchClock: Sendable {
        /// The CPU time of the thread running the frames.
        case cpu
        /// Monotonic wall-clock time.
        case wall
        /// The clock's name in a bench spec (`cpu`, `wall`).
        public var name: String { self == .cpu ? "cpu" : "wall" }
    }

    /// Runs a `bench` record: `workload` is a `BenchWorkload.name`, `spec` is
    /// "FRAMES WARMUP CLOCK" (CLOCK `cpu` or `wall`). Runs WARMUP frames untimed, then
    /// FRAMES frames, reading `clock` (the host's, in nanoseconds) before and after each.
    /// Returns two lines: the summary (`benchSummary`, the same in every runtime) and "ns"
    /// with each frame's time. The bench screen is left open.
    ///
    /// - Parameters:
    ///   - workload: The workload's name.
    ///   - spec: "FRAMES WARMUP CLOCK", FRAMES + WARMUP at most ``maxBenchFrames``.
    ///   - clock: Reads the host's clock in nanoseconds; a negative value means the
    ///     host has none.
    ///   - state: The state that holds the bench.
    /// - Returns: The summary line and the `ns` line.
    /// - Throws: ``Failure``: `.badArgument` for an unknown workload or a malformed spec,
    ///   `.unsupported` when the clock is missing, or what the frames throw.
    /// - Complexity: The frames' work plus two clock reads per timed frame.
    public static func runBench(_ workload: String, spec: String, clock: (BenchClock) -> Int64,
                                in state: State) throws(Failure) -> String {
        guard let w = BenchWorkload(name: workload) else {
            throw Failure(.badArgument, "bench: unknown workload \"\(workload)\" (panel-fling, screen-render)")
        }
        let fields = spec.split(separator: " ").map { String($0) }
        guard fields.count == 3, let frames = Int(fields[0]), let warmup = Int(fields[1]),
              frames >= 0, warmup >= 0, frames <= maxBenchFrames - warmup,
              fields[2] == "cpu" || fields[2] == "wall" else {
            throw Failure(.badArgument, "bench \(workload): expected \"FRAMES WARMUP cpu|wall\" with FRAMES + WARMUP in 0...\(maxBenchFrames), got \"\(spec)\"")
        }
        let which: BenchClock = fields[2] == "cpu" ? .cpu : .wall
        guard clock(which) >= 0 else {
            throw Failure(.unsupported, "bench \(workload): the host has no \(which.name) clock")
        }
        let handle = try benchOpen(Int(w.rawValue), in: state)
        for _ in 0..<warmup { try benchFrame(handle, in: state) }
        var times: [Int64] = []
        times.reserveCapacity(frames)
        for _ in 0..<frames {
            let start = clock(which)
            try benchFrame(handle, in: state)
            times.append(clock(which) - start)
        }
        var out = "bench " + (try benchSummary(handle, in: state)) + "\nns"
        for t in times { out += " \(t)" }
        out += "\n"
        try closeScreen(handle, in: state)
        return out
    }
}
