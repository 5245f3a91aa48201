// The parser checks swipes against the runner's defaults; the fuzz build has no runner.
enum ScenarioRunner {
    static let defaultSwipeDistance = 120.0
    static let defaultSwipeVelocity = 1000.0
}
