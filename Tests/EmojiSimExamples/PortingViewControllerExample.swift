// docs/PORTING.md, "ChatScreen -> the view controller": the view controller's half of a
// port, each UIKit call a method (UIKit itself is not here), written from the two tables.
// The test below runs it beside `Host<ChatScreen>` and checks both trace the same lines.
// snippet: porting-view-controller
import SimCore
import Interaction                  // TouchEvent
import EmojiText
import Imaging                      // ImageLibrary
import Raster                       // Theme
import ChatUI

/// What `ChatViewController: UIViewController` does with a `ChatScreen`.
final class ChatViewController {
    let screen: ChatScreen
    private(set) var state: ChatScreen.State
    private(set) var log: [TraceEvent] = []              // a port that logs keeps the lines

    /// `viewDidLoad`: the reducer, its opening state, the table's first rows.
    init(profile: DeviceProfile, catalog: EmojiCatalog, images: ImageLibrary, messages: [Message], at now: SimInstant) {
        screen = ChatScreen(profile: profile, catalog: catalog, images: images)
        let opened = screen.initialState(messages: messages, at: now)
        state = opened.state
        handle(opened.events, at: now)
    }

    /// `touchesBegan/Moved/Ended/Cancelled` on the root view, in screen coordinates.
    func touches(_ touch: TouchEvent) { send(.touch(touch), at: touch.timestamp) }
    /// The `CADisplayLink` callback, added while `needsFrames` holds.
    func displayLinkFired(at now: SimInstant) {
        send(.frame, at: now)
        screen.performFrame(in: state, at: now)           // advance the visible GIF players
    }
    var needsFrames: Bool { screen.needsFrames(state, at: now) }
    /// The one `Timer`, scheduled at `nextDeadline`.
    func timerFired(at now: SimInstant) { send(.deadline, at: now) }
    var nextDeadline: SimInstant? { screen.nextDeadline(state) }
    /// The text view's `UITextInput` and edit menu.
    func insertText(_ text: String, at now: SimInstant) { send(.inputBar(.type(text)), at: now) }
    func deleteBackward(at now: SimInstant) { send(.inputBar(.backspace), at: now) }
    func setMarkedText(_ text: String, at now: SimInstant) { send(.inputBar(.compose(text)), at: now) }
    func unmarkText(at now: SimInstant) { send(.inputBar(.commitComposition), at: now) }
    func paste(_ pasteboard: String?, at now: SimInstant) {
        send(.inputBar(.setPasteboard(pasteboard)), at: now)   // UIPasteboard.general.string
        send(.inputBar(.paste), at: now)
    }
    /// `viewWillTransition(to:with:)`.
    func viewWillTransition(to size: Size, at now: SimInstant) { send(.resize(size), at: now) }
    /// `didReceiveMemoryWarning`.
    func didReceiveMemoryWarning(at now: SimInstant) { send(.memoryWarning, at: now) }
    /// A message from the server.
    func received(_ text: String, at now: SimInstant) { send(.receive(text), at: now) }
    /// `viewWillLayoutSubviews` between frames.
    func viewWillLayoutSubviews(at now: SimInstant) { send(.layout, at: now) }
    /// `traitCollectionDidChange(_:)`: the interface style.
    func traitCollectionDidChange(dark: Bool, at now: SimInstant) { send(.setTheme(dark ? .dark : .light), at: now) }

    private(set) var now = SimInstant.zero

    private func send(_ action: ChatScreen.Action, at instant: SimInstant) {
        now = instant
        handle(screen.reduce(into: &state, action, at: instant), at: instant)   // ChatScreen.Failure is Never
    }

    /// Each event in order: its line, its effects, what it means to UIKit, then the
    /// action it feeds back, before the next event.
    private func handle(_ events: [ChatScreen.Event], at now: SimInstant) {
        for event in events {
            if let line = screen.trace(event, at: now) { log.append(line) }
            screen.perform(event, in: state, at: now)      // GIF players, the frame cache
            switch event {
            case .inputBar: break                         // text view, keyboard notifications, controls
            case .panel(.inputClick): break               // UIDevice.current.playInputClick()
            case .panel: break                            // didSelect, didTapDelete: fed back below
            case .list: break                             // insertRows, reloadRows, scrollToRow, ...
            case .listGestures, .touchDown: break         // a log line, if you log
            case .outgoing: break                         // post the message to the server
            case .sent, .received, .markerTapped, .resized: break   // the .list events that follow
            case .memoryWarning: break                    // purged by perform
            case .refused: break                          // not possible now: ignore
            }
            if let back = screen.feedback(event) { send(back, at: now) }
        }
    }
}
// end snippet

import Testing
import Tester                       // Finder, to aim the touches
import ChatHarness                  // ChatScreen.resolve(_:in:at:)

@Suite struct PortingViewControllerExample {
    /// UIKit's run loop for the port: the display link on the 60 Hz grid (its first frame
    /// after it was added) while `needsFrames`, the one timer at `nextDeadline`.
    func run(_ port: ChatViewController, until end: SimInstant) {
        let perFrame = SimDuration.seconds(1).ticks / 60
        while true {
            let frame = port.needsFrames ? SimInstant(ticks: (port.now.ticks / perFrame + 1) * perFrame) : nil
            guard let next = earliest(frame, port.nextDeadline), next <= end else { return }
            if next == port.nextDeadline { port.timerFired(at: next) } else { port.displayLinkFired(at: next) }
        }
    }

    /// The port and `Host<ChatScreen>` (driven by the clock, as the scenarios are) told
    /// the same touches, keys and calls at the same instants trace the same lines and
    /// reach the same state: the tables' event order, effects and wiring are the host's.
    @Test func thePortTracesWhatTheHostTraces() throws {
        let port = ChatViewController(profile: .iphone8, catalog: .demo, images: ImageLibrary(),
                                      messages: DemoConversation.messages(), at: .zero)
        let host = Host<ChatScreen>(profile: .iphone8, catalog: .demo, messages: DemoConversation.messages())
        var t = SimInstant.zero
        func at(_ ms: Int, _ call: (SimInstant) -> Void, _ action: @autoclosure () -> ChatScreen.Action) {
            t = t + .milliseconds(ms)
            run(port, until: t)
            host.clock.advance(to: t)
            call(t)
            host.send(action())                                          // made at the new instant
        }
        func tap(_ finder: Finder) throws {
            guard case .hit(let hit) = host.reducer.resolve(finder, in: host.state, at: t + .milliseconds(400)) else {
                Issue.record("\(finder) is not hittable")
                return
            }
            for (ms, phase) in [(400, TouchEvent.Phase.began), (80, .ended)] {
                at(ms, { _ in port.touches(TouchEvent(id: 1, phase: phase, location: hit.point, timestamp: t)) },
                   .touch(TouchEvent(id: 1, phase: phase, location: hit.point, timestamp: t)))
            }
        }
        try tap(.input)                                                  // the system keyboard
        at(600, { port.insertText("ab", at: $0) }, .inputBar(.type("ab")))
        at(10, { port.deleteBackward(at: $0) }, .inputBar(.backspace))
        at(10, { port.setMarkedText("ni", at: $0) }, .inputBar(.compose("ni")))
        at(10, { port.unmarkText(at: $0) }, .inputBar(.commitComposition))
        at(10, { port.paste("[微笑]", at: $0) }, .inputBar(.setPasteboard("[微笑]")))
        host.send(.inputBar(.paste))
        try tap(.toggle)                                                 // the emoji keyboard
        try tap(.emoji("笑哭"))                                           // fed back: the bar inserts
        try tap(.delete)                                                 // fed back: the bar deletes
        try tap(.emoji("笑哭"))
        try tap(.send)                                                   // fed back: the list appends
        at(500, { port.received("[f056] ok", at: $0) }, .receive("[f056] ok"))
        at(10, { port.viewWillLayoutSubviews(at: $0) }, .layout)
        at(10, { port.didReceiveMemoryWarning(at: $0) }, .memoryWarning)
        at(10, { port.traitCollectionDidChange(dark: true, at: $0) }, .setTheme(.dark))
        at(10, { port.viewWillTransition(to: Size(width: 667, height: 375), at: $0) }, .resize(Size(width: 667, height: 375)))
        at(2_000, { _ in }, .layout)
        port.viewWillLayoutSubviews(at: t)

        #expect(host.messageCount == DemoConversation.messages().count + 2)
        #expect(host.inputText == "")
        #expect(port.log.map(\.description) == host.trace.retained.map(\.description))
        #expect(port.state == host.state)
    }
}
