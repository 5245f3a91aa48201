/// The UITextView model of the input bar: rich text with atomic emoji, a selection,
/// IME marked text, cut/copy/paste, undo/redo and a maximum length. A value: every
/// call is a mutation returning an `EditorChange` that says what happened.
///
/// Model: the plain (backed) text is the truth; the rich text is always
/// `RichText(parsing: plainText, catalog:)`. Inserting an emoji inserts its placeholder,
/// which the scanner turns into the attachment; typing or pasting a known placeholder
/// (`[微笑]`) turns into the emoji too, so the input shows what the receiver will see.
///
/// Positions are rich *units* (0...unitCount): a grapheme cluster of text or one whole
/// attachment. Invariants, after every call (the property tests check them):
/// - `richText == RichText(parsing: plainText, catalog: catalog)`; so no unit is ever
///   split, and plain -> rich -> plain is the identity;
/// - `selection` lies in 0...unitCount (units, hence always on unit boundaries);
/// - `markedRange`, when composing, lies in 0...unitCount and contains the selection;
/// - with a maximum length and no composition in progress, the length in
///   `configuration.lengthMeasure` is at most the maximum (inserts are cut at a unit
///   boundary, never inside an emoji);
/// - undoing every step restores the text as it was before the first step.
///
/// Costs: an edit re-parses only a window around it (`TextEditor+Splice.swift`): the
/// edited text, up to `PlaceholderScanner.lookahead` bytes before it where a scanner
/// decision could read into the edit (only non-plain bytes such as `[` or an emoji's
/// lead byte count, so ordinary text goes back one unit), and forward until the new
/// parse meets the old one; the plain text is changed in place and the unit map
/// spliced. Typing at the end is amortised O(1) per character; an edit in the middle
/// also moves the bytes, units and offsets after it (memmove and one add per unit).
/// Undo steps store the edit (its place, removed and inserted text), not the text:
/// consecutive typing appends to one step, so the history costs O(edit) per keystroke.
/// Unit <-> plain mapping is O(1) / O(log n).
public struct TextEditor: Sendable {
    /// The maximum length an editor has unless its configuration says otherwise: 10,000
    /// characters, the longest message the product handles anywhere (a received
    /// message, a script's string, `set input.max-length`). UITextView itself has no
    /// limit, but a chat app bounds what it sends, and an unbounded text view lets a few
    /// rounds of select-all, copy, paste, paste double the text into gigabytes. Input
    /// past the maximum is cut at a unit boundary (never inside an emoji) and the change
    /// says `truncated`: a paste keeps what fits, as Android's `LengthFilter` does,
    /// rather than being refused whole (which would drop everything the user pasted).
    public static let defaultMaximumLength = 10_000

    /// The text view's settings, fixed for an editor's life (a new input bar makes a new one).
    public struct Configuration: Hashable, Sendable {
        /// The maximum length in `lengthMeasure`; nil for none (then only the
        /// pasteboard's `Pasteboard.maximumLength` bounds what one paste adds).
        public var maximumLength: Int?
        /// How the maximum length counts: plain `Character`s (as the server counts) or
        /// UTF-16 units.
        public var lengthMeasure: TextMeasure
        /// Undo steps kept (oldest dropped first); nil for no limit.
        public var undoLimit: Int?
        /// `serverText` writes Unicode emoji as UTF-8 hex placeholders (`[f09f9884]`).
        public var serverEncodesUnicodeAsHex: Bool

        /// - Parameters:
        ///   - maximumLength: the longest text in `lengthMeasure` (default
        ///     `TextEditor.defaultMaximumLength`; nil for no limit; negative counts as 0).
        ///   - lengthMeasure: how the maximum counts.
        ///   - undoLimit: undo steps kept; nil for no limit.
        ///   - serverEncodesUnicodeAsHex: `serverText` writes Unicode emoji as hex placeholders.
        public init(maximumLength: Int? = TextEditor.defaultMaximumLength, lengthMeasure: TextMeasure = .characters,
                    undoLimit: Int? = 100, serverEncodesUnicodeAsHex: Bool = false) {
            self.maximumLength = maximumLength.map { max(0, $0) }
            self.lengthMeasure = lengthMeasure
            self.undoLimit = undoLimit.map { max(0, $0) }
            self.serverEncodesUnicodeAsHex = serverEncodesUnicodeAsHex
        }
    }

    /// One undoable change as an edit: at UTF-8 offset `location`, the text before held
    /// `removed`, the text after holds `inserted` (the rest is the same). O(edit) memory.
    struct UndoStep: Hashable, Sendable {
        var location: Int
        /// The removed text, less the chunks coalesced backspaces put in front of it.
        var removedTail: String
        /// Chunks in front of `removedTail`, the frontmost last (appending keeps a run of
        /// backspaces O(1) per key).
        var removedFront: [String] = []
        var inserted: String
        var selectionBefore: Range<Int>
        var selectionAfter: Range<Int>
        /// `TextEditor.textRevision` right after the step: the text is still the step's
        /// result while the revision is unchanged.
        var revisionAfter: Int

        var removed: String {
            removedFront.isEmpty ? removedTail : removedFront.reversed().joined() + removedTail
        }
        var removedCount: Int { removedFront.reduce(removedTail.utf8.count) { $0 + $1.utf8.count } }
    }

    /// What a composition replaced, to cancel it (restore) or commit it (one undo step).
    struct Composition: Hashable, Sendable {
        var location: Int
        var original: String
        var selection: Range<Int>
    }

    enum Coalescing: Hashable, Sendable { case typing, deleting }

    /// Where typed and pasted placeholders are looked up (`[微笑]` becomes an attachment).
    public let catalog: EmojiCatalog
    /// Length limit, undo limit and how sending encodes Unicode emoji.
    public let configuration: Configuration
    /// The text as shown: runs of text and attachments.
    public internal(set) var richText: RichText
    /// The selection in units; empty means a caret at `selection.lowerBound`.
    public private(set) var selection: Range<Int>
    var map: UnitMap
    /// The marked text's plain UTF-8 range while composing.
    private var markedPlain: Range<Int>?
    /// What the composition replaced (cancel restores it; commit records one undo step
    /// from it).
    private var composition: Composition?
    private var undoStack: [UndoStep] = []
    private var redoStack: [UndoStep] = []
    private var coalescing: Coalescing?
    /// What the last `replacePlain` removed, and how many bytes it inserted.
    private var lastRemoved = ""
    private var lastInsertedCount = 0
    /// Counts the changes of the plain text: it moves whenever the text's bytes change
    /// (once per call that changes them), so equal revisions mean equal text. Hosts
    /// compare it instead of the text.
    ///
    /// - Complexity: O(1).
    public private(set) var textRevision = 0
    /// Units that are whitespace characters (so `isSendable` is O(1)).
    var whitespaceUnits = 0
    /// The units the last splice wrote (in the current text), for the local check.
    var lastSplice: Range<Int> = 0..<0
    /// `PlaceholderScanner.lookahead(catalog)`.
    let lookahead: Int

    /// An editor holding `text` (cut to the maximum length), caret at the end.
    public init(catalog: EmojiCatalog, text: String = "", configuration: Configuration = Configuration()) {
        self.catalog = catalog
        self.configuration = configuration
        self.richText = RichText(parsing: "", catalog: catalog)
        self.selection = 0..<0
        self.map = UnitMap(units: [])
        self.lookahead = PlaceholderScanner.lookahead(catalog)
        _ = replacePlain(0..<0, with: text, limited: true)
    }

    // MARK: reading

    /// The plain backed text (marked text included while composing).
    public var plainText: String { richText.plainText }
    /// The editing units (text clusters and attachments), in order.
    public var units: [RichUnit] { map.units }
    /// Units in the text: the largest caret position.
    public var unitCount: Int { map.unitCount }
    /// No unit at all (whitespace counts: see `isSendable` for what Send needs).
    public var isEmpty: Bool { map.unitCount == 0 }
    /// The caret position when the selection is empty; nil for a range selection.
    public var caret: Int? { selection.isEmpty ? selection.lowerBound : nil }
    /// The marked (IME) text's range in units while composing, nil otherwise.
    public var markedRange: Range<Int>? {
        markedPlain.map { map.units(coveringPlain: $0, in: .utf8) }
    }
    /// An IME composition is in progress: marked text is shown but not committed.
    public var isComposing: Bool { markedPlain != nil }
    /// The marked text while composing.
    public var markedText: String? {
        markedPlain.map { utf8Slice($0) }
    }
    /// The selected units' plain text (what copy puts on the pasteboard).
    public var selectedPlainText: String {
        utf8Slice(map.plainRange(ofUnits: selection, in: .utf8))
    }
    /// The length of the text in the configured measure.
    public var length: Int { map.plainLength(in: configuration.lengthMeasure) }
    /// Units of length still available, nil without a maximum.
    public var remainingLength: Int? { configuration.maximumLength.map { max(0, $0 - length) } }
    /// The plain text is not empty after trimming whitespace and newlines.
    ///
    /// - Complexity: O(1): kept as a count of whitespace units (attachments never are
    ///   whitespace, and the text units are the text's `Character`s).
    public var isSendable: Bool { whitespaceUnits < map.unitCount }
    /// What sending delivers: the plain backed text trimmed of surrounding whitespace
    /// and newlines (Unicode emoji as hex placeholders if so configured).
    public var serverText: String {
        let trimmed = Self.trimmed(plainText)
        return configuration.serverEncodesUnicodeAsHex
            ? RichText(parsing: trimmed, catalog: catalog).plainText(unicodeEmojiAsHex: true)
            : trimmed
    }
    /// Whether `undo()` would change something (marked text that differs from what it
    /// replaced counts: undo commits it, then takes it back).
    public var canUndo: Bool {
        !undoStack.isEmpty || composition.map { c in markedPlain.map { !bytesEqual(utf8Slice($0), c.original) } ?? false } == true
    }
    /// Whether `redo()` would change something; any new edit clears the redo history.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The UTF-8 bytes the undo and redo history holds (removed and inserted texts of
    /// every step): O(edits), never O(text) per step (`TextEditorUndoCostTests`).
    var historyBytes: Int {
        (undoStack + redoStack).reduce(0) { $0 + $1.removedCount + $1.inserted.utf8.count }
    }
    /// The selection as a plain range in `measure` (UTF-16 gives UIKit's NSRange).
    public func plainRange(ofSelectionIn measure: TextMeasure = .utf16) -> Range<Int> {
        map.plainRange(ofUnits: selection, in: measure)
    }
    /// The unit <-> plain position map of the current text.
    public var unitMap: UnitMap { map }

    // MARK: selection

    /// Puts the caret at `position` (0...unitCount). Commits marked text first.
    @discardableResult
    public mutating func setCaret(_ position: Int) throws(TextEditorError) -> EditorChange {
        guard position >= 0 && position <= unitCount else {
            throw .positionOutOfRange(position: position, unitCount: unitCount)
        }
        return select(position..<position)
    }

    /// Selects `range` (within 0...unitCount). Commits marked text first.
    @discardableResult
    public mutating func setSelection(_ range: Range<Int>) throws(TextEditorError) -> EditorChange {
        guard range.lowerBound >= 0 && range.upperBound <= unitCount else {
            throw .rangeOutOfBounds(lower: range.lowerBound, upper: range.upperBound, unitCount: unitCount)
        }
        return select(range)
    }

    /// Selects by a plain range (UIKit's NSRange with `.utf16`), clamped to the text
    /// and widened to unit boundaries, so it never splits an emoji.
    @discardableResult
    public mutating func setSelection(plainRange range: Range<Int>, in measure: TextMeasure = .utf16) -> EditorChange {
        select(map.units(coveringPlain: range, in: measure))
    }

    /// Moves the caret by `offset` units (clamped); a range selection collapses to its
    /// start (negative) or end (positive) first, as arrow keys do.
    @discardableResult
    public mutating func moveCaret(by offset: Int) -> EditorChange {
        let from = selection.isEmpty ? selection.lowerBound + offset
            : (offset < 0 ? selection.lowerBound : selection.upperBound)
        let p = min(max(from, 0), unitCount)
        return select(p..<p)
    }

    /// Selects every unit (the edit menu's Select All).
    ///
    /// - Returns: `.select`, with `selectionChanged` when the selection moved.
    @discardableResult
    public mutating func selectAll() -> EditorChange {
        select(0..<unitCount)
    }

    private mutating func select(_ range: Range<Int>) -> EditorChange {
        var change = EditorChange(action: .select)
        if isComposing {
            change.markedTextChanged = true
            change.textChanged = commitComposition()
        }
        coalescing = nil
        let r = clampRange(range)
        change.selectionChanged = r != selection
        selection = r
        return change
    }

    // MARK: editing

    /// Types `text` at the selection (replacing it, or the marked text, which it
    /// commits, as an IME's final insert does); the caret lands after it. Consecutive
    /// typing at the caret is one undo step.
    @discardableResult
    public mutating func insertText(_ text: String) -> EditorChange {
        if let marked = markedPlain, let start = composition {
            let truncated = replacePlain(marked, with: text, limited: true)
            markedPlain = marked.lowerBound..<(marked.lowerBound + lastInsertedCount)
            endComposition(recordingFrom: start)
            return EditorChange(action: .insertText, textChanged: true, selectionChanged: true,
                                markedTextChanged: true, truncated: truncated)
        }
        return edit(.insertText, replacing: selection, with: text, coalesce: .typing)
    }

    /// Inserts `emoji` (its placeholder) at the selection, replacing it; the caret lands
    /// after the emoji. Marked text is committed first and the emoji goes after it.
    /// If the maximum length leaves no room for the whole emoji, nothing is inserted
    /// (`truncated`).
    @discardableResult
    public mutating func insertEmoji(_ emoji: Emoji) -> EditorChange {
        let committed = isComposing
        if committed { _ = commitComposition() }
        var change = edit(.insertEmoji, replacing: selection, with: emoji.placeholder, coalesce: nil)
        if committed { change.textChanged = true; change.markedTextChanged = true }
        return change
    }

    /// Backspace: deletes the selection, or the whole unit before the caret (a whole
    /// emoji: image placeholder, ZWJ sequence, flag, keycap, skin tone). While composing
    /// it deletes the last unit of the marked text. Consecutive backspaces are one
    /// undo step.
    @discardableResult
    public mutating func deleteBackward() -> EditorChange {
        if let marked = markedRange {
            let remaining = Array(map.units[marked].dropLast())
            var change = setMarkedText(remaining.map({ $0.plainText }).joined())
            change.action = .deleteBackward
            return change
        }
        if !selection.isEmpty { return edit(.deleteBackward, replacing: selection, with: "", coalesce: nil) }
        guard selection.lowerBound > 0 else { return EditorChange(action: .deleteBackward) }
        return edit(.deleteBackward, replacing: (selection.lowerBound - 1)..<selection.lowerBound, with: "", coalesce: .deleting)
    }

    /// Forward delete: the selection, or the whole unit after the caret.
    @discardableResult
    public mutating func deleteForward() -> EditorChange {
        let committed = isComposing
        if committed { _ = commitComposition() }
        var change: EditorChange
        if !selection.isEmpty {
            change = edit(.deleteForward, replacing: selection, with: "", coalesce: nil)
        } else if selection.lowerBound < unitCount {
            change = edit(.deleteForward, replacing: selection.lowerBound..<(selection.lowerBound + 1), with: "", coalesce: nil)
        } else {
            change = EditorChange(action: .deleteForward)
        }
        if committed { change.textChanged = true; change.markedTextChanged = true }
        return change
    }

    /// Copies the selection's plain backed text (`[笑哭]`, not an image) to the
    /// pasteboard. An empty selection copies nothing.
    public func copy(to pasteboard: inout Pasteboard) {
        guard !selection.isEmpty else { return }
        pasteboard.string = selectedPlainText
    }

    /// Copies, then deletes the selection. An empty selection does nothing.
    @discardableResult
    public mutating func cut(to pasteboard: inout Pasteboard) -> EditorChange {
        guard !selection.isEmpty else { return EditorChange(action: .cut) }
        let committed = isComposing
        if committed { _ = commitComposition() }
        copy(to: &pasteboard)
        var change = edit(.cut, replacing: selection, with: "", coalesce: nil)
        if committed { change.markedTextChanged = true }
        return change
    }

    /// Pastes the pasteboard's text at the selection; known placeholders in it become
    /// emoji. The caret lands after the pasted text (cut to the maximum length).
    @discardableResult
    public mutating func paste(from pasteboard: Pasteboard) -> EditorChange {
        guard let s = pasteboard.string, !s.isEmpty else { return EditorChange(action: .paste) }
        let committed = isComposing
        if committed { _ = commitComposition() }
        var change = edit(.paste, replacing: selection, with: s, coalesce: nil)
        if committed { change.textChanged = true; change.markedTextChanged = true }
        return change
    }

    /// Replaces the whole text programmatically (like setting `UITextView.text`):
    /// caret at the end, composition and undo history cleared.
    @discardableResult
    public mutating func setText(_ text: String) -> EditorChange {
        let old = (textRevision, selection, isComposing)
        markedPlain = nil
        composition = nil
        undoStack.removeAll()
        redoStack.removeAll()
        coalescing = nil
        let truncated = replacePlain(0..<map.plainLength(in: .utf8), with: text, limited: true)
        return EditorChange(action: .setText, textChanged: old.0 != textRevision, selectionChanged: old.1 != selection,
                            markedTextChanged: old.2, truncated: truncated)
    }

    /// Sends: commits marked text; if `isSendable`, returns `serverText` and clears the
    /// text and the undo history; otherwise returns nil and changes nothing else.
    public mutating func send() -> (text: String?, change: EditorChange) {
        var change = EditorChange(action: .send)
        if isComposing {
            change.textChanged = commitComposition()
            change.markedTextChanged = true
        }
        guard isSendable else { return (nil, change) }
        let text = serverText
        let cleared = setText("")
        change.textChanged = true
        change.selectionChanged = change.selectionChanged || cleared.selectionChanged
        return (text, change)
    }

    // MARK: undo

    /// Undoes the last step (committing marked text first, which makes it a step).
    @discardableResult
    public mutating func undo() -> EditorChange {
        var change = EditorChange(action: .undo)
        if isComposing {
            change.textChanged = commitComposition()
            change.markedTextChanged = true
        }
        coalescing = nil
        guard var step = undoStack.popLast() else { return change }
        let oldSelection = selection
        let removed = step.removed
        step.removedTail = removed
        step.removedFront = []
        applyRestoring(step.location..<(step.location + step.inserted.utf8.count), with: removed,
                       selection: step.selectionBefore)
        redoStack.append(step)
        change.textChanged = true
        change.selectionChanged = oldSelection != selection
        return change
    }

    /// Makes the last undone step again; nothing while composing.
    ///
    /// - Returns: `.redo`, with `textChanged` when there was a step.
    /// - Complexity: O(the step's text), not O(the whole text).
    @discardableResult
    public mutating func redo() -> EditorChange {
        var change = EditorChange(action: .redo)
        guard !isComposing, var step = redoStack.popLast() else { return change }
        coalescing = nil
        let oldSelection = selection
        applyRestoring(step.location..<(step.location + step.removedCount), with: step.inserted,
                       selection: step.selectionAfter)
        step.revisionAfter = textRevision
        undoStack.append(step)
        change.textChanged = true
        change.selectionChanged = oldSelection != selection
        return change
    }

    // MARK: marked text (IME)

    /// Sets the IME's marked (composing) text, replacing the current marked text or,
    /// when a composition starts, the selection. `selectedRange` is the caret/selection
    /// within the marked text in its own units (default: caret at its end). Setting
    /// empty marked text cancels the composition. No length limit applies while
    /// composing; it applies on commit.
    @discardableResult
    public mutating func setMarkedText(_ text: String, selectedRange: Range<Int>? = nil) -> EditorChange {
        if text.isEmpty {
            var change = cancelMarkedText()
            change.action = .setMarkedText
            return change
        }
        let oldSelection = selection
        let target: Range<Int>
        if let marked = markedPlain {
            target = marked
        } else {
            target = map.plainRange(ofUnits: selection, in: .utf8)
            composition = Composition(location: target.lowerBound, original: utf8Slice(target), selection: selection)
            coalescing = nil
        }
        _ = replacePlain(target, with: text, limited: false)
        markedPlain = target.lowerBound..<(target.lowerBound + text.utf8.count)
        if let inner = selectedRange {
            let own = UnitMap(RichText(parsing: text, catalog: catalog))
            let lo = target.lowerBound + own.plainOffset(ofUnit: inner.lowerBound, in: .utf8)
            let hi = target.lowerBound + own.plainOffset(ofUnit: inner.upperBound, in: .utf8)
            selection = map.units(coveringPlain: lo..<hi, in: .utf8)
            if inner.isEmpty { selection = selection.upperBound..<selection.upperBound }
        }
        return EditorChange(action: .setMarkedText, textChanged: true, selectionChanged: oldSelection != selection,
                            markedTextChanged: true)
    }

    /// Commits the marked text as typed (`unmarkText`): one undo step, cut to the
    /// maximum length.
    @discardableResult
    public mutating func commitMarkedText() -> EditorChange {
        guard isComposing else { return EditorChange(action: .commitMarkedText) }
        let oldSelection = selection
        let textChanged = commitComposition()
        return EditorChange(action: .commitMarkedText, textChanged: textChanged,
                            selectionChanged: oldSelection != selection, markedTextChanged: true,
                            truncated: textChanged)
    }

    /// Cancels the composition: the text and selection return to what they were
    /// before it began.
    @discardableResult
    public mutating func cancelMarkedText() -> EditorChange {
        guard let start = composition, let marked = markedPlain else { return EditorChange(action: .cancelMarkedText) }
        let oldSelection = selection
        markedPlain = nil
        composition = nil
        applyRestoring(marked, with: start.original, selection: start.selection)
        return EditorChange(action: .cancelMarkedText, textChanged: true, selectionChanged: oldSelection != selection,
                            markedTextChanged: true)
    }

    // MARK: internals

    /// Drops the history and composition (`parked()`).
    mutating func clearStorage() {
        selection = 0..<0
        markedPlain = nil
        composition = nil
        undoStack = []
        redoStack = []
        coalescing = nil
        lastRemoved = ""
        lastInsertedCount = 0
    }

    private func clampRange(_ r: Range<Int>) -> Range<Int> {
        let lo = min(max(r.lowerBound, 0), unitCount)
        let hi = min(max(r.upperBound, lo), unitCount)
        return lo..<hi
    }

    /// The plain text's UTF-8 bytes `r` (on scalar boundaries). O(r.count).
    func utf8Slice(_ r: Range<Int>) -> String {
        let t = richText.plainText
        let u = t.utf8
        let a = u.index(u.startIndex, offsetBy: r.lowerBound)
        let b = u.index(u.startIndex, offsetBy: r.upperBound)
        return String(t.unicodeScalars[a..<b])
    }

    func bytesEqual(_ x: String, _ y: String) -> Bool { x.utf8.elementsEqual(y.utf8) }

    /// Undo, redo and cancel: puts `text` in place of the plain bytes `range`, then the
    /// selection.
    private mutating func applyRestoring(_ range: Range<Int>, with text: String, selection s: Range<Int>) {
        let removed = splice(range, with: text)
        if !bytesEqual(removed, text) { textRevision += 1 }
        selection = clampRange(s)
    }

    /// Commits the composition; returns whether the length limit changed the text.
    private mutating func commitComposition() -> Bool {
        guard let start = composition else { return false }
        var cut = false
        if let maxLength = configuration.maximumLength, length > maxLength, let marked = markedPlain {
            let text = utf8Slice(marked)
            cut = replacePlain(marked, with: text, limited: true)
            markedPlain = marked.lowerBound..<(marked.lowerBound + lastInsertedCount)
        }
        endComposition(recordingFrom: start)
        return cut
    }

    /// Ends the composition; records one undo step from what it replaced to what the
    /// marked range holds now (the rest of the text is as it was: every edit while
    /// composing stays inside the marked range).
    private mutating func endComposition(recordingFrom start: Composition) {
        let final = markedPlain.map { utf8Slice($0) } ?? ""
        markedPlain = nil
        composition = nil
        coalescing = nil
        if !bytesEqual(start.original, final) {
            pushUndo(UndoStep(location: start.location, removedTail: start.original, inserted: final,
                              selectionBefore: start.selection, selectionAfter: selection, revisionAfter: textRevision),
                     coalesce: nil, revisionBefore: -1)
        }
    }

    /// One undoable edit: replace `units` with `text`, caret after it.
    private mutating func edit(_ action: EditorChange.Action, replacing units: Range<Int>, with text: String,
                               coalesce: Coalescing?) -> EditorChange {
        let beforeSelection = selection
        let beforeRevision = textRevision
        let range = map.plainRange(ofUnits: clampRange(units), in: .utf8)
        let truncated = replacePlain(range, with: text, limited: true)
        let textChanged = textRevision != beforeRevision
        if textChanged {
            let step = UndoStep(location: range.lowerBound, removedTail: lastRemoved,
                                inserted: lastInsertedCount == text.utf8.count ? text : prefix(text, utf8Count: lastInsertedCount),
                                selectionBefore: beforeSelection, selectionAfter: selection, revisionAfter: textRevision)
            pushUndo(step, coalesce: coalesce, revisionBefore: beforeRevision)
        }
        coalescing = textChanged ? coalesce : nil
        return EditorChange(action: action, textChanged: textChanged, selectionChanged: beforeSelection != selection,
                            truncated: truncated)
    }

    /// Pushes `step`, or folds it into the last step when it continues it (the same kind
    /// of coalescing edit, from the text and selection the last step left).
    private mutating func pushUndo(_ step: UndoStep, coalesce: Coalescing?, revisionBefore: Int) {
        redoStack.removeAll()
        if let c = coalesce, c == coalescing, var last = undoStack.popLast() {
            if last.selectionAfter == step.selectionBefore, last.revisionAfter == revisionBefore {
                merge(&last, step)
                undoStack.append(last)
                return
            }
            undoStack.append(last)
        }
        undoStack.append(step)
        if let limit = configuration.undoLimit, undoStack.count > limit {
            undoStack.removeFirst(undoStack.count - limit)
        }
    }

    /// Folds `next` (an edit of the text `last` produced) into `last`, so that `last`
    /// goes from its text before straight to the text after `next`. Typing on at the end
    /// of the insert and backspacing on before it are O(edit); anything else rebuilds
    /// the step's two texts over the stretch both edits cover (O(stretch), which the
    /// text between them bounds).
    private func merge(_ last: inout UndoStep, _ next: UndoStep) {
        let lo = last.location, ins = last.inserted.utf8.count
        let q = next.location, rem2 = next.removedTail.utf8.count
        defer { last.selectionAfter = next.selectionAfter; last.revisionAfter = next.revisionAfter }
        if rem2 == 0 && next.removedFront.isEmpty && q == lo + ins {
            last.inserted += next.inserted
            return
        }
        if ins == 0 && next.inserted.isEmpty && q + rem2 == lo {
            last.removedFront.append(next.removedTail)
            last.location = q
            return
        }
        // The text now (A) is what `last` produced, before `next`: slices of it come
        // from the current plain text, with `next` undone in them. Both edits are
        // described over [l, h) of A.
        let l = min(lo, q), h = max(lo + ins, q + rem2)
        let r2 = Array(next.removedTail.utf8), i2 = next.inserted.utf8.count
        func sliceA(_ x: Int, _ y: Int) -> String {
            // A's bytes [x, y): the current text before `next`'s range, `next`'s removed
            // bytes inside it, the current text (shifted) after it.
            guard x < y else { return "" }
            var out = ""
            if x < q { out += utf8Slice(x..<min(y, q)) }
            let ix = max(x, q), iy = min(y, q + rem2)
            if ix < iy { out += String(decoding: r2[(ix - q)..<(iy - q)], as: UTF8.self) }
            let ax = max(x, q + rem2)
            if ax < y { out += utf8Slice((ax - rem2 + i2)..<(y - rem2 + i2)) }
            return out
        }
        let removed = sliceA(l, lo) + last.removed + sliceA(lo + ins, h)
        let inserted = sliceA(l, q) + next.inserted + sliceA(q + rem2, h)
        last.location = l
        last.removedTail = removed
        last.removedFront = []
        last.inserted = inserted
    }

    /// Replaces the plain UTF-8 range `range` (unit-aligned) with `text`, re-parses the
    /// window around it, and puts the caret after the inserted text. With `limited`, the
    /// insert is cut to the longest prefix of its units that keeps the length within the
    /// maximum. Returns whether it was cut. Sets `lastRemoved` (the text replaced) and
    /// `lastInsertedCount` (the bytes inserted), and moves `textRevision` when the bytes
    /// changed.
    private mutating func replacePlain(_ range: Range<Int>, with text: String, limited: Bool) -> Bool {
        var insert = text
        var truncated = false
        var insertUnits: UnitMap?
        var keptUnits = 0
        if limited, let maxLength = configuration.maximumLength, !text.isEmpty {
            let m = configuration.lengthMeasure
            let replaced = map.units(coveringPlain: range, in: .utf8)
            let available = maxLength - (map.plainLength(in: m) - map.plainLength(of: replaced, in: m))
            let own = UnitMap(RichText(parsing: text, catalog: catalog))
            insertUnits = own
            keptUnits = own.unitCount
            while keptUnits > 0 && own.plainOffset(ofUnit: keptUnits, in: m) > available { keptUnits -= 1 }
            if keptUnits < own.unitCount {
                truncated = true
                insert = prefix(text, utf8Count: own.plainOffset(ofUnit: keptUnits, in: .utf8))
            }
        }
        let removed = splice(range, with: insert)
        while true {
            // Joining can only merge clusters (the length shrinks); the loop is a guard
            // for text that was over the limit before the edit.
            if limited, let maxLength = configuration.maximumLength, let own = insertUnits,
               length > maxLength, keptUnits > 0 {
                keptUnits -= 1
                truncated = true
                let shorter = prefix(text, utf8Count: own.plainOffset(ofUnit: keptUnits, in: .utf8))
                _ = splice(range.lowerBound..<(range.lowerBound + insert.utf8.count), with: shorter)
                insert = shorter
                continue
            }
            break
        }
        lastRemoved = removed
        lastInsertedCount = insert.utf8.count
        if !bytesEqual(removed, insert) { textRevision += 1 }
        let caret = map.unit(atPlainOffset: range.lowerBound + insert.utf8.count, in: .utf8, rounding: .up)
        selection = caret..<caret
        return truncated
    }

    private func prefix(_ s: String, utf8Count n: Int) -> String {
        let u = s.utf8
        return String(s[..<u.index(u.startIndex, offsetBy: n)])
    }

    static func trimmed(_ s: String) -> String {
        guard let first = s.firstIndex(where: { !$0.isWhitespace }),
              let last = s.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(s[first...last])
    }
}

extension TextEditor: Equatable {
    /// Equal editors hold the same state: configuration, text (runs and unit map),
    /// selection, composition, undo and redo history, coalescing, the text revision and
    /// the last edit's bookkeeping, so they answer and react identically. The catalog
    /// is a dependency, not state (an input bar gives its editor the bar's catalog),
    /// and is not compared; `lookahead` is a function of it. What a reducer's
    /// exhaustive `TestStore` compares the input bar's editor by.
    /// - Complexity: O(text + history).
    public static func == (a: TextEditor, b: TextEditor) -> Bool {
        a.configuration == b.configuration && a.selection == b.selection && a.textRevision == b.textRevision
            && a.markedPlain == b.markedPlain && a.composition == b.composition && a.coalescing == b.coalescing
            && a.lastInsertedCount == b.lastInsertedCount && a.whitespaceUnits == b.whitespaceUnits
            && a.lastSplice == b.lastSplice && a.lastRemoved == b.lastRemoved
            && a.undoStack == b.undoStack && a.redoStack == b.redoStack
            && a.map == b.map && a.richText == b.richText
    }
}
