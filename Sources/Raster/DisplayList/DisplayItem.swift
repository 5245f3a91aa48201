/// Interaction states a rasterizer can show (the CharGrid style layer prints them).
public struct ItemState: OptionSet, Hashable, Sendable {
    /// The bits: 1 highlighted, 2 disabled, 4 selected.
    public let rawValue: UInt8
    /// States from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Pressed (a key under the finger).
    public static let highlighted = ItemState(rawValue: 1)
    /// Not accepting touches (the Send button with no text).
    public static let disabled = ItemState(rawValue: 2)
    /// Chosen (the current tab, the current page dot).
    public static let selected = ItemState(rawValue: 4)
}

/// A command with its semantic tags: the accessibility label a screen reader would
/// speak, the name of the view that drew it, and its interaction state.
public struct DisplayItem: Hashable, Sendable {
    /// What is drawn.
    public var command: DrawCommand
    /// What a screen reader speaks for it; finders match labels.
    public var accessibilityLabel: String?
    /// The view that drew it (`panel.emoji`, `inputBar.send`); finders match names.
    public var viewName: String?
    /// Highlighted, disabled, selected.
    public var state: ItemState

    /// - Parameters:
    ///   - command: What is drawn.
    ///   - label: The accessibility label.
    ///   - view: The view's name.
    ///   - state: The interaction state.
    public init(_ command: DrawCommand, label: String? = nil, view: String? = nil, state: ItemState = []) {
        self.command = command
        self.accessibilityLabel = label
        self.viewName = view
        self.state = state
    }
}
