#include "autosnapshots.h"

#include <train/snapshotfolder.h>

#include <algorithm>

namespace bplab {

namespace {
constexpr std::int64_t kNsPerMinute = 60'000'000'000;
} // namespace

void AutoSnapshots::setSettings(const AutoSnapshotSettings &settings)
{
    m_settings = settings;
    m_settings.keep = std::max(1, m_settings.keep);
    m_failed = false;
}

void AutoSnapshots::restartAt(std::uint64_t step, std::int64_t nowNs)
{
    m_step = step;
    m_ns = nowNs;
}

std::optional<Notice> AutoSnapshots::writeIfDue(const Trainer &trainer, std::int64_t nowNs, bool force)
{
    if (!m_settings.enabled || m_settings.folder.isEmpty() || trainer.step() == m_step)
        return std::nullopt;
    if (!force) {
        const bool byBatches = m_settings.everyBatches > 0
                               && trainer.step() - m_step >= std::uint64_t(m_settings.everyBatches);
        const bool byTime = m_settings.everyMinutes > 0 && nowNs - m_ns >= m_settings.everyMinutes * kNsPerMinute;
        if (!byBatches && !byTime)
            return std::nullopt;
    }
    m_step = trainer.step();
    m_ns = nowNs;
    const TrainingSnapshot snapshot = trainer.snapshot();
    const auto written = saveSnapshotToFolder(m_settings.folder.toStdString(), snapshot, m_settings.keep);
    if (!written) {
        // Said once per setting; training goes on (a full disk must not stop a lesson).
        const bool first = !m_failed;
        m_failed = true;
        if (!first)
            return std::nullopt;
        return SnapshotFailed{tr("Automatic snapshot not written: %1").arg(QString::fromStdString(written.error())), {}};
    }
    m_failed = false;
    return SnapshotSaved{QString::fromStdString(*written), QString::fromStdString(describeSnapshot(snapshot)), true};
}

} // namespace bplab
