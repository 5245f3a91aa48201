import Testing
import SimCore
import Tester
import ChatHarness
@testable import ChatUI

/// Seeded random sequences of list operations over a 1,000-message conversation; every
/// invariant is checked after every step.
@Suite struct BubbleListPropertyTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomOperationsKeepDisplayAndAnimationInvariants(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var players: [FakePlayer] = []
        let list = makeFakeList(1_000, seed: seed, players: { _ in let p = FakePlayer(); players.append(p); return p })
        var nextID = 1_000_000
        for step in 0..<600 {
            switch rng.int(in: 0..<10) {
            case 0...4:
                list.send(.setContentOffset(list.state.contentOffset + rng.double(in: -400...400), animated: false))
            case 5:
                list.send(.setDistanceFromBottom(rng.double(in: -50...(list.state.maxDistanceFromBottom + 50)), animated: false))
            case 6:
                let me = rng.bool()
                let scroll = list.append(Message(id: .init(nextID), sender: me ? .me : .other,
                                                 serverText: String(repeating: "b", count: rng.int(in: 1...90)) + (rng.bool() ? "*" : "")))
                nextID += 1
                if scroll { list.send(.scrollToBottom(animated: false)) }
            case 7:
                list.send(.setViewportHeight(rng.element(of: [500.0, 300, 240, 420])!))
            case 8:
                list.send(.setWidth(rng.element(of: [320.0, 375, 390, 667])!))
            default:
                list.send(.scrollToBottom(animated: false))
            }
            let violations = list.invariantViolations()
            #expect(violations.isEmpty, "seed \(seed) step \(step): \(violations)")
            if !violations.isEmpty { return }
            // A GIF animates iff its row is displayed: no player outside the displayed
            // cells runs.
            let displayedAnimating = list.animatingPlayerCount
            #expect(players.filter(\.isAnimating).count == displayedAnimating)
        }
        #expect(list.state.pool.reusedCount > 0)
    }
}
