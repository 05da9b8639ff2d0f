#include "sessionfiles.h"

#include <data/dataset.h>
#include <io/modelfile.h>
#include <io/modelinfo.h>
#include <io/onnxfile.h>
#include <train/trainer.h>

#include <QFileInfo>

#include <algorithm>
#include <optional>

namespace bplab {

namespace {
QString fromStd(const std::string &s)
{
    return QString::fromStdString(s);
}

/** What a model file records of the training behind `t`'s weights. */
ModelInfo shownModelInfo(const Trainer &t)
{
    const std::vector<EpochReport> &epochs = t.epochReports();
    std::optional<double> accuracy;
    if (!epochs.empty() && t.batchInEpoch() == 0)
        accuracy = epochs.back().testAccuracy;
    return modelInfoFor(t.activeConfig(), t.data(), t.epoch(), accuracy);
}
} // namespace

std::variant<DataSplitPtr, QString> SessionFiles::readDataFolder(const QString &folder)
{
    Result<DataSplit> loaded = loadDataFolder(folder.toStdString());
    if (!loaded)
        return fromStd(loaded.error());
    if (loaded->train.rows * loaded->train.cols != kInputs || loaded->train.size() == 0)
        return tr("%1 holds %2 training images of %3x%4 pixels; the network needs at least one "
                  "image of 28x28 pixels. Choose a folder with MNIST-style IDX files.")
                .arg(folder)
                .arg(loaded->train.size())
                .arg(loaded->train.rows)
                .arg(loaded->train.cols);
    return std::make_shared<const DataSplit>(std::move(loaded.value()));
}

DatasetInfoPtr SessionFiles::describeData(const DataSplitPtr &data)
{
    auto info = std::make_shared<DatasetInfo>();
    info->name = fromStd(data->name);
    info->folder = fromStd(data->folder);
    info->trainCount = qsizetype(data->train.size());
    info->testCount = qsizetype(data->test.size());
    for (const std::string &name : data->classNames)
        info->classNames << fromStd(name);
    info->data = data;
    return info;
}

Notice SessionFiles::saveModel(const QString &file, const Trainer *shown,
                               const ParamsPtr &fileModel, const QString &fileModelName)
{
    if (!shown)
        return ModelFailed {tr("There are no weights to save yet: open a data folder first.")};
    if (fileModel) { // a model file shown: its weights, as they came
        if (const Status st = bplab::saveModel(file.toStdString(), *fileModel); !st)
            return ModelFailed {
                    tr("The model was not saved to %1: %2").arg(file, fromStd(st.error()))};
        return ModelSaved {file, tr("weights from the model file %1").arg(fileModelName)};
    }
    const Trainer &t = *shown;
    const ModelInfo info = shownModelInfo(t);
    if (const Status st = saveNetworkModel(file.toStdString(), t.network(), t.params(), &info); !st)
        return ModelFailed {tr("The model was not saved to %1: %2").arg(file, fromStd(st.error()))};
    return ModelSaved {file, tr("weights after batch %1").arg(t.step())};
}

Notice SessionFiles::exportOnnx(const QString &file, const Trainer *shown, const ParamsPtr &fileModel,
                                const QString &fileModelName)
{
    if (!shown)
        return ModelFailed {tr("There is no network to export yet: open a data folder first.")};
    // A model file shown is the source's network; the views feed it the training's inputs.
    const Trainer &t = *shown;
    OnnxExportInfo info;
    info.normalize = t.activeConfig().normalize;
    Architecture arch = t.network();
    MlpParamsF params;
    QString what;
    if (fileModel) {
        arch = Architecture::source();
        params = *fileModel;
        info.trainedWith = "weights from the model file " + fileModelName.toStdString();
        what = tr("the weights of %1 as ONNX").arg(fileModelName);
    } else {
        params = t.params();
        info.trainedWith = describeModelInfo(shownModelInfo(t));
        what = tr("the network after batch %1 as ONNX").arg(t.step());
    }
    if (const Status st = saveOnnx(file.toStdString(), arch, params, info); !st)
        return ModelFailed {tr("The network was not exported: %1. Any file of that name is as it was; choose a "
                               "folder you can write to, with space free, and export again.")
                                    .arg(fromStd(st.error()))};
    return ModelSaved {file, what};
}

Notice SessionFiles::saveSnapshot(const QString &file, const Trainer *trainer)
{
    if (!trainer)
        return SnapshotFailed {tr("There is no training to save yet: open a data folder first."),
                               {}};
    const TrainingSnapshot snapshot = trainer->snapshot();
    if (const Status saved = bplab::saveSnapshot(file.toStdString(), snapshot); !saved)
        return SnapshotFailed {fromStd(saved.error()), {}};
    return SnapshotSaved {file, fromStd(describeSnapshot(snapshot)), false};
}

QString SessionFiles::previousSnapshot(const QString &file)
{
    const QFileInfo info(file);
    if (!info.isFile())
        return {};
    const std::string self = info.absoluteFilePath().toStdString();
    const auto all = listSnapshots(info.absolutePath().toStdString());
    const auto me = std::find_if(all.begin(), all.end(), [&](const SnapshotFile &f) {
        return QFileInfo(fromStd(f.path)).absoluteFilePath().toStdString() == self;
    });
    if (me == all.end() || me + 1 == all.end())
        return {};
    return fromStd((me + 1)->path);
}

Notice SessionFiles::dataMissing(const QString &path, const TrainingSnapshot &snapshot)
{
    const QString folder = fromStd(snapshot.data.folder);
    return SnapshotFailed {tr("%1 was taken on %2 in %3, which cannot be read now; open that "
                              "data folder, then the snapshot again.")
                                   .arg(path, fromStd(snapshot.data.name), folder),
                           previousSnapshot(path)};
}

RestoredSnapshot SessionFiles::restored(const LoadedSnapshot &loaded)
{
    RestoredSnapshot r;
    r.path = fromStd(loaded.path);
    r.description = fromStd(describeSnapshot(loaded.snapshot));
    for (const std::string &skipped : loaded.skipped)
        r.skipped << fromStd(skipped);
    return r;
}

} // namespace bplab
