// Before anything else of the CLI runs: a CPU without the extensions this build uses gets one line
// on stderr and exit code 2 instead of an illegal instruction somewhere in the first product.
// Compiled for the baseline CPU, like core/cpucheck.cpp, and listed first among the program's
// files: the registered constructor runs before every other one of the program's.

#include "cpucheck.h"

#include <cstdio>
#include <unistd.h>

namespace {

__attribute__((constructor(101))) void refuseAnOlderCpu()
{
    const char *missing = bplab::missingCpuFeature();
    if (!missing)
        return;
    char message[512];
    bplab::describeCpuRefusal(missing, message, sizeof message);
    std::fprintf(stderr, "backprop-lab-cli: %s\n", message);
    _exit(2);
}

} // namespace
