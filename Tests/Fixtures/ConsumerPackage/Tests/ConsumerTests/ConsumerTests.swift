// EmojiSimTesting's article "Your first scenario test" shows this file (DocSnippetTests
// in the repository checks it is exactly this code).
// snippet: docc-first-scenario-test
import EmojiSimTesting
import Testing

@Suite struct ChatTests {
    @Test(.snapshots()) func hello() {
        assertScenario("Scenarios/hello.scenario")
    }
}
// end snippet
