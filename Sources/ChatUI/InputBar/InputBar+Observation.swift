import SimCore
import EmojiText

extension InputBar {
    /// The bar's observable state as settable fields: what a `TestStore` asserts. The
    /// editor is observed by its text, selection, marked range and undo availability
    /// (`TextEditor` itself is not Equatable), the keyboard by `Keyboard.Observation`.
    /// The configuration is left out: no action changes it.
    public struct Observation: Hashable, Sendable {
        public var text: String
        public var selection: Range<Int>
        public var markedRange: Range<Int>?
        public var canUndo: Bool
        public var canRedo: Bool
        public var isFirstResponder: Bool
        /// The input view the text view asks for (`.none` unless first responder).
        public var inputView: KeyboardKind
        public var keyboard: Keyboard.State
        public var screen: Size
        public var lineCount: Int
        public var height: HeightAnimation
        public var scrollOffset: Double
        public var isSendEnabled: Bool
        public var highlighted: Button?
        public var tracking: TouchTracking?
        public var pasteboard: Pasteboard
        public var lastTextViewTap: TextViewTap?

        public init(_ bar: InputBar) { self.init(bar.state) }

        public init(_ s: State) {
            text = s.editor.plainText
            selection = s.editor.selection
            markedRange = s.editor.markedRange
            canUndo = s.editor.canUndo
            canRedo = s.editor.canRedo
            isFirstResponder = s.responder.isFirstResponder
            inputView = s.responder.keyboard
            keyboard = s.keyboard
            screen = s.profile.size
            lineCount = s.lineCount
            height = s.height
            scrollOffset = s.scrollOffset
            isSendEnabled = s.isSendEnabled
            highlighted = s.highlighted
            tracking = s.tracking
            pasteboard = s.pasteboard
            lastTextViewTap = s.lastTextViewTap
        }
    }
}
