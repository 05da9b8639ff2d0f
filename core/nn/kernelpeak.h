#pragma once
// This machine's limit for the batch products: the FP32 multiply-add peak of its cores, measured
// with a loop of independent fused multiply-adds and nothing else (no loads, no stores).

namespace bplab {

/** The widest FMA vectors this CPU runs: "avx512", "avx2" or "sse" (multiply then add). */
const char *fmaPeakVectors();

/**
 * FP32 GFLOP/s (2 per multiply-add) of `threads` threads running the FMA loop at once, summed
 * over the threads: the best of several trials of about 20 ms each, on the widest vectors the
 * CPU has (chosen at run time, whatever the build's baseline).
 */
double measureFmaPeakGflops(int threads);

} // namespace bplab
