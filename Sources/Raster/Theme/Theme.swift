/// Resolves colour roles to colours. Two built-in themes, `light` and `dark`, cover
/// every built-in role; `setting(_:to:)` adds or overrides a role. A role the theme
/// does not know resolves to `fallback` (a loud magenta by default, so a missing
/// entry shows in a pixel snapshot instead of silently passing).
public struct Theme: Hashable, Sendable {
    /// `light`, `dark`, or a custom name (printed in reports).
    public var name: String
    /// The colour of each role it knows.
    public var colors: [ColorRole: Color]
    /// What an unknown role resolves to.
    public var fallback: Color

    /// - Parameters:
    ///   - name: The theme's name.
    ///   - colors: Role to colour.
    ///   - fallback: The colour of roles not in `colors` (magenta).
    public init(name: String, colors: [ColorRole: Color], fallback: Color = Color(hex: 0xFF00FF)) {
        self.name = name
        self.colors = colors
        self.fallback = fallback
    }

    /// The colour of `role`, or `fallback`.
    ///
    /// - Complexity: O(1) average.
    @inlinable public func color(_ role: ColorRole) -> Color {
        colors[role] ?? fallback
    }

    /// A copy with `role` set to `color` (added or overridden).
    public func setting(_ role: ColorRole, to color: Color) -> Theme {
        var t = self
        t.colors[role] = color
        return t
    }

    /// Close to iOS system colours in light mode (WeChat-like green outgoing bubble).
    public static let light = Theme(name: "light", colors: [
        .background: Color(hex: 0xEDEDED),
        .surface: Color(hex: 0xFFFFFF),
        .text: Color(hex: 0x111111),
        .secondaryText: Color(hex: 0x8A8A8E),
        .placeholderText: Color(hex: 0xC4C4C6),
        .accent: Color(hex: 0x07C160),
        .accentText: Color(hex: 0xFFFFFF),
        .separator: Color(hex: 0xD1D1D6),
        .border: Color(hex: 0xC6C6C8),
        .bubbleOutgoing: Color(hex: 0x95EC69),
        .bubbleOutgoingText: Color(hex: 0x111111),
        .bubbleIncoming: Color(hex: 0xFFFFFF),
        .bubbleIncomingText: Color(hex: 0x111111),
        .inputBackground: Color(hex: 0xF7F7F7),
        .keyboardBackground: Color(hex: 0xD1D3D9),
        .key: Color(hex: 0xFFFFFF),
        .keyText: Color(hex: 0x000000),
        .panelBackground: Color(hex: 0xF2F2F2),
        .pageIndicator: Color(hex: 0xC7C7CC),
        .pageIndicatorCurrent: Color(hex: 0x6D6D72),
        .highlight: Color(hex: 0x000000, alpha: 38),
        .selection: Color(hex: 0x07C160, alpha: 77),
        .caret: Color(hex: 0x07C160),
        .shadow: Color(hex: 0x000000, alpha: 64),
        .disabled: Color(hex: 0xB4B4B4),
        .destructive: Color(hex: 0xFA5151),
        .imagePlaceholder: Color(hex: 0xDADADA),
    ])

    /// The dark counterpart of `light`; same roles, darker surfaces, lighter text.
    public static let dark = Theme(name: "dark", colors: [
        .background: Color(hex: 0x111111),
        .surface: Color(hex: 0x1E1E1E),
        .text: Color(hex: 0xD5D5D5),
        .secondaryText: Color(hex: 0x8D8D92),
        .placeholderText: Color(hex: 0x5A5A5E),
        .accent: Color(hex: 0x07C160),
        .accentText: Color(hex: 0xFFFFFF),
        .separator: Color(hex: 0x38383A),
        .border: Color(hex: 0x48484A),
        .bubbleOutgoing: Color(hex: 0x3EB575),
        .bubbleOutgoingText: Color(hex: 0x0F0F0F),
        .bubbleIncoming: Color(hex: 0x2C2C2C),
        .bubbleIncomingText: Color(hex: 0xD5D5D5),
        .inputBackground: Color(hex: 0x1E1E1E),
        .keyboardBackground: Color(hex: 0x2B2B2B),
        .key: Color(hex: 0x4A4A4A),
        .keyText: Color(hex: 0xFFFFFF),
        .panelBackground: Color(hex: 0x191919),
        .pageIndicator: Color(hex: 0x48484A),
        .pageIndicatorCurrent: Color(hex: 0xAEAEB2),
        .highlight: Color(hex: 0xFFFFFF, alpha: 38),
        .selection: Color(hex: 0x07C160, alpha: 90),
        .caret: Color(hex: 0x07C160),
        .shadow: Color(hex: 0x000000, alpha: 128),
        .disabled: Color(hex: 0x5A5A5A),
        .destructive: Color(hex: 0xFA5151),
        .imagePlaceholder: Color(hex: 0x3A3A3A),
    ])
}
