import Testing
import SimCore
import EmojiSimTesting
@testable import ChatUI

/// The seed's whole chain on a 60 Hz clock, with its trace as a reviewed reference:
/// first-responder changes, keyboard notifications with frames, text changes, send
/// enablement, heights, didSend.
@Suite struct InputBarTraceTests {
    @Test func seedChainTrace() throws {
        let r = InputBarRig(InputBarConfiguration(placeholder: "Message"))
        try r.send(.tapTextView())
        try r.advance(ms: 300)
        try r.send(.type("hi all"))
        try r.advance(ms: 100)
        try r.send(.tapToggle)
        try r.advance(ms: 300)
        try r.send(.select(location: 2, length: 0))
        try r.send(.insertEmoji(InputBarRig.smile))
        try r.send(.insertEmoji(InputBarRig.laugh))
        try r.advance(ms: 100)
        try r.send(.deleteFromPanel)
        try r.send(.tapTextView())
        try r.advance(ms: 300)
        try r.send(.type("!"))
        let sent = try r.send(.tapSend)
        #expect(sent.first == .didSend("hi[f056]! all"))
        try r.advance(ms: 300)
        try r.send(.tapOutside)
        try r.advance(ms: 300)

        let lines = r.trace.lines
        // Spot checks that do not depend on the reference file.
        #expect(lines.first == "0.000s inputBar becameFirstResponder")
        #expect(lines.contains("0.250s keyboard didShow from=none to=system begin=[0,667 375x260] end=[0,407 375x260] duration=0.250s curve=7"))
        #expect(lines.contains("0.400s keyboard willShow from=system to=emoji begin=[0,407 375x260] end=[0,451 375x216] duration=0.250s curve=7"))
        #expect(lines.contains { $0.hasSuffix("inputBar didSend text=\"hi[f056]! all\"") })
        #expect(lines.filter { $0.contains("didSend") }.count == 1)
        #expect(lines.last?.contains("keyboard didHide from=system to=none") == true)
        assertSnapshot(of: r.trace.text + "\n", as: .lines, named: "seed-chain")
    }
}
