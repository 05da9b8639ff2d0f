#include "openmpwait.h"

#include <cstdlib>

#ifdef __linux__
#include <unistd.h>
#endif

namespace bplab {

void preferPassiveOpenMpWait(char **argv)
{
#ifdef __linux__
    if (std::getenv("OMP_WAIT_POLICY"))
        return;
    setenv("OMP_WAIT_POLICY", "passive", 1);
    execv("/proc/self/exe", argv); // returns only on failure: then run as we are
#else
    (void)argv;
#endif
}

} // namespace bplab
