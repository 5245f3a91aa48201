import SimCore

/// The character rasterizer: one cell is 8 x 16 points (a half-width glyph of the
/// bitmap font), so a text layout lands on whole cells exactly.
///
/// - fills clear their cells to spaces; rounded rects and borders draw box-drawing
///   outlines (`╭─╮`, `┌─┐`; `[ ]` when one row tall), circles `( )`, or when smaller
///   than two cells `●` if selected (the current page dot) and `○` if not;
/// - text prints as its characters, a wide character over two cells; a line of text
///   that lands on outline or rule characters clears them under its span and in the
///   one cell on either side, so a pill reads `╭─ 1 new message ─╮`, not `╭─1─new─`;
/// - an icon prints its `Icon.gridText` (`asciiText`) centred in its frame;
/// - an image (or inline image emoji) prints as a two-cell glyph: its Unicode emoji
///   when it has one, else a short code (`A1`, `Q7`...) explained by the legend line, stable per
///   emoji (`LegendCodes`);
/// - the caret shows as `▏` in a blank cell (style `C` over a character), a selection
///   as `░` in blank cells and style `S`;
/// - shadows are not drawn; a subtree under an opacity of 0 is hidden.
///
/// A cell is covered by a rect when its centre lies inside (half-open). Rendering is
/// O(cells touched + glyphs); the text form is O(cells).
public struct CharGrid: Hashable, Sendable {
    /// Points per column: a half-width glyph of the bitmap font.
    public static let cellWidth = 8.0
    /// Points per row: one line of the bitmap font.
    public static let cellHeight = 16.0
    /// Cell values at or above this index `clusters` (multi-scalar grapheme clusters).
    static let clusterBase: UInt32 = 0x11_0000
    /// The right half of a wide character.
    static let continuation: UInt32 = 0
    static let space: UInt32 = 0x20

    /// Cells across (at most 1024).
    public let columns: Int
    /// Cells down (at most 1024).
    public let rows: Int
    /// ASCII-only or Unicode, with or without the style layer.
    public let options: CharGridOptions
    /// One value a cell: a Unicode scalar, `continuation`, or `clusterBase + i`.
    private(set) var cells: [UInt32]
    /// Cells holding an outline or rule character (text clears them under itself).
    private var rules: [Bool]
    private(set) var clusters: [String] = []
    private var clusterIndex: [String: UInt32] = [:]
    /// One ASCII code a cell (see `StyleCode`, `ColorRole.code`).
    public private(set) var styles: [UInt8]
    /// Short codes of the images shown, in code order (see `LegendCodes`).
    public var legend: [(code: String, identity: String, label: String?)] {
        legendEntries.sorted { LegendCodes.order($0.code) < LegendCodes.order($1.code) }
    }
    private var legendEntries: [(code: String, identity: String, label: String?)] = []
    private var legendIndex: [String: Int] = [:]
    /// The code table: pass one in (and read it back) to share codes across grids.
    public private(set) var codes: LegendCodes
    /// The role name of each style code used (indexed by the ASCII code).
    private var roleNames = [String?](repeating: nil, count: 128)

    /// A blank grid (every cell a space, no style).
    ///
    /// - Parameters:
    ///   - columns: Cells across, clamped to 0...1024 (sizes may come from untrusted input).
    ///   - rows: Cells down, clamped to 0...1024.
    ///   - options: How it prints.
    ///   - codes: The legend code table to continue (share one across a run's grids).
    /// - Complexity: O(columns x rows).
    public init(columns: Int, rows: Int, options: CharGridOptions = .unicode, codes: LegendCodes = LegendCodes()) {
        self.codes = codes
        // Bounded: a list's size may come from untrusted input (scenarios, files).
        self.columns = min(1024, max(0, columns))
        self.rows = min(1024, max(0, rows))
        self.options = options
        cells = [UInt32](repeating: Self.space, count: self.columns * self.rows)
        rules = [Bool](repeating: false, count: self.columns * self.rows)
        styles = [UInt8](repeating: StyleCode.none, count: self.columns * self.rows)
    }

    /// The grid for a list's size (rounded up to whole cells), with the list drawn.
    public init(_ list: DisplayList, options: CharGridOptions = .unicode, codes: LegendCodes = LegendCodes()) {
        func cells(_ v: Double, _ cell: Double) -> Int {
            let n = (v / cell).rounded(.up)
            return n.isFinite ? Int(n.clamped(to: 0...1024)) : (n == .infinity ? 1024 : 0)
        }
        let cols = cells(list.size.width, Self.cellWidth), rws = cells(list.size.height, Self.cellHeight)
        self.init(columns: cols, rows: rws, options: options, codes: codes)
        draw(list)
    }

    /// Equal when they print the same text at the same size (codes and styles as printed).
    ///
    /// - Complexity: O(cells).
    public static func == (a: CharGrid, b: CharGrid) -> Bool {
        a.columns == b.columns && a.rows == b.rows && a.text == b.text
    }

    /// Hashes the printed text, consistent with `==`.
    ///
    /// - Complexity: O(cells).
    public func hash(into h: inout Hasher) { h.combine(text) }

    /// Clears every cell to a space and forgets the legend; keeps the allocation.
    public mutating func clear() {
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: Self.space) }
        styles.withUnsafeMutableBufferPointer { $0.update(repeating: StyleCode.none) }
        rules.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
        clusters.removeAll(keepingCapacity: true)
        clusterIndex.removeAll(keepingCapacity: true)
        legendEntries.removeAll(keepingCapacity: true)
        legendIndex.removeAll(keepingCapacity: true)
        for i in roleNames.indices where roleNames[i] != nil { roleNames[i] = nil }
    }

    /// The character printed in a cell ("" for the right half of a wide character).
    public subscript(column: Int, row: Int) -> String {
        guard column >= 0, column < columns, row >= 0, row < rows else { return "" }
        return string(for: cells[row * columns + column])
    }

    /// The style code of a cell.
    public func style(column: Int, row: Int) -> Character {
        guard column >= 0, column < columns, row >= 0, row < rows else { return "." }
        return Character(Unicode.Scalar(styles[row * columns + column]))
    }

    private func string(for v: UInt32) -> String {
        if v == Self.continuation { return "" }
        if v >= Self.clusterBase { return clusters[Int(v - Self.clusterBase)] }
        return String(Character(Unicode.Scalar(v) ?? "?"))
    }

    // MARK: - Drawing

    /// A cell range: columns c0..<c1, rows r0..<r1.
    struct CellBox {
        var c0: Int, c1: Int, r0: Int, r1: Int
        var isEmpty: Bool { c0 >= c1 || r0 >= r1 }
        func intersected(_ o: CellBox) -> CellBox {
            CellBox(c0: max(c0, o.c0), c1: min(c1, o.c1), r0: max(r0, o.r0), r1: min(r1, o.r1))
        }
    }

    /// The cells whose centres lie inside `r`.
    func box(_ r: Rect) -> CellBox {
        func idx(_ v: Double, _ cell: Double) -> Int {
            let x = ((v - cell / 2) / cell).rounded(.up)
            return Int(x.isFinite ? x.clamped(to: -1...8192) : (x > 0 ? 8192 : -1))
        }
        return CellBox(c0: idx(r.minX, Self.cellWidth), c1: idx(r.maxX, Self.cellWidth),
                       r0: idx(r.minY, Self.cellHeight), r1: idx(r.maxY, Self.cellHeight))
    }

    /// The cell holding a point.
    func cell(_ x: Double, _ y: Double) -> (c: Int, r: Int) {
        func idx(_ v: Double, _ cell: Double) -> Int {
            let x = (v / cell + 1e-6).rounded(.down)
            return Int(x.isFinite ? x.clamped(to: -1...8192) : -1)
        }
        return (idx(x, Self.cellWidth), idx(y, Self.cellHeight))
    }

    /// Draws the list over what the grid holds.
    public mutating func draw(_ list: DisplayList) {
        let full = CellBox(c0: 0, c1: columns, r0: 0, r1: rows)
        var clips: [CellBox] = [full]
        var opacities: [Double] = [1]
        for item in list.items {
            let clip = clips[clips.count - 1]
            let hidden = opacities[opacities.count - 1] <= 0.001
            let stateCode: UInt8? = item.state.contains(.selected) ? StyleCode.selected
                : item.state.contains(.highlighted) ? StyleCode.highlighted
                : item.state.contains(.disabled) ? StyleCode.disabled : nil
            switch item.command {
            case .pushClip(let r):
                clips.append(box(r).intersected(clip))
                continue
            case .popClip:
                if clips.count > 1 { clips.removeLast() }
                continue
            case .pushOpacity(let a):
                opacities.append(opacities[opacities.count - 1] * (a.isNaN ? 0 : a))
                continue
            case .popOpacity:
                if opacities.count > 1 { opacities.removeLast() }
                continue
            default:
                break
            }
            if hidden || clip.isEmpty { continue }
            switch item.command {
            case .fillRect(let r, let role):
                fill(box(r).intersected(clip), style: stateCode ?? code(role))
            case .roundedRect(let r, let radius, let role):
                let b = box(r)
                fill(b.intersected(clip), style: stateCode ?? code(role))
                outline(b, clip: clip, rounded: radius > 0, style: stateCode ?? code(role))
            case .border(let r, _, let radius, let role):
                outline(box(r), clip: clip, rounded: radius > 0, style: stateCode ?? code(role))
            case .circle(let r, let role):
                circle(r, clip: clip, filled: item.state.contains(.selected), style: stateCode ?? code(role))
            case .icon(let icon, let frame, let role):
                self.icon(icon, frame: frame, clip: clip, style: stateCode ?? code(role))
            case .line(let a, let b, _, let role):
                line(a, b, clip: clip, style: stateCode ?? code(role))
            case .text(let layout, let origin, let role):
                text(layout, origin: origin, clip: clip, style: stateCode ?? code(role))
            case .image(let ref, let frame):
                let (c, r) = cell(frame.midX - Self.cellWidth / 2, frame.midY)
                imageGlyph(glyph: ref.glyph, identity: ref.displayCode, label: item.accessibilityLabel,
                           column: c, row: r, clip: clip, style: stateCode ?? StyleCode.image)
            case .caret(let r, _):
                let (c, row) = cell(r.minX + 1, r.midY)
                guard inside(c, row, clip) else { break }
                let i = row * columns + c
                if cells[i] == Self.space { cells[i] = options.asciiOnly ? 0x7C : 0x258F }
                styles[i] = StyleCode.caret
            case .selection(let r, _):
                let b = box(r).intersected(clip)
                forEach(b) { i in
                    if cells[i] == Self.space { cells[i] = options.asciiOnly ? 0x3A : 0x2591 }
                    styles[i] = StyleCode.selected
                }
            case .shadow, .pushClip, .popClip, .pushOpacity, .popOpacity:
                break
            }
        }
    }

    private mutating func code(_ role: ColorRole) -> UInt8 {
        let v = role.code.asciiValue ?? UInt8(ascii: "?")
        if v < 128 && roleNames[Int(v)] == nil { roleNames[Int(v)] = role.name }
        return v
    }

    private func inside(_ c: Int, _ r: Int, _ clip: CellBox) -> Bool {
        c >= clip.c0 && c < clip.c1 && r >= clip.r0 && r < clip.r1
    }

    private func forEach(_ b: CellBox, _ body: (Int) -> Void) {
        guard !b.isEmpty else { return }
        for r in b.r0..<b.r1 {
            let base = r * columns
            for c in b.c0..<b.c1 { body(base + c) }
        }
    }

    /// Writes one cell, repairing a wide character it cuts in half. With `overSelection`
    /// (glyphs: text drawn over a selection highlight) a selected cell stays `S`.
    private mutating func put(_ c: Int, _ r: Int, _ v: UInt32, style: UInt8, overSelection: Bool = false,
                              rule: Bool = false) {
        let i = r * columns + c
        if cells[i] == Self.continuation && c > 0 { cells[i - 1] = Self.space }
        if c + 1 < columns && cells[i + 1] == Self.continuation { cells[i + 1] = Self.space }
        cells[i] = v
        rules[i] = rule
        if !(overSelection && styles[i] == StyleCode.selected) { styles[i] = style }
    }

    private mutating func fill(_ b: CellBox, style: UInt8) {
        guard !b.isEmpty else { return }
        let n = b.c1 - b.c0
        for r in b.r0..<b.r1 {
            let base = r * columns
            if b.c0 > 0 && cells[base + b.c0] == Self.continuation { cells[base + b.c0 - 1] = Self.space }
            if b.c1 < columns && cells[base + b.c1] == Self.continuation { cells[base + b.c1] = Self.space }
            cells.withUnsafeMutableBufferPointer { ($0.baseAddress! + base + b.c0).update(repeating: Self.space, count: n) }
            styles.withUnsafeMutableBufferPointer { ($0.baseAddress! + base + b.c0).update(repeating: style, count: n) }
            rules.withUnsafeMutableBufferPointer { ($0.baseAddress! + base + b.c0).update(repeating: false, count: n) }
        }
    }

    private mutating func outline(_ b: CellBox, clip: CellBox, rounded: Bool, style: UInt8) {
        guard !b.isEmpty else { return }
        let ascii = options.asciiOnly
        let h: UInt32 = ascii ? 0x2D : 0x2500, v: UInt32 = ascii ? 0x7C : 0x2502
        let tl: UInt32 = ascii ? 0x2B : (rounded ? 0x256D : 0x250C)
        let tr: UInt32 = ascii ? 0x2B : (rounded ? 0x256E : 0x2510)
        let bl: UInt32 = ascii ? 0x2B : (rounded ? 0x2570 : 0x2514)
        let br: UInt32 = ascii ? 0x2B : (rounded ? 0x256F : 0x2518)
        func set(_ c: Int, _ r: Int, _ ch: UInt32) {
            if inside(c, r, clip) { put(c, r, ch, style: style, rule: true) }
        }
        let w = b.c1 - b.c0, hgt = b.r1 - b.r0
        if hgt == 1 {
            if w == 1 { set(b.c0, b.r0, 0x5B); return }
            set(b.c0, b.r0, 0x5B)
            set(b.c1 - 1, b.r0, 0x5D)
            return
        }
        if w == 1 {
            for r in b.r0..<b.r1 { set(b.c0, r, v) }
            return
        }
        set(b.c0, b.r0, tl); set(b.c1 - 1, b.r0, tr)
        set(b.c0, b.r1 - 1, bl); set(b.c1 - 1, b.r1 - 1, br)
        for c in (b.c0 + 1)..<(b.c1 - 1) { set(c, b.r0, h); set(c, b.r1 - 1, h) }
        for r in (b.r0 + 1)..<(b.r1 - 1) { set(b.c0, r, v); set(b.c1 - 1, r, v) }
    }

    private mutating func circle(_ rect: Rect, clip: CellBox, filled: Bool, style: UInt8) {
        let b = box(rect)
        if b.c1 - b.c0 < 2 || b.r1 - b.r0 < 1 {
            let (c, r) = cell(rect.midX, rect.midY)
            let ch: UInt32 = options.asciiOnly ? (filled ? 0x2A : 0x6F) : (filled ? 0x25CF : 0x25CB)
            if inside(c, r, clip) { put(c, r, ch, style: style) }
            return
        }
        let rx = rect.width / 2, ry = rect.height / 2
        for r in max(b.r0, clip.r0)..<max(max(b.r0, clip.r0), min(b.r1, clip.r1)) {
            var first = -1, last = -1
            for c in b.c0..<b.c1 {
                let dx = (Double(c) * Self.cellWidth + 4 - rect.midX) / rx
                let dy = (Double(r) * Self.cellHeight + 8 - rect.midY) / ry
                if dx * dx + dy * dy <= 1 {
                    if first < 0 { first = c }
                    last = c
                    if inside(c, r, clip) { put(c, r, Self.space, style: style) }
                }
            }
            if first >= 0 {
                if inside(first, r, clip) { put(first, r, 0x28, style: style) }
                if last > first && inside(last, r, clip) { put(last, r, 0x29, style: style) }
            }
        }
    }

    private mutating func line(_ a: Point, _ b: Point, clip: CellBox, style: UInt8) {
        let ascii = options.asciiOnly
        let (c0, r0) = cell(a.x, a.y), (c1, r1) = cell(b.x, b.y)
        let dc = c1 - c0, dr = r1 - r0
        if dr == 0 || abs(b.y - a.y) < Self.cellHeight / 2 && abs(dc) > abs(dr) {
            // Horizontal: the cells whose centres lie between the ends.
            let lo = box(Rect(x: min(a.x, b.x), y: 0, width: abs(b.x - a.x), height: 1))
            let from = max(lo.c0, clip.c0), to = min(max(lo.c1, lo.c0 + 1), clip.c1)
            let r = cell(0, (a.y + b.y) / 2).r
            guard r >= clip.r0 && r < clip.r1 && from < to else { return }
            for c in from..<to { put(c, r, ascii ? 0x2D : 0x2500, style: style, rule: true) }
            return
        }
        if dc == 0 || abs(b.x - a.x) < Self.cellWidth / 2 {
            let c = cell((a.x + b.x) / 2, 0).c
            let lo = box(Rect(x: 0, y: min(a.y, b.y), width: 1, height: abs(b.y - a.y)))
            let from = max(lo.r0, clip.r0), to = min(max(lo.r1, lo.r0 + 1), clip.r1)
            guard c >= clip.c0 && c < clip.c1 && from < to else { return }
            for r in from..<to { put(c, r, ascii ? 0x7C : 0x2502, style: style, rule: true) }
            return
        }
        // Diagonal: step along the longer axis in cells.
        let ch: UInt32 = (dc > 0) == (dr > 0) ? (ascii ? 0x5C : 0x2572) : (ascii ? 0x2F : 0x2571)
        let steps = max(abs(dc), abs(dr))
        for s in 0...steps {
            let c = c0 + (dc * s + (dc >= 0 ? steps / 2 : -steps / 2)) / steps
            let r = r0 + (dr * s + (dr >= 0 ? steps / 2 : -steps / 2)) / steps
            if inside(c, r, clip) { put(c, r, ch, style: style, rule: true) }
        }
    }

    /// An icon's text form, centred in its frame on the row of the frame's middle.
    private mutating func icon(_ icon: Icon, frame: Rect, clip: CellBox, style: UInt8) {
        let text = options.asciiOnly ? icon.asciiText : icon.gridText
        let n = text.unicodeScalars.count
        guard n > 0 else { return }
        let (c0, r) = cell(frame.midX - Double(n) * Self.cellWidth / 2 + Self.cellWidth / 2, frame.midY)
        var c = c0
        for u in text.unicodeScalars {
            if inside(c, r, clip) { put(c, r, u.value, style: style) }
            c += 1
        }
    }

    /// Clears outline and rule characters under a text line's span (first to last
    /// glyph) and a horizontal rule character just outside it, so text never reads
    /// with box characters running through its spaces. O(line width in cells).
    private mutating func clearRules(under line: TextLayout.Line, origin: Point, clip: CellBox) {
        guard let first = line.localGlyphs.first, let last = line.localGlyphs.last else { return }
        let r = cell(0, origin.y + line.layoutFrame(first.frame).midY).r
        guard r >= clip.r0 && r < clip.r1 else { return }
        let a = cell(origin.x + first.frame.minX, 0).c
        // The cells the glyphs are printed in (as `text` places them: by their left edge).
        let b = cell(origin.x + last.frame.minX, 0).c + (last.width == .wide ? 1 : 0)
        guard b >= a else { return }
        let h: UInt32 = options.asciiOnly ? 0x2D : 0x2500
        let from = max(clip.c0, a - 1), to = min(clip.c1, b + 2)
        guard from < to else { return }
        for c in from..<to {
            let i = r * columns + c
            guard rules[i] else { continue }
            if (c < a || c > b) && cells[i] != h { continue }
            cells[i] = Self.space
            rules[i] = false
        }
    }

    private mutating func text(_ layout: TextLayout, origin: Point, clip: CellBox, style: UInt8) {
        for line in layout.lines {
            clearRules(under: line, origin: origin, clip: clip)
            line.localGlyphs.withUnsafeBufferPointer { glyphs in
                guard let base = glyphs.baseAddress else { return }
                for i in 0..<glyphs.count {
                    let g = base + i
                    let frame = line.layoutFrame(g.pointee.frame)
                    let (c, r) = cell(origin.x + frame.minX, origin.y + frame.midY)
                    let wide = g.pointee.width == .wide
                    if g.pointee.codePoint != 0 && g.pointee.isSingleScalar {
                        // The common case: one scalar, no string work.
                        if g.pointee.codePoint == 0x2026 && g.pointee.position == nil {
                            if inside(c, r, clip) { put(c, r, options.asciiOnly ? 0x7E : 0x2026, style: style, overSelection: true) }
                        } else {
                            scalarCell(g.pointee.codePoint, wide: wide, column: c, row: r, clip: clip, style: style)
                        }
                        continue
                    }
                    switch g.pointee.content {
                    case .character(let ch):
                        character(ch, wide: wide, column: c, row: r, clip: clip, style: style)
                    case .ellipsis:
                        if inside(c, r, clip) { put(c, r, options.asciiOnly ? 0x7E : 0x2026, style: style, overSelection: true) }
                    case .emoji(let e):
                        let cc = cell(origin.x + frame.midX - Self.cellWidth, 0).c
                        imageGlyph(glyph: e.glyph, identity: e.code, label: e.label, column: cc, row: r,
                                   clip: clip, style: e.imageName == nil ? style : StyleCode.image)
                    }
                }
            }
        }
    }

    /// A character that is a single scalar.
    private mutating func scalarCell(_ s: UInt32, wide: Bool, column c: Int, row r: Int, clip: CellBox, style: UInt8) {
        guard r >= clip.r0 && r < clip.r1 else { return }
        if wide {
            guard c >= clip.c0 && c + 1 < clip.c1 else { return }
            if options.asciiOnly {
                put(c, r, 0x3F, style: style, overSelection: true)
                put(c + 1, r, 0x3F, style: style, overSelection: true)
            } else {
                put(c, r, s, style: style, overSelection: true)
                put(c + 1, r, Self.continuation, style: style, overSelection: true)
            }
            return
        }
        guard c >= clip.c0 && c < clip.c1 else { return }
        let v: UInt32
        if options.asciiOnly {
            v = s >= 0x20 && s < 0x7F ? s : 0x3F
        } else {
            v = s < 0x20 || (s >= 0x7F && s < 0xA0) ? 0xFFFD : s
        }
        put(c, r, v, style: style, overSelection: true)
    }

    /// A character of several scalars (combining marks, emoji sequences).
    private mutating func character(_ ch: Character, wide: Bool, column c: Int, row r: Int, clip: CellBox, style: UInt8) {
        guard r >= clip.r0 && r < clip.r1 else { return }
        if wide && !(c >= clip.c0 && c + 1 < clip.c1) { return }
        if !wide && !(c >= clip.c0 && c < clip.c1) { return }
        if options.asciiOnly {
            put(c, r, 0x3F, style: style, overSelection: true)
            if wide { put(c + 1, r, 0x3F, style: style, overSelection: true) }
            return
        }
        put(c, r, clusterValue(String(ch)), style: style, overSelection: true)
        if wide { put(c + 1, r, Self.continuation, style: style, overSelection: true) }
    }

    private mutating func clusterValue(_ s: String) -> UInt32 {
        if let v = clusterIndex[s] { return v }
        let v = Self.clusterBase + UInt32(clusters.count)
        clusters.append(s)
        clusterIndex[s] = v
        return v
    }

    /// A two-cell emoji glyph: the emoji itself, or its short code.
    private mutating func imageGlyph(glyph: String?, identity: String, label: String?, column c: Int, row r: Int,
                                     clip: CellBox, style: UInt8) {
        guard r >= clip.r0 && r < clip.r1 && c >= clip.c0 && c + 1 < clip.c1 else { return }
        if let glyph, !glyph.isEmpty, !options.asciiOnly, glyph.count == 1 {
            let ch = glyph.first!
            let scalars = ch.unicodeScalars
            put(c, r, scalars.count == 1 ? scalars.first!.value : clusterValue(glyph), style: style, overSelection: true)
            put(c + 1, r, Self.continuation, style: style, overSelection: true)
            return
        }
        let key = identity
        let index: Int
        if let i = legendIndex[key] {
            index = i
        } else {
            index = legendEntries.count
            legendIndex[key] = index
            legendEntries.append((codes.code(for: key), key, label))
        }
        let code = Array(legendEntries[index].code.utf8)
        put(c, r, UInt32(code[0]), style: style, overSelection: true)
        put(c + 1, r, UInt32(code[1]), style: style, overSelection: true)
    }

    // MARK: - Text form

    /// The snapshot text: the rows (trailing spaces trimmed), a legend line when image
    /// codes are shown, then, with `options.styleLayer`, the style rows and their key.
    public var text: String {
        var out = ""
        for r in 0..<rows {
            var line = ""
            for c in 0..<columns { line += string(for: cells[r * columns + c]) }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        if !legendEntries.isEmpty {
            out += "legend:"
            for e in legend {
                out += " " + e.code + "=" + escaped(e.identity)
                if let l = e.label, l != e.identity { out += " " + DisplayListDump.quote(escaped(l)) }
            }
            out += "\n"
        }
        if options.styleLayer {
            out += "-- style --\n"
            var used = Set<UInt8>()
            for r in 0..<rows {
                var bytes = Array(styles[(r * columns)..<((r + 1) * columns)])
                for b in bytes { used.insert(b) }
                while bytes.last == StyleCode.none { bytes.removeLast() }
                out += String(decoding: bytes, as: UTF8.self) + "\n"
            }
            used.remove(StyleCode.none)
            var keys: [String] = []
            for code in used.sorted() {
                let name = StyleCode.stateName(code) ?? (code < 128 ? roleNames[Int(code)] : nil) ?? "?"
                keys.append(String(Character(Unicode.Scalar(code))) + "=" + name)
            }
            out += "styles: " + (keys.isEmpty ? "none" : keys.joined(separator: " ")) + "\n"
        }
        return out
    }

    private func escaped(_ s: String) -> String {
        guard options.asciiOnly else { return s }
        var out = ""
        for u in s.unicodeScalars {
            if u.value >= 0x20 && u.value < 0x7F { out.unicodeScalars.append(u) }
            else { out += "U+" + hex(u.value) }
        }
        return out
    }

    private func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
