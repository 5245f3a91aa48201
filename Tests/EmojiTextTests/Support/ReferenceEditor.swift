// The editor as it was before the incremental re-parse (commit 4205923), kept as the
// reference the incremental editor must match call for call (TextEditorIncrementalTests).
// Only the type name changed.
@testable import EmojiText

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
/// Costs: each edit re-parses and re-indexes the text, O(n) in its length (input bars
/// hold short texts); unit <-> plain mapping is O(1) / O(log n).
struct ReferenceEditor: Sendable {
    typealias Configuration = TextEditor.Configuration
    struct Snapshot: Hashable, Sendable {
        var plain: String
        var selection: Range<Int>
    }

    struct UndoStep: Hashable, Sendable {
        var before: Snapshot
        var after: Snapshot
    }

    enum Coalescing: Hashable, Sendable { case typing, deleting }

    let catalog: EmojiCatalog
    let configuration: Configuration
    /// The text as shown: runs of text and attachments.
    private(set) var richText: RichText
    /// The selection in units; empty means a caret at `selection.lowerBound`.
    private(set) var selection: Range<Int>
    private(set) var map: UnitMap
    /// The marked text's plain UTF-8 range while composing.
    private var markedPlain: Range<Int>?
    /// The state before the composition began (cancel restores it; commit records one
    /// undo step from it).
    private var compositionStart: Snapshot?
    private var undoStack: [UndoStep] = []
    private var redoStack: [UndoStep] = []
    private var coalescing: Coalescing?

    /// An editor holding `text` (cut to the maximum length), caret at the end.
    init(catalog: EmojiCatalog, text: String = "", configuration: Configuration = Configuration()) {
        self.catalog = catalog
        self.configuration = configuration
        self.richText = RichText()
        self.selection = 0..<0
        self.map = UnitMap(units: [])
        _ = replacePlain(0..<0, with: text, limited: true)
    }

    // MARK: reading

    /// The plain backed text (marked text included while composing).
    var plainText: String { richText.plainText }
    /// The editing units (text clusters and attachments), in order.
    var units: [RichUnit] { map.units }
    var unitCount: Int { map.unitCount }
    var isEmpty: Bool { map.unitCount == 0 }
    /// The caret position when the selection is empty; nil for a range selection.
    var caret: Int? { selection.isEmpty ? selection.lowerBound : nil }
    /// The marked (IME) text's range in units while composing, nil otherwise.
    var markedRange: Range<Int>? {
        markedPlain.map { map.units(coveringPlain: $0, in: .utf8) }
    }
    var isComposing: Bool { markedPlain != nil }
    /// The marked text while composing.
    var markedText: String? {
        markedPlain.map { utf8Slice($0) }
    }
    /// The selected units' plain text (what copy puts on the pasteboard).
    var selectedPlainText: String {
        utf8Slice(map.plainRange(ofUnits: selection, in: .utf8))
    }
    /// The length of the text in the configured measure.
    var length: Int { map.plainLength(in: configuration.lengthMeasure) }
    /// Units of length still available, nil without a maximum.
    var remainingLength: Int? { configuration.maximumLength.map { max(0, $0 - length) } }
    /// The plain text is not empty after trimming whitespace and newlines.
    var isSendable: Bool { !plainText.allSatisfy({ $0.isWhitespace }) }
    /// What sending delivers: the plain backed text trimmed of surrounding whitespace
    /// and newlines (Unicode emoji as hex placeholders if so configured).
    var serverText: String {
        let trimmed = Self.trimmed(plainText)
        return configuration.serverEncodesUnicodeAsHex
            ? RichText(parsing: trimmed, catalog: catalog).plainText(unicodeEmojiAsHex: true)
            : trimmed
    }
    var canUndo: Bool { !undoStack.isEmpty || compositionStart.map { $0.plain != plainText } == true }
    var canRedo: Bool { !redoStack.isEmpty }
    /// The selection as a plain range in `measure` (UTF-16 gives UIKit's NSRange).
    func plainRange(ofSelectionIn measure: TextMeasure = .utf16) -> Range<Int> {
        map.plainRange(ofUnits: selection, in: measure)
    }
    /// The unit <-> plain position map of the current text.
    var unitMap: UnitMap { map }

    // MARK: selection

    /// Puts the caret at `position` (0...unitCount). Commits marked text first.
    @discardableResult
    mutating func setCaret(_ position: Int) throws(TextEditorError) -> EditorChange {
        guard position >= 0 && position <= unitCount else {
            throw .positionOutOfRange(position: position, unitCount: unitCount)
        }
        return select(position..<position)
    }

    /// Selects `range` (within 0...unitCount). Commits marked text first.
    @discardableResult
    mutating func setSelection(_ range: Range<Int>) throws(TextEditorError) -> EditorChange {
        guard range.lowerBound >= 0 && range.upperBound <= unitCount else {
            throw .rangeOutOfBounds(lower: range.lowerBound, upper: range.upperBound, unitCount: unitCount)
        }
        return select(range)
    }

    /// Selects by a plain range (UIKit's NSRange with `.utf16`), clamped to the text
    /// and widened to unit boundaries, so it never splits an emoji.
    @discardableResult
    mutating func setSelection(plainRange range: Range<Int>, in measure: TextMeasure = .utf16) -> EditorChange {
        select(map.units(coveringPlain: range, in: measure))
    }

    /// Moves the caret by `offset` units (clamped); a range selection collapses to its
    /// start (negative) or end (positive) first, as arrow keys do.
    @discardableResult
    mutating func moveCaret(by offset: Int) -> EditorChange {
        let from = selection.isEmpty ? selection.lowerBound + offset
            : (offset < 0 ? selection.lowerBound : selection.upperBound)
        let p = min(max(from, 0), unitCount)
        return select(p..<p)
    }

    @discardableResult
    mutating func selectAll() -> EditorChange {
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
    mutating func insertText(_ text: String) -> EditorChange {
        if let marked = markedPlain {
            let start = compositionStart!
            let truncated = replacePlain(marked, with: text, limited: true)
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
    mutating func insertEmoji(_ emoji: Emoji) -> EditorChange {
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
    mutating func deleteBackward() -> EditorChange {
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
    mutating func deleteForward() -> EditorChange {
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
    func copy(to pasteboard: inout Pasteboard) {
        guard !selection.isEmpty else { return }
        pasteboard.string = selectedPlainText
    }

    /// Copies, then deletes the selection. An empty selection does nothing.
    @discardableResult
    mutating func cut(to pasteboard: inout Pasteboard) -> EditorChange {
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
    mutating func paste(from pasteboard: Pasteboard) -> EditorChange {
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
    mutating func setText(_ text: String) -> EditorChange {
        let old = (plainText, selection, isComposing)
        markedPlain = nil
        compositionStart = nil
        undoStack.removeAll()
        redoStack.removeAll()
        coalescing = nil
        let truncated = replacePlain(0..<map.plainLength(in: .utf8), with: text, limited: true)
        return EditorChange(action: .setText, textChanged: old.0 != plainText, selectionChanged: old.1 != selection,
                            markedTextChanged: old.2, truncated: truncated)
    }

    /// Sends: commits marked text; if `isSendable`, returns `serverText` and clears the
    /// text and the undo history; otherwise returns nil and changes nothing else.
    mutating func send() -> (text: String?, change: EditorChange) {
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
    mutating func undo() -> EditorChange {
        var change = EditorChange(action: .undo)
        if isComposing {
            change.textChanged = commitComposition()
            change.markedTextChanged = true
        }
        coalescing = nil
        guard let step = undoStack.popLast() else { return change }
        redoStack.append(step)
        let oldSelection = selection
        restore(step.before)
        change.textChanged = true
        change.selectionChanged = oldSelection != selection
        return change
    }

    @discardableResult
    mutating func redo() -> EditorChange {
        var change = EditorChange(action: .redo)
        guard !isComposing, let step = redoStack.popLast() else { return change }
        coalescing = nil
        undoStack.append(step)
        let oldSelection = selection
        restore(step.after)
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
    mutating func setMarkedText(_ text: String, selectedRange: Range<Int>? = nil) -> EditorChange {
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
            compositionStart = snapshot
            coalescing = nil
            target = map.plainRange(ofUnits: selection, in: .utf8)
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
    mutating func commitMarkedText() -> EditorChange {
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
    mutating func cancelMarkedText() -> EditorChange {
        guard let start = compositionStart else { return EditorChange(action: .cancelMarkedText) }
        let oldSelection = selection
        markedPlain = nil
        compositionStart = nil
        restore(start)
        return EditorChange(action: .cancelMarkedText, textChanged: true, selectionChanged: oldSelection != selection,
                            markedTextChanged: true)
    }

    // MARK: internals

    private var snapshot: Snapshot { Snapshot(plain: plainText, selection: selection) }

    private func clampRange(_ r: Range<Int>) -> Range<Int> {
        let lo = min(max(r.lowerBound, 0), unitCount)
        let hi = min(max(r.upperBound, lo), unitCount)
        return lo..<hi
    }

    private func utf8Slice(_ r: Range<Int>) -> String {
        let u = plainText.utf8
        let a = u.index(u.startIndex, offsetBy: r.lowerBound)
        let b = u.index(u.startIndex, offsetBy: r.upperBound)
        return String(plainText[a..<b])
    }

    private mutating func restore(_ s: Snapshot) {
        setPlain(s.plain)
        selection = clampRange(s.selection)
    }

    private mutating func setPlain(_ plain: String) {
        richText = RichText(parsing: plain, catalog: catalog)
        map = UnitMap(richText)
    }

    /// Commits the composition; returns whether the length limit changed the text.
    private mutating func commitComposition() -> Bool {
        guard let start = compositionStart else { return false }
        var cut = false
        if let maxLength = configuration.maximumLength, length > maxLength, let marked = markedPlain {
            let text = utf8Slice(marked)
            cut = replacePlain(marked, with: text, limited: true)
        }
        endComposition(recordingFrom: start)
        return cut
    }

    private mutating func endComposition(recordingFrom start: Snapshot) {
        markedPlain = nil
        compositionStart = nil
        coalescing = nil
        if start.plain != plainText { pushUndo(UndoStep(before: start, after: snapshot), coalesce: nil) }
    }

    /// One undoable edit: replace `units` with `text`, caret after it.
    private mutating func edit(_ action: EditorChange.Action, replacing units: Range<Int>, with text: String,
                               coalesce: Coalescing?) -> EditorChange {
        let before = snapshot
        let range = map.plainRange(ofUnits: clampRange(units), in: .utf8)
        let truncated = replacePlain(range, with: text, limited: true)
        let textChanged = before.plain != plainText
        if textChanged { pushUndo(UndoStep(before: before, after: snapshot), coalesce: coalesce) }
        coalescing = textChanged ? coalesce : nil
        return EditorChange(action: action, textChanged: textChanged, selectionChanged: before.selection != selection,
                            truncated: truncated)
    }

    private mutating func pushUndo(_ step: UndoStep, coalesce: Coalescing?) {
        redoStack.removeAll()
        if let c = coalesce, c == coalescing, var last = undoStack.popLast(), last.after.selection == step.before.selection,
           last.after.plain == step.before.plain {
            last.after = step.after
            undoStack.append(last)
            return
        }
        undoStack.append(step)
        if let limit = configuration.undoLimit, undoStack.count > limit {
            undoStack.removeFirst(undoStack.count - limit)
        }
    }

    /// Replaces the plain UTF-8 range `range` (unit-aligned) with `text`, re-parses,
    /// and puts the caret after the inserted text. With `limited`, the insert is cut to
    /// the longest prefix of its units that keeps the length within the maximum.
    /// Returns whether it was cut.
    private mutating func replacePlain(_ range: Range<Int>, with text: String, limited: Bool) -> Bool {
        let old = plainText
        let u = old.utf8
        let a = u.index(u.startIndex, offsetBy: range.lowerBound)
        let b = u.index(u.startIndex, offsetBy: range.upperBound)
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
        while true {
            let plain = String(old[..<a]) + insert + String(old[b...])
            setPlain(plain)
            // Joining can only merge clusters (the length shrinks); the loop is a guard
            // for text that was over the limit before the edit.
            if limited, let maxLength = configuration.maximumLength, let own = insertUnits,
               length > maxLength, keptUnits > 0 {
                keptUnits -= 1
                truncated = true
                insert = prefix(text, utf8Count: own.plainOffset(ofUnit: keptUnits, in: .utf8))
                continue
            }
            break
        }
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
