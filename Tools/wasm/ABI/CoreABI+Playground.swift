import SimCore
import EmojiText
import Imaging
import Raster
import ChatUI
import Scenario
import Tester
import ChatHarness

// Exports the browser playground (Tools/playground) needs beyond the core ABI.

/// Legend codes per open screen: `emojisim run` shares one table across all the text
/// snapshots of a run (an emoji keeps its code from its first appearance), so the page's
/// text snapshots of one session must share one too to equal the native files byte for byte.
nonisolated(unsafe) var playgroundCodes: [Int32: LegendCodes] = [:]

extension CoreABI {
    /// The text snapshot (format 0 ascii or 1 styled) of `subject` with the screen's shared
    /// legend-code table, which it updates, exactly as `emojisim run` renders a run's
    /// snapshots in order.
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - subject: The subject's index in `Script.SnapshotSubject.chatScreen`.
    ///   - format: 0 (ascii) or 1 (styled).
    ///   - state: The state that holds the screen.
    /// - Returns: The grid's UTF-8 text.
    /// - Throws: ``Failure``: `.noSuchScreen`, or `.badArgument` for an index out of range
    ///   or a subject not on screen.
    /// - Complexity: One CharGrid render, O(*c*) in the grid's cells.
    public static func codedText(_ handle: Int32, subject: Int, format: Int, in state: State) throws(Failure) -> [UInt8] {
        let s = try session(handle, in: state)
        let subjects = Script.SnapshotSubject.chatScreen
        guard subject >= 0, subject < subjects.count else {
            throw Failure(.badArgument, "snapshot: subject \(subject) is not 0..<\(subjects.count)")
        }
        guard format == 0 || format == 1 else { throw Failure(.badArgument, "coded text: format \(format) is not 0 (ascii) or 1 (styled)") }
        s.screen.layout(for: nil)   // UIKit lays out before a snapshot draws
        guard let list = s.screen.displayList(of: subjects[subject]) else {
            throw Failure(.badArgument, "snapshot: the \(subjects[subject].rawValue) is not on screen")
        }
        var codes = playgroundCodes[handle] ?? LegendCodes(fixing: s.screen.reducer.catalog.emojis.map { $0.code })
        let rendered = renderer(s).render(list, as: format == 0 ? .ascii : .styled, codes: &codes)
        playgroundCodes[handle] = codes
        return rendered.bytes
    }
}

/// Like `esim_screen_snapshot` for the text formats (0 ascii, 1 styled), with the legend
/// codes shared across the screen's snapshots (see `CoreABI.codedText`).
///
/// - Parameters:
///   - handle: The screen's handle.
///   - subject: The subject code.
///   - format: 0 (ascii) or 1 (styled).
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_screen_snapshot_coded")
public func esim_screen_snapshot_coded(_ handle: Int32, _ subject: Int32, _ format: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.output = try CoreABI.codedText(handle, subject: Int(subject), format: Int(format), in: abiState)
        return 0
    }
}

/// Forgets the screen's legend codes (the page calls it when it opens a fresh screen).
///
/// - Parameter handle: The screen's handle.
/// - Returns: 0, or `-5` when no open screen has the handle.
@_cdecl("esim_screen_codes_reset")
public func esim_screen_codes_reset(_ handle: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        _ = try CoreABI.session(handle, in: abiState)
        playgroundCodes[handle] = nil
        return 0
    }
}

/// Gives the legend codes and the kept framebuffer (`ScreenFrame`) of screen `from` to
/// screen `to`: the page replaces its screen by a rebuilt one after a gesture; its text
/// snapshots must keep sharing one table, and its next frame need only redraw what the
/// rebuilt screen shows differently. Both must be open and differ.
///
/// - Parameters:
///   - from: The screen giving up its codes and framebuffer.
///   - to: The screen receiving them.
/// - Returns: 0, or a negative ``CoreABI/Status`` (`-1` when they are the same screen).
@_cdecl("esim_screen_codes_move")
public func esim_screen_codes_move(_ from: Int32, _ to: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        _ = try CoreABI.session(from, in: abiState)
        _ = try CoreABI.session(to, in: abiState)
        guard from != to else { throw CoreABI.Failure(.badArgument, "codes move: from and to are the same screen (\(from))") }
        playgroundCodes[to] = playgroundCodes[from]
        playgroundCodes[from] = nil
        let source = try CoreABI.session(from, in: abiState), target = try CoreABI.session(to, in: abiState)
        if let frame = source.frame {
            frame.retarget(CoreABI.pixelOptions(target))
            target.frame = frame
            source.frame = nil
        }
        return 0
    }
}

/// Forgets every registered image and sequence (the page loads another catalog's images).
/// Open screens keep the libraries they were made with.
///
/// - Returns: 0; it cannot fail (and, like every call, clears the last error).
@_cdecl("esim_images_clear")
public func esim_images_clear() -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.images = [:]
        abiState.sequences = [:]
        return 0
    }
}

extension CoreABI {
    /// What a touch at `p` lands on, as the script target a recorder writes: the named
    /// target (`panel.emoji 笑哭`, `panel.delete`, `panel.tab "动图"`, `send`, `toggle`,
    /// `input`, `list.row 3`) whose lookup hits (on screen, enabled, not covered) with a
    /// frame containing `p`, or "" when none does. A `tap` of that target aims at the
    /// frame's centre; the model's geometry decides, as in replay. Candidates: the emoji
    /// drawn on the panel's page (from the display list), the delete key, the tabs, the
    /// page dots but the current one, the input bar's controls, the displayed rows.
    ///
    /// - Parameters:
    ///   - p: The touch point in screen points.
    ///   - handle: The screen's handle.
    ///   - state: The state that holds the screen.
    /// - Returns: The target as a script writes it, or "".
    /// - Throws: ``Failure`` with `.noSuchScreen`.
    /// - Complexity: O(*i* + *c* · *l*) for *i* display items and *c* candidates of
    ///   lookup cost *l*.
    public static func target(at p: Point, _ handle: Int32, in state: State) throws(Failure) -> String {
        let s = try session(handle, in: state)
        let screen = s.screen
        var candidates: [Finder] = []
        var seen = Set<String>()
        for item in screen.displayList().items.reversed() {
            guard case .image(let ref, _) = item.command, let code = ref.code,
                  let view = item.viewName, view.hasPrefix("EmojiPanel.page"), !seen.contains(code) else { continue }
            seen.insert(code)
            candidates.append(.emoji(code))
        }
        candidates.append(.delete)
        let st = screen.facts
        // A tab by the label it shows (its title, else its group name), as the user saw
        // it; by index only when that label would find another tab first (duplicates).
        let sections = screen.panel.sections
        for i in 0..<min(st.panelGroupCount, sections.count) {
            let label = sections[i].title ?? sections[i].name
            candidates.append(!label.isEmpty && screen.panel.tabIndex(named: label) == i ? .tab(.name(label)) : .tab(.index(i)))
        }
        // A page dot other than the current one: a tap anywhere on it lies on its side
        // of the current dot, so `tap panel.dot N` at its centre turns the same page
        // (UIPageControl). The current dot is left out: a touch off its centre turns a
        // page, a tap at its centre does not.
        if let dots = PageDots(screen.panel) {
            for i in dots.first..<(dots.first + dots.shown) where i != dots.current { candidates.append(.pageDot(i)) }
        }
        candidates += [.send, .toggle]
        // A tap in the text places the caret where it lands: only an empty input is
        // the same at its centre.
        if st.input.isEmpty { candidates.append(.input) }
        if let rows = st.listVisible { for r in rows { candidates.append(.row(r)) } }
        for t in candidates {
            if case .hit(let h) = screen.laidOutResolve(t), h.frame.contains(p) { return t.description }
        }
        return ""
    }

    /// The state a page shows and the expectations it offers, one a line: `now TICKS`,
    /// `idle 0|1` (nothing moves and no finger is down), `moving PHRASE` per motion,
    /// then one `expect ...` line per state (keyboard, input, send, panel page and group
    /// when the emoji keyboard shows, preview, list count, list last), in the canonical
    /// spelling (ScriptPrinter).
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - state: The state that holds the screen.
    /// - Returns: The lines, each ending with a newline.
    /// - Throws: ``Failure`` with `.noSuchScreen`.
    /// - Complexity: O(*n*) in the size of the screen's state (input text, motions).
    public static func status(_ handle: Int32, in state: State) throws(Failure) -> String {
        let s = try session(handle, in: state)
        let screen = s.screen
        let moving = screen.motion
        var out = "now \(screen.clock.now.ticks)\n"
        out += "idle \(moving.isEmpty && !screen.hasFingerDown ? 1 : 0)\n"
        for m in moving { out += "moving \(m)\n" }
        let st = screen.facts
        var expectations: [Script.Expectation] = [.keyboard(st.keyboard), .input(st.input), .sendEnabled(st.sendEnabled)]
        if st.keyboard == .emoji {
            expectations.append(.panelPage(st.panelPage, of: st.panelPageCount))
            expectations.append(.panelGroup(.name(st.panelGroupName)))
            expectations.append(.preview(st.preview))
        }
        expectations.append(.listCount(st.listCount))
        if let last = st.listLast { expectations.append(.listLast(last)) }
        for e in expectations { out += ScriptPrinter.line(.expect(e)) + "\n" }
        return out
    }
}

/// The target a touch at (x, y) screen points lands on (see `CoreABI.target(at:)`),
/// into the output buffer ("" for none).
///
/// - Parameters:
///   - handle: The screen's handle.
///   - x: The x coordinate in screen points; must be finite.
///   - y: The y coordinate in screen points; must be finite.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_screen_target_at")
public func esim_screen_target_at(_ handle: Int32, _ x: Double, _ y: Double) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        guard x.isFinite, y.isFinite else { throw CoreABI.Failure(.badArgument, "target at: the point is not finite") }
        abiState.output = Array(try CoreABI.target(at: Point(x: x, y: y), handle, in: abiState).utf8)
        return 0
    }
}

/// The screen's clock, idleness and offered expectations (see `CoreABI.status`).
///
/// - Parameter handle: The screen's handle.
/// - Returns: 0, or `-5` when no open screen has the handle.
@_cdecl("esim_screen_status")
public func esim_screen_status(_ handle: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.output = Array(try CoreABI.status(handle, in: abiState).utf8)
        return 0
    }
}

/// Parses a whole script without running it: 0, or the parse-error status with every
/// error (`NAME:LINE:COL: error: ...`) in the error buffer. What the page checks before
/// a replay, as `emojisim run` reports all parse errors before running.
///
/// - Parameters:
///   - name: The script's name (UTF-8).
///   - nameLen: Its length in bytes.
///   - ptr: The script (UTF-8).
///   - len: Its length in bytes.
/// - Returns: 0, or a negative ``CoreABI/Status`` (`-3` with every parse error).
/// - Complexity: O(*n*) in the script's length.
@_cdecl("esim_script_check")
public func esim_script_check(_ name: UnsafeRawPointer?, _ nameLen: Int32, _ ptr: UnsafeRawPointer?, _ len: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        let n = try hostText(name, nameLen, "script name")
        _ = try CoreABI.parse(try hostText(ptr, len, "script"), name: n)
        return 0
    }
}

extension CoreABI {
    /// How the screen's snapshots and frames are drawn: its device scale, theme, the
    /// font and its images.
    static func renderer(_ s: Session) -> SnapshotRenderer {
        SnapshotRenderer(scale: s.configuration.device.scale, theme: s.configuration.theme,
                         font: s.font, images: s.screen.imageProvider)
    }

    /// The pixel options of the screen's renderer, for its kept framebuffer.
    static func pixelOptions(_ s: Session) -> PixelRenderOptions { renderer(s).options }

    /// Brings the screen's kept framebuffer (`ScreenFrame`) to its display list now and
    /// describes it, as little-endian Int32s: width, height (pixels), the address of its
    /// RGBA8 pixels in linear memory (valid until the next call on this screen), the
    /// number of regions redrawn, then x, y, width, height of each. `force` redraws it all.
    ///
    /// - Parameters:
    ///   - handle: The screen's handle.
    ///   - force: Whether to redraw the whole frame.
    ///   - state: The state that holds the screen.
    /// - Returns: The description, 16 + 16 × regions bytes.
    /// - Throws: ``Failure`` with `.noSuchScreen`.
    /// - Complexity: As ``ScreenFrame/update(to:options:force:)``.
    public static func frame(_ handle: Int32, force: Bool, in state: State) throws(Failure) -> [UInt8] {
        let s = try session(handle, in: state)
        let list = s.screen.displayList()
        let options = pixelOptions(s)
        let frame = s.frame ?? ScreenFrame(size: list.size, options: options)
        s.frame = frame
        let regions = frame.update(to: list, options: options, force: force)
        var out: [UInt8] = []
        out.reserveCapacity(16 + 16 * regions.count)
        func put(_ v: Int) { let u = UInt32(truncatingIfNeeded: v); for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: u >> (8 * k))) } }
        let address = frame.canvas.image.pixels.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
        put(frame.canvas.width); put(frame.canvas.height); put(address); put(regions.count)
        for r in regions { put(r.x); put(r.y); put(r.width); put(r.height) }
        return out
    }
}

/// The screen's frame for the page to blit (see `CoreABI.frame`): returns the number of
/// regions redrawn (0: nothing changed) or a status < 0; `force` (nonzero) redraws all.
///
/// - Parameters:
///   - handle: The screen's handle.
///   - force: Nonzero to redraw everything.
/// - Returns: The number of regions redrawn, or a negative ``CoreABI/Status``.
@_cdecl("esim_screen_frame")
public func esim_screen_frame(_ handle: Int32, _ force: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.output = try CoreABI.frame(handle, force: force != 0, in: abiState)
        return Int32(truncatingIfNeeded: abiState.output[12]) // at most maxRegions + 1
    }
}

extension CoreABI {
    /// Reads a catalog JSON (`CatalogJSON`) into the catalog scripts naming a catalog
    /// from files use, and lists the image files it names, one a line: `image NAME`,
    /// then `sequence NAME<TAB>FRAME<TAB>FRAME...` for each image sequence. On failure
    /// the catalog loaded before stays.
    ///
    /// - Parameters:
    ///   - bytes: The JSON file's bytes.
    ///   - file: The file name errors give.
    ///   - state: The state whose catalog is replaced.
    /// - Returns: The image and sequence lines.
    /// - Throws: ``Failure`` with `.parseError`, with the line, column and key.
    /// - Complexity: O(*n*) in the file's size.
    public static func loadCatalogJSON(_ bytes: [UInt8], file: String, into state: State) throws(Failure) -> String {
        let r: CatalogJSON.Result
        do throws(CatalogJSON.Failure) {
            r = try CatalogJSON.read(bytes, file: file)
        } catch {
            throw Failure(.parseError, error.description)
        }
        state.catalog = r.catalog
        var out = ""
        for name in r.images { out += "image \(name)\n" }
        for s in r.sequences {
            out += "sequence \(s.name)"
            for f in s.frames { out += "\t\(f)" }
            out += "\n"
        }
        return out
    }
}

/// Loads a catalog JSON file's bytes (see `CoreABI.loadCatalogJSON`); `name` is the
/// file name messages use. The image names it needs go to the output buffer.
///
/// - Parameters:
///   - name: The file name (UTF-8), at most 255 bytes.
///   - nameLen: Its length in bytes.
///   - ptr: The JSON text.
///   - len: Its length in bytes.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_catalog_load_json")
public func esim_catalog_load_json(_ name: UnsafeRawPointer?, _ nameLen: Int32, _ ptr: UnsafeRawPointer?, _ len: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        let n = try hostText(name, nameLen, "catalog file name")
        guard n.utf8.count <= CoreABI.maxNameBytes else {
            throw CoreABI.Failure(.badArgument, "catalog file name: \(n.utf8.count) bytes; at most \(CoreABI.maxNameBytes)")
        }
        let text = try hostText(ptr, len, n.isEmpty ? "catalog JSON" : n)
        abiState.output = Array(try CoreABI.loadCatalogJSON(Array(text.utf8), file: n, into: abiState).utf8)
        return 0
    }
}
