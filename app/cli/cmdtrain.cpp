// train: the training loop from a shell, one line (or JSON object) per epoch.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "jsonwriter.h"
#include "progressbar.h"

#include "modelfile.h"
#include "trainer.h"
#include "workerstrainer.h"

#include <QFileInfo>

#include <atomic>
#include <cmath>
#include <csignal>

namespace bplab::cli {

namespace {

std::atomic<bool> g_interrupted {false};
/** The cross-entropy of a uniform guess over 10 classes: ln 10. */
const double kChanceLoss = std::log(double(kOutputs));
void onInterrupt(int)
{
    g_interrupted = true;
}

const char *kTrainDetails
        = R"(Recipes (--recipe; any option given explicitly overrides the recipe's value):
  source  the source's method: plain SGD, lr 0.1, batch 64, he init, x/255 inputs, 10 epochs
  tuned   standard input scaling, momentum 0.9, lr 0.05, cosine schedule, 15 epochs

--json prints one object per epoch on stdout:
  {"epoch", "train_loss", "test_loss", "test_accuracy" (percent), "seconds", "samples_per_second"}
"seconds" is the epoch's training time without the evaluation on the test set. Without --json a
readable line per epoch. Data used, settings and files written are noted on stderr, with a
progress bar when stderr is a terminal.

The model file (--save) records the recipe with the weights (input scaling, init, seed,
hyperparameters, the data's identity, epochs trained, test accuracy): eval, explain and predict
scale their inputs as it says unless --normalize is given.

--epochs 0 trains nothing: with --init-from and --save it converts an .npz into a model file.
Ctrl-C stops after the current batch; the model is then not saved (exit code 130).)";

QString scheduleName(Schedule s)
{
    return s == Schedule::Cosine ? QStringLiteral("cosine") : QStringLiteral("constant");
}

bool readConfig(const Command &cmd, TrainConfig &config)
{
    QString recipe = QStringLiteral("source");
    if (!cmd.choiceValue(QStringLiteral("recipe"),
                         {QStringLiteral("source"), QStringLiteral("tuned")}, recipe))
        return false;
    config = recipe == QLatin1String("tuned") ? tunedRecipe() : sourceRecipe();

    QString schedule = scheduleName(config.schedule);
    QString init = initName(config.init);
    if (!cmd.intValue(QStringLiteral("epochs"), 0, 100000, config.epochs)
        || !cmd.intValue(QStringLiteral("batch"), 1, 1 << 20, config.batch)
        || !cmd.doubleValue(QStringLiteral("lr"), 0.0, 1000.0, config.lr, true)
        || !cmd.doubleValue(QStringLiteral("momentum"), 0.0, 0.999999, config.momentum)
        || !cmd.choiceValue(QStringLiteral("schedule"),
                            {QStringLiteral("constant"), QStringLiteral("cosine")}, schedule)
        || !normalizeValue(cmd, config.normalize)
        || !cmd.choiceValue(
                QStringLiteral("init"),
                {QStringLiteral("he"), QStringLiteral("xavier"), QStringLiteral("pytorch")}, init)
        || !cmd.seedValue(QStringLiteral("seed"), config.seed))
        return false;
    config.augment = cmd.isSet(QStringLiteral("augment"));
    config.schedule = schedule == QLatin1String("cosine") ? Schedule::Cosine : Schedule::Constant;
    config.init = init == QLatin1String("xavier")    ? Init::Xavier
                  : init == QLatin1String("pytorch") ? Init::PyTorch
                                                     : Init::He;
    return true;
}

void printEpoch(const EpochReport &r, int epochs, bool json)
{
    if (json) {
        JsonObject()
                .add("epoch", r.epoch)
                .add("train_loss", r.trainLoss)
                .add("test_loss", r.testLoss)
                .add("test_accuracy", r.testAccuracy)
                .add("seconds", std::round(r.seconds * 1e6) / 1e6)
                .add("samples_per_second", std::round(r.samplesPerSecond * 10) / 10)
                .printLine();
        return;
    }
    printOut(QStringLiteral("epoch %1/%2  train loss %3  test loss %4  test accuracy %5%  %6 s  %7 "
                            "samples/s\n")
                     .arg(r.epoch, QString::number(epochs).size())
                     .arg(epochs)
                     .arg(r.trainLoss, 0, 'f', 4)
                     .arg(r.testLoss, 0, 'f', 4)
                     .arg(r.testAccuracy, 0, 'f', 2)
                     .arg(r.seconds, 0, 'f', 2)
                     .arg(thousands(std::uint64_t(std::llround(r.samplesPerSecond)))));
}

} // namespace

int runTrain(const QStringList &args)
{
    Command cmd(
            QStringLiteral("train"),
            QStringLiteral(
                    "Trains the 784-128-10 network with mini-batch SGD and reports each epoch."),
            QString::fromUtf8(kTrainDetails));
    addDataOptions(cmd);
    cmd.addOption(QStringLiteral("recipe"),
                  QStringLiteral("Starting settings: source (default) or tuned."),
                  QStringLiteral("NAME"));
    cmd.addOption(QStringLiteral("epochs"),
                  QStringLiteral("Passes over the training set (source: 10, tuned: 15)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("batch"), QStringLiteral("Mini-batch size (default 64)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("lr"), QStringLiteral("Learning rate (source: 0.1, tuned: 0.05)."),
                  QStringLiteral("X"));
    cmd.addOption(QStringLiteral("momentum"),
                  QStringLiteral("Momentum, 0 = plain SGD (source: 0, tuned: 0.9)."),
                  QStringLiteral("X"));
    cmd.addOption(QStringLiteral("schedule"),
                  QStringLiteral("Learning-rate schedule: constant or cosine (source: constant, "
                                 "tuned: cosine)."),
                  QStringLiteral("NAME"));
    addNormalizeOption(cmd, QStringLiteral("(tuned: standard)"));
    cmd.addOption(QStringLiteral("init"),
                  QStringLiteral("Weight initialisation: he (default), xavier or pytorch (uniform "
                                 "+-1/sqrt(fan_in), as torch.nn.Linear)."),
                  QStringLiteral("NAME"));
    cmd.addOption(
            QStringLiteral("init-from"),
            QStringLiteral("Start from these weights (.npz as written by export, or a model file) "
                           "instead of --init."),
            QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("seed"),
                  QStringLiteral("Seed of the initialisation and the shuffling (default 1)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("augment"),
                  QStringLiteral("Shift (up to 2 px), rotate (up to 10 degrees) and scale (up to "
                                 "10%) each training image at random, anew each epoch (off in the "
                                 "source's recipe)."));
    cmd.addOption(QStringLiteral("save"),
                  QStringLiteral("Write the trained model to FILE (.bplab suggested)."),
                  QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("workers"),
                  QStringLiteral("Data-parallel replicas, each with its own --batch, joined by a "
                                 "ring all-reduce (default 1)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object per epoch on stdout."));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    TrainConfig config;
    int workers = 1;
    if (!readConfig(cmd, config) || !cmd.intValue(QStringLiteral("workers"), 1, 64, workers))
        return kExitUsage;
    if (config.augment && workers > 1)
        return cmd.usageError(QStringLiteral("--augment works with one worker only (the data-parallel "
                                             "replicas do not augment yet)"));
    const bool json = cmd.isSet(QStringLiteral("json"));
    const QString savePath = cmd.value(QStringLiteral("save"));
    if (cmd.isSet(QStringLiteral("save")) && savePath.isEmpty())
        return cmd.usageError(QStringLiteral("--save needs a file name"));

    std::shared_ptr<DataSplit> data;
    if (const int code = loadData(cmd, data); code >= 0)
        return code;
    if (data->train.size() == 0)
        return cmd.dataError(QStringLiteral("%1: the training set is empty").arg(qs(data->folder)));
    if (std::size_t(config.batch) > data->train.size()) {
        // A batch larger than the data would only allocate buffers that stay empty.
        cmd.note(QStringLiteral("batch %1 is larger than the %2 training images: using %2")
                         .arg(config.batch)
                         .arg(thousands(data->train.size())));
        config.batch = int(data->train.size());
    }

    std::optional<ParamsF> initial;
    if (cmd.isSet(QStringLiteral("init-from"))) {
        ParamsF p;
        if (const int code = loadModelFile(cmd, cmd.value(QStringLiteral("init-from")), p);
            code >= 0)
            return code;
        initial = std::move(p);
    }

    cmd.note(QStringLiteral("training: %1 epochs, batch %2, lr %3 (%4), momentum %5, inputs %6, "
                            "%7, seed %8")
                     .arg(config.epochs)
                     .arg(config.batch)
                     .arg(config.lr)
                     .arg(scheduleName(config.schedule))
                     .arg(config.momentum)
                     .arg(describeNormalize(config.normalize))
                     .arg(initial ? QStringLiteral("weights from %1")
                                            .arg(cmd.value(QStringLiteral("init-from")))
                                  : QStringLiteral("%1 init").arg(initName(config.init)))
                     .arg(config.seed));

    std::shared_ptr<const DataSplit> shared = data;
    if (workers > 1)
        cmd.note(QStringLiteral("data parallel: %1 replicas x batch %2 = global batch %3")
                         .arg(workers)
                         .arg(config.batch)
                         .arg(workers * config.batch));
    cluster::WorkersTrainer trainer(shared, config, workers);
    if (initial)
        trainer.setParams(*initial);

    std::atomic<bool> stop {false};
    bool diverged = false;
    BatchReport badBatch;
    std::optional<EpochReport> last;
    double firstBatchLoss = 0;
    bool warned = false;
    if (config.epochs > 0) {
        g_interrupted = false;
        auto previous = std::signal(SIGINT, onInterrupt);
        ProgressBar bar(QStringLiteral("training"), trainer.totalSteps());
        trainer.run(
                [&](const BatchReport &b) {
                    if (!std::isfinite(b.loss) && !diverged) {
                        diverged = true;
                        badBatch = b;
                        stop = true;
                    }
                    if (g_interrupted)
                        stop = true;
                    if (b.step == 0)
                        firstBatchLoss = b.loss;
                    bar.update(b.step + 1, QStringLiteral(" epoch %1/%2 loss %3")
                                                   .arg(b.epoch + 1)
                                                   .arg(config.epochs)
                                                   .arg(b.loss, 0, 'f', 4));
                },
                [&](const EpochReport &e) {
                    bar.clear();
                    last = e;
                    printEpoch(e, config.epochs, json);
                    // The log-sum-exp loss stays finite when the weights blow up, so a too large
                    // learning rate shows as a loss worse than uniform guessing that also grew.
                    if (!warned && e.trainLoss > kChanceLoss && e.trainLoss > firstBatchLoss) {
                        warned = true;
                        cmd.note(QStringLiteral("warning: the training loss of epoch %1 (%2) is "
                                                "worse than guessing "
                                                "(ln 10 = %3) and than the first batch's (%4): the "
                                                "learning rate "
                                                "%5 is too large (the source's recipe uses 0.1)")
                                         .arg(e.epoch)
                                         .arg(e.trainLoss, 0, 'g', 4)
                                         .arg(kChanceLoss, 0, 'f', 3)
                                         .arg(firstBatchLoss, 0, 'g', 4)
                                         .arg(config.lr));
                    }
                },
                &stop);
        bar.clear();
        std::signal(SIGINT, previous);
    }

    if (diverged || !trainer.params().allFinite()) {
        return cmd.dataError(
                QStringLiteral(
                        "training diverged in epoch %1, batch %2 (loss %3 at learning rate %4): "
                        "the weights are no longer finite; try a smaller --lr")
                        .arg(badBatch.epoch + 1)
                        .arg(badBatch.batchInEpoch + 1)
                        .arg(badBatch.loss)
                        .arg(badBatch.lr));
    }
    if (g_interrupted) {
        cmd.note(QStringLiteral(
                         "%1 train: interrupted after %2 of %3 batches; the model was not saved")
                         .arg(QLatin1String(kProgram), thousands(trainer.step()),
                              thousands(trainer.totalSteps())));
        return kExitInterrupted;
    }

    if (!json) {
        // The last epoch's report holds the final numbers; with --epochs 0 the starting weights
        // are evaluated instead.
        double loss = 0, accuracy = 0;
        if (last) {
            loss = last->testLoss;
            accuracy = last->testAccuracy;
        } else {
            const Evaluation ev = evaluate(trainer.params(), data->test, config.normalize);
            loss = ev.loss;
            accuracy = ev.accuracy;
        }
        const auto correct
                = std::uint64_t(std::llround(accuracy * double(data->test.size()) / 100.0));
        printOut(QStringLiteral("final: test loss %1, test accuracy %2% (%3 of %4) after %5\n")
                         .arg(loss, 0, 'f', 4)
                         .arg(accuracy, 0, 'f', 2)
                         .arg(thousands(correct), thousands(data->test.size()))
                         .arg(config.epochs == 1 ? QStringLiteral("1 epoch")
                                                 : QStringLiteral("%1 epochs").arg(config.epochs)));
    }

    if (!savePath.isEmpty()) {
        // The file records the recipe, so eval, explain and predict scale inputs as trained.
        ModelInfo info = modelInfoFor(config, *data, last ? last->epoch : 0,
                                      last ? std::optional<double>(last->testAccuracy) : std::nullopt);
        if (initial)
            info.initFrom = QFileInfo(cmd.value(QStringLiteral("init-from"))).fileName().toStdString();
        const Status saved = saveModel(savePath.toStdString(), trainer.params(), info);
        if (!saved)
            return cmd.dataError(qs(saved.error()));
        cmd.note(QStringLiteral("saved the model to %1").arg(savePath));
    }
    return kExitOk;
}

} // namespace bplab::cli
