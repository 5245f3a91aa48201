import SimCore
import Raster

/// How one message is drawn inside its row, in row coordinates (x from the list's left
/// edge, y from the row's top). Computed once per (message, list width) and cached.
public struct BubbleLayout: Hashable, Sendable {
    /// How the message is drawn.
    public enum Style: String, Hashable, Sendable {
        /// Text (with inline emoji) inside a rounded bubble with a tail.
        case bubble
        /// One to three emoji alone, drawn large without a bubble.
        case bigEmoji
    }

    /// The side the bubble's tail points to: the sender's side.
    public enum TailSide: String, Hashable, Sendable {
        /// An incoming message's tail, on the left.
        case left
        /// An outgoing message's tail, on the right.
        case right
    }

    /// An animated emoji placed in the row, played while the row is visible.
    public struct AnimatedItem: Hashable, Sendable {
        /// Catalog code of the emoji (e.g. `f056`).
        public var code: String
        /// Image resource name the player decodes.
        public var imageName: String
        /// Where the emoji is drawn, in row coordinates.
        public var frame: Rect
        /// Creates an item; each parameter sets the property of the same name.
        ///
        /// - Parameters:
        ///   - code: The emoji's catalog code.
        ///   - imageName: Its image resource name.
        ///   - frame: Its frame in row coordinates.
        public init(code: String, imageName: String, frame: Rect) {
            self.code = code; self.imageName = imageName; self.frame = frame
        }
    }

    /// Bubble or big emoji.
    public var style: Style
    /// Who sent the message: decides the side and the colours.
    public var sender: Message.Sender
    /// The row's full height, spacing included.
    public var rowHeight: Double
    /// The bubble (or, for big emoji, the emoji block) in row coordinates.
    public var bubbleFrame: Rect
    /// Where the text (or big emoji) is laid out, in row coordinates.
    public var contentFrame: Rect
    /// The side of the bubble's tail.
    public var tail: TailSide
    /// The animated emoji of the row, in text order; each gets a player while visible.
    public var animatedItems: [AnimatedItem]
    /// The bubble's accessibility label: its text with emoji replaced by meanings.
    public var accessibilityLabel: String
    /// The text laid out for the bubble (nil for big emoji), drawn at `contentFrame.origin`.
    public var text: TextLayout?
    /// Big emoji and their frames in row coordinates (empty for a bubble).
    public var bigEmoji: [PlacedEmoji]

    /// An emoji drawn on its own (big), with its frame in row coordinates.
    public struct PlacedEmoji: Hashable, Sendable {
        /// The emoji and how it is drawn.
        public var emoji: InlineEmoji
        /// Its frame in row coordinates.
        public var frame: Rect
        /// Creates a placed emoji.
        ///
        /// - Parameters:
        ///   - emoji: The emoji.
        ///   - frame: Its frame in row coordinates.
        public init(emoji: InlineEmoji, frame: Rect) { self.emoji = emoji; self.frame = frame }
    }

    /// Creates a layout; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - style: Bubble or big emoji.
    ///   - sender: Who sent the message.
    ///   - rowHeight: The row's height, spacing included.
    ///   - bubbleFrame: The bubble or emoji block, in row coordinates.
    ///   - contentFrame: Where the content is laid out.
    ///   - tail: The tail's side.
    ///   - animatedItems: The row's animated emoji.
    ///   - accessibilityLabel: The bubble's label.
    ///   - text: The laid-out text, for a bubble.
    ///   - bigEmoji: The placed emoji, for big emoji.
    public init(style: Style, sender: Message.Sender, rowHeight: Double, bubbleFrame: Rect,
                contentFrame: Rect, tail: TailSide, animatedItems: [AnimatedItem] = [],
                accessibilityLabel: String, text: TextLayout? = nil, bigEmoji: [PlacedEmoji] = []) {
        self.style = style; self.sender = sender; self.rowHeight = rowHeight
        self.bubbleFrame = bubbleFrame; self.contentFrame = contentFrame; self.tail = tail
        self.animatedItems = animatedItems; self.accessibilityLabel = accessibilityLabel
        self.text = text; self.bigEmoji = bigEmoji
    }

    /// The reuse identifier a row with this layout dequeues.
    public var reuseIdentifier: CellReuseIdentifier {
        switch style {
        case .bigEmoji: return .bigEmoji
        case .bubble: return sender == .me ? .outgoing : .incoming
        }
    }
}

/// The geometry rules of a bubble, independent of how the content was measured.
public struct BubbleMetrics: Hashable, Sendable {
    /// Maximum bubble width as a fraction of the list width.
    public var maxBubbleWidthFraction: Double = 0.72
    /// Padding between the bubble's edge and its text. Multiples of the 8 x 16 pt
    /// character cell, so a bubble's outline and its text land on distinct cells in the
    /// CharGrid as they do in pixels.
    public var padding = Insets(top: 16, left: 16, bottom: 16, right: 16)
    /// Horizontal margin between the list edge and the bubble (the tail sits in it).
    public var sideMargin: Double = 8
    /// Width of the tail drawn outside the bubble on the sender's side.
    public var tailWidth: Double = 6
    /// Vertical space after each row.
    public var rowSpacing: Double = 16
    /// Side of one big emoji.
    public var bigEmojiSide: Double = 48
    /// Up to this many emoji alone show big.
    public var bigEmojiMaxCount: Int = 3

    /// The default metrics (the values above).
    public init() {}

    /// Width available to text in a bubble for a list `listWidth` wide.
    ///
    /// - Parameter listWidth: The list's width in points.
    /// - Returns: The width in points, never less than 16.
    public func maxTextWidth(listWidth: Double) -> Double {
        max(16, (listWidth * maxBubbleWidthFraction).rounded(.down) - padding.horizontal)
    }

    /// Places a bubble of text measured as `textSize` in a row of a list `listWidth`
    /// wide: outgoing bubbles hug the right edge, incoming the left, tails outside.
    ///
    /// - Parameters:
    ///   - sender: Who sent the message: decides the side.
    ///   - textSize: The measured text.
    ///   - listWidth: The list's width in points.
    /// - Returns: The bubble and content frames in row coordinates, and the row's height.
    public func bubbleFrames(sender: Message.Sender, textSize: Size, listWidth: Double)
        -> (bubble: Rect, content: Rect, rowHeight: Double) {
        let w = textSize.width + padding.horizontal
        let h = textSize.height + padding.vertical
        // Outgoing bubbles hug the right margin, their x rounded down to the 8 pt grid.
        let x = sender == .me ? ((listWidth - sideMargin - w) / 8).rounded(.down) * 8 : sideMargin
        let bubble = Rect(x: x, y: 0, width: w, height: h)
        let content = Rect(x: x + padding.left, y: padding.top, width: textSize.width, height: textSize.height)
        return (bubble, content, h + rowSpacing)
    }

    /// Places `count` big emoji in a row, on the sender's side.
    ///
    /// - Parameters:
    ///   - sender: Who sent the message: decides the side.
    ///   - count: The number of emoji.
    ///   - listWidth: The list's width in points.
    /// - Returns: The block and each emoji's frame in row coordinates, and the row's height.
    /// - Complexity: O(*n*) in `count`.
    public func bigEmojiFrames(sender: Message.Sender, count: Int, listWidth: Double)
        -> (block: Rect, items: [Rect], rowHeight: Double) {
        let w = Double(count) * bigEmojiSide
        let x = sender == .me ? ((listWidth - sideMargin - w) / 8).rounded(.down) * 8 : sideMargin
        let items = (0..<count).map { Rect(x: x + Double($0) * bigEmojiSide, y: 0, width: bigEmojiSide, height: bigEmojiSide) }
        return (Rect(x: x, y: 0, width: w, height: bigEmojiSide), items, bigEmojiSide + rowSpacing)
    }
}
