import SimCore
import EmojiText
import Raster

/// The transition function: `reduceAction` applies one action to a copy of the state,
/// `finish` derives what follows from any edit (layout, height animation, scroll to
/// the caret, send enablement) and emits the change events. Both are static and pure
/// apart from the events they append, so every transition is testable on values.
extension InputBar {
    static func reduceAction(_ s: inout State, _ action: Action, now: SimInstant,
                             events: inout [InputBarEvent]) throws(InputBarError) {
        switch action {
        case let .tapTextView(point):
            s.highlighted = nil // a tap ends any press
            respond(&s, .tapTextView, now: now, events: &events)
            if let point { placeCaret(&s, atBarPoint: point, now: now) }
        case let .doubleTapTextView(point):
            s.highlighted = nil
            respond(&s, .tapTextView, now: now, events: &events)
            selectWord(&s, atBarPoint: point, now: now)
        case .tapToggle:
            s.highlighted = nil
            respond(&s, .tapToggle, now: now, events: &events)
        case .tapOutside:
            s.highlighted = nil
            respond(&s, .tapOutside, now: now, events: &events)
        case let .type(text):
            try requireSystem(s, "type")
            // The return key inside typed text behaves as the return key.
            if !text.isEmpty { events.append(.keyClick(count: text.count)) }
            var chunk = ""
            for ch in text {
                if ch == "\n" || ch == "\r\n" {
                    if !chunk.isEmpty { editorInsertText(&s, chunk, &events); chunk = "" }
                    pressReturn(&s, now: now, events: &events)
                } else {
                    chunk.append(ch)
                }
            }
            if !chunk.isEmpty { editorInsertText(&s, chunk, &events) }
        case let .compose(marked):
            try requireSystem(s, "compose")
            editorSetMarkedText(&s, marked)
        case .commitComposition:
            try requireSystem(s, "commit the composition")
            editorUnmarkText(&s, &events)
        case .backspace:
            try requireSystem(s, "press backspace")
            events.append(.keyClick(count: 1))
            editorDeleteBackward(&s)
        case .returnKey:
            try requireSystem(s, "press return")
            events.append(.keyClick(count: 1))
            pressReturn(&s, now: now, events: &events)
        case let .insertEmoji(emoji):
            try requireEmoji(s, "insert an emoji")
            // No key click here: the panel's own `inputClick` is the one click of its key
            // (UIDevice.playInputClick, which its host plays); a second would double it.
            editorInsertEmoji(&s, emoji, &events)
        case .deleteFromPanel:
            try requireEmoji(s, "press the panel's delete key")
            editorDeleteBackward(&s) // the panel's `inputClick` clicks its delete key
        case let .select(location, length):
            try requireFirstResponder(s, "select")
            let total = editorLength(s)
            guard location >= 0, length >= 0, location <= total, length <= total - location else {
                throw .selectionOutOfBounds(location: location, length: length, textLength: total)
            }
            editorSelect(&s, location..<(location + length))
        case .selectAll:
            try requireFirstResponder(s, "select all")
            editorSelectAll(&s)
        case .cut:
            try requireFirstResponder(s, "cut")
            editorCut(&s)
        case .copy:
            try requireFirstResponder(s, "copy")
            editorCopy(&s)
        case .paste:
            try requireFirstResponder(s, "paste")
            editorPaste(&s, &events)
        case .undo:
            try requireFirstResponder(s, "undo")
            editorUndo(&s)
        case .redo:
            try requireFirstResponder(s, "redo")
            editorRedo(&s)
        case let .press(button):
            // A disabled button does not highlight, as UIButton.
            if button == .toggle || s.isSendEnabled { s.highlighted = button }
        case .release:
            s.highlighted = nil
        case .tapSend:
            s.highlighted = nil
            sendMessage(&s, now: now, events: &events)
        case .setPasteboard, .touch:
            break // `step` handles these before reaching here (no keyboard tick, no finish)
        case .tick:
            break // the keyboard's did* were posted by `step`; the height is a function of time
        case let .resize(size):
            guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
                  size.width <= 100_000, size.height <= 100_000 else {
                throw .invalidSize(width: size.width, height: size.height)
            }
            s.profile.size = size
            events += Keyboard().reduce(into: &s.keyboard, .resize(size), at: now).map(InputBarEvent.keyboard)
        }
    }

    /// Applies a first-responder input and moves the keyboard accordingly. IME marked
    /// text is committed when the system keyboard goes away (as UIKit does on resign or
    /// an input view change).
    static func respond(_ s: inout State, _ input: FirstResponder.Action, now: SimInstant,
                        events: inout [InputBarEvent]) {
        for change in FirstResponder().reduce(into: &s.responder, input, at: now) {
            switch change {
            case .becameFirstResponder: events.append(.becameFirstResponder)
            case .resignedFirstResponder: events.append(.resignedFirstResponder)
            case let .inputViewChanged(kind): events.append(.inputViewChanged(kind))
            }
        }
        if s.responder.keyboard != .system, editorHasMarkedText(s) { editorUnmarkText(&s, &events) }
        events += Keyboard().reduce(into: &s.keyboard, .show(s.responder.keyboard), at: now).map(InputBarEvent.keyboard)
    }

    static func pressReturn(_ s: inout State, now: SimInstant, events: inout [InputBarEvent]) {
        if editorHasMarkedText(s) { editorUnmarkText(&s, &events); return } // return commits the IME first
        if s.configuration.returnKeySends {
            sendMessage(&s, now: now, events: &events)
        } else {
            editorInsertText(&s, "\n", &events)
        }
    }

    /// Send: exactly once when enabled; clears, and resigns only when configured.
    static func sendMessage(_ s: inout State, now: SimInstant, events: inout [InputBarEvent]) {
        guard editorIsSendable(s), let text = editorSend(&s) else { return }
        events.append(.didSend(text))
        if !s.configuration.keepsKeyboardOnSend { respond(&s, .tapOutside, now: now, events: &events) }
    }

    static func requireSystem(_ s: State, _ action: String) throws(InputBarError) {
        guard s.responder.keyboard == .system else {
            throw .needsSystemKeyboard(action: action, keyboard: s.responder.keyboard)
        }
    }

    static func requireEmoji(_ s: State, _ action: String) throws(InputBarError) {
        guard s.responder.keyboard == .emoji else {
            throw .needsEmojiKeyboard(action: action, keyboard: s.responder.keyboard)
        }
    }

    static func requireFirstResponder(_ s: State, _ action: String) throws(InputBarError) {
        guard s.responder.isFirstResponder else { throw .notFirstResponder(action: action) }
    }

    /// After every action: relayout, animate the height on a line-count change, keep
    /// the caret visible, update send enablement, and report what changed.
    static func finish(_ s: inout State, before: Snapshot, now: SimInstant, events: inout [InputBarEvent]) {
        let lh = InputBar.lineHeight
        let layout = updateTextLayout(&s)
        s.lineCount = max(1, layout.lines.count)
        if s.lineCount != before.lines {
            let to = InputBarLayout.barHeight(lines: s.lineCount, configuration: s.configuration, lineHeight: lh)
            let from = s.height.value(at: now)
            if to != s.height.target {
                s.height.animate(to: to, at: now, duration: s.configuration.heightAnimationDuration)
                events.append(.heightWillChange(from: from, to: to, lines: s.lineCount))
            }
        }
        s.scrollOffset = scrollOffsetKeepingCaretVisible(s, layout: layout)
        s.isSendEnabled = editorIsSendable(s)
        // A button that becomes disabled while pressed stops tracking (UIButton).
        if !s.isSendEnabled && s.highlighted == .send { s.highlighted = nil }
        let after = Snapshot(s)
        if textDiffers(from: before, s) || after.selection != before.selection {
            events.append(.textChanged(text: s.editor.plainText, selectionLocation: after.selection.lowerBound,
                                       selectionLength: after.selection.count))
        }
        if after.sendEnabled != before.sendEnabled { events.append(.sendEnabledChanged(after.sendEnabled)) }
    }

    /// Whether the text differs from `before`'s: the editor's revision moves exactly
    /// when a call changes the text's bytes, so one move means a change (O(1)). An
    /// action that may change the text twice and end where it began (see
    /// `mayRestoreText`) kept the text before it, and compares it.
    static func textDiffers(from before: Snapshot, _ s: State) -> Bool {
        guard s.editor.textRevision != before.revision else { return false }
        guard let old = before.text else { return true }
        return old != s.editor.plainText
    }

    /// Actions that can change the text more than once and so may restore it: anything
    /// while composing (a commit cut to the maximum length, then the edit), and typed
    /// text with a return that sends (send clears, then the rest is typed). Other
    /// actions change the text at most once, or only ever lengthen it.
    static func mayRestoreText(_ s: State, _ action: Action) -> Bool {
        if s.editor.isComposing { return true }
        guard case let .type(text) = action, s.configuration.returnKeySends else { return false }
        return text.contains(where: { $0 == "\n" || $0 == "\r\n" })
    }

    /// A stand-in editor for a state whose own editor is being edited elsewhere
    /// (`reduce`): empty, so it holds none of the text's storage. O(1).
    static func parkedEditor(like e: Editor) -> Editor { e.parked() }

    /// The text view's content offset that shows the caret (UITextView scrolls the
    /// caret rect to visible after each edit), clamped to the scrollable range. The
    /// offset is measured at the resting height, so it is final even while the bar's
    /// height animates.
    static func scrollOffsetKeepingCaretVisible(_ s: State, layout: TextLayout) -> Double {
        let c = s.configuration
        let lh = InputBar.lineHeight
        let visible = InputBarLayout.textViewHeight(lines: s.lineCount, configuration: c, lineHeight: lh)
        let content = Double(s.lineCount) * lh + c.textInsets.vertical
        let maxOffset = max(0, content - visible)
        guard maxOffset > 0 else { return 0 }
        let caret = layout.caretRect(at: selection(of: s.editor).upperBound)
        let caretTop = c.textInsets.top + caret.minY
        let caretBottom = c.textInsets.top + caret.maxY
        var offset = s.scrollOffset
        if caretTop - c.textInsets.top < offset { offset = caretTop - c.textInsets.top }
        if caretBottom + c.textInsets.bottom > offset + visible { offset = caretBottom + c.textInsets.bottom - visible }
        return min(max(0, offset), maxOffset)
    }

    /// Selects the word (or the one emoji) under `point` (bar coordinates).
    static func selectWord(_ s: inout State, atBarPoint point: Point, now: SimInstant) {
        let layout = textLayout(s)
        let p = textContainerPoint(s, point, now: now)
        let b = layout.position(at: p)
        // The unit under the point: the one left of the nearest boundary when the point
        // is left of that boundary's caret (it was on that unit's right half).
        let unit = p.x < layout.caretRect(at: b).minX ? b - 1 : b
        editorSelect(&s, wordRange(at: unit, in: s.editor.units))
    }

    /// The range UITextView's double tap selects around `unit`: one emoji attachment
    /// alone; a run of letters and digits (a CJK run is one word: no dictionary
    /// segmentation); any other character (space, punctuation) alone. Clamped into the
    /// text; empty for an empty text.
    /// - Complexity: O(word length): it walks out from `unit` only.
    public static func wordRange(at unit: Int, in units: [RichUnit]) -> Range<Int> {
        guard !units.isEmpty else { return 0..<0 }
        let u = min(max(0, unit), units.count - 1)
        func isWordCharacter(_ x: RichUnit) -> Bool {
            if case let .character(c) = x { return c.isLetter || c.isNumber || c == "_" }
            return false
        }
        guard isWordCharacter(units[u]) else { return u..<(u + 1) }
        var lo = u, hi = u + 1
        while lo > 0 && isWordCharacter(units[lo - 1]) { lo -= 1 }
        while hi < units.count && isWordCharacter(units[hi]) { hi += 1 }
        return lo..<hi
    }

    /// A bar point in text-container coordinates (the layout's, scroll included).
    static func textContainerPoint(_ s: State, _ point: Point, now: SimInstant) -> Point {
        let c = s.configuration
        let tv = InputBarLayout(configuration: c, width: s.profile.size.width, height: s.height.value(at: now)).textViewFrame
        return Point(x: point.x - tv.minX - c.lineFragmentPadding, y: point.y - tv.minY - c.textInsets.top + s.scrollOffset)
    }

    /// Moves the caret to the text position nearest `point` (bar coordinates).
    static func placeCaret(_ s: inout State, atBarPoint point: Point, now: SimInstant) {
        let c = s.configuration
        let barLayout = InputBarLayout(configuration: c, width: s.profile.size.width, height: s.height.value(at: now))
        let tv = barLayout.textViewFrame
        let p = Point(x: point.x - tv.minX - c.lineFragmentPadding,
                      y: point.y - tv.minY - c.textInsets.top + s.scrollOffset)
        let index = textLayout(s).position(at: p)
        editorSelect(&s, index..<index)
    }
}
