// bench: the speed of one training epoch, of evaluation, and this machine's GEMM roofline.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "jsonwriter.h"
#include "progressbar.h"
#include "roofline.h"

#include "nn/kernelpeak.h"
#include "nn/kernels.h"
#include "train/networktrainer.h"
#include "train/trainingsession.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>

namespace bplab::cli {

namespace {

using Clock = std::chrono::steady_clock;

const char *kBenchDetails = R"(What is measured:
  epoch_seconds   one training epoch of --samples images (the training set tiled, or cut, to that
                  size) at batch --batch with plain SGD (lr 0.1), shuffling included, the test
                  set's evaluation at the epoch's end left out (eval_seconds_10k times it; the
                  PyTorch peer does not evaluate either): the MEDIAN of --repeats runs after one
                  untimed warm-up run (the best run is shown too).
  gflops          samples x 409,088 FLOP / epoch_seconds. 409,088 = 4 x 101,632 + 2 x 1,280: per
                  sample the forward pass does one multiply-add (2 FLOP) per weight (W1 x, W2 a1),
                  the backward pass the same for dW1 = delta1 x^T and dW2 = delta2 a1^T, plus
                  W2^T delta2 (1,280 multiply-adds); no gradient is needed for the input itself.
  roofline_epoch_seconds  the same epoch's five matrix products alone (Z1 = W1 X, Z2 = W2 A1,
                  dW2 = Delta2 A1^T, W2^T Delta2, dW1 = Delta1 X^T, at the epoch's batch shapes),
                  each timed in a tight loop at its best speed on this machine: the time the epoch
                  would take if it did nothing but GEMMs at peak.
  eval_seconds_10k  evaluating 10,000 test images (the test set tiled to 10,000), median.
--json keys: "samples", "batch", "epoch_seconds", "samples_per_second", "gflops",
"roofline_epoch_seconds", "eval_seconds_10k", and "statistic" ("median"), "repeats",
"epoch_seconds_best", "roofline_ratio" (epoch_seconds / roofline_epoch_seconds), "threads" and
"training_threads" (the same number, under the name train --json and the app's --report use),
"kernels" (eigen or xsmm: $BPLAB_KERNELS), "roofline_kernels" (the kernels the roofline timed: the
epoch's), "fma_peak_gflops" (an FMA-only loop on the training
threads, measured here), "peak_epoch_seconds" (the epoch's FLOPs at that peak), "peak_ratio"
(epoch_seconds / peak_epoch_seconds), "zero_inputs_skipped" (whether the last batch's first layer
summed over its non-zero inputs only; GFLOP/s count that layer as dense), "epoch_cpu_seconds" (the
median of the calling thread's CPU time over the epoch's batches, the last one scaled in from the
others: with --threads 1 all of the work, and steadier than the wall clock on a loaded machine).
With --threads N (or $BPLAB_THREADS) the batch is split over N threads (1 or 2) by hidden neuron,
and the roofline's five products are split the same way (each thread its neurons' share, for
Z2 = W2 A1 its share of the logits) and run at once on N threads. Default: 2 when the machine has
two cores, else 1 (the same on every run: never the machine's momentary load).
The machine's other load shows in these times, more with two threads (their halves wait for each
other): compare runs made under the same conditions, and record the load.
With --hidden or --activation another network than the source's is timed (train's loop for it,
each batch's two halves of samples on --threads threads): "network", "samples", "batch", "epoch_seconds",
"samples_per_second", "gflops" (at the network's "flops_per_sample", which counts the first
layer's products as dense), "zero_inputs_skipped" (whether the last batch's first layer summed
over its non-zero inputs only: when at most half are non-zero, unless $BPLAB_DENSE_INPUTS is
set), "eval_seconds_10k", "statistic", "repeats", "epoch_seconds_best", "epoch_cpu_seconds", "threads",
"training_threads"; no roofline.)";

/** FLOPs of one training sample (forward + backward), as explained in --help. */
constexpr double kFlopsPerSample = 4.0 * double(weightCount()) + 2.0 * double(outputWeightCount());

/** CPU seconds of the calling thread: unlike the wall clock, they do not grow while the thread
 *  waits for a core that other programs hold. */
double threadCpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

/** The calling thread's CPU time over an epoch's batches: the batches but the last (which also
 *  evaluates), scaled to all of them. */
struct EpochCpu
{
    double sum = 0, last = 0;
    int counted = 0, batches = 0;
    void start() { last = threadCpuSeconds(); }
    void batchDone(bool epochEnded)
    {
        const double now = threadCpuSeconds();
        if (!epochEnded) {
            sum += now - last;
            ++counted;
        }
        ++batches;
        last = now;
    }
    double seconds() const { return counted > 0 ? sum * double(batches) / double(counted) : 0.0; }
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/** bench --hidden/--activation: the epoch and the evaluation of another network than the source's,
 *  on NetworkTrainer (the batch's two halves on `threads` threads), timed as the source network's. */
int benchNetwork(const Command &cmd, const Architecture &arch, const std::shared_ptr<const DataSplit> &data,
                 const Dataset &test10k, int batch, int repeats, int threads, bool json, double weightDecay)
{
    TrainConfig config = sourceRecipe();
    config.epochs = 1;
    config.batch = batch;
    config.weightDecay = weightDecay;
    config.init = initFor(arch);
    std::vector<double> epochSeconds, epochCpu;
    MlpParamsF trained;
    bool sparse = false;
    {
        ProgressBar bar(QStringLiteral("bench"), std::size_t(repeats + 1));
        for (int r = 0; r <= repeats; ++r) {
            NetworkTrainer trainer(data, config, arch, initMlp(arch, config.init, config.seed));
            // The shuffle (as the first batch does it) plus the batches' own time.
            std::vector<std::uint32_t> order(data->train.size());
            const auto t0 = Clock::now();
            epochOrder(config.seed, 0, order);
            double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
            EpochCpu cpu;
            cpu.start();
            while (!trainer.finished()) {
                const NetworkBatch b = trainer.trainBatch();
                cpu.batchDone(b.epochEnded.has_value());
                if (b.divergence)
                    return cmd.dataError(qs(b.divergence->message));
                if (b.epochEnded)
                    seconds += b.epochEnded->seconds;
            }
            if (r > 0) { // run 0 warms caches and threads
                epochSeconds.push_back(seconds);
                epochCpu.push_back(cpu.seconds());
            }
            trained = trainer.params();
            sparse = trainer.skippedZeroInputs();
            bar.update(std::size_t(r + 1));
        }
    }
    std::vector<double> evalSeconds;
    for (int r = 0; r <= repeats; ++r) {
        const auto t0 = Clock::now();
        const Evaluation ev = evaluateNetwork(arch, trained, test10k, Normalize::None);
        if (r > 0 && ev.count == test10k.size())
            evalSeconds.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    const double samples = double(data->train.size());
    const double epoch = median(epochSeconds);
    const double best = *std::min_element(epochSeconds.begin(), epochSeconds.end());
    const double flopsPerSample = double(arch.trainingFlopsPerSample());
    const double eval10k = median(evalSeconds);
    const QString network = qs(describe(arch));
    if (json) {
        JsonObject()
                .add("network", network)
                .add("samples", std::uint64_t(samples))
                .add("batch", batch)
                .add("epoch_seconds", epoch)
                .add("samples_per_second", samples / epoch)
                .add("gflops", samples * flopsPerSample / epoch / 1e9)
                .add("flops_per_sample", std::uint64_t(flopsPerSample))
                .add("zero_inputs_skipped", sparse)
                .add("eval_seconds_10k", eval10k)
                .add("statistic", "median")
                .add("repeats", repeats)
                .add("epoch_seconds_best", best)
                .add("epoch_cpu_seconds", median(epochCpu))
                .add("threads", threads)
                .add("training_threads", threads)
                .add("weight_decay", weightDecay)
                .printLine();
        return kExitOk;
    }
    const QString decay = weightDecay > 0 ? QStringLiteral(", weight decay %1").arg(weightDecay) : QString();
    printOut(QStringLiteral("one training epoch of %1: %2 samples, batch %3, plain SGD%10; median of %4 runs after a "
                            "warm-up\n  %5 s (best %6 s), %7 samples/s, %8 GFLOP/s at %9 FLOP per sample\n")
                     .arg(network, thousands(std::uint64_t(samples)))
                     .arg(batch)
                     .arg(repeats)
                     .arg(epoch, 0, 'f', 4)
                     .arg(best, 0, 'f', 4)
                     .arg(thousands(std::uint64_t(samples / epoch)))
                     .arg(samples * flopsPerSample / epoch / 1e9, 0, 'f', 1)
                     .arg(thousands(std::uint64_t(flopsPerSample)), decay)
             + QStringLiteral("  the batch's halves on %1 thread(s); evaluation of 10,000 test images: %2 ms (median)\n")
                       .arg(threads)
                       .arg(eval10k * 1e3, 0, 'f', 2)
             + (sparse ? QStringLiteral("  the first layer's products skipped the zero inputs (GFLOP/s counts them as "
                                        "a dense product would)\n")
                       : QString()));
    return kExitOk;
}

} // namespace

int runBench(const QStringList &args)
{
    Command cmd(
            QStringLiteral("bench"),
            QStringLiteral("Times one training epoch and evaluation, and compares them with this "
                           "machine's GEMM roofline."),
            QString::fromUtf8(kBenchDetails));
    addDataOptions(cmd);
    cmd.addOption(QStringLiteral("samples"),
                  QStringLiteral("Samples in the timed epoch (default 60,000)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("batch"), QStringLiteral("Mini-batch size (default 64)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("repeats"),
                  QStringLiteral("Timed runs; the median is reported (default 5)."),
                  QStringLiteral("N"));
    cmd.addOption(
            QStringLiteral("threads"),
            QStringLiteral(
                    "Threads a training batch is split over, 1 or 2 (default: $BPLAB_THREADS, else "
                    "%1 when the machine has two cores, else 1).")
                    .arg(kDefaultTrainingThreads),
            QStringLiteral("N"));
    addArchitectureOptions(cmd);
    addLayerOptions(cmd);
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object on stdout."));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    Architecture arch;
    if (const int code = layeredArchitectureValue(cmd, arch); code >= 0)
        return code;
    double weightDecay = 0;
    if (!weightDecayValue(cmd, weightDecay))
        return kExitUsage;
    long long samples = 60000;
    int threads = trainingThreads();
    int batch = 64;
    int repeats = 5;
    if (!cmd.intValue(QStringLiteral("samples"), 1LL, 10'000'000LL, samples)
        || !cmd.intValue(QStringLiteral("batch"), 1, 1 << 16, batch)
        || !cmd.intValue(QStringLiteral("repeats"), 1, 1000, repeats)
        || !cmd.intValue(QStringLiteral("threads"), 1, 1024, threads))
        return kExitUsage;
    if (batch > samples)
        return cmd.usageError(QStringLiteral("--batch %1 is larger than --samples %2").arg(batch).arg(samples));
    // The core's policy: --threads when given, else its default (trainingThreads() above).
    setTrainingThreads(threads);
    threads = trainingThreads(); // 1 or 2, at most the machine's cores
    const bool json = cmd.isSet(QStringLiteral("json"));

    std::shared_ptr<DataSplit> data;
    if (const int code = loadData(cmd, data); code >= 0)
        return code;
    if (data->train.size() == 0 || data->test.size() == 0)
        return cmd.dataError(
                QStringLiteral("%1: bench needs training and test images").arg(qs(data->folder)));

    // The timed epoch's data: the training set tiled to `samples`; a tiny test set, so that the
    // evaluation the trainer runs after the epoch's last batch costs nothing measurable.
    auto benchData = std::make_shared<DataSplit>();
    benchData->name = data->name;
    benchData->folder = data->folder;
    benchData->classNames = data->classNames;
    benchData->train = tileDataset(data->train, std::size_t(samples));
    benchData->test
            = tileDataset(data->test, std::min<std::size_t>(data->test.size(), std::size_t(batch)));
    const Dataset test10k = tileDataset(data->test, 10000);
    if (std::size_t(samples) != data->train.size())
        cmd.note(QStringLiteral("bench: the %1 training images %2 to %3 samples")
                         .arg(thousands(data->train.size()),
                              std::size_t(samples) > data->train.size() ? QStringLiteral("tiled")
                                                                        : QStringLiteral("cut"),
                              thousands(std::uint64_t(samples))));

    std::shared_ptr<const DataSplit> shared = benchData;
    if (arch != Architecture::source() || weightDecay > 0)
        return benchNetwork(cmd, arch, shared, test10k, batch, repeats, threads, json, weightDecay);
    TrainConfig config = sourceRecipe();
    config.epochs = 1;
    config.batch = batch;

    std::vector<double> epochSeconds, epochCpu;
    bool skippedZeros = false;
    {
        Trainer probe(shared, config);
        ProgressBar bar(QStringLiteral("bench"), std::size_t(repeats + 1) * probe.totalSteps());
        std::size_t done = 0;
        for (int r = 0; r <= repeats; ++r) {
            // The loop of train and the app; allocation and initialisation stay outside the timing.
            TrainingSession session(std::make_unique<Trainer>(shared, config));
            double batches = 0;
            EpochCpu cpu;
            session.setObserver({[&](const BatchReport &b) {
                                     cpu.batchDone(b.epochEnded.has_value());
                                     if (b.epochEnded)
                                         batches = b.epochEnded->seconds;
                                     if (bar.due(++done))
                                         bar.update(done, QStringLiteral(" run %1/%2").arg(r).arg(repeats));
                                 },
                                 {}, {}, {}});
            // The shuffle (as the trainer's first batch does it) plus the batches' own time, which
            // the trainer measures without the epoch's closing evaluation of the test set.
            std::vector<std::uint32_t> order(shared->train.size());
            const auto t0 = Clock::now();
            epochOrder(config.seed, 0, order);
            const double shuffle = std::chrono::duration<double>(Clock::now() - t0).count();
            cpu.start();
            session.run();
            const double s = shuffle + batches;
            skippedZeros = session.trainer()->skippedZeroInputs();
            if (r > 0) { // run 0 warms caches and threads
                epochSeconds.push_back(s);
                epochCpu.push_back(cpu.seconds());
            }
        }
    }
    const double epoch = median(epochSeconds);
    const double best = *std::min_element(epochSeconds.begin(), epochSeconds.end());

    std::vector<double> evalSeconds;
    const MlpParamsF params = initMlp(config.network, Init::He, 1);
    for (int r = 0; r <= repeats; ++r) {
        const auto t0 = Clock::now();
        const Evaluation ev = evaluateNetwork(config.network, params, test10k, Normalize::None);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        if (r > 0 && ev.count == test10k.size())
            evalSeconds.push_back(s);
    }
    const double eval10k = median(evalSeconds);

    // Roofline: full batches at the batch shape, and the last partial batch at its own shape.
    const std::size_t fullBatches = std::size_t(samples) / std::size_t(batch);
    const int remainder = int(std::size_t(samples) % std::size_t(batch));
    const BatchRoofline full = measureBatchRoofline(batch, threads);
    double roofline = double(fullBatches) * full.seconds();
    if (remainder > 0)
        roofline += measureBatchRoofline(remainder, threads).seconds();

    // The limit: the epoch's FLOPs at this machine's FMA peak on the same threads.
    const double fmaPeak = measureFmaPeakGflops(threads);
    const double peakEpoch = double(samples) * kFlopsPerSample / 1e9 / fmaPeak;
    const double samplesPerSecond = double(samples) / epoch;
    const double gflops = double(samples) * kFlopsPerSample / epoch / 1e9;
    if (json) {
        JsonObject()
                .add("samples", samples)
                .add("batch", batch)
                .add("epoch_seconds", epoch)
                .add("samples_per_second", samplesPerSecond)
                .add("gflops", gflops)
                .add("roofline_epoch_seconds", roofline)
                .add("eval_seconds_10k", eval10k)
                .add("statistic", "median")
                .add("repeats", repeats)
                .add("epoch_seconds_best", best)
                .add("epoch_cpu_seconds", median(epochCpu))
                .add("roofline_ratio", epoch / roofline)
                .add("threads", threads)
                .add("training_threads", threads)
                .add("kernels", toString(activeKernels()))
                .add("roofline_kernels", full.kernels.c_str())
                .add("fma_peak_gflops", fmaPeak)
                .add("peak_epoch_seconds", peakEpoch)
                .add("peak_ratio", epoch / peakEpoch)
                .add("zero_inputs_skipped", skippedZeros)
                .printLine();
        return kExitOk;
    }

    QString text
            = QStringLiteral(
                      "one training epoch: %1 samples (%2), batch %3, plain SGD; median of %4 runs "
                      "after a warm-up\n")
                      .arg(thousands(std::uint64_t(samples)), qs(data->name))
                      .arg(batch)
                      .arg(repeats);
    text += QStringLiteral("  %1 s (best %2 s), %3 samples/s, %4 GFLOP/s at %5 FLOP per sample\n")
                    .arg(epoch, 0, 'f', 4)
                    .arg(best, 0, 'f', 4)
                    .arg(thousands(std::uint64_t(samplesPerSecond)))
                    .arg(gflops, 0, 'f', 1)
                    .arg(thousands(std::uint64_t(kFlopsPerSample)));
    text += QStringLiteral("roofline: the epoch's matrix products alone at this machine's peak "
                           "take %1 s; the "
                           "epoch runs at %2x that\n")
                    .arg(roofline, 0, 'f', 4)
                    .arg(epoch / roofline, 0, 'f', 2);
    for (const GemmTiming &g : full.gemms)
        text += QStringLiteral("  %1 %2x%3 * %3x%4  %5 us  %6 GFLOP/s\n")
                        .arg(qs(g.formula), -20)
                        .arg(g.m)
                        .arg(g.k)
                        .arg(g.n)
                        .arg(g.seconds * 1e6, 7, 'f', 1)
                        .arg(g.gflops(), 6, 'f', 1);
    text += QStringLiteral("  one batch of %1 at peak: %2 us, %3 GFLOP/s; training threads: %4\n")
                    .arg(batch)
                    .arg(full.seconds() * 1e6, 0, 'f', 1)
                    .arg(full.flops() / full.seconds() / 1e9, 0, 'f', 1)
                    .arg(threads);
    text += QStringLiteral("FMA peak on %1 thread(s) (%2): %3 GFLOP/s; the epoch at that peak: "
                           "%4 s; the epoch runs at %5x that\n")
                    .arg(threads)
                    .arg(QString::fromUtf8(fmaPeakVectors()))
                    .arg(fmaPeak, 0, 'f', 1)
                    .arg(peakEpoch, 0, 'f', 4)
                    .arg(epoch / peakEpoch, 0, 'f', 2);
    if (skippedZeros)
        text += QStringLiteral("the first layer summed over the non-zero inputs only (GFLOP/s count it as dense)\n");
    text += QStringLiteral("evaluation of 10,000 test images: %1 ms (median)\n")
                    .arg(eval10k * 1e3, 0, 'f', 2);
    printOut(text);
    return kExitOk;
}

} // namespace bplab::cli
