// train: the training loop from a shell, one line (or JSON object) per epoch.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "jsonwriter.h"
#include "progressbar.h"
#include "trainreport.h"
#include "trainsnapshots.h"
#include "trainmpi.h"
#include "trainnetwork.h"

#include "nn/batchthreads.h"
#include "train/divergence.h"
#include "io/modelfile.h"
#include "train/networktrainer.h"
#include "nn/optimizerchoice.h"
#include "train/snapshotfolder.h"
#include "train/trainingsession.h"
#include "train/trainsubset.h"
#include "replicaexchange.h"

#include <QFileInfo>

#include <atomic>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <memory>
#include <optional>

namespace bplab::cli {

namespace {

/** The cross-entropy of a uniform guess over 10 classes: ln 10. */
const double kChanceLoss = std::log(double(kOutputs));

const char *kTrainDetails
        = R"(--json prints one object per epoch on stdout:
  {"epoch", "train_loss", "train_eval_loss", "train_accuracy" (percent), "test_loss",
   "test_accuracy" (percent), "seconds", "samples_per_second", "training_threads"}
"train_loss" is the mean of the epoch's batch losses; "train_eval_loss" and "train_accuracy" are
the training (sub)set's at the epoch's end weights.
"seconds" is the epoch's training time without the evaluation on the test set; "training_threads"
the threads a batch is split over ($BPLAB_THREADS, else 2 when the machine has two cores, else 1). Without --json a
readable line per epoch. Data used, settings and files written are noted on stderr, with a
progress bar when stderr is a terminal.

The model file (--save) records the recipe with the weights (input scaling, init, seed,
hyperparameters, the data's identity, epochs trained, test accuracy): eval, explain and predict
scale their inputs as it says unless --normalize is given.

--epochs 0 trains nothing: with --init-from and --save it converts an .npz into a model file.
Snapshots (--checkpoint-dir DIR): the whole training state (weights, momentum buffer, position,
loss history, settings, the data's identity) is written to DIR/snapshot-NNNNNN.bplabsnap every
--checkpoint-every batches (default: at the end of each epoch), at the end, and when the run is
stopped (Ctrl-C, SIGTERM); the newest --keep files are kept. Each write is atomic and durable
(temporary file, fsync, rename, fsync of the folder): a crash leaves the older snapshots intact.
--resume DIR|FILE continues from the newest valid snapshot in DIR (a damaged newer file is
skipped with a warning) or from FILE, with the snapshot's settings and data (its folder, checked
against the snapshot's sizes and checksums); a resumed run needs no other option and writes its
snapshots on into DIR. It may change only --epochs TOTAL (the total, counting the epochs done),
--lr, --stop-after, the data folder's place (--data), and the output and snapshot options.
Resuming is exact: 2 epochs straight and 1 epoch + resume to 2 give the same bits, also with
--workers N (the snapshot holds the replicas' common state and their number; a resumed run keeps
it). With the cosine schedule the total must not change: another --epochs stretches or shrinks
the rest of the schedule (said on stderr when resuming); use --stop-after to train in sessions.
--stop-after N stops after epoch N of --epochs (writing a snapshot), to be resumed later.

Divergence guard (the same rule with --workers N and in the app): a batch whose loss, gradient or
weights become NaN or infinite, or whose loss rises above 100 (the true class at e^-100: the
weights are blowing up), is undone: the weights and the momentum buffer return to their last
finite values (a loss above 100 undoes the batch before it too). --on-divergence stop (default)
then exits with code 2 and says what happened, suggesting half the batch's learning rate; with
--json it first prints {"divergence": {"epoch", "batch" (both 1-based, as the epoch lines),
"quantity", "rate", "suggested_rate"}}, the object the app's --report holds. --on-divergence
halve trains on at that suggested rate from the restored weights and momentum buffer (each
halving is noted; 30 in a row give up). A loss above 100 at weights that cannot be undone further (the first batch after a
start, a resume or an undo) is trained on, so that the smaller rate can recover from them.

Ctrl-C (or SIGTERM) stops after the current batch; the model is then not saved (exit code 130).

Other networks: --hidden and --activation (or an --init-from file that holds another network)
train another network than the source's 784-128-10 ReLU (each batch in two halves of its samples
on the training threads, the same bits on one): SGD with or without momentum or Adam, a constant
or cosine rate, --augment, --train-subset, --json and --save (a model file that records the
network), snapshots and --resume (a version 5 snapshot records the network, 6 a layer list and
the weight decay), --workers, --mpi
and --on-divergence as above. Without --init the initialisation follows the activation: He for (leaky) ReLU, Xavier for
sigmoid and tanh.

Layer lists: --layers "conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64, dropout 0.25" trains a
network with convolution (C channels of K x K kernels, stride 1 or 2, padding same unless
"valid"), 2 x 2 max pooling, flatten (implicit before a dense layer), dense and dropout layers
(inverted, its mask drawn from the seed, the batch and the sample; off at evaluation); the 10
outputs and SoftMax come last. Snapshots and --resume are exact for it too (the dropout masks
follow the batch's number and the sample's place in the global batch), --workers N and --mpi on
N ranks equal one replica with batch N*B within float rounding.
--weight-decay L adds L w to every parameter's gradient (biases included) before the optimiser's
step, as PyTorch's weight_decay does.)";

/** The recipe table (trainconfig.h) as --help lists it. */
QString recipesHelp()
{
    QString out = QStringLiteral("Recipes (--recipe; any option given explicitly overrides the recipe's value):\n");
    for (const RecipeInfo &r : recipes())
        out += QStringLiteral("  %1  %2\n").arg(QString::fromLatin1(r.name), -6).arg(QString::fromLatin1(r.summary));
    return out + QStringLiteral("\n");
}

bool readConfig(const Command &cmd, TrainConfig &config)
{
    QString recipe = QString::fromLatin1(recipeInfo(Recipe::Source).name);
    QStringList names;
    for (const RecipeInfo &r : recipes())
        names << QString::fromLatin1(r.name);
    if (!cmd.choiceValue(QStringLiteral("recipe"), names, recipe))
        return false;
    config = recipeConfig(*recipeNamed(recipe.toStdString()));

    // The choices are core's tables: their names, read back by core's parsers.
    QStringList schedules, inits;
    for (const Schedule s : kSchedules)
        schedules << qs(scheduleName(s));
    for (const Init i : kInits)
        inits << qs(toString(i));
    QString schedule = qs(scheduleName(config.schedule));
    QString init = qs(toString(config.init));
    if (!cmd.intValue(QStringLiteral("epochs"), 0, 100000, config.epochs)
        || !cmd.intValue(QStringLiteral("batch"), 1, 1 << 20, config.batch)
        || !cmd.doubleValue(QStringLiteral("lr"), 0.0, 1000.0, config.lr, true)
        || !cmd.doubleValue(QStringLiteral("momentum"), 0.0, 0.999999, config.momentum)
        || !cmd.choiceValue(QStringLiteral("schedule"), schedules, schedule)
        || !normalizeValue(cmd, config.normalize)
        || !cmd.choiceValue(QStringLiteral("init"), inits, init)
        || !cmd.seedValue(QStringLiteral("seed"), config.seed) || !weightDecayValue(cmd, config.weightDecay))
        return false;
    // --optimizer (optimizerchoice.h): sgd keeps --momentum (0 unless given), momentum is SGD
    // with --momentum (0.9 unless given), adam has no momentum. Without either flag the recipe's
    // optimiser and momentum stay as they are.
    QStringList choices;
    for (const OptimizerChoice &c : optimizerChoices())
        choices << QString::fromLatin1(c.name);
    QString optimizer = QString::fromLatin1(optimizerChoiceOf(config).name);
    if (!cmd.choiceValue(QStringLiteral("optimizer"), choices, optimizer))
        return false;
    const bool momentumGiven = cmd.isSet(QStringLiteral("momentum"));
    if (cmd.isSet(QStringLiteral("optimizer")) || momentumGiven) {
        const Status chosen = applyOptimizerChoice(
                optimizer.toStdString(), momentumGiven ? std::optional(config.momentum) : std::nullopt, config);
        if (!chosen.ok()) {
            cmd.usageError(QString::fromStdString(chosen.error()));
            return false;
        }
    }
    config.augment = cmd.isSet(QStringLiteral("augment"));
    // Checked choices: the parsers know them.
    config.schedule = parseSchedule(schedule.toStdString()).value_or(Schedule::Constant);
    config.init = parseInit(init.toStdString()).value_or(Init::He);
    return true;
}

void onStopSignal(int)
{
    StopOnSignal::stopFlag() = true;
}

} // namespace

std::atomic<bool> &StopOnSignal::stopFlag()
{
    static std::atomic<bool> flag {false};
    return flag;
}

StopOnSignal::StopOnSignal()
    : m_previousInt(std::signal(SIGINT, onStopSignal))
    , m_previousTerm(std::signal(SIGTERM, onStopSignal))
{
    stopFlag() = false;
}

StopOnSignal::~StopOnSignal()
{
    std::signal(SIGINT, m_previousInt);
    std::signal(SIGTERM, m_previousTerm);
}

void printEpoch(const EpochReport &r, int epochs, bool json, int threads, MpiTraining *mpi)
{
    const bool withMpi = mpi && mpi->active();
    if (json) {
        JsonObject o;
        o.add("epoch", r.epoch)
                .add("train_loss", r.trainLoss)
                .add("train_eval_loss", r.trainEvalLoss)
                .add("train_accuracy", r.trainAccuracy)
                .add("test_loss", r.testLoss)
                .add("test_accuracy", r.testAccuracy)
                .add("seconds", std::round(r.seconds * 1e6) / 1e6)
                .add("samples_per_second", std::round(r.samplesPerSecond * 10) / 10)
                .add("training_threads", threads);
        if (withMpi)
            mpi->addEpochJson(o); // --mpi: the measured all-reduce
        o.printLine();
        return;
    }
    printOut(QStringLiteral("epoch %1/%2  train loss %3  train accuracy %8%  test loss %4  test accuracy %5%  "
                            "%6 s  %7 samples/s\n")
                     .arg(r.epoch, QString::number(epochs).size())
                     .arg(epochs)
                     .arg(r.trainLoss, 0, 'f', 4)
                     .arg(r.testLoss, 0, 'f', 4)
                     .arg(r.testAccuracy, 0, 'f', 2)
                     .arg(r.seconds, 0, 'f', 2)
                     .arg(thousands(std::uint64_t(std::llround(r.samplesPerSecond))))
                     .arg(r.trainAccuracy, 0, 'f', 2)
             + (withMpi ? mpi->epochText() + QLatin1Char('\n') : QString()));
}

void printDivergence(const Divergence &d)
{
    JsonObject o;
    o.add("epoch", d.epoch)
            .add("batch", d.batch)
            .add("quantity", QString::fromStdString(d.quantity))
            .add("rate", d.lr)
            .add("suggested_rate", d.suggestedLr);
    JsonObject().add("divergence", o).printLine();
}

void printFinal(double loss, double accuracy, std::size_t testCount, int epochsDone)
{
    const auto correct = std::uint64_t(std::llround(accuracy * double(testCount) / 100.0));
    printOut(QStringLiteral("final: test loss %1, test accuracy %2% (%3 of %4) after %5\n")
                     .arg(loss, 0, 'f', 4)
                     .arg(accuracy, 0, 'f', 2)
                     .arg(thousands(correct), thousands(testCount))
                     .arg(epochsDone == 1 ? QStringLiteral("1 epoch") : QStringLiteral("%1 epochs").arg(epochsDone)));
}

int runTrain(const QStringList &args)
{
    Command cmd(
            QStringLiteral("train"),
            QStringLiteral(
                    "Trains a network (the source's 784-128-10 ReLU unless --hidden or --activation choose "
                    "another) with mini-batch SGD and reports each epoch."),
            recipesHelp() + QString::fromUtf8(kTrainDetails) + QStringLiteral("\n\n")
                    + QString::fromUtf8(kMpiDetails));
    addDataOptions(cmd);
    addArchitectureOptions(cmd);
    addLayerOptions(cmd);
    cmd.addOption(QStringLiteral("recipe"),
                  QStringLiteral("Starting settings: %1 (source is the default).").arg(QString::fromStdString(recipeNames())),
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
    QStringList optimizers;
    for (const OptimizerChoice &c : optimizerChoices())
        optimizers << QStringLiteral("%1 (%2)").arg(QString::fromLatin1(c.name), QString::fromLatin1(c.help));
    cmd.addOption(QStringLiteral("optimizer"),
                  QStringLiteral("%1. Default: the recipe's (source: sgd, tuned: momentum).")
                          .arg(optimizers.join(QStringLiteral(", "))),
                  QStringLiteral("NAME"));
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
                                 "ring all-reduce (default 1; a resumed run keeps the snapshot's)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object per epoch on stdout."));
    cmd.addOption(QStringLiteral("checkpoint-dir"),
                  QStringLiteral("Write snapshots of the whole training state into DIR."),
                  QStringLiteral("DIR"));
    cmd.addOption(QStringLiteral("checkpoint-every"),
                  QStringLiteral("A snapshot every N batches (default: at the end of each epoch)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("keep"),
                  QStringLiteral("Snapshots the folder keeps, the newest (default 3)."),
                  QStringLiteral("K"));
    cmd.addOption(QStringLiteral("resume"),
                  QStringLiteral("Continue from a snapshot FILE, or the newest valid one in DIR."),
                  QStringLiteral("DIR|FILE"));
    cmd.addOption(QStringLiteral("stop-after"),
                  QStringLiteral("Stop after epoch N of --epochs, with a snapshot, to resume later."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("stop-after-batches"),
                  QStringLiteral("Stop after N batches in all (mid-epoch too), with a snapshot, and "
                                 "save those weights: the app's --timeline-at N gives the same bits."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("on-divergence"),
                  QStringLiteral("When a batch makes a loss, gradient or weight NaN or infinite, "
                                 "or the loss exceeds 100: stop (default, exit code 2) or halve "
                                 "the learning rate and go on from the restored state."),
                  QStringLiteral("MODE"));
    addMpiOptions(cmd);
    addTrainSubsetOption(cmd);

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    MpiTraining mpi; // --mpi: one replica per rank (trainmpi.h); without it, does nothing
    if (const int code = mpi.start(cmd); code >= 0)
        return code;
    TrainConfig config;
    int workers = 1;
    std::optional<LoadedSnapshot> resumed;
    if (cmd.isSet(QStringLiteral("resume"))
        && (cmd.isSet(QStringLiteral("hidden")) || cmd.isSet(QStringLiteral("activation"))
            || cmd.isSet(QStringLiteral("layers"))))
        return cmd.usageError(QStringLiteral("--resume goes on with the snapshot's network; "
                                             "--hidden, --layers and --activation cannot change it"));
    // The network: the source's, the one --hidden and --activation name, the --init-from file's
    // or the snapshot's. Another one trains through the same loop, without the options it lacks.
    Architecture arch;
    std::optional<NetworkModel> fromFile;
    if (cmd.isSet(QStringLiteral("resume"))) {
        const int code = mpi.agree(cmd, readResume(cmd, config, resumed), "reading the snapshot");
        if (code >= 0)
            return code;
        arch = config.network;
    } else {
        if (!readConfig(cmd, config))
            return kExitUsage;
        if (const int code = chooseNetwork(cmd, arch, fromFile); code >= 0)
            return code;
    }
    if (!resumed) // a resumed run has the snapshot's network and initialisation
        useNetwork(cmd, arch, config);
    SnapshotOptions snapshots;
    if (!cmd.intValue(QStringLiteral("workers"), 1, kMaxSnapshotWorkers, workers)
        || !readSnapshotOptions(cmd, resumed.has_value(), snapshots))
        return kExitUsage;
    if (resumed)
        workers = resumed->snapshot.workers;
    if (const int code = resumed ? mpi.checkReplicas(cmd, workers) : -1; code >= 0)
        return code;
    const bool json = cmd.isSet(QStringLiteral("json"));
    const QString savePath = cmd.value(QStringLiteral("save"));
    if (cmd.isSet(QStringLiteral("save")) && savePath.isEmpty())
        return cmd.usageError(QStringLiteral("--save needs a file name"));

    std::shared_ptr<DataSplit> data;
    const int dataCode
            = resumed && !cmd.isSet(QStringLiteral("data")) && !cmd.isSet(QStringLiteral("dataset"))
                      ? loadSnapshotData(cmd, resumed->snapshot.data, data)
                      : loadData(cmd, data);
    if (const int code = mpi.agree(cmd, dataCode, "reading the data"); code >= 0)
        return code;
    if (const int code = applyTrainSubset(cmd, config, data->train.size(), resumed.has_value()); code >= 0)
        return code;
    if (data->train.size() == 0)
        return cmd.dataError(QStringLiteral("%1: the training set is empty").arg(qs(data->folder)));
    const std::size_t trainCount = subsetSize(config.trainSubset, data->train.size());
    if (!resumed && std::size_t(config.batch) > trainCount) {
        // A batch larger than the data would only allocate buffers that stay empty.
        cmd.note(QStringLiteral("batch %1 is larger than the %2 training images: using %2")
                         .arg(config.batch)
                         .arg(thousands(trainCount)));
        config.batch = int(trainCount);
    }

    if (resumed)
        cmd.note(QStringLiteral("resuming from %1: %2")
                         .arg(qs(resumed->path), qs(describeSnapshot(resumed->snapshot))));
    else
        cmd.note(QStringLiteral("training %1: %2 epochs, batch %3, lr %4 (%5), %6, inputs %7, %8, seed %9")
                         .arg(networkName(arch))
                         .arg(config.epochs)
                         .arg(config.batch)
                         .arg(config.lr)
                         .arg(qs(scheduleName(config.schedule)))
                         .arg(config.optimizer == "sgd" ? QStringLiteral("momentum %1").arg(config.momentum)
                                                        : qs(config.optimizer))
                         .arg(describeNormalize(config.normalize),
                              fromFile ? QStringLiteral("weights from %1").arg(cmd.value(QStringLiteral("init-from")))
                              : cmd.isSet(QStringLiteral("init"))
                                      ? QStringLiteral("%1 init").arg(qs(toString(config.init)))
                                      : QStringLiteral("%1 init (%2)")
                                                .arg(qs(toString(config.init)), qs(initRuleText(arch))))
                         .arg(config.seed));

    // One worker: the Trainer alone; several: the same Trainer with N replicas in one server,
    // joined by a ring all-reduce. Snapshots, the divergence guard, augmentation and every
    // optimiser are the same code either way.
    std::shared_ptr<GradientExchange> exchange;
    if (workers > 1) {
        cmd.note(QStringLiteral("data parallel: %1 replicas x batch %2 = global batch %3")
                         .arg(workers)
                         .arg(config.batch)
                         .arg(workers * config.batch));
        exchange = std::make_shared<cluster::ReplicaExchange>(1, workers, cluster::Algorithm::Ring);
    }
    exchange = mpi.active() ? mpi.exchange() : exchange; // --mpi: one replica per rank
    // The one training loop (trainingsession.h), as in the app and bench.
    TrainingSession session(std::make_unique<Trainer>(data, config, exchange));
    Trainer &trainer = *session.trainer();
    if (fromFile)
        trainer.setParams(fromFile->params);
    if (resumed) {
        const Status restored = trainer.restore(resumed->snapshot);
        if (!restored)
            return cmd.dataError(QStringLiteral("%1: %2").arg(qs(resumed->path), qs(restored.error())));
    }
    const std::size_t totalSteps = trainer.totalSteps();
    if (snapshots.every == 0)
        snapshots.every = std::max(trainer.batchesPerEpoch(), 1);
    if (!mpi.root()) // with --mpi rank 0 alone writes the snapshots
        snapshots.dir.clear();

    std::optional<Divergence> diverged;
    std::optional<EpochReport> last;
    double firstBatchLoss = 0;
    if (!trainer.epochReports().empty())
        last = trainer.epochReports().back();
    if (!trainer.lossHistory().empty())
        firstBatchLoss = trainer.lossHistory().front();
    bool warned = false;
    bool stoppedAfter = false;
    QString snapshotPath;
    std::size_t snapshotStep = std::size_t(-1);
    const auto writeSnapshot = [&]() -> bool {
        Result<std::string> path = saveSnapshotToFolder(snapshots.dir.toStdString(), trainer.snapshot(),
                                                        snapshots.keep);
        if (!path) {
            cmd.dataError(QStringLiteral("cannot write the snapshot: %1").arg(qs(path.error())));
            return false;
        }
        snapshotPath = qs(*path);
        snapshotStep = trainer.step();
        return true;
    };
    if (const int code = mpi.startAt(cmd, trainer.step()); code >= 0)
        return code;
    if (trainer.step() < totalSteps) {
        const StopOnSignal stopOnSignal;
        ProgressBar bar(QStringLiteral("training"), totalSteps);
        const auto printEpochAndWarn = [&](const EpochReport &e) {
            bar.clear();
            last = e;
            printEpoch(e, config.epochs, json, trainingThreads(), &mpi);
            // The log-sum-exp loss stays finite when the weights grow large, so a too large
            // learning rate shows as a loss worse than uniform guessing that also grew.
            if (!warned && e.trainLoss > kChanceLoss && e.trainLoss > firstBatchLoss) {
                warned = true;
                cmd.note(QStringLiteral("warning: the training loss of epoch %1 (%2) is worse than "
                                        "guessing (ln 10 = %3) and than the first batch's (%4): the "
                                        "learning rate %5 is too large (the source's recipe uses 0.1)")
                                 .arg(e.epoch)
                                 .arg(e.trainLoss, 0, 'g', 4)
                                 .arg(kChanceLoss, 0, 'f', 3)
                                 .arg(firstBatchLoss, 0, 'g', 4)
                                 .arg(trainer.activeConfig().lr));
            }
        };
        // An exit code from a batch's aftermath (a rank diverged, a snapshot not written): the
        // run ends before the next batch.
        int failed = -1;
        SessionObserver observer;
        observer.onBatch = [&](const BatchReport &b) {
            if (b.step == 0)
                firstBatchLoss = b.loss;
            if (bar.due(b.step + 1)) // a batch's gap is some microseconds: no text made for nothing
                bar.update(b.step + 1, QStringLiteral(" epoch %1/%2 loss %3")
                                               .arg(b.epoch + 1)
                                               .arg(config.epochs)
                                               .arg(b.loss, 0, 'f', 4));
            if (b.epochEnded && mpi.active()
                && mpi.checkWeights(cmd, flatten(trainer.params()),
                                    b.epochEnded->epoch)
                           >= 0) {
                failed = kExitBadData; // a rank diverged (named on stderr)
                return;
            }
            if (b.epochEnded)
                printEpochAndWarn(*b.epochEnded);
            if (!snapshots.dir.isEmpty() && trainer.step() % std::size_t(snapshots.every) == 0
                && !writeSnapshot())
                failed = kExitBadData;
        };
        observer.onDivergence = [&](const Divergence &d, std::optional<double> lr) {
            bar.clear();
            if (lr)
                cmd.note(QStringLiteral("%1; --on-divergence halve: training on from the "
                                        "restored weights at learning rate %2")
                                 .arg(qs(d.message))
                                 .arg(*lr));
        };
        session.setObserver(std::move(observer));
        session.setDivergencePolicy(snapshots.divergence);
        session.setStopFlag(&StopOnSignal::stopFlag()); // Ctrl-C, SIGTERM
        const RunResult ran = session.run({-1, [&] {
            stoppedAfter = (snapshots.stopAfter > 0 && trainer.epoch() >= snapshots.stopAfter)
                           || (snapshots.stopAfterBatches > 0
                               && trainer.step() >= std::size_t(snapshots.stopAfterBatches));
            return stoppedAfter || failed >= 0;
        }});
        bar.clear();
        if (failed >= 0)
            return failed;
        if (ran.end == RunEnd::ExchangeFailed)
            return cmd.dataError(QStringLiteral("the gradient all-reduce failed: %1").arg(qs(ran.error)));
        diverged = ran.divergence;
    }
    if (const int code = mpi.finish(cmd, trainer.activeConfig().batch); code >= 0) // --mpi --trace
        return code;
    // The state at the end, at --stop-after, at Ctrl-C, or before the batch that diverged.
    if (!snapshots.dir.isEmpty() && snapshotStep != trainer.step() && !writeSnapshot())
        return kExitBadData;
    if (!snapshotPath.isEmpty())
        cmd.note(QStringLiteral("snapshot: %1 (step %2)").arg(snapshotPath, thousands(snapshotStep)));
    const QString resumeHint = snapshots.dir.isEmpty()
                                       ? QString()
                                       : QStringLiteral("; continue with: %1 train --resume %2")
                                                 .arg(QLatin1String(kProgram), snapshots.dir);

    if (diverged && json)
        printDivergence(*diverged);
    if (diverged)
        return cmd.dataError(qs(diverged->message) + resumeHint
                             + (resumeHint.isEmpty() ? QString() : QStringLiteral(" --lr X")));
    if (StopOnSignal::stopFlag()) {
        cmd.note(QStringLiteral(
                         "%1 train: interrupted after %2 of %3 batches; the model was not saved%4")
                         .arg(QLatin1String(kProgram), thousands(trainer.step()),
                              thousands(totalSteps), resumeHint));
        return kExitInterrupted;
    }
    if (stoppedAfter && trainer.batchInEpoch() > 0)
        cmd.note(QStringLiteral("stopped after batch %1, in epoch %2 of %3 (--stop-after-batches)%4")
                         .arg(thousands(trainer.step()))
                         .arg(trainer.epoch() + 1)
                         .arg(config.epochs)
                         .arg(resumeHint));
    else if (stoppedAfter)
        cmd.note(QStringLiteral("stopped after epoch %1 of %2 (--stop-after)%3")
                         .arg(trainer.epoch())
                         .arg(config.epochs)
                         .arg(resumeHint));
    config = trainer.activeConfig(); // the learning rate may have been halved
    const int epochsDone = trainer.epoch();

    if (!json) {
        // The last epoch's report holds the final numbers; with --epochs 0 the starting weights
        // are evaluated instead.
        double loss = 0, accuracy = 0;
        if (last) {
            loss = last->testLoss;
            accuracy = last->testAccuracy;
        } else {
            const Evaluation ev = evaluateNetwork(arch, trainer.params(), data->test, config.normalize);
            loss = ev.loss;
            accuracy = ev.accuracy;
        }
        printFinal(loss, accuracy, data->test.size(), epochsDone);
    }

    if (!savePath.isEmpty() && mpi.root()) {
        // The file records the recipe, so eval, explain and predict scale inputs as trained.
        ModelInfo info = modelInfoFor(config, trainer.data(), last ? last->epoch : 0,
                                      last ? std::optional<double>(last->testAccuracy) : std::nullopt);
        if (fromFile)
            info.initFrom = QFileInfo(cmd.value(QStringLiteral("init-from"))).fileName().toStdString();
        const Status saved = saveNetworkModel(savePath.toStdString(), arch, trainer.params(), &info);
        if (!saved)
            return cmd.dataError(qs(saved.error()));
        cmd.note(QStringLiteral("saved the %1 model to %2").arg(networkName(arch), savePath));
    }
    return kExitOk;
}

} // namespace bplab::cli
