// A libFuzzer target: BPLAB_FUZZ_TARGET names the entry point of fuzzentry.h it drives.

#include "fuzzentry.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const bplab::fuzz::Target *target = [] {
        const bplab::fuzz::Target *t = bplab::fuzz::findTarget(BPLAB_FUZZ_TARGET);
        if (!t) {
            std::fprintf(stderr, "fuzz: no target called %s in this build\n", BPLAB_FUZZ_TARGET);
            std::abort();
        }
        return t;
    }();
    target->run(data, size);
    return 0;
}
