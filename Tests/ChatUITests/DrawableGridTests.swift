import Testing
import SimCore
import EmojiText
import Interaction
import Raster
@testable import ChatUI

// Inline grid expectations, in ratatui's style: each component (a `Drawable`) is drawn
// into an area at two sizes, its natural size and a smaller area set inside a larger
// list, and `CharGrid(list).text` is compared with the literal below. The smaller area
// shows how the component honours it (lays out to it or clips to it) and that nothing
// is painted outside it: the rows and columns around the area stay blank. The literals
// were read from a render and checked by eye against the comment above each.

/// The components' states for the grid tests, built through their reducers.
enum GridFixtures {
    /// A 240 x 400 pt phone: small grids (30 columns) that still hold every component.
    static let profile = DeviceProfile.custom(width: 240, height: 400, scale: 1)

    /// The system keyboard shown (no animation: duration zero).
    static func keyboard() -> Keyboard.State {
        var k = Keyboard.State(profile: profile, duration: .zero)
        _ = Keyboard().reduce(into: &k, .show(.system), at: .zero)
        return k
    }

    /// The bar focused with "Hi 世界" typed, the keyboard settled.
    static func inputBar() throws -> (InputBar.State, SimInstant) {
        var s = InputBar.State(profile: profile, catalog: .demo, configuration: InputBarConfiguration(placeholder: "Message"))
        let bar = InputBar()
        _ = try bar.reduce(into: &s, .tapTextView(), at: .zero)
        let settled = SimInstant.zero + .milliseconds(600)
        _ = try bar.reduce(into: &s, .tick, at: settled)
        _ = try bar.reduce(into: &s, .type("Hi 世界"), at: settled)
        return (s, settled)
    }

    /// The panel over the test groups (Faces 30, Animals 100, Food 5), 240 pt wide.
    static func panel() -> (EmojiPanel, EmojiPanel.State) {
        let panel = EmojiPanel(groups: PanelFixtures.groups)
        return (panel, panel.initialState(width: 240))
    }

    /// The panel with a finger held on the second row's third key past the long press:
    /// its preview shows.
    static func panelWithPreview() -> (EmojiPanel.State, SimInstant) {
        var (panel, state) = panel()
        let key = state.location(row: 1, column: 2)
        _ = panel.reduce(into: &state, .touch(TouchEvent(phase: .began, location: key, timestamp: .zero)), at: .zero)
        let held = SimInstant.zero + .milliseconds(400)
        _ = panel.reduce(into: &state, .deadline, at: held)
        return (state, held)
    }

    /// A list of three short messages, 240 x 160.
    static func list() -> BubbleList.Drawing {
        let engine = BubbleLayoutEngine(catalog: .demo, locale: "en")
        let list = BubbleList(layout: { engine.layout($0, listWidth: $1) })
        let messages = [Message(id: .init(0), sender: .other, serverText: "Hello there"),
                        Message(id: .init(1), sender: .me, serverText: "Hi! 你好"),
                        Message(id: .init(2), sender: .other, serverText: "ok")]
        let state = list.open(messages: messages, width: 240, viewportHeight: 192).state
        return list.drawing(state)
    }
}

/// `list` as the grid prints it (Unicode, with its legend).
private func grid(_ list: DisplayList) -> String { CharGrid(list).text }

@Suite struct DrawableGridTests {
    /// The system keyboard lays out to its area's width and clips its rows to the height.
    @Test func keyboardLaysOutToTheWidthAndClipsRows() {
        let k = GridFixtures.keyboard()
        // 400 pt: 35 pt keys (four or five cells with their outline), rows of 10, 9 and
        // 7 letters centred, and the space bar, 200 pt wide from a quarter of the width.
        #expect(grid(k.displayList(size: Size(width: 400, height: 208), in: Rect(x: 0, y: 0, width: 400, height: 208))) ==
        """
         ╭──╮ ╭──╮ ╭──╮╭───╮╭───╮╭───╮╭──╮ ╭──╮ ╭──╮ ╭──╮
         │q │ │w │ │e ││ r ││ t ││y  ││u │ │i │ │o │ │p │
         ╰──╯ ╰──╯ ╰──╯╰───╯╰───╯╰───╯╰──╯ ╰──╯ ╰──╯ ╰──╯
           ╭───╮╭──╮ ╭──╮ ╭──╮ ╭──╮ ╭──╮╭───╮╭───╮╭───╮
           │a  ││s │ │d │ │f │ │g │ │h ││ j ││ k ││l  │
           ╰───╯╰──╯ ╰──╯ ╰──╯ ╰──╯ ╰──╯╰───╯╰───╯╰───╯
                ╭──╮ ╭──╮ ╭──╮ ╭──╮ ╭──╮╭───╮╭───╮
                │z │ │x │ │c │ │v │ │b ││ n ││ m │
                ╰──╯ ╰──╯ ╰──╯ ╰──╯ ╰──╯╰───╯╰───╯
                    ╭───────────────────────╮
                    │                       │
                    ╰───────────────────────╯


        """)
        // 320 x 72 at (8, 16): narrower keys (27 pt) laid out to 320; the first row
        // whole, then only the top edge of the second row (the area ends 16 pt into it);
        // column 0 and row 0, outside the area, blank.
        #expect(grid(k.displayList(size: Size(width: 344, height: 104), in: Rect(x: 8, y: 16, width: 320, height: 72))) ==
        """

          ╭─╮ ╭─╮ ╭─╮╭──╮╭──╮╭──╮╭─╮ ╭─╮ ╭─╮ ╭─╮
          │q│ w │ e ││r ││t ││y ││u│ │i│ │o│ p │
          ╰─╯ ╰─╯ ╰─╯╰──╯╰──╯╰──╯╰─╯ ╰─╯ ╰─╯ ╰─╯
            ╭─╮ ╭─╮╭──╮╭──╮╭──╮╭─╮ ╭─╮ ╭─╮ ╭─╮



        """)
    }

    /// The input bar clips to its area: its presented size from the area's origin.
    @Test func inputBarClipsToItsArea() throws {
        let (state, now) = try GridFixtures.inputBar()
        let bar = state.drawing(at: now)
        #expect(bar.size == Size(width: 240, height: 48))
        // Natural size: the hairline on top, the emoji toggle (☺), the text with the
        // caret after it, and the enabled send button (paper plane and title).
        #expect(grid(bar.displayList(size: bar.size, in: Rect(origin: .zero, size: bar.size))) ==
        """
        ──────────────────────────────
           ☺   Hi 世界▏        ➤Send


        """)
        // 120 x 32 at (8, 16): the hairline 15 cells long (120 pt), toggle and text
        // shifted one cell right and one row down; the send button, beyond 120 pt, cut.
        #expect(grid(bar.displayList(size: Size(width: 144, height: 64), in: Rect(x: 8, y: 16, width: 120, height: 32))) ==
        """

         ───────────────
            ☺   Hi 世界▏


        """)
    }

    /// The panel clips to its area: its own size from the area's origin.
    @Test func emojiPanelClipsToItsArea() {
        let (_, panel) = GridFixtures.panel()
        #expect(panel.size == Size(width: 240, height: 216))
        // Natural size: the first page, three rows of eight keys (Faces 0-22 as legend
        // codes, row by row, the delete key ⌫ last), the page dots (● current, ○ the
        // second page of Faces) and the category bar: the first tab selected (the
        // rounded highlight around its icon A4), then the Animals and Food icons.
        #expect(grid(panel.displayList(size: panel.size, in: Rect(origin: .zero, size: panel.size))) ==
        """


          A4 C3  w6 y5  s8 u7  p1 q9


          l3 n2  w7 u8  A5 y6  E3 C4


          I1 G2  L8 J9  B5 D4  F3  ⌫

                     ● ○
        ╭───╮─────────────────────────
        ╰─A4╯  J8    k6

        legend: A4=f000 "Faces 0" A5=f012 "Faces 12" B5=f020 "Faces 20" C3=f001 "Faces 1" C4=f015 "Faces 15" D4=f021 "Faces 21" E3=f014 "Faces 14" F3=f022 "Faces 22" G2=f017 "Faces 17" I1=f016 "Faces 16" J8=a000 "Animals" J9=f019 "Faces 19" L8=f018 "Faces 18" k6=d000 "Food" l3=f008 "Faces 8" n2=f009 "Faces 9" p1=f006 "Faces 6" q9=f007 "Faces 7" s8=f004 "Faces 4" u7=f005 "Faces 5" u8=f011 "Faces 11" w6=f002 "Faces 2" w7=f010 "Faces 10" y5=f003 "Faces 3" y6=f013 "Faces 13"

        """)
        // 160 x 96 at (16, 16): the same keys moved one row down and two cells right,
        // cut after the fifth column and the second row; no dots, no category bar.
        #expect(grid(panel.displayList(size: Size(width: 192, height: 128), in: Rect(x: 16, y: 16, width: 160, height: 96))) ==
        """



            A4 C3  w6 y5  s8


            l3 n2  w7 u8  A5

        legend: A4=f000 "Faces 0" A5=f012 "Faces 12" C3=f001 "Faces 1" l3=f008 "Faces 8" n2=f009 "Faces 9" s8=f004 "Faces 4" u8=f011 "Faces 11" w6=f002 "Faces 2" w7=f010 "Faces 10" y5=f003 "Faces 3"

        """)
    }

    /// The panel's preview is a drawable of its own, clipped to the area it may cover.
    @Test func previewOverlayClipsToItsArea() {
        let (state, now) = GridFixtures.panelWithPreview()
        let overlays = state.overlayDrawing(panelOrigin: .zero, at: now)
        // The panel's own bounds: the pressed key (Faces 10, row 2, column 3) redrawn over
        // its highlight, and the 120 pt preview beside it (no room above in a panel
        // alone) with the emoji and its name; nothing of the panel itself.
        #expect(grid(overlays.displayList(size: state.size, in: Rect(origin: .zero, size: state.size))) ==
        """


                    ╭─────────────╮
                    │             │
                ╭──╮│      w7     │
                │w7││             │
                ╰──╯│             │
                    │             │
                    ╰─ Faces 10 ──╯





        legend: w7=f010

        """)
        // 120 x 80 in a 136 x 96 list: the same overlay cut at column 15 and row 5: the
        // key highlight's top edge and the preview's top-left corner only; the last two
        // columns and the last row, outside the area, blank.
        #expect(grid(overlays.displayList(size: Size(width: 136, height: 96), in: Rect(x: 0, y: 0, width: 120, height: 80))) ==
        """


                    ╭──
                    │
                ╭──╮│


        """)
    }

    /// The bubble list clips to its area: the visible rect at the area's origin.
    @Test func bubbleListClipsToItsArea() {
        let list = GridFixtures.list()
        // 240 x 192: the three bubbles, incoming on the left, the outgoing one on the right.
        #expect(grid(list.displayList(size: Size(width: 240, height: 192), in: Rect(x: 0, y: 0, width: 240, height: 192))) ==
        """
         ╭─────────────╮
         │ Hello there │
         ╰─────────────╯

                         ╭──────────╮
                         │ Hi! 你好 │
                         ╰──────────╯

         ╭────╮
         │ ok │
         ╰────╯


        """)
        // 120 x 64 at (16, 16): the first bubble, moved, cut at its right edge (its
        // closing corner and text end are beyond 120 pt); the rest below the area.
        #expect(grid(list.displayList(size: Size(width: 152, height: 96), in: Rect(x: 16, y: 16, width: 120, height: 64))) ==
        """

           ╭─────────────
           │ Hello there
           ╰─────────────



        """)
    }

    /// The whole screen clips to its area: its own size from the area's origin.
    @Test func screenClipsToItsArea() {
        let screen = Host<ChatScreen>(profile: GridFixtures.profile, messages: Array(DemoConversation.messages().prefix(3)))
        let drawing = screen.drawing(at: screen.clock.now)
        // 240 x 400: the navigation bar and its title, the first three demo messages at
        // the bottom of the list (inline emoji k3 and m4, a big emoji Q1 alone), the input
        // bar (the ☺ toggle, an empty text view, the send button) and no keyboard.
        #expect(grid(drawing.displayList(size: screen.bounds.size, in: screen.bounds)) ==
        """

                   EmojiSim
        ──────────────────────────────





         ╭─────────────────╮
         │ 你好！Are you   │
         │ coming tonight? │
         │ k3              │
         ╰─────────────────╯

                 ╭──────────────────╮
                 │ Yes! 我七点到 m4 │
                 ╰──────────────────╯


           Q1


        ──────────────────────────────
           ☺                   ➤Send

        legend: Q1=f056 "猫笑哭" k3=微笑 m4=哈哈

        """)
        // 160 x 160 at (8, 16): the top-left of the same screen, moved one cell right
        // and one row down, cut at 20 columns and 10 rows.
        #expect(grid(drawing.displayList(size: Size(width: 184, height: 192), in: Rect(x: 8, y: 16, width: 160, height: 160))) ==
        """


                    EmojiSim
         ────────────────────





          ╭─────────────────╮
          │ 你好！Are you   │


        """)
    }
}
