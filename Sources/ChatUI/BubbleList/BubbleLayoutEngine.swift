import SimCore
import EmojiText
import Raster

/// Lays out messages the way the list draws them: the server text decodes through the
/// catalog's placeholder scanner into text runs and emoji, Raster's text layout breaks
/// it into lines for the bubble's maximum text width, and `BubbleMetrics` places the
/// bubble on the sender's side. A message made only of one to three emoji (spaces
/// aside) shows them big, without a bubble, as WeChat and iMessage do.
///
/// Pure and deterministic: the same (message, width) gives the same layout, which is
/// why the list may cache it under that key.
/// - Complexity: A layout is O(*n*) in the length of the message's text.
public struct BubbleLayoutEngine: Sendable {
    /// The catalog placeholders are decoded with.
    public var catalog: EmojiCatalog
    /// The bubble geometry.
    public var metrics: BubbleMetrics
    /// The meaning locale used for accessibility labels ("" is the catalog's default).
    public var locale: String
    /// The font's cell metrics text is measured with (the bitmap font's by default).
    public var fontMetrics: FontMetrics

    /// Creates an engine; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - metrics: The bubble geometry.
    ///   - locale: The meaning locale for labels.
    ///   - fontMetrics: The font's metrics.
    public init(catalog: EmojiCatalog, metrics: BubbleMetrics = BubbleMetrics(), locale: String = "",
                fontMetrics: FontMetrics = .unifont16) {
        self.catalog = catalog; self.metrics = metrics; self.locale = locale; self.fontMetrics = fontMetrics
    }

    /// The inline form of an emoji attachment: Unicode emoji keep their characters as
    /// the glyph (so the CharGrid prints them), image emoji their image name.
    ///
    /// - Parameter e: A catalog emoji.
    /// - Returns: The inline emoji, labelled with its meaning in ``locale``.
    public func inlineEmoji(_ e: Emoji) -> InlineEmoji {
        InlineEmoji(code: e.code, imageName: e.imageName, label: e.meaning(for: locale),
                    glyph: e.kind == .unicode ? e.code : nil)
    }

    /// The emoji of a message when it is only one to `bigEmojiMaxCount` emoji and
    /// whitespace; nil otherwise.
    ///
    /// - Parameter rich: The decoded message.
    /// - Returns: The emoji in order, or `nil` when the message has text or too many emoji.
    /// - Complexity: O(*n*) in the message's runs and text.
    public func bigEmojiContent(_ rich: RichText) -> [Emoji]? {
        var out: [Emoji] = []
        for run in rich.runs {
            switch run {
            case .text(let s):
                if !s.allSatisfy({ Self.isWhitespace($0) }) { return nil }
            case .emoji(let a):
                out.append(a.emoji)
                if out.count > metrics.bigEmojiMaxCount { return nil }
            }
        }
        return out.isEmpty ? nil : out
    }

    /// The label VoiceOver would read: the text with every emoji replaced by its
    /// meaning, separated by single spaces where it meets other text.
    ///
    /// - Parameter rich: The decoded message.
    /// - Returns: The label, whitespace collapsed to single spaces and trimmed.
    /// - Complexity: O(*n*) in the message's length.
    public func accessibilityLabel(_ rich: RichText) -> String {
        var out = ""
        for run in rich.runs {
            switch run {
            case .text(let s):
                out += s
            case .emoji(let a):
                if let last = out.last, !Self.isWhitespace(last) { out += " " }
                out += a.emoji.meaning(for: locale) + " "
            }
        }
        // Whitespace runs become one space, none at either end. Spans between them are
        // copied whole (character boundaries, so as appending each character would).
        var collapsed = ""
        collapsed.reserveCapacity(out.utf8.count)
        var spanStart = out.startIndex
        var pendingSpace = false
        var i = out.startIndex
        for c in out {
            let next = out.utf8.index(i, offsetBy: c.utf8.count)   // the next character's start
            if Self.isWhitespace(c) {
                if spanStart < i {
                    if pendingSpace { collapsed.append(" ") }
                    collapsed += out[spanStart..<i]
                }
                pendingSpace = !collapsed.isEmpty
                spanStart = next
            }
            i = next
        }
        if spanStart < out.endIndex {
            if pendingSpace { collapsed.append(" ") }
            collapsed += out[spanStart...]
        }
        return collapsed
    }

    /// `Character.isWhitespace`, without the Unicode property lookup for almost every
    /// character (see `TextLayout.isWhitespace`).
    static func isWhitespace(_ c: Character) -> Bool { TextLayout.isWhitespace(c) }

    /// Lays out one message for a list `listWidth` wide: big emoji when the message is only
    /// a few emoji, else a bubble of wrapped text on the sender's side.
    ///
    /// - Parameters:
    ///   - message: The message; its server text is decoded here.
    ///   - listWidth: The list's width in points.
    /// - Returns: The layout in row coordinates.
    /// - Complexity: O(*n*) in the length of the message's text.
    public func layout(_ message: Message, listWidth: Double) -> BubbleLayout {
        let rich = RichText(parsing: message.serverText, catalog: catalog)
        let tail: BubbleLayout.TailSide = message.sender == .me ? .right : .left
        let label = accessibilityLabel(rich)
        if let big = bigEmojiContent(rich) {
            let f = metrics.bigEmojiFrames(sender: message.sender, count: big.count, listWidth: listWidth)
            var placed: [BubbleLayout.PlacedEmoji] = []
            var animated: [BubbleLayout.AnimatedItem] = []
            for (e, frame) in zip(big, f.items) {
                var inline = inlineEmoji(e)
                inline.size = frame.size
                placed.append(.init(emoji: inline, frame: frame))
                if e.isAnimated, let name = e.imageName {
                    animated.append(.init(code: e.code, imageName: name, frame: frame))
                }
            }
            return BubbleLayout(style: .bigEmoji, sender: message.sender, rowHeight: f.rowHeight,
                                bubbleFrame: f.block, contentFrame: f.block, tail: tail,
                                animatedItems: animated, accessibilityLabel: label, bigEmoji: placed)
        }
        let runs: [InlineRun] = rich.runs.map {
            switch $0 {
            case .text(let s): return .text(s)
            case .emoji(let a): return .emoji(inlineEmoji(a.emoji))
            }
        }
        let text = TextLayout(runs, maxWidth: metrics.maxTextWidth(listWidth: listWidth), metrics: fontMetrics)
        var size = text.size
        size.height = max(size.height, fontMetrics.lineHeight)   // an empty message still has a line
        let f = metrics.bubbleFrames(sender: message.sender, textSize: size, listWidth: listWidth)
        var animated: [BubbleLayout.AnimatedItem] = []
        for line in text.lines {
            for g in line.glyphs {
                guard case .emoji(let e) = g.content, let name = e.imageName,
                      catalog.emoji(forCode: e.code)?.isAnimated == true else { continue }
                animated.append(.init(code: e.code, imageName: name,
                                      frame: g.frame.offsetBy(dx: f.content.minX, dy: f.content.minY)))
            }
        }
        return BubbleLayout(style: .bubble, sender: message.sender, rowHeight: f.rowHeight,
                            bubbleFrame: f.bubble, contentFrame: f.content, tail: tail,
                            animatedItems: animated, accessibilityLabel: label, text: text)
    }
}
