#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EmojiSimIO
import Imaging
import Raster
import SimCore

/// `raster`: a busy 375 x 667 chat screen (bubbles with Latin, CJK and 50 inline emoji,
/// avatars, shadows, a navigation bar and an input bar) rendered at scale 2 and into
/// the CharGrid. Reports the cost of a full pixel render in clears of the same
/// framebuffer (the physical floor; both medians from interleaved runs), CharGrid
/// renders per second, and what each command kind costs beyond a clear.
/// Goals: a full render <= 6 clears; CharGrid >= 30,000 renders/s.
enum RasterBench {
    static var benchmark: Benchmark {
        Benchmark(name: "raster", summary: "chat screen: PixelCanvas @2x vs clear, CharGrid renders/s, per-kind costs",
                  setup: setup, report: report)
    }

    static func setup() -> BenchSession {
        let list = RasterBenchScreen.make()
        var emojiCount = 0
        for item in list.items {
            if case .text(let layout, _, _) = item.command {
                for line in layout.lines { for g in line.glyphs { if case .emoji = g.content { emojiCount += 1 } } }
            }
        }
        let font = (try? BundledFont.unifont()) ?? BitmapFont()
        let options = PixelRenderOptions(scale: 2, theme: .light, font: font, images: RasterBenchScreen.images)
        // One canvas and one grid, reused by every run (as a renderer keeps them).
        final class State { var canvas: PixelCanvas; var grid: CharGrid
            init(_ c: PixelCanvas, _ g: CharGrid) { canvas = c; grid = g } }
        let state = State(PixelCanvas(size: list.size, options: options), CharGrid(list))
        let background = Theme.light.color(.background)
        var probes: [Probe] = [
            .repeating("clear", "clear @2x") { state.canvas.clear(background) },
            .repeating("render", "full render @2x") { state.canvas.render(list) },
            .repeating("chargrid", "CharGrid render (reused grid)") {
                state.grid.clear()
                state.grid.draw(list)
            },
            .repeating("chargrid-new", "CharGrid render (new grid)") { _ = CharGrid(list) },
        ]
        // Where a pixel render goes: each command kind alone (brackets kept) over a clear.
        for k in kinds(list) where k != "bracket" {
            var only = DisplayList(size: list.size)
            for item in list.items where kind(item.command) == k || kind(item.command) == "bracket" { only.append(item) }
            probes.append(.repeating("kind-" + k, "render of the \(k) commands alone") { state.canvas.render(only) })
        }
        return BenchSession(probes: probes, facts: ["commands": Double(list.items.count), "emoji": Double(emojiCount)],
                            notes: ["display list: \(list.items.count) commands, \(emojiCount) inline emoji, framebuffer \(state.canvas.width)x\(state.canvas.height)"])
    }

    static func report(_ m: Medians) -> [Figure] {
        var out: [Figure?] = [
            .ratio("full render / clear", m["render"], m["clear"], goal: .atMost(6), higherIsBetter: false, suffix: ""),
            .time("full render @2x", seconds: m["render"]),
            .time("clear @2x", seconds: m["clear"]),
            .rate("CharGrid renders/s (reused grid)", seconds: m["chargrid"], goal: .atLeast(30_000)),
            .rate("CharGrid renders/s (new grid)", seconds: m["chargrid-new"]),
        ]
        for key in m.probes.keys.sorted() where key.hasPrefix("kind-") {
            guard let v = m[key], let c = m["clear"] else { continue }
            out.append(.time(String(key.dropFirst(5)) + " beyond the clear", seconds: v - c))
        }
        return out.compactMap { $0 }
    }

    static func kinds(_ list: DisplayList) -> [String] {
        var out: [String] = []
        for item in list.items where !out.contains(kind(item.command)) { out.append(kind(item.command)) }
        return out
    }
}

private func kind(_ c: DrawCommand) -> String {
    switch c {
    case .fillRect: "fill"
    case .roundedRect: "roundedRect"
    case .border: "border"
    case .circle: "circle"
    case .line: "line"
    case .text: "text"
    case .image: "image"
    case .icon: "icon"
    case .caret, .selection: "caret"
    case .shadow: "shadow"
    case .pushClip, .popClip, .pushOpacity, .popOpacity: "bracket"
    }
}

/// The benchmark's screen, built once.
enum RasterBenchScreen {
    static let width = 375.0, height = 667.0

    /// A 64 x 64 emoji-like image (a shaded disc on transparency), tinted per name.
    static var images: ImageProvider {
        let image = disc
        return ImageProvider { _, _ in image }
    }

    /// A 64 px disc standing in for every emoji image.
    static let disc: Image = {
        var base = Image(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let dx = Double(x) - 31.5, dy = Double(y) - 31.5
                let d = (dx * dx + dy * dy).squareRoot()
                let a = d < 30 ? 255 : (d < 31 ? Int((31 - d) * 255) : 0)
                base[x, y] = (UInt8(200 + y / 2), UInt8(150 + x / 2), 40, UInt8(a))
            }
        }
        return base
    }()

    static let messages: [[InlineRun]] = [
        [.text("Hey! Are we still on for dinner tonight? "), .emoji(code: "f056", imageName: "f056.gif", label: "笑哭")],
        [.text("好的，晚上七点见！"), .emoji(code: "微笑", imageName: "emoji_u1f642.png", label: "smile"),
         .emoji(code: "微笑", imageName: "emoji_u1f642.png", label: "smile")],
        [.text("I found a new place near the station, they have 火锅 and great noodles ")]
            + Array(repeating: InlineRun.emoji(code: "哈哈", imageName: "haha.gif", label: "haha"), count: 4),
        [.text("太好了")] + Array(repeating: InlineRun.emoji(code: "f057", imageName: "f057.gif", label: "grin"), count: 6),
        [.text("Should I book a table for four? Lisa and Tom want to come too.")],
        [.emoji(code: "眨眼", imageName: "wink.gif", label: "wink"), .text(" yes please, 四个人 "),
         .emoji(code: "跳跳", imageName: "bounce.gif", label: "bounce"), .emoji(code: "跳跳", imageName: "bounce.gif", label: "bounce")],
        Array(repeating: InlineRun.emoji(code: "f058", imageName: "f058.gif", label: "love"), count: 10),
        [.text("Booked! 7pm, table by the window. 别迟到哦 ")]
            + Array(repeating: InlineRun.emoji(code: "转圈", imageName: "spin.gif", label: "spin"), count: 5),
        [.text("See you there ")] + Array(repeating: InlineRun.emoji(code: "f059", imageName: "f059.gif", label: "weary"), count: 8),
        [.text("我也到了，在门口等你们。")] + Array(repeating: InlineRun.emoji(code: "微笑", imageName: "emoji_u1f642.png", label: "smile"), count: 12),
    ]

    static func make() -> DisplayList {
        var list = DisplayList(width: width, height: height)
        list.fill(Rect(x: 0, y: 0, width: width, height: height), .background, view: "ChatScreen")
        // Navigation bar.
        list.fill(Rect(x: 0, y: 0, width: width, height: 64), .surface, view: "NavigationBar")
        list.text(TextLayout("Dinner 晚餐 (4)"), at: Point(x: 132, y: 36), .text, label: "Dinner 晚餐 (4)")
        list.line(from: Point(x: 0, y: 63.5), to: Point(x: width, y: 63.5), width: 0.5, .separator)
        // Bubbles.
        list.clipped(to: Rect(x: 0, y: 64, width: width, height: 547), view: "BubbleList") { l in
            var y = 76.0
            for (i, runs) in messages.enumerated() {
                let outgoing = i % 2 == 1
                let layout = TextLayout(runs, maxWidth: 220)
                let bw = layout.size.width + 24, bh = layout.size.height + 20
                let avatarX = outgoing ? width - 48 : 8.0
                let bx = outgoing ? width - 56 - bw : 56.0
                l.circle(Rect(x: avatarX, y: y, width: 40, height: 40), outgoing ? .accent : .secondaryText, label: "avatar")
                l.shadow(Rect(x: bx, y: y, width: bw, height: bh), radius: 8, offset: Point(x: 0, y: 1), blur: 3)
                l.roundedRect(Rect(x: bx, y: y, width: bw, height: bh), radius: 8,
                              outgoing ? .bubbleOutgoing : .bubbleIncoming, view: "Bubble")
                l.text(layout, at: Point(x: bx + 12, y: y + 10), outgoing ? .bubbleOutgoingText : .bubbleIncomingText)
                y += max(bh, 40) + 12
            }
        }
        // Input bar.
        list.fill(Rect(x: 0, y: 611, width: width, height: 56), .inputBackground, view: "InputBar")
        list.line(from: Point(x: 0, y: 611.5), to: Point(x: width, y: 611.5), width: 0.5, .separator)
        list.circle(Rect(x: 8, y: 623, width: 32, height: 32), .border, label: "voice")
        list.roundedRect(Rect(x: 48, y: 621, width: 239, height: 36), radius: 6, .surface, view: "TextView")
        list.text(TextLayout([.text("好的 "), .emoji(code: "微笑", imageName: "emoji_u1f642.png", label: "smile")]),
                  at: Point(x: 56, y: 631), .text)
        list.append(.caret(Rect(x: 96, y: 631, width: 2, height: 16), .caret))
        list.circle(Rect(x: 295, y: 623, width: 32, height: 32), .border, label: "emoji")
        list.roundedRect(Rect(x: 333, y: 625, width: 36, height: 28), radius: 4, .accent, label: "send")
        list.text(TextLayout("发送"), at: Point(x: 335, y: 631), .accentText)
        return list
    }
}
