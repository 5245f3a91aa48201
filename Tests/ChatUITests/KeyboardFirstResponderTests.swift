import Testing
import SimCore
@testable import ChatUI

@Suite struct KeyboardFirstResponderTests {
    @Test func tapTextViewBecomesFirstResponderWithTheSystemKeyboard() {
        var fr = FirstResponder()
        #expect(!fr.isFirstResponder && fr.keyboard == .none && !fr.toggleShowsKeyboardIcon)
        #expect(fr.apply(.tapTextView) == [.becameFirstResponder, .inputViewChanged(.system)])
        #expect(fr.isFirstResponder && fr.keyboard == .system)
        #expect(fr.apply(.tapTextView).isEmpty) // already there
    }

    @Test func tapTextViewWhileEmojiIsUpSwitchesBackToSystem() {
        var fr = FirstResponder()
        _ = fr.apply(.tapTextView)
        #expect(fr.apply(.tapToggle) == [.inputViewChanged(.emoji)])
        #expect(fr.toggleShowsKeyboardIcon)
        #expect(fr.apply(.tapTextView) == [.inputViewChanged(.system)])
        #expect(fr.keyboard == .system && !fr.toggleShowsKeyboardIcon)
    }

    @Test func toggleSwapsAndBecomesFirstResponderWhenNeeded() {
        var fr = FirstResponder()
        #expect(fr.apply(.tapToggle) == [.becameFirstResponder, .inputViewChanged(.emoji)])
        #expect(fr.apply(.tapToggle) == [.inputViewChanged(.system)])
        #expect(fr.apply(.tapToggle) == [.inputViewChanged(.emoji)])
    }

    @Test func tapOutsideResignsHidesAndResetsTheToggle() {
        var fr = FirstResponder()
        _ = fr.apply(.tapToggle)
        #expect(fr.apply(.tapOutside) == [.resignedFirstResponder])
        #expect(!fr.isFirstResponder && fr.keyboard == .none && !fr.toggleShowsKeyboardIcon)
        #expect(fr.apply(.tapOutside).isEmpty)
        // After a reset the toggle brings the emoji keyboard again, the text view the system one.
        #expect(fr.apply(.tapTextView) == [.becameFirstResponder, .inputViewChanged(.system)])
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

