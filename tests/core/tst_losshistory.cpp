// The loss history without a plot: non-finite points are refused, the moving average, the points
// a narrow plot draws keep every column's extremes in x order, and the CSV merges test rows after
// the batches that end at their x; the run history cuts a branch's batches and epochs, keeps the
// last three branches' curves and finds the epoch a batch of the timeline has finished.

#include "train/losshistory.h"
#include "train/runhistory.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace bplab;

class TestLossHistory : public QObject
{
    Q_OBJECT

private slots:
    void refusesNonFinitePoints()
    {
        LossHistory h;
        QVERIFY(h.appendBatch(0.1, 2.0f));
        QVERIFY(!h.appendBatch(0.2, std::numeric_limits<float>::quiet_NaN()));
        QVERIFY(!h.appendBatch(std::numeric_limits<double>::infinity(), 1.0f));
        QVERIFY(!h.appendEpoch(1.0, std::numeric_limits<double>::infinity(), 50));
        QCOMPARE(h.batchCount(), std::size_t(1));
        QCOMPARE(h.epochCount(), std::size_t(0));
        QCOMPARE(h.maxLoss(), 2.0);
        h.clear();
        QCOMPARE(h.batchCount(), std::size_t(0));
        QCOMPARE(h.bytes(), std::size_t(0));
    }

    void movingAverageOverFiftyBatches()
    {
        LossHistory h;
        for (int i = 1; i <= 120; ++i)
            h.appendBatch(i / 100.0, float(i));
        QCOMPARE(h.movingAverage(0), 1.0);
        QCOMPARE(h.movingAverage(9), 5.5);    // mean(1..10)
        QCOMPARE(h.movingAverage(99), 75.5);  // mean(51..100)
        QCOMPARE(h.movingAverage(119), 95.5); // mean(71..120)
    }

    void narrowPlotKeepsEachColumnsExtremes()
    {
        LossHistory h;
        // 10,000 batches of a zig-zag: 100 pixel columns cannot draw them one by one.
        for (int i = 0; i < 10000; ++i)
            h.appendBatch(i / 1000.0, float(1.0 + (i % 2 ? 0.5 : -0.5) + i * 1e-5));
        std::vector<LossHistory::Point> batch, average;
        h.visiblePoints(0, 10, 100, 2, batch, average);
        QVERIFY2(batch.size() <= 2 * 100 + 4, qPrintable(QString::number(batch.size())));
        QVERIFY(batch.size() >= 100);
        QVERIFY(std::is_sorted(batch.begin(), batch.end(),
                               [](const auto &a, const auto &b) { return a.x < b.x; }));
        const auto [lo, hi] = std::minmax_element(batch.begin(), batch.end(),
                                                  [](const auto &a, const auto &b) { return a.y < b.y; });
        QCOMPARE(float(lo->y), h.loss()[0]);        // 0.5, the first low
        QCOMPARE(float(hi->y), h.loss()[9999]);     // the last high
        // Few points: every one, with its moving average.
        h.visiblePoints(0, 0.0105, 100, 2, batch, average);
        QCOMPARE(batch.size(), std::size_t(12)); // x 0 .. 0.010 and one beyond the edge
        QCOMPARE(average[11].y, h.movingAverage(11));
    }

    void csvMergesEpochRows()
    {
        LossHistory h;
        h.appendBatch(0.5, 2.5f);
        h.appendBatch(1.0, 1.5f);
        h.appendEpoch(1.0, 0.625, 81.25);
        h.appendBatch(1.5, 0.5f);
        h.appendBatch(2.0, 0.25f);
        h.appendEpoch(2.0, 0.5, 87.5, 0.375, 93.75); // with the training set's numbers
        QCOMPARE(QString::fromStdString(h.csv()),
                 QStringLiteral("kind,step,epoch,batch_loss,moving_average,test_loss,test_accuracy_percent,"
                                "train_eval_loss,train_accuracy_percent\n"
                                "batch,1,0.5,2.5,2.5,,,,\n"
                                "batch,2,1,1.5,2,,,,\n"
                                "test,,1,,,0.625,81.25,,\n"
                                "batch,3,1.5,0.5,1.5,,,,\n"
                                "batch,4,2,0.25,1.1875,,,,\n"
                                "test,,2,,,0.5,87.5,0.375,93.75\n"));
        QVERIFY(!h.epochs()[0].hasTrain());
        QVERIFY(h.epochs()[1].hasTrain());
    }

    void runHistoryBranchesAndEpochs()
    {
        RunHistory h;
        const int perEpoch = 4;
        std::vector<double> x, loss;
        for (int i = 0; i < 12; ++i) {
            x.push_back(double(i / perEpoch) + double(i % perEpoch + 1) / perEpoch);
            loss.push_back(2.0 / (i + 1));
        }
        h.appendBatches(x.data(), loss.data(), x.size());
        for (int e = 1; e <= 3; ++e) {
            EpochReport r;
            r.epoch = e;
            r.testLoss = 1.0 / e;
            r.testAccuracy = 80 + e;
            h.appendEpoch(r);
        }
        QCOMPARE(h.epochAt(3, perEpoch), nullptr);
        QCOMPARE(h.epochAt(4, perEpoch)->epoch, 1);
        QCOMPARE(h.epochAt(11, perEpoch)->epoch, 2);
        QCOMPARE(h.epochAt(12, perEpoch)->epoch, 3);

        const std::uint64_t before = h.revision();
        // A new branch after batch 6 (x = 1.5): batches 7-12 and epochs 2 and 3 are the old branch's.
        h.branchFrom(6, 1.5, 0.5, x.data() + 6, loss.data() + 6, 6);
        QVERIFY(h.revision() != before);
        QCOMPARE(h.losses().batchCount(), std::size_t(6));
        QCOMPARE(h.epochs().size(), std::size_t(1));
        QCOMPARE(h.losses().epochCount(), std::size_t(1));
        QCOMPARE(h.branches().size(), std::size_t(1));
        const BranchCurve &b = h.branches().front();
        QCOMPARE(b.learningRate, 0.5);
        QCOMPARE(b.average.size(), std::size_t(7)); // the last kept batch, then the six abandoned
        QCOMPARE(b.average.front().y, h.losses().movingAverage(5));
        QCOMPARE(b.maxX, 3.0);
        // A branch with no batch after its start draws nothing; the last three curves are kept.
        h.branchFrom(6, 1.5, 0.1, nullptr, nullptr, 0);
        QCOMPARE(h.branches().size(), std::size_t(1));
        for (int i = 0; i < 3; ++i)
            h.branchFrom(5, 1.25, 0.01 * (i + 1), x.data() + 5, loss.data() + 5, 1);
        QCOMPARE(h.branches().size(), RunHistory::kMaxBranches);
        QCOMPARE(h.branches().front().learningRate, 0.01);
        h.clear();
        QVERIFY(h.branches().empty() && h.epochs().empty() && h.losses().batchCount() == 0);
    }
};

QTEST_MAIN(TestLossHistory)
#include "tst_losshistory.moc"
