#pragma once
// The options that pick data (--data DIR | --dataset mnist|fashion|sample), the input scaling
// (--normalize) and models (--model FILE), shared by train, eval, explain and bench.

#include "command.h"
#include "data/dataset.h"
#include "io/modelfile.h"
#include "nn/network.h"
#include "nn/params.h"
#include "train/trainconfig.h"

#include <memory>
#include <optional>

namespace bplab::cli {

void addDataOptions(Command &command);
void addNormalizeOption(Command &command, const QString &extra = {});

/**
 * Finds and reads the data folder the options name (core's lookup order: --data, --dataset,
 * $BPLAB_DATA, the application data folder, the offline sample) and notes on stderr which one is
 * used. A folder may hold one set only: eval and explain need only the set they read, the other
 * commands both. Returns -1 on success, else the exit code (after printing the message).
 */
int loadData(const Command &command, std::shared_ptr<DataSplit> &out);
/**
 * loadData(), then the image `index` of its "train" or "test" set: `source` points at that set
 * (valid while `out` lives). Returns -1 on success, else the exit code (an index outside the set
 * names the set's range).
 */
int loadSampleSet(const Command &command, const QString &set, long long index, std::shared_ptr<DataSplit> &out,
                  const Dataset *&source);

/** --train-subset N: train on N images of the training set, balanced by class. */
void addTrainSubsetOption(Command &command);
/**
 * With --train-subset N, sets config.trainSubset (the Trainer then trains on the first N images of
 * a shuffle by seed balanced by class: core's balancedSubset) and says so on stderr, as it does
 * for a resumed snapshot's subset; a resumed run refuses another N. Returns -1 to go on, else
 * the exit code.
 */
int applyTrainSubset(const Command &command, TrainConfig &config, std::size_t trainCount, bool resumed);

/** Reads --normalize (default none). Returns false after a usage error. */
bool normalizeValue(const Command &command, Normalize &out);

/** --hidden W[,W2] (0: no hidden layer) and --activation NAME; without them the source's 128 and
 *  relu. */
void addArchitectureOptions(Command &command);
/** The network those options name: -1, or kExitBadData after a message naming the value the
 *  engine cannot train ("--hidden 0,5: a hidden layer needs 1 to 1,024 neurons, not 0"). */
int architectureValue(const Command &command, Architecture &out);
/** --layers "conv 8 5x5, pool 2, dense 64" and --weight-decay L (train, bench, info). */
void addLayerOptions(Command &command);
/** architectureValue() with --layers (registered by addLayerOptions): a layer list in place of
 *  --hidden, which is refused beside it; -1 to go on, else the exit code (the message printed). */
int layeredArchitectureValue(const Command &command, Architecture &out);
/** --weight-decay into `out` (unchanged when not given); false after a usage error. */
bool weightDecayValue(const Command &command, double &out);

/** Reads a model file (any version) or .npz of any network, by content, and checks that its
 *  values are finite. Returns -1 on success, else the exit code. */
int loadNetworkFile(const Command &command, const QString &path, NetworkModel &out);

/**
 * The input scaling to use with a model (eval, explain, predict): --normalize when given, else what
 * the model file says, else none. A --normalize that contradicts the file is used, with a warning
 * on stderr; a note says which scaling the file chose. Returns false after a usage error.
 */
bool modelNormalizeValue(const Command &command, const std::optional<ModelInfo> &info, Normalize &out);

/** "none" / "standard": the option's values. */
QString normalizeName(Normalize normalize);

/** "x/255" or "(x/255 - 0.1307) / 0.3081": how inputs are scaled, for messages. */
QString describeNormalize(Normalize normalize);

/** `count` images taken cyclically from `source` (bench tiles a small set to the size asked). */
Dataset tileDataset(const Dataset &source, std::size_t count);

} // namespace bplab::cli
