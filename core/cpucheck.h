#pragma once
// Whether the running CPU has the instruction-set extensions this build was compiled to use.
//
// Compiled for the baseline x86-64 CPU (no AVX), with nothing from a header that another file
// could instantiate with AVX instructions: it runs before any code of the programs that may use
// them, from a constructor that the programs register (app/cli/cpurefusal.cpp,
// app/gui/cpurefusal.cpp). The build names the extensions (BPLAB_CPU_NEEDS_*, from the -march it
// compiles for; CMakeLists.txt).

namespace bplab {

/** The first extension the build uses that this CPU lacks ("AVX2", "FMA", "AVX-512F", ...), or
 *  nullptr when it has them all (or the build uses none). */
const char *missingCpuFeature();

/** Writes "Backprop Lab was built for x86-64-v3 (AVX2, FMA); this CPU lacks AVX2. Build from source
 *  with scripts/setup for this machine." into buf (always NUL-terminated). */
void describeCpuRefusal(const char *missing, char *buf, unsigned long size);

} // namespace bplab
