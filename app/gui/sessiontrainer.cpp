#include "sessiontrainer.h"

#include <replicaexchange.h>
#include <train/snapshot.h>

#include <utility>

namespace bplab {

std::unique_ptr<Trainer> makeSessionTrainer(std::shared_ptr<const DataSplit> data,
                                            const TrainConfig &config)
{
    // Several replicas: in one server joined by a ring, as backprop-lab-cli train --workers N.
    std::shared_ptr<GradientExchange> exchange;
    if (config.replicas > 1)
        exchange = std::make_shared<cluster::ReplicaExchange>(1, config.replicas);
    return std::make_unique<Trainer>(std::move(data), config, std::move(exchange));
}

Status restoreSnapshot(TrainingSession &session, std::shared_ptr<const DataSplit> data,
                       const TrainingSnapshot &snapshot)
{
    std::unique_ptr<Trainer> replicas;
    if (snapshot.workers != session.trainer()->replicas()) {
        TrainConfig c = snapshot.config;
        c.replicas = snapshot.workers;
        replicas = makeSessionTrainer(std::move(data), c);
    }
    if (Status restored = (replicas ? *replicas : *session.trainer()).restore(snapshot); !restored)
        return restored;
    if (replicas)
        session.setTrainer(std::move(replicas));
    return {};
}

} // namespace bplab
