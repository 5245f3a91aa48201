import SimCore
import EmojiText
import Imaging
import Interaction
import Raster
import ChatUI
import Scenario
import Tester
import ChatHarness

/// The core behind the C ABI (CoreABI+Exports.swift), as Swift functions over Swift
/// values: what the wasm exports call after validating their pointers, and what the
/// native reference tool (Tools/wasm/reference) calls directly, so both sides of the
/// bit-exactness proof run the same code.
///
/// State lives in one `CoreABI.State` (a wasm instance is single-threaded): the font,
/// the registered images, the open screens by handle, and the last output and error.
public enum CoreABI {
    /// Status codes of every export: 0 is success, negatives are errors (the message is
    /// in the error buffer, `esim_error_ptr` / `esim_error_len`).
    public enum Status: Int32, Sendable {
        /// Success; the output buffer holds the call's result, if it has one.
        case ok = 0
        /// An argument is out of range or malformed (a null pointer, a negative length, an
        /// unknown phase or format).
        case badArgument = -1
        /// A text argument is not valid UTF-8.
        case badUTF8 = -2
        /// Script or setup text does not parse; the message has `name:line:column`.
        case parseError = -3
        /// A script line parsed but the screen refused it (a target not found, an unmet wait).
        case scriptError = -4
        /// No open screen has the handle (never opened, or closed).
        case noSuchScreen = -5
        /// The font's hex text is malformed.
        case badFont = -6
        /// A count or size limit was reached (``maxBufferBytes``, ``maxImages``, ``maxScreens``).
        case tooLarge = -7
        /// An allocation requested by the host failed.
        case outOfMemory = -8
        /// The call needs something the core does not have (a file catalog not loaded yet).
        case unsupported = -9
        /// An earlier call trapped (memory exhausted, a bug) and left the state half-changed:
        /// this instance refuses every call from then on; instantiate the module again.
        case instanceFailed = -10
    }

    /// The message of `.instanceFailed`.
    public static let instanceFailedMessage = "an earlier call trapped (out of memory or a bug) and left this "
        + "instance's state unusable; every call is refused: instantiate the module again"


    /// A failure of an ABI call: its status and a message saying what and where.
    public struct Failure: Error {
        /// The status the export returns.
        public var status: Status
        /// What failed and where; the export copies it to the error buffer.
        public var message: String
        /// Creates a failure.
        ///
        /// - Parameters:
        ///   - status: The status to return; never `.ok`.
        ///   - message: What failed and where.
        public init(_ status: Status, _ message: String) { self.status = status; self.message = message }
    }

    /// Limits on host input, checked before any work: a buffer of at most 64 MiB, a
    /// name of at most 255 bytes, at most 4096 images and 64 open screens.
    public static let maxBufferBytes = 64 << 20
    /// The longest image or sequence name, in UTF-8 bytes.
    public static let maxNameBytes = 255
    /// The most images (and frames of a sequence) the state holds.
    public static let maxImages = 4096
    /// The most screens open at once.
    public static let maxScreens = 64

    /// One open screen: its model, the driver that runs script lines against it, and
    /// the configuration its setup text described.
    public final class Session {
        /// The screen model that script lines, touches and time act on.
        public let screen: Host<ChatScreen>
        /// Runs script lines on ``screen`` and keeps their expectations and snapshots for the report.
        public let driver: ScenarioDriver<Host<ChatScreen>>
        /// The setup the screen was made from (device, theme, catalog...).
        public let configuration: ScenarioConfiguration
        let font: BitmapFont
        /// The playground's kept framebuffer (CoreABI+Playground.swift), made on first use.
        public var frame: ScreenFrame?

        init(screen: Host<ChatScreen>, configuration: ScenarioConfiguration, font: BitmapFont, name: String) {
            self.screen = screen
            self.configuration = configuration
            self.font = font
            self.driver = ScenarioDriver(host: screen, configuration: configuration,
                                         runner: ScenarioRunner(font: font), name: name)
        }
    }

    /// Everything the ABI holds between calls.
    public final class State {
        /// The font text snapshots and renders use; empty (hex boxes) until ``loadFont(_:into:)``.
        public var font = BitmapFont()
        /// Image bytes by resource name, as registered; decoded by each screen's own library.
        public var images: [String: [UInt8]] = [:]
        /// Frame names of image sequences by resource name.
        public var sequences: [String: [String]] = [:]
        /// The catalog for scripts whose `catalog` line is not `demo` (the host read it).
        public var catalog: EmojiCatalog?
        /// Open screens by handle; handles count up from 1 and are never 0.
        public var screens: [Int32: Session] = [:]
        /// The benches open on some of those screens (CoreABI+Bench.swift).
        var benches: [Int32: Bench] = [:]
        var nextHandle: Int32 = 1
        /// The bytes the last call produced (a snapshot, a trace, a report).
        public var output: [UInt8] = []
        /// The message of the last failed call (empty after a success).
        public var error: [UInt8] = []
        /// The addresses of the buffers `esim_alloc` gave the host and `esim_free` has not
        /// freed yet: `esim_free` frees only these.
        var hostBuffers = Set<Int>()
        /// True while a call runs: still true at the next call only if the last one
        /// trapped (see `abiCall`).
        public internal(set) var callInProgress = false

        /// An empty state: no font, images, catalog or screens.
        public init() {}

        /// A fresh library over the registered images (each screen gets its own).
        ///
        /// - Returns: A new library (nothing decoded yet).
        /// - Complexity: O(*n*) in the registered images and sequences.
        public func makeLibrary() -> ImageLibrary {
            // The limits of one emoji image, as a native run's library (`ScenarioAssets`):
            // a canvas past 4096x4096 is refused, not decoded into linear memory.
            let library = ImageLibrary(limits: .emoji)
            for (name, bytes) in images { library.register(name, bytes: bytes) }
            for (name, frames) in sequences { library.registerSequence(name, frames: frames, delay: .centiseconds(10)) }
            return library
        }
    }

    // MARK: assets

    /// Replaces the font with one parsed from Unifont hex text.
    ///
    /// - Parameters:
    ///   - bytes: The `.hex` file's bytes.
    ///   - state: The state whose font is replaced; screens opened later use it.
    /// - Throws: ``Failure`` with `.badFont` when the text is malformed (the old font stays).
    /// - Complexity: O(*n*) in the text's size.
    public static func loadFont(_ bytes: [UInt8], into state: State) throws(Failure) {
        do throws(BitmapFontError) {
            state.font = try BitmapFont(parsingHex: bytes, source: "<font>")
        } catch {
            throw Failure(.badFont, error.description)
        }
    }

    /// Replaces the catalog used by screens whose `catalog` line names files.
    ///
    /// - Parameters:
    ///   - text: The catalog in ``CatalogText``'s line format.
    ///   - state: The state to load into.
    /// - Throws: ``Failure`` with `.badArgument` for malformed text or a catalog the core refuses.
    /// - Complexity: O(*n*) in the text's size.
    public static func loadCatalog(_ text: String, into state: State) throws(Failure) {
        do throws(CatalogText.Failure) {
            state.catalog = try CatalogText.decode(text)
        } catch {
            throw Failure(.badArgument, error.description)
        }
    }

    /// Registers (or replaces) an image's bytes under a resource name.
    ///
    /// - Parameters:
    ///   - name: The resource name, 1 to ``maxNameBytes`` bytes.
    ///   - bytes: The PNG or GIF file; decoded only when a screen draws it.
    ///   - state: The state to register in.
    /// - Throws: ``Failure`` with `.badArgument` for a bad name, `.tooLarge` past ``maxImages``.
    public static func registerImage(_ name: String, _ bytes: [UInt8], into state: State) throws(Failure) {
        guard !name.isEmpty, name.utf8.count <= maxNameBytes else {
            throw Failure(.badArgument, "image name must be 1 to \(maxNameBytes) bytes, got \(name.utf8.count)")
        }
        guard state.images[name] != nil || state.images.count < maxImages else {
            throw Failure(.tooLarge, "at most \(maxImages) images")
        }
        state.images[name] = bytes
    }

    /// Registers an image sequence (`png_sequence`): frame names, one a line.
    ///
    /// - Parameters:
    ///   - name: The sequence's resource name, 1 to ``maxNameBytes`` bytes.
    ///   - text: The frames' image names, one a line, in order (10 cs each).
    ///   - state: The state to register in.
    /// - Throws: ``Failure`` with `.badArgument` for a bad name or no frames, or more than
    ///   ``maxImages`` frames.
    /// - Complexity: O(*n*) in the text's length.
    public static func registerSequence(_ name: String, frames text: String, into state: State) throws(Failure) {
        guard !name.isEmpty, name.utf8.count <= maxNameBytes else {
            throw Failure(.badArgument, "sequence name must be 1 to \(maxNameBytes) bytes, got \(name.utf8.count)")
        }
        let frames = text.split(separator: "\n").map { String($0) }
        guard !frames.isEmpty, frames.count <= maxImages else {
            throw Failure(.badArgument, "sequence \(name): 1 to \(maxImages) frames, got \(frames.count)")
        }
        state.sequences[name] = frames
    }

    // MARK: screens

    /// Opens a screen from setup text (the setup lines of a script: device, theme,
    /// catalog demo, conversation, set ...). Returns its handle (1 or more).
    ///
    /// - Parameters:
    ///   - text: The setup lines.
    ///   - name: The name parse errors give.
    ///   - state: The state that holds the screen, its font and images.
    /// - Returns: The new screen's handle.
    /// - Throws: ``Failure``: `.parseError` for text that does not parse or holds a non-setup
    ///   line, `.unsupported` for a file catalog not loaded, `.tooLarge` past ``maxScreens``.
    /// - Complexity: O(*n*) in the text's length plus building the screen.
    public static func createScreen(setup text: String, name: String = "<setup>", into state: State) throws(Failure) -> Int32 {
        guard state.screens.count < maxScreens else { throw Failure(.tooLarge, "at most \(maxScreens) open screens") }
        let script = try parse(text, name: name)
        for c in script.commands {
            guard case .setup = c.value else {
                throw Failure(.parseError, "\(name):\(c.line):\(c.column): error: setup text may hold only setup lines")
            }
        }
        let configuration = ScenarioConfiguration(script: script)
        let screen = ScenarioScreen.make(configuration, catalog: try resolve(configuration, name, state),
                                         images: state.makeLibrary())
        let handle = state.nextHandle
        state.nextHandle = handle == Int32.max ? 1 : handle + 1
        state.screens[handle] = Session(screen: screen, configuration: configuration, font: state.font, name: name)
        return handle
    }

    /// The open screen with a handle.
    ///
    /// - Parameters:
    ///   - handle: A handle from ``createScreen(setup:name:into:)``.
    ///   - state: The state that holds it.
    /// - Returns: The session.
    /// - Throws: ``Failure`` with `.noSuchScreen` when no open screen has the handle.
    public static func session(_ handle: Int32, in state: State) throws(Failure) -> Session {
        guard let s = state.screens[handle] else { throw Failure(.noSuchScreen, "no open screen with handle \(handle)") }
        return s
    }

    /// Runs script lines (actions, expectations, snapshots) on an open screen, stopping
    /// at the first line the screen refuses. Setup lines are refused: they belong to
    /// `createScreen`. Expectation outcomes and snapshots accumulate in the session.
    ///
    /// - Parameters:
    ///   - text: The script lines.
    ///   - handle: The screen's handle.
    ///   - state: The state that holds it.
    /// - Throws: ``Failure``: `.noSuchScreen`, `.parseError` (including a setup line), or
    ///   `.scriptError` at the first line the screen refuses (earlier lines stay done).
    /// - Complexity: Proportional to the lines and the virtual time they simulate.
    public static func run(_ text: String, on handle: Int32, in state: State) throws(Failure) {
        let s = try session(handle, in: state)
        let script = try parse(text, name: "<lines>")
        for c in script.commands {
            if case .setup = c.value {
                throw Failure(.parseError, "<lines>:\(c.line):\(c.column): error: setup lines belong to the setup text")
            }
        }
        for c in script.commands {
            do throws(ScriptError) {
                try s.driver.execute(c.value, line: c.line, column: c.column)
            } catch {
                throw Failure(.scriptError, error.description)
            }
        }
    }

    /// Advances the screen's clock by `milliseconds` (0 to one hour), firing timers and frames.
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - milliseconds: The time to advance, 0 to 3,600,000.
    ///   - state: The state that holds the screen.
    /// - Throws: ``Failure``: `.noSuchScreen`, or `.badArgument` outside the range.
    /// - Complexity: Proportional to the frames and timers in the interval.
    public static func advance(_ handle: Int32, milliseconds: Int, in state: State) throws(Failure) {
        let s = try session(handle, in: state)
        guard milliseconds >= 0, milliseconds <= 3_600_000 else {
            throw Failure(.badArgument, "advance: \(milliseconds) ms is outside 0...3600000")
        }
        s.screen.clock.advance(by: .milliseconds(milliseconds))
    }

    /// Delivers one touch at the clock's current instant. Phase: 0 began, 1 moved,
    /// 2 stationary, 3 ended, 4 cancelled. The point must be finite and on screen.
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - id: The finger, 0 to 1,000,000; one id per finger for a touch's whole life.
    ///   - phase: The phase code.
    ///   - x: The point's x in screen points.
    ///   - y: The point's y in screen points.
    ///   - state: The state that holds the screen.
    /// - Throws: ``Failure``: `.noSuchScreen`, or `.badArgument` for a phase, id or point
    ///   out of range.
    public static func touch(_ handle: Int32, id: Int, phase: Int, x: Double, y: Double, in state: State) throws(Failure) {
        let s = try session(handle, in: state)
        let phases: [TouchEvent.Phase] = [.began, .moved, .stationary, .ended, .cancelled]
        guard phase >= 0, phase < phases.count else { throw Failure(.badArgument, "touch: phase \(phase) is not 0...4") }
        let size = s.screen.size
        guard x.isFinite, y.isFinite, x >= 0, y >= 0, x < size.width, y < size.height else {
            throw Failure(.badArgument, "touch: point (\(x), \(y)) is not on the \(size.width)x\(size.height) screen")
        }
        guard id >= 0, id <= 1_000_000 else { throw Failure(.badArgument, "touch: id \(id) is not 0...1000000") }
        s.screen.handle(TouchEvent(id: id, phase: phases[phase], location: Point(x: x, y: y), timestamp: s.screen.clock.now))
    }

    /// The formats `snapshot` offers: the script's formats in `Script.SnapshotFormat.allCases`
    /// order, then raw RGBA8 pixels (row-major, the device's scale).
    public static var snapshotFormatCount: Int { Script.SnapshotFormat.allCases.count + 1 }

    /// A snapshot of `subject` (index into `Script.SnapshotSubject.chatScreen`) in format `format`
    /// (see `snapshotFormatCount`), as bytes.
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - subject: The subject's index.
    ///   - format: The format's index.
    ///   - state: The state that holds the screen.
    /// - Returns: The snapshot's file bytes, or raw RGBA pixels for the last format.
    /// - Throws: ``Failure``: `.noSuchScreen`, or `.badArgument` for an index out of range or
    ///   a subject not on screen.
    /// - Complexity: O(*c*) in grid cells for text, O(*w* · *h*) in pixels for images.
    public static func snapshot(_ handle: Int32, subject: Int, format: Int, in state: State) throws(Failure) -> [UInt8] {
        let s = try session(handle, in: state)
        let subjects = Script.SnapshotSubject.chatScreen
        guard subject >= 0, subject < subjects.count else {
            throw Failure(.badArgument, "snapshot: subject \(subject) is not 0..<\(subjects.count)")
        }
        guard format >= 0, format < snapshotFormatCount else {
            throw Failure(.badArgument, "snapshot: format \(format) is not 0..<\(snapshotFormatCount)")
        }
        s.screen.layout(for: nil)   // UIKit lays out before a snapshot draws
        guard let list = s.screen.displayList(of: subjects[subject]) else {
            throw Failure(.badArgument, "snapshot: the \(subjects[subject].rawValue) is not on screen")
        }
        let renderer = self.renderer(s)
        if format < Script.SnapshotFormat.allCases.count {
            return renderer.render(list, as: Script.SnapshotFormat.allCases[format]).bytes
        }
        return renderer.image(list).pixels
    }

    /// The screen's trace so far, one event a line.
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - state: The state that holds the screen.
    /// - Returns: The trace lines, each ending with a newline.
    /// - Throws: ``Failure`` with `.noSuchScreen`.
    /// - Complexity: O(*n*) in the trace's length.
    public static func trace(_ handle: Int32, in state: State) throws(Failure) -> String {
        let s = try session(handle, in: state)
        var out = ""
        for line in s.screen.trace.lines { out += line; out += "\n" }
        return out
    }

    /// The report of everything run on the screen so far (see `report(_:)`).
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - state: The state that holds the screen.
    /// - Returns: The canonical report text.
    /// - Throws: ``Failure`` with `.noSuchScreen`.
    /// - Complexity: O(*n*) in the trace plus rendering every snapshot taken.
    public static func report(_ handle: Int32, in state: State) throws(Failure) -> String {
        let s = try session(handle, in: state)
        return report(s.driver.finish(), font: s.font, images: s.screen.imageProvider)
    }

    /// Closes a screen and drops its bench and playground codes; its handle is not reused
    /// until the counter wraps.
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - state: The state that holds it.
    /// - Throws: ``Failure`` with `.noSuchScreen` when no open screen has the handle.
    public static func closeScreen(_ handle: Int32, in state: State) throws(Failure) {
        guard state.screens.removeValue(forKey: handle) != nil else {
            throw Failure(.noSuchScreen, "no open screen with handle \(handle)")
        }
        state.benches[handle] = nil
        playgroundCodes[handle] = nil
    }

    // MARK: whole scripts

    /// Runs a whole script (setup and commands) the way `emojisim run` does and returns
    /// its report. A `catalog` other than `demo` is the one loaded with `loadCatalog`.
    ///
    /// - Parameters:
    ///   - text: The whole script.
    ///   - name: The script's name, for messages and the report.
    ///   - state: The state whose font, images and catalog the run uses (no screen is kept).
    /// - Returns: The canonical report (see ``report(_:font:images:)``).
    /// - Throws: ``Failure``: `.parseError`, or `.unsupported` for a file catalog not loaded.
    ///   A failing line is in the report, not thrown.
    /// - Complexity: Proportional to the run plus rendering its snapshots.
    public static func runScript(_ text: String, name: String, in state: State) throws(Failure) -> String {
        let script = try parse(text, name: name)
        let configuration = ScenarioConfiguration(script: script)
        let screen = ScenarioScreen.make(configuration, catalog: try resolve(configuration, name, state),
                                         images: state.makeLibrary())
        let result = ScenarioRunner(font: state.font).run(script, configuration: configuration, on: screen)
        return report(result, font: state.font, images: screen.imageProvider)
    }

    /// A canonical text of a run: every expectation with its outcome, every snapshot as
    /// its size and FNV-1a 64 hash, the failure, the virtual duration, and the trace
    /// (its hash, then every line). Two runs are bit-identical iff their reports are.
    ///
    /// - Parameters:
    ///   - r: The run's result.
    ///   - font: The font snapshots are rendered with.
    ///   - images: The images pixel snapshots draw.
    /// - Returns: The report, one item a line.
    /// - Complexity: O(*n*) in the trace plus rendering every snapshot.
    public static func report(_ r: ScenarioResult, font: BitmapFont, images: ImageProvider) -> String {
        var out = "script \(r.script)\n"
        for e in r.expectations {
            out += "expect \(e.line):\(e.column) \(e.passed ? "pass" : "FAIL") expected \(e.expected) | actual \(e.actual)\n"
        }
        for s in r.snapshots {
            let bytes = SnapshotRenderer(scale: s.scale, theme: s.theme, font: font, images: images)
                .render(s.list, as: s.format).bytes
            out += "snapshot \(s.name) \(s.subject.rawValue) \(s.format.rawValue) line \(s.line) bytes \(bytes.count) fnv1a64 \(hex(fnv1a64(bytes)))\n"
        }
        out += "failure \(r.failure.map { $0.description } ?? "none")\n"
        out += "duration \(r.duration.ticks) ticks\n"
        var traceBytes: [UInt8] = []
        for line in r.trace { traceBytes += Array(line.utf8); traceBytes.append(10) }
        out += "trace \(r.trace.count) lines fnv1a64 \(hex(fnv1a64(traceBytes)))\n"
        for line in r.trace { out += "  \(line)\n" }
        return out
    }

    // MARK: helpers

    /// FNV-1a, 64-bit: a fixed, seedless hash (the standard library's `Hasher` is
    /// seeded per process, so it must never reach an output).
    ///
    /// - Parameter bytes: The bytes to hash.
    /// - Returns: The 64-bit FNV-1a hash (offset basis `0xcbf29ce484222325`).
    /// - Complexity: O(*n*).
    public static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.utf8.count) + s
    }

    /// The catalog a screen uses: the demo catalog (the only one the core holds) for
    /// `catalog demo`, else the one the host loaded (`loadCatalog`) from the files named.
    static func resolve(_ c: ScenarioConfiguration, _ name: String, _ state: State) throws(Failure) -> EmojiCatalog {
        if case .demo = c.catalog { return .demo }
        guard let catalog = state.catalog else {
            throw Failure(.unsupported, "\(name): the script names a catalog from files; load it first (esim_catalog_load)")
        }
        return catalog
    }

    static func parse(_ text: String, name: String) throws(Failure) -> Script {
        do throws(ScriptParseErrors) {
            return try ScriptParser.parse(text, name: name)
        } catch {
            throw Failure(.parseError, error.description)
        }
    }
}
