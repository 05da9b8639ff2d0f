#include "snapshots.h"

namespace bplab {

void registerSnapshotTypes()
{
    qRegisterMetaType<bplab::TrainingState>();
    qRegisterMetaType<bplab::Progress>();
    qRegisterMetaType<bplab::EpochReport>();
    qRegisterMetaType<bplab::Divergence>();
    qRegisterMetaType<bplab::VisualPtr>();
    qRegisterMetaType<bplab::LossChunkPtr>();
    qRegisterMetaType<bplab::DatasetInfoPtr>();
    qRegisterMetaType<bplab::DataSplitPtr>();
    qRegisterMetaType<bplab::AutoSnapshotSettings>();
    qRegisterMetaType<bplab::RestoredSnapshot>();
    qRegisterMetaType<bplab::TrainConfig>();
}

QString stateName(TrainingState state)
{
    switch (state) {
    case TrainingState::NoData: return QStringLiteral("No data");
    case TrainingState::Loading: return QStringLiteral("Loading");
    case TrainingState::Paused: return QStringLiteral("Paused");
    case TrainingState::Running: return QStringLiteral("Running");
    case TrainingState::Finished: return QStringLiteral("Finished");
    }
    return {};
}

} // namespace bplab
