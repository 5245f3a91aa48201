import Testing
import SimCore
import EmojiSimTesting
@testable import ChatUI

/// What the bar shows of its first-responder state, as settable fields for the TestStore.
struct FirstResponderObservation: Equatable {
    var isFirstResponder: Bool
    var keyboard: KeyboardKind
    var toggleShowsKeyboardIcon: Bool
    init(_ f: FirstResponder) {
        isFirstResponder = f.isFirstResponder; keyboard = f.keyboard; toggleShowsKeyboardIcon = f.toggleShowsKeyboardIcon
    }
}

typealias FirstResponderStore = TestStore<FirstResponder, FirstResponder.Input, FirstResponderObservation,
                                          FirstResponder.Change, Never>

func firstResponderStore() -> FirstResponderStore {
    FirstResponderStore(FirstResponder(), observe: FirstResponderObservation.init, reduce: { $0.apply($1) },
                        report: recordTestStoreIssue)
}

@Suite struct KeyboardFirstResponderTests {
    @Test func tapTextViewBecomesFirstResponderWithTheSystemKeyboard() {
        var store = firstResponderStore()
        #expect(store.state == FirstResponderObservation(FirstResponder()) && !store.state.isFirstResponder)
        store.send(.tapTextView, [.becameFirstResponder, .inputViewChanged(.system)]) {
            $0.isFirstResponder = true
            $0.keyboard = .system
        }
        store.send(.tapTextView) // already there
    }

    @Test func tapTextViewWhileEmojiIsUpSwitchesBackToSystem() {
        var store = firstResponderStore()
        store.skip(.tapTextView)
        store.send(.tapToggle, [.inputViewChanged(.emoji)]) {
            $0.keyboard = .emoji
            $0.toggleShowsKeyboardIcon = true
        }
        store.send(.tapTextView, [.inputViewChanged(.system)]) {
            $0.keyboard = .system
            $0.toggleShowsKeyboardIcon = false
        }
    }

    @Test func toggleSwapsAndBecomesFirstResponderWhenNeeded() {
        var store = firstResponderStore()
        store.send(.tapToggle, [.becameFirstResponder, .inputViewChanged(.emoji)]) {
            $0.isFirstResponder = true
            $0.keyboard = .emoji
            $0.toggleShowsKeyboardIcon = true
        }
        store.send(.tapToggle, [.inputViewChanged(.system)]) {
            $0.keyboard = .system
            $0.toggleShowsKeyboardIcon = false
        }
        store.send(.tapToggle, [.inputViewChanged(.emoji)]) {
            $0.keyboard = .emoji
            $0.toggleShowsKeyboardIcon = true
        }
    }

    @Test func tapOutsideResignsHidesAndResetsTheToggle() {
        var store = firstResponderStore()
        store.skip(.tapToggle)
        store.send(.tapOutside, [.resignedFirstResponder]) {
            $0.isFirstResponder = false
            $0.keyboard = .none
            $0.toggleShowsKeyboardIcon = false
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
        var fr = FirstResponder()
        let inputs: [FirstResponder.Input] = [.tapTextView, .tapToggle, .tapOutside]
        for _ in 0..<2000 {
            _ = fr.apply(inputs[rng.int(in: 0..<3)])
            #expect((fr.keyboard == .none) == !fr.isFirstResponder)
            #expect(fr.toggleShowsKeyboardIcon == (fr.keyboard == .emoji))
        }
    }
}

