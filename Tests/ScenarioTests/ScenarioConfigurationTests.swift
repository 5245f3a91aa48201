import Testing
import SimCore
import Imaging
import Raster
import ChatUI
@testable import Scenario

/// A script's setup lines hold the real types (DeviceProfile, Theme, PanelSnapPolicy,
/// KeyboardKind), so what the parser reads is what the screen gets.
@Suite struct ScenarioConfigurationTests {
    @Test func setupLinesBecomeTheScreensOwnValues() throws {
        let script = try ScriptParser.parse("""
            device 320x568@3
            theme dark
            set panel.snap projected
            set panel.layout 10x2
            tap input
            """, name: "setup")
        let c = ScenarioConfiguration(script: script)
        #expect(c.device == DeviceProfile.custom(width: 320, height: 568, scale: 3))
        #expect(c.theme == Theme.dark)
        #expect(c.panelSnap == .projected)
        let screen = ScenarioScreen.make(c, catalog: .demo, images: ImageLibrary())
        #expect(screen.profile == c.device)
        #expect(screen.theme == Theme.dark)
        #expect(screen.configuration.panel.snapPolicy == .projected)
        // Ten columns do not fit 36-point keys in 320 points: keys shrink to fit.
        #expect(screen.configuration.panel.itemSize.width < 36)
    }

    @Test func defaultsAreTheIPhone8InLightWithUIKitPaging() {
        let c = ScenarioConfiguration()
        #expect(c.device == .iphone8)
        #expect(c.theme == .light)
        #expect(c.panelSnap == .paging)
    }

    @Test(arguments: PanelSnapPolicy.allCases)
    func snapPolicyWordsRoundTrip(_ policy: PanelSnapPolicy) throws {
        let line = "set panel.snap \(policy.scriptName)"
        let script = try ScriptParser.parse(line, name: "snap")
        #expect(script.setup.map(\.value) == [.set(.panelSnap(policy))])
        #expect(ScriptPrinter.print(script).contains(line))
        #expect(PanelSnapPolicy(scriptName: policy.scriptName) == policy)
    }

    @Test func scriptNamesOfTheSnapPolicies() {
        #expect(PanelSnapPolicy(scriptName: "uikit") == .paging)
        #expect(PanelSnapPolicy(scriptName: "paging") == .paging)
        #expect(PanelSnapPolicy(scriptName: "round") == .round)
        #expect(PanelSnapPolicy(scriptName: "projected") == .projected)
        #expect(PanelSnapPolicy(scriptName: "none") == PanelSnapPolicy.none)
        #expect(PanelSnapPolicy(scriptName: "bouncy") == nil)
    }

    @Test func devicesAndThemesPrintAsTheParserReadsThem() throws {
        let text = "device iphone14\ntheme dark\ndevice 390.5x700@2\ntheme light"
        let script = try ScriptParser.parse(text, name: "print")
        let again = try ScriptParser.parse(ScriptPrinter.print(script), name: "print")
        #expect(again.setup.map(\.value) == script.setup.map(\.value))
        #expect(script.setup.map(\.value) == [.device(.iphone14), .theme(.dark),
                                              .device(.custom(width: 390.5, height: 700, scale: 2)), .theme(.light)])
    }

    @Test func anUnknownSnapWordListsTheChoices() {
        #expect {
            try ScriptParser.parse("set panel.snap paging", name: "snap")
        } throws: { error in
            "\(error)".contains("uikit, round, projected, none")
        }
    }
}
