/// Every benchmark, in the order `emojisim-bench` runs them (a `--baseline` build writes
/// its own registry with the requested ones).
@MainActor let allBenchmarks: [Benchmark] = [
    TextBench.benchmark,
    PanelBench.benchmark,
    RasterBench.benchmark,
    GIFBench.benchmark,
    InteractionBench.benchmark,
    InputBarBench.benchmark,
    PNGBench.benchmark,
    ListBench.benchmark,
    ListReceiveBench.benchmark,
    ScenarioBench.benchmark,
    ScenarioScriptsBench.benchmark,
    TypingBench.benchmark,
]
