#include "snapshots.h"

#include <QCoreApplication>

namespace bplab {

void registerSnapshotTypes()
{
    qRegisterMetaType<bplab::TrainingState>();
    qRegisterMetaType<bplab::Progress>();
    qRegisterMetaType<bplab::EpochReport>();
    qRegisterMetaType<bplab::Divergence>();
    qRegisterMetaType<bplab::VisualPtr>();
    qRegisterMetaType<bplab::BranchPtr>();
    qRegisterMetaType<bplab::Pace>();
    qRegisterMetaType<bplab::LossChunkPtr>();
    qRegisterMetaType<bplab::DatasetInfoPtr>();
    qRegisterMetaType<bplab::DataSplitPtr>();
    qRegisterMetaType<bplab::AutoSnapshotSettings>();
    qRegisterMetaType<bplab::RestoredSnapshot>();
    qRegisterMetaType<bplab::TrainConfig>();
    qRegisterMetaType<bplab::HistoryEvent>();
    qRegisterMetaType<bplab::Notice>();
}

QString stateName(TrainingState state)
{
    switch (state) {
    case TrainingState::NoData:
        return QCoreApplication::translate("bplab::StatusLine", "No data");
    case TrainingState::Loading:
        return QCoreApplication::translate("bplab::StatusLine", "Loading");
    case TrainingState::Paused:
        return QCoreApplication::translate("bplab::StatusLine", "Paused");
    case TrainingState::Running:
        return QCoreApplication::translate("bplab::StatusLine", "Running");
    case TrainingState::Finished:
        return QCoreApplication::translate("bplab::StatusLine", "Finished");
    }
    return {};
}

} // namespace bplab
