// sortkey_bench: every codec's Google Benchmark, one source file per family.
//
//   build/release/bench/sortkey_bench --benchmark_min_time=0.2
//   build/release/bench/sortkey_bench --benchmark_filter=Padded

#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
