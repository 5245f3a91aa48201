import EmojiSimIO
import EmojiSimTesting
import Scenario
import Testing

@Suite struct ConsumerTests {
    /// A script as one test; its snapshot compares with Snapshots/Scenarios/hello/.
    @Test(.snapshots()) func helloScript() {
        assertScenario("Scenarios/hello.scenario")
    }

    /// The same flow driven from Swift, with expectations reported as test issues.
    @Test func helloFromSwift() throws {
        let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: .demo)
        let driver = ScenarioDriver(host: screen)
        try driver.tap(.input)
        try driver.settle()
        driver.require(.keyboard(.system))
        try driver.type("hi")
        driver.require(.input("hi"))
    }
}
