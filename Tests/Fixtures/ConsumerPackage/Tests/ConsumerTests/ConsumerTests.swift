import EmojiSimIO
import EmojiSimTesting
import Scenario
import Testing

@Suite struct ConsumerTests {
    /// A script as one test; its snapshot compares with Snapshots/Scenarios/hello/.
    @Test(.snapshots()) func helloScript() {
        let verification = assertScenario("Scenarios/hello.scenario")
        #expect(verification?.passed == true)
    }

    /// The same flow driven from Swift, with expectations reported as test issues.
    @Test func helloFromSwift() throws {
        let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: .demo)
        let driver = ScenarioDriver(host: screen)
        try driver.tap(.input)
        try driver.settle()
        #expect(driver.require(.keyboard(.system)).passed)
        try driver.type("hi")
        #expect(driver.require(.input("hi")).passed)
    }
}
