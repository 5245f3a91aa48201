// The host's clock, for emojisim-bench.wasm only (Tools/wasm/build.sh links it into
// the bench module and not into emojisim-core.wasm, which imports no clock). It
// replaces runtime.c's weak esim_rt_clock_ns, which answers -1.
//
// WASI's clock_time_get: CLOCK_THREAD_CPUTIME_ID (3) when `cpu`, else CLOCK_MONOTONIC
// (1). Under `wasmkit run` these are the host's clocks for the interpreter's thread, so
// the bench times each frame with the runtime's own clocks, the way node times its
// calls with process.cpuUsage() or performance.now().

typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;

__attribute__((import_module("wasi_snapshot_preview1"), import_name("clock_time_get")))
int __wasi_clock_time_get(uint32_t id, uint64_t precision, uint64_t *time);

long long esim_rt_clock_ns(int cpu) {
    uint64_t t = 0;
    if (__wasi_clock_time_get(cpu ? 3 : 1, 1, &t) != 0) return -1;
    return (long long)t;
}
