// docs/PORTING.md, "Testing a port's logic the same way": EmojiSim's keyboard model in a
// TestStore, as its own tests write it (the state's fields are internal, so this needs
// `@testable`; a port's own models and tests are one package the same way).
// snippet: porting-test-store
import Testing
import SimCore
import EmojiSimTesting              // recordTestStoreIssue: failures as Swift Testing issues
@testable import ChatUI

@Suite struct KeyboardStoreExample {
    @Test func aKeyboardInATestStore() {
        let store = TestStore(Keyboard(), state: Keyboard.State(profile: .iphone8), report: recordTestStoreIssue)
        let t0 = SimInstant.zero + .milliseconds(100)
        let hidden = Rect(x: 0, y: 667, width: 375, height: 216), shown = Rect(x: 0, y: 451, width: 375, height: 216)
        let slide = Keyboard.Animation(fromFrame: hidden, toFrame: shown, fromKind: .none, toKind: .emoji,
                                       start: t0, duration: .milliseconds(250))
        func note(_ name: KeyboardNotification.Name) -> KeyboardNotification {
            KeyboardNotification(name: name, beginFrame: hidden, endFrame: shown, duration: .milliseconds(250),
                                 curve: 7, fromKind: .none, toKind: .emoji)
        }
        store.send(.show(.emoji), at: t0, [note(.willChangeFrame), note(.willShow)]) {
            $0.kind = .emoji
            $0.animation = slide
            $0.lastShownHeight = 216                        // the emoji keyboard's height, for the next show
        }
        store.send(.tick, at: t0 + .milliseconds(250), [note(.didChangeFrame), note(.didShow)]) {
            $0.animation = nil
        }
        #expect(store.state.frame(at: t0 + .milliseconds(300)) == shown)
    }
}
// end snippet
