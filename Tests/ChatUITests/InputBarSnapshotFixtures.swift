import SimCore
import Raster
import EmojiText
@testable import ChatUI

/// The states the snapshot tests render, built through the bar's actions.
enum InputBarSnapshotFixtures {
    /// A whole iPhone 8 screen: background, the bar at its frame, and the keyboard at
    /// its frame: the system keyboard as `Keyboard.State`'s `draw` paints it (the one drawing the screen uses too), the emoji keyboard
    /// as a test stand-in (the real EmojiPanel is ChatScreen's).
    ///
    /// Cropped to the bottom `cropHeight` points (the bar and the keyboards; the rest is
    /// empty background) to keep the references small.
    static func screen(_ bar: InputBar.State, at now: SimInstant, cropHeight: Double = 336) -> DisplayList {
        let size = bar.profile.size
        var list = DisplayList(size: size)
        list.fill(Rect(origin: .zero, size: size), .background, view: "Screen")
        bar.drawing(at: now).draw(into: &list, in: bar.frame(at: now))
        bar.loupeDrawing(barOrigin: bar.frame(at: now).origin, at: now).draw(into: &list, in: list.bounds)
        if bar.keyboardFrame(at: now).minY < size.height {
            bar.keyboard.draw(into: &list, in: bar.keyboardFrame(at: now))
        }
        let kb = bar.keyboard
        if kb.shownKind == .emoji {
            let f = kb.frame(at: now)
            list.fill(f, .panelBackground, label: "Emoji keyboard (test stand-in)", view: "EmojiPanelStandIn")
            let t = TextLayout("emoji keyboard stand-in")
            list.text(t, at: Point(x: 16, y: f.minY + 32), .secondaryText, view: "EmojiPanelStandIn")
        }
        var cropped = list.translated(dx: 0, dy: cropHeight - size.height)
        cropped.size = Size(width: size.width, height: cropHeight)
        return cropped
    }

    static func rig(_ c: InputBarConfiguration = InputBarConfiguration(placeholder: "Message")) -> InputBarRig {
        InputBarRig(c)
    }

    /// Bar-only states, in bar coordinates, after every animation settled.
    static func barStates() throws -> [(name: String, list: DisplayList)] {
        var out: [(String, DisplayList)] = []
        func settle(_ r: InputBarRig) throws { try r.advance(ms: 400) }

        var r = rig()
        out.append(("empty-placeholder", r.bar.displayList(at: r.clock.now)))

        r = rig()
        try r.send(.tapTextView())
        try r.send(.type("Hi "))
        try r.send(.tapToggle)
        try r.send(.insertEmoji(InputBarRig.smile))
        try r.send(.insertEmoji(InputBarRig.grin))
        try r.send(.tapTextView())
        try r.send(.type(" there"))
        try settle(r)
        out.append(("one-line-inline-emoji", r.bar.displayList(at: r.clock.now)))

        r = rig(multiline)
        try r.send(.tapTextView())
        try r.send(.type("line one\nline two\nline three\nline four\nline five"))
        try settle(r)
        out.append(("five-lines", r.bar.displayList(at: r.clock.now)))

        r = rig(multiline)
        try r.send(.tapTextView())
        try r.send(.type((1...7).map { "row \($0) of seven" }.joined(separator: "\n")))
        try settle(r)
        out.append(("scrolled-seven-lines", r.bar.displayList(at: r.clock.now)))

        r = rig()
        try r.send(.tapTextView())
        try r.send(.type("select some words"))
        try r.send(.select(location: 7, length: 4))
        out.append(("selection", r.bar.displayList(at: r.clock.now)))

        r = rig()
        try r.send(.tapTextView())
        try r.send(.type("pin "))
        try r.send(.compose("ni hao"))
        out.append(("marked-text", r.bar.displayList(at: r.clock.now)))

        r = rig()
        try r.send(.tapTextView())
        try r.send(.type("   "))
        out.append(("send-disabled", r.bar.displayList(at: r.clock.now)))

        r = rig()
        try r.send(.tapTextView())
        try r.send(.type("ready"))
        out.append(("send-enabled", r.bar.displayList(at: r.clock.now)))
        try r.send(.press(.send))
        out.append(("send-highlighted", r.bar.displayList(at: r.clock.now)))
        return out
    }

    /// Whole-screen states: each keyboard at rest and one frame in the middle of a
    /// system -> emoji switch.
    static func screenStates() throws -> [(name: String, list: DisplayList)] {
        var out: [(String, DisplayList)] = []
        let r = rig()
        out.append(("screen-keyboard-none", screen(r.bar, at: r.clock.now)))
        try r.send(.tapTextView())
        try r.send(.type("hello"))
        try r.advance(ms: 400)
        out.append(("screen-keyboard-system", screen(r.bar, at: r.clock.now)))
        try r.send(.tapToggle)
        try r.advance(ms: 50) // 3 frames into the 0.25 s switch
        out.append(("screen-switch-mid", screen(r.bar, at: r.clock.now)))
        try r.advance(ms: 350)
        out.append(("screen-keyboard-emoji", screen(r.bar, at: r.clock.now)))
        return out
    }

    /// A bar whose return key inserts a newline, for multi-line fixtures.
    static var multiline: InputBarConfiguration {
        var c = InputBarConfiguration(placeholder: "Message")
        c.returnKeySends = false
        return c
    }
}
