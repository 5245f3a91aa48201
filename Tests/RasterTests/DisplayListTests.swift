import SimCore
import Testing
@testable import Raster

@Suite struct DisplayListTests {
    static func sample() -> DisplayList {
        var list = DisplayList(width: 120, height: 64)
        list.fill(Rect(x: 0, y: 0, width: 120, height: 64), .background, view: "Screen")
        list.clipped(to: Rect(x: 0, y: 0, width: 120, height: 48), view: "List") { l in
            l.shadow(Rect(x: 8, y: 8, width: 64, height: 32), radius: 6)
            l.roundedRect(Rect(x: 8, y: 8, width: 64, height: 32), radius: 6, .bubbleOutgoing,
                          label: "hi \"you\"", view: "Bubble", state: [.highlighted])
            l.withOpacity(0.5) { l in
                l.text(TextLayout([.text("hi"), .emoji(code: "f056", imageName: "f056.gif", label: "笑哭")]),
                       at: Point(x: 16, y: 16.25), .bubbleOutgoingText)
            }
        }
        list.image(ImageRef(name: "f056.gif", frameIndex: 2, code: "f056"), in: Rect(x: 80, y: 8, width: 32, height: 32),
                   label: "笑哭")
        list.line(from: Point(x: 0, y: 48), to: Point(x: 120, y: 48), .separator)
        return list
    }

    @Test func treeDumpIsIndentedAndStable() {
        let expected = """
        DisplayList 120x64
        fillRect [0,0 120x64] background view=Screen
        clip [0,0 120x48] view=List
          shadow [8,8 64x32] r=6 offset=(0, 2) blur=4 shadow
          roundedRect [8,8 64x32] r=6 bubbleOutgoing view=Bubble label="hi \\"you\\"" state=highlighted
          opacity 0.5
            text [16,16.25 32x16] bubbleOutgoingText lines=1
              line [0,0 32x16] "hi{f056}"
          endOpacity
        endClip
        image [80,8 32x32] "f056.gif" frame=2 code="f056" label="笑哭"
        line (0, 48) -> (120, 48) w=1 separator

        """
        #expect(Self.sample().treeDump == expected)
        #expect(Self.sample().treeDump == Self.sample().treeDump)
    }

    @Test func appendingAChildTranslatesItsCommands() {
        var child = DisplayList(width: 10, height: 10)
        child.fill(Rect(x: 1, y: 2, width: 3, height: 4), .accent, label: "x")
        child.line(from: Point(x: 0, y: 0), to: Point(x: 5, y: 5), .border)
        var parent = DisplayList(width: 100, height: 100)
        parent.append(contentsOf: child, at: Point(x: 10, y: 20))
        #expect(parent.items[0].command == .fillRect(Rect(x: 11, y: 22, width: 3, height: 4), .accent))
        #expect(parent.items[0].accessibilityLabel == "x")
        #expect(parent.items[1].command == .line(from: Point(x: 10, y: 20), to: Point(x: 15, y: 25), width: 1, .border))
    }

    @Test func accessibilityQueries() {
        let list = Self.sample()
        #expect(list.accessibilityItems.map(\.accessibilityLabel) == ["hi \"you\"", "笑哭"])
        #expect(list.accessibilityItem(at: Point(x: 90, y: 20))?.accessibilityLabel == "笑哭")
        #expect(list.accessibilityItem(at: Point(x: 2, y: 60)) == nil)
        #expect(list.items(inView: "Bubble").count == 1)
    }

    @Test func themesResolveEveryBuiltInRole() {
        for role in ColorRole.builtIn {
            #expect(Theme.light.colors[role] != nil, "light lacks \(role)")
            #expect(Theme.dark.colors[role] != nil, "dark lacks \(role)")
        }
        #expect(Set(ColorRole.builtIn.map(\.code)).count == ColorRole.builtIn.count)
        #expect(ColorRole.builtIn.allSatisfy { !$0.code.isUppercase })
        #expect(Theme.light.color(ColorRole("nope", code: "9")) == Color(hex: 0xFF00FF))
        #expect(Theme.light.color(.bubbleOutgoing) != Theme.dark.color(.bubbleOutgoing))
    }
}
