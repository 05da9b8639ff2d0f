// The loss history without a plot: non-finite points are refused, the moving average, the points
// a narrow plot draws keep every column's extremes in x order, and the CSV merges test rows after
// the batches that end at their x.

#include "losshistory.h"

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
};

QTEST_MAIN(TestLossHistory)
#include "tst_losshistory.moc"
