// The loss plot keeps every appended point, averages over the last 50 batches, exports what it
// holds, and repaints far less often than data arrives.

#include "lossplot.h"

#include <QElapsedTimer>
#include <QtTest>
#include <qcustomplot.h>

using namespace bplab;

class TestLossPlot : public QObject
{
    Q_OBJECT

private slots:
    void keepsEveryPoint();
    void movingAverage();
    void csvText();
    void exports();
    void hoverReadsTheValue();
    void zoomStopsAutoScroll();
    void replotsAreCoalesced();
    void clearEmpties();
};

void TestLossPlot::keepsEveryPoint()
{
    LossPlot plot;
    const int batchesPerEpoch = 938;
    int appended = 0;
    // 20 epochs of 938 batches in uneven chunks, as a rate-limited worker sends them.
    for (int e = 0; e < 20; ++e) {
        for (int b = 0; b < batchesPerEpoch;) {
            const int chunk = std::min(1 + (b * 7 + e) % 37, batchesPerEpoch - b);
            QVector<double> x, loss;
            for (int i = 0; i < chunk; ++i, ++b) {
                x << e + (b + 1.0) / batchesPerEpoch;
                loss << 2.3 / (1.0 + appended * 0.001);
                ++appended;
            }
            plot.appendBatchLosses(x, loss);
        }
        plot.appendEpoch(e + 1, 0.3, 90.0 + e * 0.1);
    }
    QCOMPARE(appended, 20 * batchesPerEpoch);
    QCOMPARE(plot.batchCount(), appended);
    QCOMPARE(plot.batchGraph()->dataCount(), appended);
    QCOMPARE(plot.averageGraph()->dataCount(), appended);
    QCOMPARE(plot.epochCount(), 20);
    QCOMPARE(plot.testAccuracyGraph()->dataCount(), 20);
    // The last point is the last loss appended, at the last x.
    const auto last = plot.batchGraph()->data()->at(appended - 1);
    QCOMPARE(last->key, 20.0);
    QCOMPARE(last->value, 2.3 / (1.0 + (appended - 1) * 0.001));
    QCOMPARE(plot.testAccuracyGraph()->data()->at(19)->value, 91.9);
    // Dense history: drawn without antialiasing (cheaper replots); the epochs' lines keep it.
    QVERIFY(plot.batchGraph()->antialiased()); // 18,760 points: still antialiased
    QVector<double> x, loss;
    for (int i = 1; i <= 5000; ++i) {
        x << 20 + i / 938.0;
        loss << 0.25;
    }
    plot.appendBatchLosses(x, loss);
    QCOMPARE(plot.batchCount(), appended + 5000);
    QVERIFY(!plot.batchGraph()->antialiased());
    QVERIFY(!plot.averageGraph()->antialiased());
    QVERIFY(plot.testLossGraph()->antialiased());
    plot.clear();
    QVERIFY(plot.batchGraph()->antialiased());
}

void TestLossPlot::movingAverage()
{
    LossPlot plot;
    QVector<double> x, loss;
    for (int i = 1; i <= 120; ++i) {
        x << i / 100.0;
        loss << double(i);
    }
    plot.appendBatchLosses(x.first(33), loss.first(33));
    plot.appendBatchLosses(x.mid(33), loss.mid(33));
    const auto avg = plot.averageGraph()->data();
    QCOMPARE(avg->at(0)->value, 1.0);
    QCOMPARE(avg->at(9)->value, 5.5);    // mean(1..10): fewer than 50 so far
    QCOMPARE(avg->at(49)->value, 25.5);  // mean(1..50)
    QCOMPARE(avg->at(99)->value, 75.5);  // mean(51..100)
    QCOMPARE(avg->at(119)->value, 95.5); // mean(71..120)
    QCOMPARE(avg->at(119)->key, 1.2);
}

void TestLossPlot::csvText()
{
    LossPlot plot;
    plot.appendBatchLosses({0.25, 0.5}, {2.5, 1.5});
    plot.appendBatchLosses({0.75, 1.0}, {1.0, 0.75});
    plot.appendEpoch(1.0, 0.625, 81.25);
    plot.appendBatchLosses({1.25}, {0.5});
    const QStringList lines = plot.csvText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList expected = {
            "kind,step,epoch,batch_loss,moving_average,test_loss,test_accuracy_percent",
            "batch,1,0.25,2.5,2.5,,",
            "batch,2,0.5,1.5,2,,",
            "batch,3,0.75,1,1.6666666666666667,,",
            "batch,4,1,0.75,1.4375,,",
            "test,,1,,,0.625,81.25",
            "batch,5,1.25,0.5,1.25,,",
    };
    QCOMPARE(lines, expected);
}

void TestLossPlot::exports()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    LossPlot plot;
    plot.resize(640, 420);
    QVector<double> x, loss;
    for (int i = 1; i <= 300; ++i) {
        x << i / 100.0;
        loss << 2.0 / i;
    }
    plot.appendBatchLosses(x, loss);
    plot.appendEpoch(1, 0.5, 85);
    QSignalSpy spy(&plot, &LossPlot::exported);

    const QString csv = dir.filePath(QStringLiteral("loss.csv"));
    QVERIFY(plot.exportCsv(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), plot.csvText());
    QCOMPARE(plot.csvText().count(QLatin1Char('\n')), 1 + 300 + 1);

    const QString png = dir.filePath(QStringLiteral("loss.png"));
    QVERIFY(plot.exportPng(png));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 640);
    // Not blank: the plot has more than a handful of colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 10);

    const QString pdf = dir.filePath(QStringLiteral("loss.pdf"));
    QVERIFY(plot.exportPdf(pdf));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY(pdfFile.read(5) == "%PDF-");
    QCOMPARE(spy.count(), 3);

    QVERIFY(!plot.exportCsv(dir.filePath(QStringLiteral("missing/folder/loss.csv"))));
    QCOMPARE(spy.last().at(1).toBool(), false);
}

void TestLossPlot::hoverReadsTheValue()
{
    LossPlot plot;
    plot.resize(700, 450);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendBatchLosses({0.5, 1.0, 1.5, 2.0}, {2.0, 1.25, 1.0, 0.875});
    plot.appendEpoch(2.0, 0.4375, 87.5);
    plot.plot()->replot();
    QCustomPlot *p = plot.plot();
    const QPoint testLossPos(int(p->xAxis->coordToPixel(2.0)), int(p->yAxis->coordToPixel(0.4375)));
    QCOMPARE(plot.hoverTextAt(testLossPos), QStringLiteral("epoch 2\ntest loss 0.4375"));
    const QPoint accuracyPos(int(p->xAxis->coordToPixel(2.0)), int(p->yAxis2->coordToPixel(87.5)));
    QCOMPARE(plot.hoverTextAt(accuracyPos), QStringLiteral("epoch 2\ntest accuracy 87.5 %"));
    // Far from every point: no read-out.
    const QPoint empty(int(p->xAxis->coordToPixel(0.6)), int(p->yAxis->coordToPixel(0.05)));
    QCOMPARE(plot.hoverTextAt(empty), QString());
    // A real mouse move shows the same text.
    QTest::mouseMove(p, testLossPos);
    QTRY_COMPARE(plot.hoverText(), QStringLiteral("epoch 2\ntest loss 0.4375"));
}

void TestLossPlot::zoomStopsAutoScroll()
{
    LossPlot plot;
    plot.resize(700, 450);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendBatchLosses({0.5, 1.0}, {2.0, 1.0});
    QCOMPARE(plot.plot()->xAxis->range().upper, 1.0 * 1.02);
    QVERIFY(!plot.userHasZoomed());

    const QPointF centre = plot.plot()->axisRect()->rect().center();
    QWheelEvent wheel(centre, plot.plot()->mapToGlobal(centre), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(plot.plot(), &wheel);
    QVERIFY(plot.userHasZoomed());
    const QCPRange zoomed = plot.plot()->xAxis->range();
    QVERIFY(zoomed.size() < 1.02);
    plot.appendBatchLosses({1.5, 2.0}, {0.9, 0.8});
    QCOMPARE(plot.plot()->xAxis->range(), zoomed); // the user's view stays
    QCOMPARE(plot.batchCount(), 4);

    plot.resetView();
    QVERIFY(!plot.userHasZoomed());
    QCOMPARE(plot.plot()->xAxis->range().upper, 2.0 * 1.02);
}

void TestLossPlot::replotsAreCoalesced()
{
    LossPlot plot;
    plot.resize(640, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QSignalSpy replots(plot.plot(), &QCustomPlot::afterReplot);
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < 1000; ++i) {
        plot.appendBatchLosses({i / 100.0}, {1.0 / (i + 1)});
        QCoreApplication::processEvents();
    }
    QTest::qWait(60); // the last queued replot
    const qint64 ms = timer.elapsed();
    QCOMPARE(plot.batchCount(), 1000);
    // At most one replot per 25 ms coalescing interval (plus the final one), never one per append.
    QVERIFY2(replots.count() >= 1, "the plot never repainted");
    QVERIFY2(replots.count() <= ms / 25 + 2,
             qPrintable(QStringLiteral("%1 replots in %2 ms").arg(replots.count()).arg(ms)));
    QVERIFY(replots.count() < 1000);
}

void TestLossPlot::clearEmpties()
{
    LossPlot plot;
    plot.appendBatchLosses({0.5}, {1.0});
    plot.appendEpoch(1, 0.5, 80);
    plot.clear();
    QCOMPARE(plot.batchCount(), 0);
    QCOMPARE(plot.epochCount(), 0);
    QCOMPARE(plot.averageGraph()->dataCount(), 0);
    // The moving average starts over too.
    plot.appendBatchLosses({0.1}, {3.0});
    QCOMPARE(plot.averageGraph()->data()->at(0)->value, 3.0);
}

QTEST_MAIN(TestLossPlot)
#include "testlossplot.moc"
