#include "cpucheck.h"

#include <cstdio>

namespace bplab {

namespace {

struct Feature
{
    const char *name;   // as the message names it
    bool needed;        // the build compiled for it
    bool (*present)();  // __builtin_cpu_supports needs a literal, hence one function each
};

#if defined(__x86_64__) || defined(__i386__)
#define BPLAB_HAS(feature) [] { return bool(__builtin_cpu_supports(feature)); }
#else
#define BPLAB_HAS(feature) [] { return true; }
#endif

#ifndef BPLAB_CPU_NEEDS_AVX2
#define BPLAB_CPU_NEEDS_AVX2 0
#endif
#ifndef BPLAB_CPU_NEEDS_FMA
#define BPLAB_CPU_NEEDS_FMA 0
#endif
#ifndef BPLAB_CPU_NEEDS_AVX512F
#define BPLAB_CPU_NEEDS_AVX512F 0
#endif
#ifndef BPLAB_CPU_NEEDS_AVX512BW
#define BPLAB_CPU_NEEDS_AVX512BW 0
#endif
#ifndef BPLAB_CPU_NEEDS_AVX512DQ
#define BPLAB_CPU_NEEDS_AVX512DQ 0
#endif
#ifndef BPLAB_CPU_NEEDS_AVX512VL
#define BPLAB_CPU_NEEDS_AVX512VL 0
#endif
#ifndef BPLAB_CPU_TARGET
#define BPLAB_CPU_TARGET "this build's CPU"
#endif

const Feature kFeatures[] = {
        {"AVX2", BPLAB_CPU_NEEDS_AVX2, BPLAB_HAS("avx2")},
        {"FMA", BPLAB_CPU_NEEDS_FMA, BPLAB_HAS("fma")},
        {"AVX-512F", BPLAB_CPU_NEEDS_AVX512F, BPLAB_HAS("avx512f")},
        {"AVX-512BW", BPLAB_CPU_NEEDS_AVX512BW, BPLAB_HAS("avx512bw")},
        {"AVX-512DQ", BPLAB_CPU_NEEDS_AVX512DQ, BPLAB_HAS("avx512dq")},
        {"AVX-512VL", BPLAB_CPU_NEEDS_AVX512VL, BPLAB_HAS("avx512vl")},
};

} // namespace

const char *missingCpuFeature()
{
#if defined(__x86_64__) || defined(__i386__)
    // Called from a constructor that may run before libgcc's own detection has.
    __builtin_cpu_init();
#endif
    for (const Feature &f : kFeatures)
        if (f.needed && !f.present())
            return f.name;
    return nullptr;
}

void describeCpuRefusal(const char *missing, char *buf, unsigned long size)
{
    // The extensions the build needs, as a list: "AVX2, FMA".
    char needs[96] = "";
    int used = 0;
    for (const Feature &f : kFeatures)
        if (f.needed && used < int(sizeof needs))
            used += std::snprintf(needs + used, sizeof needs - std::size_t(used), "%s%s",
                                  used ? ", " : "", f.name);
    std::snprintf(buf, size,
                  "Backprop Lab was built for %s (%s); this CPU lacks %s. Build from source with "
                  "scripts/setup for this machine.",
                  BPLAB_CPU_TARGET, needs, missing);
}

} // namespace bplab
