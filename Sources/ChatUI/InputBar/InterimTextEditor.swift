import EmojiText

/// A minimal stand-in for EmojiText's `TextEditor` while that module is being built:
/// elements (characters and emoji attachments), a selection, marked text, undo/redo
/// and a maximum length. Replaced by `TextEditor` as soon as it lands; only
/// `InputBar+Editor.swift` touches it.
struct InterimTextEditor: Hashable, Sendable {
    enum Element: Hashable, Sendable {
        case character(Character)
        case emoji(Emoji)
        var backed: String {
            switch self {
            case let .character(c): return String(c)
            case let .emoji(e): return e.kind == .unicode ? e.code : "[" + e.code + "]"
            }
        }
    }

    var elements: [Element] = []
    var selection: Range<Int> = 0..<0
    var marked: Range<Int>?
    var maxLength: Int?
    private var undoStack: [Snap] = []
    private var redoStack: [Snap] = []

    struct Snap: Hashable, Sendable { var elements: [Element]; var selection: Range<Int> }

    init(maxLength: Int?) { self.maxLength = maxLength }

    var plainText: String { elements.map(\.backed).joined() }
    var serverText: String { plainText }
    var isSendable: Bool { plainText.contains { !$0.isWhitespace } }

    private mutating func checkpoint() {
        undoStack.append(Snap(elements: elements, selection: selection))
        redoStack.removeAll()
    }

    private mutating func replaceSelection(with new: [Element]) {
        var new = new
        if let maxLength {
            let room = maxLength - (elements.count - selection.count)
            if room < new.count { new = Array(new.prefix(max(0, room))) }
        }
        elements.replaceSubrange(selection, with: new)
        selection = (selection.lowerBound + new.count)..<(selection.lowerBound + new.count)
    }

    mutating func insertText(_ s: String) {
        checkpoint(); commitMarked()
        replaceSelection(with: s.map(Element.character))
    }

    mutating func insertEmoji(_ e: Emoji) {
        checkpoint(); commitMarked()
        replaceSelection(with: [.emoji(e)])
    }

    mutating func deleteBackward() {
        checkpoint()
        if let m = marked { selection = m; marked = nil }
        if selection.isEmpty {
            guard selection.lowerBound > 0 else { return }
            selection = (selection.lowerBound - 1)..<selection.lowerBound
        }
        replaceSelection(with: [])
    }

    mutating func setMarkedText(_ s: String) {
        if let m = marked { selection = m }
        let start = selection.lowerBound
        replaceSelection(with: s.map(Element.character))
        marked = s.isEmpty ? nil : start..<(start + s.count)
    }

    mutating func commitMarked() { marked = nil }

    mutating func select(_ r: Range<Int>) { commitMarked(); selection = r }
    mutating func selectAll() { select(0..<elements.count) }

    func copy() -> String? {
        selection.isEmpty ? nil : elements[selection].map(\.backed).joined()
    }

    mutating func cut() -> String? {
        guard let t = copy() else { return nil }
        checkpoint(); replaceSelection(with: [])
        return t
    }

    mutating func paste(_ s: String) { insertText(s) }

    mutating func undo() {
        guard let s = undoStack.popLast() else { return }
        redoStack.append(Snap(elements: elements, selection: selection))
        elements = s.elements; selection = s.selection; marked = nil
    }

    mutating func redo() {
        guard let s = redoStack.popLast() else { return }
        undoStack.append(Snap(elements: elements, selection: selection))
        elements = s.elements; selection = s.selection; marked = nil
    }

    mutating func clear() {
        self = InterimTextEditor(maxLength: maxLength)
    }
}
