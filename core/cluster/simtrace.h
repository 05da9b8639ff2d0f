#pragma once
// A simulated run as a trace (chrometrace.h): one process per server with one track per link
// that carried bytes (its busy spans, named by the link's kind), and a process "cluster" with the
// phases of every iteration (pcie, forward, backward, allreduce, update, snapshot, ...). The same
// format as a measured `train --mpi --trace`, so that the prediction and the measurement open
// side by side.

#include "chrometrace.h"
#include "simulator.h"

namespace bplab::cluster {

/** The simulated processes' pids start here: a measured trace's pids are its ranks (0..N-1), so
 *  the two files' events can be put into one trace without a track of one landing in the other. */
inline constexpr int kSimulatedPidBase = 1000;

/** Servers are pids kSimulatedPidBase + s, the phases kSimulatedPidBase + servers. */
ChromeTrace simulationTrace(const SimResult &result);

} // namespace bplab::cluster
