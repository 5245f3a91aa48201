import Testing
import SimCore
import Tester
import ChatHarness
import EmojiText
import Imaging
import Interaction
import Raster
import EmojiSimTesting
@testable import ChatUI

/// Images for the pixel snapshots: the same synthetic discs the list's players use.
var syntheticImages: ImageProvider { ImageProvider { name, frame in
    name.isEmpty ? nil : SyntheticEmojiImages.frame(name: name, index: frame, animated: name.hasSuffix(".gif"))
} }

func pngConfig(theme: Theme = .light, scale: Int = 1) -> RenderConfiguration {
    RenderConfiguration(scale: scale, theme: theme, images: syntheticImages)
}

/// A list over the demo catalog with real layout and GIF players, alone in a canvas:
/// a `Host<BubbleList>` driven by a `Tester` (manual timing: time passes only when a
/// test pumps it).
final class ListHarness: DisplayListRepresentable {
    let cache = FrameCache()
    let host: Host<BubbleList>
    let tester: Tester<Host<BubbleList>>
    /// Every player the list ever made, so tests can see one left running off screen.
    final class Made { var players: [GIFBubblePlayer] = [] }
    let made = Made()
    var runningPlayers: Int { made.players.reduce(0) { $0 + ($1.isAnimating ? 1 : 0) } }
    var clock: VirtualClock { host.clock }
    var trace: Trace { host.trace }
    /// The list's state now.
    var list: BubbleList.State { host.state }

    init(_ messages: [Message], width: Double = 375, height: Double = 480, locale: String = "en") {
        let engine = BubbleLayoutEngine(catalog: .demo, locale: locale)
        let lib = SyntheticEmojiImages.library(for: .demo)
        let players = BubbleListPlayers(factory: { [made, cache] (item: BubbleLayout.AnimatedItem) -> GIFBubblePlayer? in
            guard let image = try? lib.image(named: item.imageName) else { return nil }
            let p = GIFBubblePlayer(image: image, cache: cache)
            made.players.append(p)
            return p
        })
        host = Host(list: BubbleList(layout: { engine.layout($0, listWidth: $1) }, players: players),
                    messages: messages, width: width, viewportHeight: height)
        tester = Tester(host, timing: .manual)
    }

    /// Lets `d` pass: the host's display link ticks the list and its players at each
    /// frame while it needs frames.
    func run(_ d: SimDuration) { tester.pump(d) }

    func displayList() -> DisplayList { host.displayList() }
}

@Suite struct BubbleListSnapshotTests {
    @Test func conversationAtTheBottom() {
        let h = ListHarness(DemoConversation.messages())
        h.run(.milliseconds(250))
        assertSnapshot(of: h, as: .ascii, named: "ascii")
        assertSnapshot(of: h, as: .asciiStyled, named: "styled")
        assertSnapshot(of: h, as: .png(pngConfig()), named: "png")
        #expect(h.host.invariantViolations().isEmpty)
    }

    @Test func midScroll() {
        let h = ListHarness(DemoConversation.generated(count: 200, seed: 3, animatedEvery: 4))
        // A drag down then release with velocity: the frame 12 frames into the deceleration.
        let t0 = h.clock.now
        for i in 0...6 {
            let t = t0 + .frames(i, at: 60)
            let u = GestureUpdate(name: "pan", kind: .pan, state: i == 0 ? .began : (i == 6 ? .ended : .changed),
                                  time: t, location: Point(x: 200, y: 200 + Double(i) * 30),
                                  translation: Point(x: 0, y: Double(i) * 30), velocity: Point(x: 0, y: 1800))
            h.tester.pump(t - h.clock.now)
            h.host.send(.pan(u))
        }
        h.run(.frames(12, at: 60))
        #expect(!h.list.isSettled)
        assertSnapshot(of: h, as: .ascii, named: "ascii")
        assertSnapshot(of: h, as: .asciiStyled, named: "styled")
        #expect(h.host.invariantViolations().isEmpty)
    }

    @Test func bigEmojiMessages() {
        let texts = ["[f056]", "😄👍", "[跳跳][转圈][眨眼]", "[跳跳][转圈][眨眼][哈哈]", " [微笑] ", "hi [微笑]"]
        let msgs = texts.enumerated().map { Message(id: .init($0), sender: $0 % 2 == 0 ? .other : .me, serverText: $1) }
        let h = ListHarness(msgs)
        #expect(h.host.layout(ofRow: 0).style == .bigEmoji)
        #expect(h.host.layout(ofRow: 1).style == .bigEmoji)
        #expect(h.host.layout(ofRow: 2).bigEmoji.count == 3)
        #expect(h.host.layout(ofRow: 3).style == .bubble, "four emoji are text-sized")
        #expect(h.host.layout(ofRow: 4).style == .bigEmoji, "spaces around one emoji still show it big")
        #expect(h.host.layout(ofRow: 5).style == .bubble)
        assertSnapshot(of: h, as: .ascii, named: "ascii")
        assertSnapshot(of: h, as: .asciiStyled, named: "styled")
    }

    @Test func longCJKWrapping() throws {
        let text = "这是一条很长的中文消息，用来检查气泡里的文字会不会在最大宽度处正确换行，同时中间夹着English words和表情[微笑]以及标点符号。"
        let h = ListHarness([Message(id: .init(0), sender: .other, serverText: text),
                             Message(id: .init(1), sender: .me, serverText: text)])
        let l = h.host.layout(ofRow: 0)
        let maxText = BubbleMetrics().maxTextWidth(listWidth: 375)
        let layout = try #require(l.text)
        #expect(layout.lines.count >= 4)
        #expect(layout.lines.allSatisfy { $0.frame.width <= maxText })
        #expect(l.bubbleFrame.width <= 375 * BubbleMetrics().maxBubbleWidthFraction)
        assertSnapshot(of: h, as: .ascii, named: "ascii")
        assertSnapshot(of: h, as: .asciiStyled, named: "styled")
    }

    @Test func darkTheme() {
        let h = ListHarness(DemoConversation.messages())
        assertSnapshot(of: h, as: .png(pngConfig(theme: .dark)), named: "png")
    }

    @Test func accessibilityLabelsReplaceEmojiByMeanings() {
        let h = ListHarness([Message(id: .init(0), sender: .me, serverText: "Yes! 我七点到[哈哈]"),
                             Message(id: .init(1), sender: .other, serverText: "[跳跳][转圈]"),
                             Message(id: .init(2), sender: .other, serverText: "😄 ok [f056]")])
        #expect(h.host.layout(ofRow: 0).accessibilityLabel == "Yes! 我七点到 haha")
        #expect(h.host.layout(ofRow: 1).accessibilityLabel == "bounce spin")
        #expect(h.host.layout(ofRow: 2).accessibilityLabel == "grinning face with smiling eyes ok cat with tears of joy"
                || h.host.layout(ofRow: 2).accessibilityLabel.hasSuffix("ok " + (EmojiCatalog.demo.emoji(forCode: "f056")?.meaning(for: "en") ?? "")))
        let labels = h.displayList().accessibilityItems.compactMap(\.accessibilityLabel)
        #expect(labels.contains("Yes! 我七点到 haha"))
    }
}

@Suite struct BubbleCellReuseTests {
    /// The SwiftyGif bug: a reused cell must not show the previous row's GIF frames.
    /// Every drawn image of a row belongs to that row's own message.
    @Test func reusedCellsNeverShowThePreviousRowsImages() {
        let texts = ["[f056] gif", "plain text", "[f057][f058]? no, 两个", "纯文字", "[哈哈] haha"]
        let msgs = (0..<300).map { Message(id: .init($0), sender: .me, serverText: texts[$0 % texts.count]) }
        let h = ListHarness(msgs, height: 300)
        var checkedReuse = false
        for step in 0..<120 {
            h.host.send(.setDistanceFromBottom(Double(step) * 45, animated: false))
            h.run(.frames(1, at: 60))
            let dl = h.displayList()
            for row in h.list.displayedRows {
                let expected = Set(h.host.layout(ofRow: row).animatedItems.map(\.imageName))
                let drawn = Set(dl.items(inView: "list.row\(row)").compactMap { item -> String? in
                    if case .image(let ref, _) = item.command { return ref.name } else { return nil }
                })
                #expect(drawn == expected, "row \(row) draws \(drawn), its message has \(expected)")
                if let c = h.list.cell(forRow: row), c.configureCount > 1 { checkedReuse = true }
            }
        }
        #expect(checkedReuse && h.list.pool.reusedCount > 50)
    }
}
