#include "trainnetwork.h"

#include "dataoptions.h"
#include "jsonwriter.h"
#include "progressbar.h"
#include "trainreport.h"

#include "batchthreads.h"
#include "networktrainer.h"
#include "trainsubset.h"

#include <QFileInfo>


namespace bplab::cli {

namespace {

/** The options of train that only the source network has yet, and what each one does. */
struct SourceOnly
{
    const char *option;
    const char *what;
};
constexpr SourceOnly kSourceOnly[] = {
        {"workers", "data-parallel replicas"},
        {"mpi", "training over MPI"},
        {"checkpoint-dir", "snapshots"},
        {"checkpoint-every", "snapshots"},
        {"keep", "snapshots"},
        {"stop-after", "snapshots"},
        {"stop-after-batches", "snapshots"},
        {"augment", "augmentation"},
};


QString networkName(const Architecture &arch)
{
    return qs(describe(arch));
}

} // namespace

int chooseNetwork(const Command &cmd, Architecture &arch, std::optional<NetworkModel> &fromFile)
{
    if (const int code = architectureValue(cmd, arch); code >= 0)
        return code;
    if (!cmd.isSet(QStringLiteral("init-from")))
        return -1;
    const QString path = cmd.value(QStringLiteral("init-from"));
    NetworkModel model;
    if (const int code = loadNetworkFile(cmd, path, model); code >= 0)
        return code;
    const bool asked = cmd.isSet(QStringLiteral("hidden")) || cmd.isSet(QStringLiteral("activation"));
    if (asked && model.arch != arch)
        return cmd.usageError(QStringLiteral("--init-from %1 holds the %2 network, not the %3 that --hidden and "
                                             "--activation ask for; leave them out to train the file's network")
                                      .arg(path, networkName(model.arch), networkName(arch)));
    arch = model.arch;
    fromFile = std::move(model);
    return -1;
}

int trainNetwork(const Command &cmd, const Architecture &arch, TrainConfig config, std::optional<NetworkModel> fromFile)
{
    const QString name = networkName(arch);
    for (const SourceOnly &o : kSourceOnly)
        if (cmd.isSet(QString::fromLatin1(o.option)))
            return cmd.usageError(QStringLiteral("--%1: %2 train the source network (784-128-10 ReLU) only, not %3 yet")
                                          .arg(QString::fromLatin1(o.option), QString::fromLatin1(o.what), name));
    if (cmd.isSet(QStringLiteral("on-divergence")) && cmd.value(QStringLiteral("on-divergence")) != QLatin1String("stop"))
        return cmd.usageError(QStringLiteral("--on-divergence %1: %2 stops at a divergence (halving is the source "
                                             "network's only)")
                                      .arg(cmd.value(QStringLiteral("on-divergence")), name));
    const bool json = cmd.isSet(QStringLiteral("json"));
    const QString savePath = cmd.value(QStringLiteral("save"));
    if (cmd.isSet(QStringLiteral("save")) && savePath.isEmpty())
        return cmd.usageError(QStringLiteral("--save needs a file name"));

    std::shared_ptr<DataSplit> data;
    if (const int code = loadData(cmd, data); code >= 0)
        return code;
    if (const int code = applyTrainSubset(cmd, config, data->train.size(), false); code >= 0)
        return code;
    if (data->train.size() == 0)
        return cmd.dataError(QStringLiteral("%1: the training set is empty").arg(qs(data->folder)));
    const std::size_t trainCount = subsetSize(config.trainSubset, data->train.size());
    if (std::size_t(config.batch) > trainCount) {
        cmd.note(QStringLiteral("batch %1 is larger than the %2 training images: using %2")
                         .arg(config.batch)
                         .arg(thousands(trainCount)));
        config.batch = int(trainCount);
    }

    // Without --init, the initialisation the activation implies (He for ReLU, Xavier for sigmoid
    // and tanh); the model file records the one used.
    if (!cmd.isSet(QStringLiteral("init")))
        config.init = initFor(arch.activation);
    MlpParamsF initial = fromFile ? std::move(fromFile->params) : initMlp(arch, config.init, config.seed);
    const QString start = fromFile ? QStringLiteral("weights from %1").arg(cmd.value(QStringLiteral("init-from")))
                          : cmd.isSet(QStringLiteral("init"))
                                  ? QStringLiteral("%1 init").arg(qs(toString(config.init)))
                                  : QStringLiteral("%1 init (%2)").arg(qs(toString(config.init)), qs(initRuleText(arch.activation)));
    cmd.note(QStringLiteral("training %1: %2 epochs, batch %3, lr %4 (%5), momentum %6, inputs %7, %8, seed %9")
                     .arg(name)
                     .arg(config.epochs)
                     .arg(config.batch)
                     .arg(config.lr)
                     .arg(qs(scheduleName(config.schedule)))
                     .arg(config.momentum)
                     .arg(describeNormalize(config.normalize), start)
                     .arg(config.seed));

    const int threads = trainingThreads();
    NetworkTrainer trainer(data, config, arch, std::move(initial));
    std::optional<EpochReport> last;
    std::optional<Divergence> diverged;
    {
        const StopOnSignal stopOnSignal;
        ProgressBar bar(QStringLiteral("training"), trainer.totalSteps());
        while (!trainer.finished() && !StopOnSignal::stopFlag()) {
            const NetworkBatch b = trainer.trainBatch();
            if (b.divergence) {
                diverged = b.divergence;
                break;
            }
            bar.update(b.step + 1,
                       QStringLiteral(" epoch %1/%2 loss %3").arg(b.epoch + 1).arg(config.epochs).arg(b.loss, 0, 'f', 4));
            if (b.epochEnded) {
                bar.clear();
                last = b.epochEnded;
                printEpoch(*last, config.epochs, json, threads, nullptr);
            }
        }
    }
    if (diverged) {
        if (json)
            printDivergence(*diverged);
        return cmd.dataError(qs(diverged->message));
    }
    if (StopOnSignal::stopFlag()) {
        cmd.note(QStringLiteral("%1 train: interrupted after %2 of %3 batches; the model was not saved")
                         .arg(QLatin1String(kProgram), thousands(trainer.step()), thousands(trainer.totalSteps())));
        return kExitInterrupted;
    }
    if (!json) {
        // With --epochs 0 the starting weights are evaluated.
        const Evaluation ev = last ? Evaluation {} : evaluateNetwork(arch, trainer.params(), data->test, config.normalize);
        printFinal(last ? last->testLoss : ev.loss, last ? last->testAccuracy : ev.accuracy, data->test.size(),
                   trainer.epoch());
    }
    if (!savePath.isEmpty()) {
        ModelInfo info = modelInfoFor(config, trainer.data(), last ? last->epoch : 0,
                                      last ? std::optional<double>(last->testAccuracy) : std::nullopt);
        if (fromFile)
            info.initFrom = QFileInfo(cmd.value(QStringLiteral("init-from"))).fileName().toStdString();
        const Status saved = saveNetworkModel(savePath.toStdString(), arch, trainer.params(), &info);
        if (!saved)
            return cmd.dataError(qs(saved.error()));
        cmd.note(QStringLiteral("saved the %1 model to %2").arg(name, savePath));
    }
    return kExitOk;
}

} // namespace bplab::cli
