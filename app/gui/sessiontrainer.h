#pragma once
// The trainers the training worker builds: for a configuration, and for a snapshot to continue.

#include <train/trainer.h>
#include <train/trainingsession.h>

#include <memory>

namespace bplab {

/** A trainer of config.replicas replicas (an in-process exchange when more than one), as
 *  backprop-lab-cli train --workers N. */
std::unique_ptr<Trainer> makeSessionTrainer(std::shared_ptr<const DataSplit> data,
                                            const TrainConfig &config);

/** Restores `snapshot` into the session's trainer (which must exist). A data-parallel snapshot
 *  continues exactly only with its replica count: a trainer of that many replicas takes it, and
 *  replaces the session's only when it did. */
Status restoreSnapshot(TrainingSession &session, std::shared_ptr<const DataSplit> data,
                       const TrainingSnapshot &snapshot);

} // namespace bplab
