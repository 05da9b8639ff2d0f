// The batched path against the one-sample path: the batch gradient is the average of the
// per-sample gradients, the loss the average of the losses, evaluation agrees sample by sample,
// and the batch loop allocates nothing on the heap.

#include "nn/network.h"
#include "synthetic.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <QTest>
#include <atomic>
#include <cstdlib>
#include <limits>
#include <memory>
#include <set>

using namespace bplab;
using namespace bplab::test;

// The counting allocator (g_allocations, g_counting while counting).
#include "countingmalloc.h"

namespace {

ParamsF averageOfSamples(const ParamsF &params, const Dataset &data, const std::vector<std::uint32_t> &idx,
                         double &meanLoss)
{
    ParamsD sum = ParamsD::zeros();
    meanLoss = 0;
    for (std::uint32_t i : idx) {
        const TraceF t = forwardTrace(params, scaleInput<float>(data.image(i), Normalize::None), data.label(i));
        const ParamsF g = gradientsOf(t);
        sum.W1 += g.W1.cast<double>();
        sum.b1 += g.b1.cast<double>();
        sum.W2 += g.W2.cast<double>();
        sum.b2 += g.b2.cast<double>();
        meanLoss += t.loss;
    }
    const double n = double(idx.size());
    meanLoss /= n;
    return ParamsD{sum.W1 / n, sum.b1 / n, sum.W2 / n, sum.b2 / n}.cast<float>();
}

double relDiff(const Mat<float> &a, const Mat<float> &b)
{
    return double((a - b).norm() / std::max(1e-30f, a.norm() + b.norm()));
}

} // namespace

class TestBatch : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { setTrainingThreads(1); }

    void batchGradientIsTheAverage_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("threads");
        QTest::newRow("full batch, 1 thread") << 64 << 1;
        QTest::newRow("partial batch (last of an epoch), 1 thread") << 37 << 1;
        QTest::newRow("full batch, 2 threads") << 64 << 2;
        QTest::newRow("one sample, 2 threads") << 1 << 2;
    }
    void batchGradientIsTheAverage()
    {
        QFETCH(int, count);
        QFETCH(int, threads);
        setTrainingThreads(threads);
        auto split = syntheticSplit(200, 10);
        const ParamsF params = initParams(Init::PyTorch, 3);
        std::vector<std::uint32_t> idx(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i)
            idx[std::size_t(i)] = std::uint32_t((i * 17 + 5) % 200);
        std::vector<std::uint8_t> labels(idx.size());
        for (std::size_t i = 0; i < idx.size(); ++i)
            labels[i] = split->train.labels[idx[i]];
        BatchWorkspace ws(64);
        ParamsF grads = ParamsF::zeros();
        gatherBatch(split->train, idx.data(), count, Normalize::None, ws);
        const double loss = forwardBackwardBatch(params, labels.data(), count, ws, grads);
        double expectedLoss = 0;
        const ParamsF expected = averageOfSamples(params, split->train, idx, expectedLoss);
        QVERIFY2(fuzzyEqual(loss, expectedLoss, 1e-5), qPrintable(QString("%1 vs %2").arg(loss).arg(expectedLoss)));
        QVERIFY(expected.W1.norm() > 1e-4f);
        QVERIFY2(relDiff(grads.W1, expected.W1) < 1e-5, qPrintable(QString::number(relDiff(grads.W1, expected.W1))));
        QVERIFY2(relDiff(grads.b1, expected.b1) < 1e-5, qPrintable(QString::number(relDiff(grads.b1, expected.b1))));
        QVERIFY2(relDiff(grads.W2, expected.W2) < 1e-5, qPrintable(QString::number(relDiff(grads.W2, expected.W2))));
        QVERIFY2(relDiff(grads.b2, expected.b2) < 1e-5, qPrintable(QString::number(relDiff(grads.b2, expected.b2))));
        // The batch input is exactly the single-sample input (one scaling table for both).
        const Vec<float> x = scaleInput<float>(split->train.image(idx[0]), Normalize::None);
        QVERIFY(ws.X.col(0) == x);
    }

    void sameBitsForOneAndTwoThreads_data()
    {
        QTest::addColumn<int>("batch");
        QTest::addColumn<float>("momentum");
        QTest::newRow("batch 64, plain SGD") << 64 << 0.0f;
        QTest::newRow("batch 37, momentum") << 37 << 0.9f;
        QTest::newRow("batch 300 (products in pieces), momentum") << 300 << 0.9f;
    }
    void sameBitsForOneAndTwoThreads()
    {
        // Five steps with 1 thread, with 2 threads, and with the update outside (w -= lr v,
        // v = mu v + g, written out here); then the fused path (forwardBackwardStep: the gather and the step into second
        // buffers done by the halves) with 1 and 2 threads: the weights, velocities, gradients
        // and losses agree bit for bit.
        QFETCH(int, batch);
        QFETCH(float, momentum);
        auto split = syntheticSplit(400, 10);
        struct Run {
            ParamsF params = initParams(Init::He, 9), grads = ParamsF::zeros(), velocity = ParamsF::zeros();
            ParamsF next = ParamsF::zeros(), nextVelocity = ParamsF::zeros();
            double loss = 0;
        };
        std::vector<Run> runs(5);
        std::vector<std::uint32_t> idx(static_cast<std::size_t>(batch));
        std::vector<std::uint8_t> labels(idx.size());
        for (int step = 0; step < 5; ++step) {
            for (int i = 0; i < batch; ++i) {
                idx[std::size_t(i)] = std::uint32_t((i * 7 + step * 31) % 400);
                labels[std::size_t(i)] = split->train.labels[idx[std::size_t(i)]];
            }
            for (int r = 0; r < 5; ++r) {
                Run &run = runs[std::size_t(r)];
                setTrainingThreads(r == 1 || r == 4 ? 2 : 1);
                BatchWorkspace ws(batch);
                if (r >= 3) {
                    const BatchSamples samples{&split->train, idx.data(), Normalize::None};
                    const SgdTarget target{0.1f, momentum, &run.velocity, &run.nextVelocity, &run.next};
                    const StepResult result
                            = forwardBackwardStep(run.params, labels.data(), batch, ws, run.grads, target, &samples);
                    QVERIFY(result.finite);
                    run.loss = result.loss;
                    std::swap(run.params, run.next);
                    if (momentum != 0.0f)
                        std::swap(run.velocity, run.nextVelocity);
                    continue;
                }
                gatherBatch(split->train, idx.data(), batch, Normalize::None, ws);
                if (r < 2) {
                    run.loss = forwardBackwardUpdate(run.params, labels.data(), batch, ws, run.grads, 0.1f,
                                                     momentum, run.velocity);
                } else {
                    run.loss = forwardBackwardBatch(run.params, labels.data(), batch, ws, run.grads);
                    // v = mu v + g; w = w - lr v (the velocity is g itself without momentum)
                    const auto step = [&](auto &w, auto &v, const auto &g) {
                        v = momentum * v + g;
                        w -= 0.1f * v;
                    };
                    step(run.params.W1, run.velocity.W1, run.grads.W1);
                    step(run.params.b1, run.velocity.b1, run.grads.b1);
                    step(run.params.W2, run.velocity.W2, run.grads.W2);
                    step(run.params.b2, run.velocity.b2, run.grads.b2);
                }
            }
        }
        QVERIFY(runs[0].grads.W1.norm() > 1e-4f);
        QVERIFY(!(runs[0].params == initParams(Init::He, 9)));
        for (int r = 1; r < 5; ++r) {
            const Run &run = runs[std::size_t(r)];
            QVERIFY2(run.params == runs[0].params, qPrintable(QString("run %1: weights differ").arg(r)));
            QVERIFY2(run.grads == runs[0].grads, qPrintable(QString("run %1: gradients differ").arg(r)));
            QCOMPARE(run.loss, runs[0].loss);
        }
        QVERIFY(runs[1].velocity == runs[0].velocity);
        if (momentum != 0.0f)
            QVERIFY(runs[2].velocity == runs[0].velocity);
        QVERIFY(runs[3].velocity == runs[0].velocity);
        QVERIFY(runs[4].velocity == runs[0].velocity);
    }

    void fusedStepReportsNonFiniteWeights_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("row"); // the W1 row that gets a NaN: in half 0 or half 1
        QTest::newRow("1 thread, half 0") << 1 << 5;
        QTest::newRow("2 threads, half 0") << 2 << 5;
        QTest::newRow("2 threads, half 1") << 2 << 100;
    }
    void fusedStepReportsNonFiniteWeights()
    {
        // The divergence guard's check is done by each half on what it wrote: a NaN in either
        // half's weights (or an Inf from a huge rate) is reported, the parameters stay untouched.
        QFETCH(int, threads);
        QFETCH(int, row);
        setTrainingThreads(threads);
        auto split = syntheticSplit(100, 10);
        constexpr int kBatch = 16;
        std::vector<std::uint32_t> idx(kBatch);
        std::vector<std::uint8_t> labels(kBatch);
        for (int i = 0; i < kBatch; ++i) {
            idx[std::size_t(i)] = std::uint32_t(i);
            labels[std::size_t(i)] = split->train.labels[std::size_t(i)];
        }
        const BatchSamples samples{&split->train, idx.data(), Normalize::None};
        BatchWorkspace ws(kBatch);
        ParamsF params = initParams(Init::He, 2), grads = ParamsF::zeros(), next = ParamsF::zeros();
        ParamsF velocity = ParamsF::zeros(), nextVelocity = ParamsF::zeros();
        const SgdTarget target{0.1f, 0.0f, &velocity, &nextVelocity, &next};
        QVERIFY(forwardBackwardStep(params, labels.data(), kBatch, ws, grads, target, &samples).finite);
        QVERIFY(next.allFinite());

        params.W1(row, 3) = std::numeric_limits<float>::quiet_NaN();
        const ParamsF before = params;
        QVERIFY(!forwardBackwardStep(params, labels.data(), kBatch, ws, grads, target, &samples).finite);
        QVERIFY(std::isnan(next.W1(row, 3)));
        QVERIFY(params.W1.cwiseEqual(before.W1).count() == params.W1.size() - 1); // the NaN is not equal to itself

        // An Inf in the momentum buffer (in W2's columns of the same half) reaches the new weights.
        params = initParams(Init::He, 2);
        velocity.W2(4, row) = std::numeric_limits<float>::infinity();
        const SgdTarget momentum{0.1f, 0.9f, &velocity, &nextVelocity, &next};
        QVERIFY(!forwardBackwardStep(params, labels.data(), kBatch, ws, grads, momentum, &samples).finite);
        QVERIFY(std::isinf(next.W2(4, row)));
        QVERIFY(std::isinf(nextVelocity.W2(4, row)));
        velocity.W2(4, row) = 0;
        QVERIFY(forwardBackwardStep(params, labels.data(), kBatch, ws, grads, momentum, &samples).finite);
    }

    void evaluationAgreesWithSingleSamples()
    {
        // 2,345 samples: two full chunks of 1,000 and a partial one.
        auto split = syntheticSplit(10, 2345);
        const ParamsF params = initParams(Init::He, 4);
        const Evaluation ev = evaluate(params, split->test, Normalize::Standard);
        QCOMPARE(ev.count, std::size_t(2345));
        double loss = 0;
        int correct = 0, total = 0;
        std::array<std::array<int, 10>, 10> confusion{};
        for (std::size_t i = 0; i < split->test.size(); ++i) {
            const TraceF t = forwardTrace(params, scaleInput<float>(split->test.image(i), Normalize::Standard),
                                          split->test.label(i));
            loss += t.loss;
            correct += t.predicted == t.label;
            ++confusion[std::size_t(t.label)][std::size_t(t.predicted)];
        }
        for (const auto &row : ev.confusion)
            for (int v : row)
                total += v;
        QCOMPARE(total, 2345);
        QVERIFY(fuzzyEqual(ev.loss, loss / 2345, 1e-5));
        // Float sums in another order may flip a near-tie; allow one sample.
        QVERIFY2(std::abs(ev.accuracy - 100.0 * correct / 2345) <= 100.0 / 2345 + 1e-9,
                 qPrintable(QString("%1 vs %2").arg(ev.accuracy).arg(100.0 * correct / 2345)));
        int diagonal = 0;
        for (int k = 0; k < 10; ++k)
            diagonal += ev.confusion[std::size_t(k)][std::size_t(k)];
        QVERIFY(std::abs(diagonal - correct) <= 1);
        QVERIFY(fuzzyEqual(ev.accuracy, 100.0 * diagonal / 2345, 1e-12));
        const Evaluation empty = evaluate(params, Dataset{}, Normalize::None);
        QCOMPARE(empty.count, std::size_t(0));
        QCOMPARE(empty.accuracy, 0.0);
    }

    void halvesLieOnPagesOfTheirOwn_data()
    {
        QTest::addColumn<int>("batch");
        QTest::newRow("batch 64") << 64;
        QTest::newRow("batch 1") << 1;
        QTest::newRow("batch 7") << 7;
        QTest::newRow("batch 1000") << 1000;
    }
    void halvesLieOnPagesOfTheirOwn()
    {
        // The two halves run on two cores: no page may hold buffers of both, and every buffer
        // starts on a 64-byte line (the views are declared aligned so).
        QFETCH(int, batch);
        BatchWorkspace ws(batch);
        ws.resizeXsmmBuffers();
        std::set<std::uintptr_t> pages[2];
        for (int h = 0; h < 2; ++h) {
            const BatchWorkspace::Half &half = ws.halves[h];
            const std::pair<const float *, Eigen::Index> buffers[] = {
                    {half.X.data(), half.X.size()},
                    {half.Z2share.data(), half.Z2share.size()},
                    {half.Z2.data(), half.Z2.size()},
                    {half.P.data(), half.P.size()},
                    {half.Delta2.data(), half.Delta2.size()},
                    {half.losses.data(), half.losses.size()},
                    {half.XT.data(), half.XT.size()},
                    {half.Z2shareT.data(), half.Z2shareT.size()},
                    {half.Delta2T.data(), half.Delta2T.size()}};
            for (const auto &[data, size] : buffers) {
                QCOMPARE(reinterpret_cast<std::uintptr_t>(data) % 64, std::uintptr_t(0));
                if (size == 0)
                    continue;
                const auto first = reinterpret_cast<std::uintptr_t>(data);
                const auto last = reinterpret_cast<std::uintptr_t>(data + size) - 1;
                for (std::uintptr_t page = first / 4096; page <= last / 4096; ++page)
                    pages[h].insert(page);
            }
        }
        QCOMPARE(ws.halves[1].X.rows(), Eigen::Index(kInputs)); // half 1 gathers its own inputs
        QCOMPARE(ws.halves[0].XT.rows(), Eigen::Index(batch));
        for (const std::uintptr_t page : pages[0])
            QVERIFY2(!pages[1].count(page), "a page holds buffers of both halves");
    }

    void aCopiedWorkspaceOwnsItsBuffers()
    {
        auto split = syntheticSplit(200, 10);
        const ParamsF params = initParams(Init::He, 4);
        std::vector<std::uint32_t> idx(32);
        std::vector<std::uint8_t> labels(32);
        for (std::size_t i = 0; i < idx.size(); ++i) {
            idx[i] = std::uint32_t(i * 5);
            labels[i] = split->train.labels[idx[i]];
        }
        ParamsF expected = ParamsF::zeros(), grads = ParamsF::zeros();
        auto original = std::make_unique<BatchWorkspace>(32);
        setTrainingThreads(2);
        gatherBatch(split->train, idx.data(), 32, Normalize::None, *original);
        const double loss = forwardBackwardBatch(params, labels.data(), 32, *original, expected);
        BatchWorkspace copy = *original;
        BatchWorkspace assigned(5);
        assigned = *original;
        QVERIFY(copy.halves[1].Z2.data() != original->halves[1].Z2.data());
        QCOMPARE(copy.halves[1].Z2, original->halves[1].Z2);
        QCOMPARE(assigned.halves[0].Z2share, original->halves[0].Z2share);
        original.reset(); // the copies must not point into its pages
        for (BatchWorkspace *ws : {&copy, &assigned}) {
            QCOMPARE(forwardBackwardBatch(params, labels.data(), 32, *ws, grads), loss);
            QCOMPARE(grads.W1, expected.W1);
        }
    }

    void noHeapAllocationInTheBatchLoop_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("batch");
        QTest::newRow("batch 64, 1 thread") << 1 << 64;
        QTest::newRow("batch 64, 2 threads") << 2 << 64;
        QTest::newRow("batch 300, 2 threads") << 2 << 300;
    }
    void noHeapAllocationInTheBatchLoop()
    {
#if !BPLAB_COUNT_MALLOC
        QSKIP("the sanitizer replaces malloc; this check runs in the normal build");
#else
        QFETCH(int, threads);
        QFETCH(int, batch);
        setTrainingThreads(threads);
        auto split = syntheticSplit(std::size_t(batch) * 12, 10);
        TrainConfig config = tunedRecipe(); // momentum and cosine: the most work per batch
        config.epochs = 2;
        config.batch = batch;
        Trainer trainer(split, config);
        // Warm up: the first batch may start OpenMP's threads.
        trainer.trainBatch();
        ParamsF grads = ParamsF::zeros();
        BatchWorkspace ws(batch);
        std::vector<std::uint32_t> idx(static_cast<std::size_t>(batch));
        std::vector<std::uint8_t> labels(static_cast<std::size_t>(batch));
        for (int i = 0; i < batch; ++i) {
            idx[std::size_t(i)] = std::uint32_t(i * 3);
            labels[std::size_t(i)] = split->train.labels[idx[std::size_t(i)]];
        }
        ParamsF params = toSourceParams(trainer.params());
        ParamsF velocity = ParamsF::zeros(), nextVelocity = ParamsF::zeros(), next = ParamsF::zeros();
        forwardBackwardBatch(params, labels.data(), batch, ws, grads);

        g_allocations = 0;
        g_counting = true;
        for (int b = 0; b < 10; ++b) {
            gatherBatch(split->train, idx.data(), batch, Normalize::None, ws);
            forwardBackwardBatch(params, labels.data(), batch, ws, grads);
            forwardBackwardUpdate(params, labels.data(), batch, ws, grads, 0.05f, 0.9f, velocity);
            const BatchSamples samples{&split->train, idx.data(), Normalize::None};
            const SgdTarget target{0.05f, 0.9f, &velocity, &nextVelocity, &next};
            forwardBackwardStep(params, labels.data(), batch, ws, grads, target, &samples);
        }
        // Trainer batches that do not end an epoch (the epoch's end evaluates the test set).
        for (int b = 0; b < 10; ++b)
            trainer.trainBatch();
        g_counting = false;
        QCOMPARE(g_allocations.load(), 0L);
        QCOMPARE(trainer.step(), std::size_t(11));

        // The counter itself works: an allocation outside the loop is seen.
        g_counting = true;
        auto *probe = static_cast<volatile char *>(std::malloc(100));
        g_counting = false;
        std::free(const_cast<char *>(probe));
        QCOMPARE(g_allocations.load(), 1L);
#endif
    }
};

QTEST_MAIN(TestBatch)
#include "tst_batch.moc"
