#pragma once
// train for any network but the source's 784-128-10 ReLU: NetworkTrainer's loop (networktrainer.h)
// with the same epoch lines, --json objects, divergence report and model file as the source's.

#include "command.h"

#include "architecture.h"
#include "modelfile.h"
#include "trainconfig.h"

#include <optional>

namespace bplab::cli {

/**
 * The network train trains: the one --hidden and --activation name; without them, the one the
 * --init-from file holds (read into fromFile); else the source's. A file that holds another
 * network than the flags ask for is refused. Returns -1 to go on, else the exit code.
 */
int chooseNetwork(const Command &cmd, Architecture &arch, std::optional<NetworkModel> &fromFile);

/** Trains arch (any network but the source's) with config from fromFile's weights or, without
 *  them, from the initialisation --init names (default: the one arch's activation implies).
 *  Refuses the options only the source network has yet. Returns the exit code. */
int trainNetwork(const Command &cmd, const Architecture &arch, TrainConfig config,
                 std::optional<NetworkModel> fromFile);

} // namespace bplab::cli
