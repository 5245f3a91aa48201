/// Pixels a..<b of a row at one coverage.
struct CoverageRun {
    var a: Int, b: Int, coverage: Int
}
