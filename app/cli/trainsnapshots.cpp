#include "trainsnapshots.h"

#include "dataoptions.h"

#include <QFileInfo>

#include <filesystem>

namespace bplab::cli {

/** --resume: the snapshot, and the settings it continues with (--epochs and --lr may change). */
int readResume(const Command &cmd, TrainConfig &config, std::optional<LoadedSnapshot> &resumed)
{
    for (const char *option : {"recipe", "batch", "momentum", "schedule", "normalize", "init",
                               "init-from", "seed", "workers", "weight-decay"})
        if (cmd.isSet(QLatin1String(option)))
            return cmd.usageError(QStringLiteral("--%1 cannot be combined with --resume: a resumed "
                                                 "run continues with the snapshot's settings")
                                          .arg(QLatin1String(option)));
    const QString from = cmd.value(QStringLiteral("resume"));
    if (from.isEmpty())
        return cmd.usageError(QStringLiteral("--resume needs a snapshot folder or file"));
    Result<LoadedSnapshot> loaded = loadSnapshotFrom(from.toStdString());
    if (!loaded)
        return cmd.dataError(qs(loaded.error()));
    for (const std::string &skipped : loaded->skipped)
        cmd.note(QStringLiteral("warning: skipped %1; resuming from the older %2")
                         .arg(qs(skipped), qs(loaded->path)));
    config = loaded->snapshot.config;
    if (!cmd.intValue(QStringLiteral("epochs"), 0, 100000, config.epochs)
        || !cmd.doubleValue(QStringLiteral("lr"), 0.0, 1000.0, config.lr, true))
        return kExitUsage;
    if (config.lr != loaded->snapshot.config.lr)
        cmd.note(QStringLiteral("learning rate %1 instead of the snapshot's %2")
                         .arg(config.lr)
                         .arg(loaded->snapshot.config.lr));
    const int was = loaded->snapshot.config.epochs;
    if (config.epochs != was && config.schedule == Schedule::Cosine)
        cmd.note(QStringLiteral("note: %1 epochs in total instead of the snapshot's %2: the cosine "
                                "schedule is %3 from here, so the learning rate differs from an "
                                "uninterrupted %2-epoch run (--stop-after trains in sessions "
                                "without changing it)")
                         .arg(config.epochs)
                         .arg(was)
                         .arg(config.epochs > was ? QStringLiteral("stretched")
                                                  : QStringLiteral("shrunk")));
    else if (config.epochs != was)
        cmd.note(QStringLiteral("training to %1 epochs in total (the snapshot's run had %2)")
                         .arg(config.epochs)
                         .arg(was));
    loaded->snapshot.config = config;
    resumed = std::move(*loaded);
    return -1;
}

/** The data folder a snapshot names (a resumed run without --data). */
int loadSnapshotData(const Command &cmd, const DatasetIdentity &id, std::shared_ptr<DataSplit> &out)
{
    if (id.folder.empty())
        return cmd.dataError(QStringLiteral("the snapshot does not name its data folder; pass --data DIR"));
    Result<DataSplit> split = loadDataFolder(id.folder);
    if (!split)
        return cmd.dataError(QStringLiteral("the snapshot's data: %1; pass --data DIR if the files "
                                            "have moved")
                                     .arg(qs(split.error())));
    out = std::make_shared<DataSplit>(std::move(*split));
    cmd.note(QStringLiteral("data: %1 from %2 (%3 training, %4 test images), as the snapshot says")
                     .arg(qs(out->name), qs(out->folder), thousands(out->train.size()),
                          thousands(out->test.size())));
    return -1;
}

bool readSnapshotOptions(const Command &cmd, bool resumed, SnapshotOptions &out)
{
    if (cmd.isSet(QStringLiteral("checkpoint-dir"))) {
        out.dir = cmd.value(QStringLiteral("checkpoint-dir"));
        if (out.dir.isEmpty()) {
            cmd.usageError(QStringLiteral("--checkpoint-dir needs a folder"));
            return false;
        }
    } else if (resumed) {
        // Resuming from a folder writes on into it; from a single file, only when asked.
        std::error_code ec;
        if (std::filesystem::is_directory(cmd.value(QStringLiteral("resume")).toStdString(), ec))
            out.dir = cmd.value(QStringLiteral("resume"));
    }
    QString mode = QStringLiteral("stop");
    if (!cmd.intValue(QStringLiteral("checkpoint-every"), 1, 1 << 30, out.every)
        || !cmd.intValue(QStringLiteral("keep"), 1, 1000000, out.keep)
        || !cmd.intValue(QStringLiteral("stop-after"), 1, 100000, out.stopAfter)
        || !cmd.intValue(QStringLiteral("stop-after-batches"), 1, 1 << 30, out.stopAfterBatches)
        || !cmd.choiceValue(QStringLiteral("on-divergence"),
                            {QStringLiteral("stop"), QStringLiteral("halve")}, mode))
        return false;
    // A checked choice: one of the policy's action names.
    out.divergence.action
            = parseDivergenceAction(mode.toStdString()).value_or(DivergenceAction::Stop);
    if ((cmd.isSet(QStringLiteral("checkpoint-every")) || cmd.isSet(QStringLiteral("keep")))
        && out.dir.isEmpty()) {
        cmd.usageError(QStringLiteral("--checkpoint-every and --keep need --checkpoint-dir DIR"));
        return false;
    }
    return true;
}

} // namespace bplab::cli
