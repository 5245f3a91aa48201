// EmojiSimTesting's article "Your first scenario test", "Drive the same flow from Swift".
// snippet: docc-drive-from-swift
import EmojiSimIO
import Scenario
import Testing

@Test func helloFromSwift() throws {
    let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: .demo)
    let driver = ScenarioDriver(host: screen)
    try driver.tap(.input)
    try driver.settle()
    #expect(driver.require(.keyboard(.system)).passed)
    try driver.type("hi")
    #expect(driver.require(.input("hi")).passed)
}
// end snippet
