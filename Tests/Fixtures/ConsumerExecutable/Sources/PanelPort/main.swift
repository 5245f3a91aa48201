// The EmojiPanel's half of a port (docs/PORTING.md), as an app's executable runs it:
// the keyboard view's controller holds the reducer and its state, sends touches at their
// timestamps, display-link frames while `needsFrames`, the one timer at `nextDeadline`,
// and performs the events (didSelect -> the text view's insertText). Run by
// Tools/check-consumer-executable.sh: it prints what happened and stops with a fatal error (a non-zero status) when the
// panel did not do what a user's fingers asked. It imports no Glibc or Foundation on
// purpose: their modules link libm themselves, which would hide a core target that calls
// `rounded()` without declaring libm (Package.swift's `libm`).
// snippet: porting-executable
import SimCore                                  // SimInstant, SimDuration, Point
import Interaction                              // TouchEvent
import EmojiText                                // EmojiCatalog, Emoji
import ChatUI                                   // EmojiPanel

/// What `EmojiKeyboardView: UIInputView` does with an `EmojiPanel`.
final class EmojiKeyboardController {
    let panel = EmojiPanel(catalog: .demo)
    private(set) var state: EmojiPanel.State
    private(set) var now = SimInstant.zero
    private(set) var inserted: [Emoji] = []     // what the text view received
    private(set) var deletes = 0                // deleteBackward calls
    private(set) var clicks = 0                 // UIDevice.current.playInputClick()
    private(set) var log: [String] = []         // the delegate moments, if you log them

    init(width: Double) { state = panel.initialState(width: width) }

    /// `touchesBegan/Moved/Ended` in the keyboard view's coordinates.
    func touch(_ phase: TouchEvent.Phase, at location: Point, _ instant: SimInstant) {
        run(until: instant)
        send(.touch(TouchEvent(phase: phase, location: location, timestamp: instant)), at: instant)
    }

    /// UIKit's run loop up to `end`: the `CADisplayLink` on the 60 Hz grid while
    /// `needsFrames`, the one `Timer` at `nextDeadline`.
    func run(until end: SimInstant) {
        while true {
            let frame = panel.needsFrames(state, at: now) ? now.nextFrame(at: 60) : nil
            guard let next = earliest(frame, panel.nextDeadline(state)), next <= end else { break }
            send(next == panel.nextDeadline(state) ? .deadline : .tick, at: next)
        }
        now = max(now, end)
    }

    private func send(_ action: EmojiPanel.Action, at instant: SimInstant) {
        now = instant
        for event in panel.reduce(into: &state, action, at: instant) {
            switch event {
            case .didSelect(let emoji): inserted.append(emoji)
            case .didTapDelete: deletes += 1
            case .inputClick: clicks += 1
            case .moment: if let line = panel.trace(event, at: instant) { log.append(line.description) }
            }
        }
    }
}

/// A tap on the first key, a swipe to the next page, then the delete key held for 1.2 s;
/// what happened, printed, and whether it is what the fingers asked for.
func tapSwipeAndHoldDelete() -> Bool {
    let keyboard = EmojiKeyboardController(width: 375)
    var t = SimInstant.zero
    func after(_ ms: Int) -> SimInstant { t = t + .milliseconds(ms); return t }

    let firstKey = keyboard.state.location(row: 0, column: 0)
    let expected = keyboard.state.sections[0].emoji[0]
    keyboard.touch(.began, at: firstKey, after(100))
    keyboard.touch(.ended, at: firstKey, after(80))
    keyboard.touch(.began, at: Point(x: 300, y: firstKey.y), after(500))
    for x in stride(from: 260.0, through: 60, by: -40) { keyboard.touch(.moved, at: Point(x: x, y: firstKey.y), after(16)) }
    keyboard.touch(.ended, at: Point(x: 60, y: firstKey.y), after(16))
    keyboard.run(until: after(1_000))
    guard let delete = keyboard.state.deleteKeyLocation else { print("FAIL: no delete key"); return false }
    keyboard.touch(.began, at: delete, after(100))
    keyboard.touch(.ended, at: delete, after(1_200))

    print("inserted: \(keyboard.inserted), clicks: \(keyboard.clicks), deletes: \(keyboard.deletes)")
    print("panel: \(keyboard.state)")
    print("delegate moments: \(keyboard.log.count), the first: \(keyboard.log.first ?? "none")")
    // Held 1.2 s: one delete at the touch, then repeats from 0.5 s every 0.1 s up to
    // the lift (0.5 ... 1.1 s); each key plays one click.
    guard keyboard.inserted == [expected], keyboard.state.pageInGroup == 1, keyboard.deletes == 8,
          keyboard.clicks == 1 + 8, keyboard.state.isSettled else {
        print("FAIL: expected \(expected) inserted once, page 1 of its group, 8 deletes, 9 clicks, settled")
        return false
    }
    return true
}

guard tapSwipeAndHoldDelete() else { fatalError("the panel did not do what the touches asked") }
print("ok")
// end snippet
