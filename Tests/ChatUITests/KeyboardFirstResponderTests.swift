import Testing
import SimCore
import EmojiSimTesting
@testable import ChatUI

typealias FirstResponderStore = TestStore<FirstResponder>

/// A store over the first-responder rules from their resting state. The toggle's icon
/// is derived (`State.toggleShowsKeyboardIcon`), checked where it flips.
func firstResponderStore() -> FirstResponderStore {
    FirstResponderStore(FirstResponder(), state: FirstResponder.State(), report: recordTestStoreIssue)
}

@Suite struct KeyboardFirstResponderTests {
    @Test func tapTextViewBecomesFirstResponderWithTheSystemKeyboard() {
        let store = firstResponderStore()
        #expect(store.state == FirstResponder.State() && !store.state.isFirstResponder && !store.state.toggleShowsKeyboardIcon)
        store.send(.tapTextView, [.becameFirstResponder, .inputViewChanged(.system)]) {
            $0.isFirstResponder = true
            $0.keyboard = .system
        }
        store.send(.tapTextView) // already there
    }

    @Test func tapTextViewWhileEmojiIsUpSwitchesBackToSystem() {
        let store = firstResponderStore()
        store.skip(.tapTextView)
        store.send(.tapToggle, [.inputViewChanged(.emoji)]) {
            $0.keyboard = .emoji
        }
        store.send(.tapTextView, [.inputViewChanged(.system)]) {
            $0.keyboard = .system
        }
    }

    @Test func toggleSwapsAndBecomesFirstResponderWhenNeeded() {
        let store = firstResponderStore()
        store.send(.tapToggle, [.becameFirstResponder, .inputViewChanged(.emoji)]) {
            $0.isFirstResponder = true
            $0.keyboard = .emoji
        }
        store.send(.tapToggle, [.inputViewChanged(.system)]) {
            $0.keyboard = .system
        }
        store.send(.tapToggle, [.inputViewChanged(.emoji)]) {
            $0.keyboard = .emoji
        }
    }

    @Test func tapOutsideResignsHidesAndResetsTheToggle() {
        let store = firstResponderStore()
        store.skip(.tapToggle)
        store.send(.tapOutside, [.resignedFirstResponder]) {
            $0.isFirstResponder = false
            $0.keyboard = .none
        }
        store.send(.tapOutside)
        // After a reset the toggle brings the emoji keyboard again, the text view the system one.
        store.send(.tapTextView, [.becameFirstResponder, .inputViewChanged(.system)]) {
            $0.isFirstResponder = true
            $0.keyboard = .system
        }
    }

    @Test func invariantHoldsOverRandomInputs() {
        var rng = SeededRandom(seed: 7)
        var fr = FirstResponder.State()
        let inputs: [FirstResponder.Action] = [.tapTextView, .tapToggle, .tapOutside]
        for _ in 0..<2000 {
            _ = FirstResponder().reduce(into: &fr, inputs[rng.int(in: 0..<3)], at: .zero)
            #expect((fr.keyboard == .none) == !fr.isFirstResponder)
            #expect(fr.toggleShowsKeyboardIcon == (fr.keyboard == .emoji))
        }
    }
}

