#pragma once
// train for any network but the source's 784-128-10 ReLU: which network, and its initialisation.
// The one training loop (cmdtrain.cpp) trains it through the Trainer, with the same epoch lines,
// --json objects, snapshots, replicas, divergence report and model file as the source's.

#include "command.h"

#include "nn/architecture.h"
#include "io/modelfile.h"
#include "train/trainconfig.h"

#include <optional>

namespace bplab::cli {

/**
 * The network train trains: the one --hidden and --activation name; without them, the one the
 * --init-from file holds (read into fromFile); else the source's. A file that holds another
 * network than the flags ask for is refused. Returns -1 to go on, else the exit code.
 */
int chooseNetwork(const Command &cmd, Architecture &arch, std::optional<NetworkModel> &fromFile);

/** config trains arch (any network but the source's) with the initialisation --init names
 *  (default: the one arch's activation implies). */
void useNetwork(const Command &cmd, const Architecture &arch, TrainConfig &config);
/** "784-32-10 sigmoid". */
QString networkName(const Architecture &arch);

} // namespace bplab::cli
