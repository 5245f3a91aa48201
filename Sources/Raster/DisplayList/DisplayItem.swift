/// Interaction states a rasterizer can show (the CharGrid style layer prints them).
public struct ItemState: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let highlighted = ItemState(rawValue: 1)
    public static let disabled = ItemState(rawValue: 2)
    public static let selected = ItemState(rawValue: 4)
}

/// A command with its semantic tags: the accessibility label a screen reader would
/// speak, the name of the view that drew it, and its interaction state.
public struct DisplayItem: Hashable, Sendable {
    public var command: DrawCommand
    public var accessibilityLabel: String?
    public var viewName: String?
    public var state: ItemState

    public init(_ command: DrawCommand, label: String? = nil, view: String? = nil, state: ItemState = []) {
        self.command = command
        self.accessibilityLabel = label
        self.viewName = view
        self.state = state
    }
}
