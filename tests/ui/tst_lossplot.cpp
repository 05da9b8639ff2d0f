// The loss plot draws the run history it is given: every point kept compactly, what the pixels can
// show drawn, averaged over the last 50 batches, exported as held, repainted far less often than
// data arrives, branches drawn faint, and never a NaN or Inf drawn, shown or exported.

#include "lossplot.h"

#include <QElapsedTimer>
#include <QSet>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <limits>

using namespace bplab;

namespace {
// A loss plot and the history it draws, changed as the training controller changes the app's.
class FedLossPlot : public LossPlot
{
public:
    FedLossPlot() { setHistory(run); }
    void appendBatchLosses(const QVector<double> &x, const QVector<double> &loss)
    {
        run->appendBatches(x.constData(), loss.constData(), std::size_t(std::min(x.size(), loss.size())));
        historyChanged();
    }
    void appendEpoch(double x, double testLoss, double testAccuracy,
                     double trainLoss = std::numeric_limits<double>::quiet_NaN(),
                     double trainAccuracy = std::numeric_limits<double>::quiet_NaN())
    {
        EpochReport e;
        e.epoch = int(x);
        e.testLoss = testLoss;
        e.testAccuracy = testAccuracy;
        e.trainEvalLoss = trainLoss;
        e.trainAccuracy = trainAccuracy;
        run->appendEpoch(e);
        historyChanged();
    }
    void branchFrom(double x, double lr, const QVector<double> &abandonedX, const QVector<double> &abandonedLoss)
    {
        run->branchFrom(std::uint64_t(x * 4), x, lr, abandonedX.constData(), abandonedLoss.constData(),
                        std::size_t(abandonedX.size()));
        historyChanged();
    }
    void clear()
    {
        run->clear();
        historyChanged();
    }
    std::shared_ptr<RunHistory> run = std::make_shared<RunHistory>();
};
} // namespace

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
    void drawPendingDrawsTheLastLosses();
    void clearEmpties();
    void drawsTheBranchesOfTheHistory();
    void drawsAThinnedLineButKeepsEveryPoint();
    void nonFiniteValuesNeverReachTheScreen();
    void fitsItsSize_data();
    void fitsItsSize();
    void trainingSetCurves();
    void lossAxisFitsTheCurvesShown();
    void epochCurvesDifferInLineStyle();
    void epochMarkersStayApart();
};

void TestLossPlot::keepsEveryPoint()
{
    FedLossPlot plot;
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
    QCOMPARE(plot.epochCount(), 20);
    QCOMPARE(plot.testAccuracyGraph()->dataCount(), 20);
    // The last point is the last loss appended (kept as a float), at the last x.
    QCOMPARE(plot.batchX(appended - 1), 20.0);
    QCOMPARE(plot.batchLoss(appended - 1), double(float(2.3 / (1.0 + (appended - 1) * 0.001))));
    QCOMPARE(plot.batchX(0), 1.0 / batchesPerEpoch);
    QCOMPARE(plot.testAccuracyGraph()->data()->at(19)->value, 91.9);
    // Compact: 12 bytes a batch (x as double, loss as float), at most twice that with the spare
    // capacity of a growing vector.
    QVERIFY2(plot.historyBytes() <= std::size_t(appended) * 12 * 2,
             qPrintable(QString::number(plot.historyBytes())));
    plot.clear();
    QCOMPARE(plot.batchCount(), 0);
    QCOMPARE(plot.historyBytes(), std::size_t(0));
}

void TestLossPlot::movingAverage()
{
    FedLossPlot plot;
    QVector<double> x, loss;
    for (int i = 1; i <= 120; ++i) {
        x << i / 100.0;
        loss << double(i);
    }
    plot.appendBatchLosses(x.first(33), loss.first(33));
    plot.appendBatchLosses(x.mid(33), loss.mid(33));
    QCOMPARE(plot.movingAverage(0), 1.0);
    QCOMPARE(plot.movingAverage(9), 5.5);    // mean(1..10): fewer than 50 so far
    QCOMPARE(plot.movingAverage(49), 25.5);  // mean(1..50)
    QCOMPARE(plot.movingAverage(99), 75.5);  // mean(51..100)
    QCOMPARE(plot.movingAverage(119), 95.5); // mean(71..120)
    QCOMPARE(plot.batchX(119), 1.2);
    // 120 points fit the default width: the average line draws every one, with the same values.
    plot.plot()->replot();
    const auto avg = plot.averageGraph()->data();
    QCOMPARE(avg->size(), 120);
    QCOMPARE(avg->at(9)->value, 5.5);
    QCOMPARE(avg->at(119)->value, 95.5);
    QCOMPARE(avg->at(119)->key, 1.2);
}

void TestLossPlot::csvText()
{
    FedLossPlot plot;
    plot.appendBatchLosses({0.25, 0.5}, {2.5, 1.5});
    plot.appendBatchLosses({0.75, 1.0}, {1.0, 0.75});
    plot.appendEpoch(1.0, 0.625, 81.25);
    plot.appendBatchLosses({1.25}, {0.5});
    const QStringList lines = plot.csvText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList expected = {
            "kind,step,epoch,batch_loss,moving_average,test_loss,test_accuracy_percent,train_eval_loss,"
            "train_accuracy_percent",
            "batch,1,0.25,2.5,2.5,,,,",
            "batch,2,0.5,1.5,2,,,,",
            "batch,3,0.75,1,1.6666666666666667,,,,",
            "batch,4,1,0.75,1.4375,,,,",
            "test,,1,,,0.625,81.25,,",
            "batch,5,1.25,0.5,1.25,,,,",
    };
    QCOMPARE(lines, expected);
}

void TestLossPlot::exports()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    FedLossPlot plot;
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
    QVERIFY(plot.exportTo(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), plot.csvText());
    QCOMPARE(plot.csvText().count(QLatin1Char('\n')), 1 + 300 + 1);

    const QString png = dir.filePath(QStringLiteral("loss.png"));
    QVERIFY(plot.exportTo(png));
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
    QVERIFY(plot.exportTo(pdf));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY(pdfFile.read(5) == "%PDF-");
    QCOMPARE(spy.count(), 3);

    // SVG keeps the axis titles as text.
    const QString svg = dir.filePath(QStringLiteral("loss.svg"));
    QVERIFY(plot.exportTo(svg));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains(">epoch</text>") || svgText.contains(">epoch<"));
    QCOMPARE(spy.count(), 4);

    QVERIFY(!plot.exportTo(dir.filePath(QStringLiteral("missing/folder/loss.csv"))));
    QCOMPARE(spy.last().at(1).toBool(), false);
}

void TestLossPlot::hoverReadsTheValue()
{
    FedLossPlot plot;
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
    // At twice the font (the spotlight) the box stays whole inside the plot, wherever the mouse is.
    QFont big = plot.font();
    big.setPointSizeF(big.pointSizeF() * 3);
    plot.setFont(big);
    p->replot();
    for (const double x : {0.5, 1.0, 1.5, 2.0}) {
        const QPoint at(int(p->xAxis->coordToPixel(x)), int(p->yAxis->coordToPixel(plot.batchLoss(int(x * 2) - 1))));
        QTest::mouseMove(p, at);
        QTRY_VERIFY(!plot.hoverText().isEmpty());
        p->replot();
        const QRectF box = plot.hoverBox();
        QVERIFY(!box.isEmpty());
        QVERIFY2(box.left() >= 0 && box.right() <= p->width() + 1,
                 qPrintable(QStringLiteral("box %1..%2 in a plot %3 wide").arg(box.left()).arg(box.right()).arg(p->width())));
    }
}

void TestLossPlot::zoomStopsAutoScroll()
{
    FedLossPlot plot;
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
    FedLossPlot plot;
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
    // The last queued replot draws the last batch.
    QTRY_COMPARE(plot.drawnBatchPoints() > 0
                         ? plot.batchGraph()->data()->at(plot.drawnBatchPoints() - 1)->key
                         : -1.0,
                 999 / 100.0);
    const qint64 ms = timer.elapsed();
    QCOMPARE(plot.batchCount(), 1000);
    // At most one replot per 25 ms coalescing interval (plus the final one), never one per append.
    QVERIFY2(replots.count() >= 1, "the plot never repainted");
    QVERIFY2(replots.count() <= ms / 25 + 2,
             qPrintable(QStringLiteral("%1 replots in %2 ms").arg(replots.count()).arg(ms)));
    QVERIFY(replots.count() < 1000);
}

// Losses that come right after a replot wait for the timer; a picture taken now asks for them.
void TestLossPlot::drawPendingDrawsTheLastLosses()
{
    FedLossPlot plot;
    plot.resize(640, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendBatchLosses({0.1}, {2.0});
    QTRY_COMPARE(plot.drawnBatchPoints(), 1);
    plot.appendBatchLosses({0.2, 0.3}, {1.5, 1.0}); // within the replot interval: queued
    QCOMPARE(plot.drawnBatchPoints(), 1);
    plot.drawPending();
    QCOMPARE(plot.drawnBatchPoints(), 3);
    QCOMPARE(plot.batchGraph()->data()->at(2)->key, 0.3);
}

void TestLossPlot::clearEmpties()
{
    FedLossPlot plot;
    plot.appendBatchLosses({0.5}, {1.0});
    plot.appendEpoch(1, 0.5, 80);
    plot.clear();
    QCOMPARE(plot.batchCount(), 0);
    QCOMPARE(plot.epochCount(), 0);
    plot.plot()->replot();
    QCOMPARE(plot.averageGraph()->dataCount(), 0);
    // The moving average starts over too.
    plot.appendBatchLosses({0.1}, {3.0});
    QCOMPARE(plot.movingAverage(0), 3.0);
    plot.plot()->replot();
    QCOMPARE(plot.averageGraph()->data()->at(0)->value, 3.0);
}

void TestLossPlot::drawsTheBranchesOfTheHistory()
{
    FedLossPlot plot;
    plot.resize(600, 400);
    plot.appendBatchLosses({0.25, 0.5, 0.75, 1.0, 1.25, 1.5}, {2.0, 1.5, 1.0, 0.75, 0.5, 0.25});
    plot.appendEpoch(1, 0.7, 80);
    plot.setCursorX(0.5, true);
    // A branch after batch 2 (x = 0.5): the later batches and the epoch leave the curves, the
    // abandoned batches become a faint curve named by their rate, the zoom and cursor stay.
    plot.branchFrom(0.5, 0.5, {0.75, 1.0, 1.25, 1.5}, {1.0, 0.75, 0.5, 0.25});
    QCOMPARE(plot.batchCount(), 2);
    QCOMPARE(plot.epochCount(), 0);
    QCOMPARE(plot.testLossGraph()->dataCount(), 0);
    QCOMPARE(plot.branchCount(), 1);
    QVERIFY2(plot.branchGraph(0)->name().contains(QStringLiteral("0.5")), qPrintable(plot.branchGraph(0)->name()));
    // Its moving average runs on from the kept batches: it starts where the new curve ends.
    QCOMPARE(plot.branchGraph(0)->data()->at(0)->key, 0.5);
    QCOMPARE(plot.branchGraph(0)->data()->at(0)->value, plot.movingAverage(1));
    QCOMPARE(plot.branchGraph(0)->dataCount(), 5);
    QVERIFY(plot.cursorVisible());
    // The last RunHistory::kMaxBranches stay.
    for (int i = 0; i < 3; ++i) {
        plot.appendBatchLosses({0.75}, {1.0});
        plot.branchFrom(0.5, 0.1 * (i + 1), {0.75}, {1.0});
    }
    QCOMPARE(plot.branchCount(), int(RunHistory::kMaxBranches));
    QVERIFY(!plot.branchGraph(0)->name().contains(QStringLiteral("0.5")));
    plot.clear();
    QCOMPARE(plot.branchCount(), 0);
    QVERIFY(!plot.cursorVisible());
}

void TestLossPlot::drawsAThinnedLineButKeepsEveryPoint()
{
    FedLossPlot plot;
    plot.resize(640, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    // 50 epochs of 938 batches: a noisy falling loss with one spike that must stay visible.
    const int perEpoch = 938, total = 50 * perEpoch, spike = 23456;
    QVector<double> x, loss;
    for (int i = 0; i < total; ++i) {
        x << (i + 1.0) / perEpoch;
        loss << (i == spike ? 9.5 : 2.0 / (1.0 + i * 0.001) + 0.1 * ((i * 7919) % 13) / 13.0);
    }
    plot.appendBatchLosses(x, loss);
    plot.plot()->replot();
    QCOMPARE(plot.batchCount(), total);
    const int pixels = plot.plot()->viewport().width();
    // At most each pixel column's lowest and highest point (plus the two beyond the edges).
    QVERIFY2(plot.drawnBatchPoints() <= 2 * pixels + 4,
             qPrintable(QStringLiteral("%1 points for %2 pixels").arg(plot.drawnBatchPoints()).arg(pixels)));
    QVERIFY(plot.drawnBatchPoints() >= pixels / 2);
    // The envelope keeps the extremes: the spike and the overall minimum are drawn.
    double drawnMax = 0, drawnMin = 1e9, trueMin = 1e9;
    for (auto it = plot.batchGraph()->data()->constBegin(); it != plot.batchGraph()->data()->constEnd(); ++it) {
        drawnMax = std::max(drawnMax, it->value);
        drawnMin = std::min(drawnMin, it->value);
    }
    for (int i = 0; i < total; ++i)
        trueMin = std::min(trueMin, plot.batchLoss(i));
    QCOMPARE(drawnMax, 9.5);
    QCOMPARE(drawnMin, trueMin);
    // Hover reads the exact point from the full history, not from the thinned line.
    QCustomPlot *p = plot.plot();
    const QPoint at(int(std::lround(p->xAxis->coordToPixel(x[spike]))), int(std::lround(p->yAxis->coordToPixel(9.5))));
    // Rounded as a person reads them (not the raw "epoch 4.929936").
    QCOMPARE(plot.hoverTextAt(at), QStringLiteral("batch %1, epoch %2\nbatch loss 9.5")
                                           .arg(QLocale().toString(spike + 1))
                                           .arg(QLocale().toString(x[spike], 'f', 2)));
    // Zoomed in to 1/100 of the run: every point of the visible range is drawn as it is.
    p->xAxis->setRange(10.0, 10.5);
    p->replot();
    // x = 10.0 ... 10.5 are batches 9379 ... 9848, plus one beyond each edge.
    QCOMPARE(plot.drawnBatchPoints(), 470 + 2);
    QCOMPARE(plot.batchGraph()->data()->at(1)->key, x[9379]);
    QCOMPARE(plot.batchGraph()->data()->at(1)->value, plot.batchLoss(9379));
    QVERIFY(qFuzzyCompare(plot.averageGraph()->data()->at(1)->value, plot.movingAverage(9379)));
    // The CSV still holds every batch.
    QCOMPARE(plot.csvText().count(QLatin1Char('\n')), 1 + total);
}

void TestLossPlot::nonFiniteValuesNeverReachTheScreen()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    FedLossPlot plot;
    plot.resize(640, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendBatchLosses({0.25, 0.5, 0.75, 1.0, 1.25}, {2.0, nan, inf, 1.0, -inf});
    plot.appendBatchLosses({nan, 1.5}, {1.0, 0.5});
    plot.appendBatchLosses({1.75}, {1e300}); // beyond float: Inf once stored, so left out
    plot.appendEpoch(1.0, nan, 80.0);
    plot.appendEpoch(1.0, 0.5, inf);
    plot.appendEpoch(2.0, 0.75, 85.0);
    plot.plot()->replot();
    QCOMPARE(plot.batchCount(), 3); // 2.0, 1.0 and 0.5
    QCOMPARE(plot.epochCount(), 1);
    QCOMPARE(plot.batchLoss(1), 1.0);
    QCOMPARE(plot.movingAverage(2), 3.5 / 3);
    // The y axis stays finite and scaled to the finite values.
    QVERIFY(std::isfinite(plot.plot()->yAxis->range().upper));
    QCOMPARE(plot.plot()->yAxis->range().upper, 2.0 * 1.05);
    for (QCPGraph *g : {plot.batchGraph(), plot.averageGraph(), plot.testLossGraph(), plot.testAccuracyGraph()})
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
            QVERIFY2(std::isfinite(it->key) && std::isfinite(it->value), qPrintable(g->name()));
    const QString csv = plot.csvText().toLower();
    QVERIFY2(!csv.contains(QStringLiteral("nan")) && !csv.contains(QStringLiteral("inf")), qPrintable(csv));
    // No read-out anywhere on the plot names a non-finite value.
    const QRect area = plot.plot()->axisRect()->rect();
    for (int px = area.left(); px <= area.right(); px += 4)
        for (int py = area.top(); py <= area.bottom(); py += 4) {
            const QString text = plot.hoverTextAt(QPoint(px, py)).toLower();
            QVERIFY2(!text.contains(QStringLiteral("nan")) && !text.contains(QStringLiteral("inf")),
                     qPrintable(text));
        }
}

void TestLossPlot::fitsItsSize_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("points");
    QTest::addColumn<QString>("lossTitle");
    QTest::addColumn<int>("legendRows");
    QTest::newRow("wide") << QSize(900, 420) << 11.0 << QStringLiteral("cross-entropy loss") << 1;
    QTest::newRow("column") << QSize(560, 300) << 11.0 << QStringLiteral("cross-entropy loss") << 2;
    QTest::newRow("projector") << QSize(490, 300) << 13.5 << QStringLiteral("cross-entropy") << 2;
    QTest::newRow("low projector") << QSize(490, 252) << 13.5 << QStringLiteral("loss") << 2;
}

// Axis titles as long as their axis allows (never longer than the axis), tick labels apart, the
// legend in one or two rows with every entry whole.
void TestLossPlot::fitsItsSize()
{
    QFETCH(QSize, size);
    QFETCH(double, points);
    QFETCH(QString, lossTitle);
    QFETCH(int, legendRows);
    FedLossPlot plot;
    QFont font = plot.font();
    font.setPointSizeF(points);
    plot.setFont(font);
    plot.resize(size);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QVector<double> x, loss;
    for (int i = 1; i <= 300; ++i) {
        x << i / 150.0;
        loss << 2.3 / (1 + i * 0.02);
    }
    plot.appendBatchLosses(x, loss);
    plot.appendEpoch(1, 0.5, 88.0);
    plot.appendEpoch(2, 0.4, 91.0);
    QCustomPlot *p = plot.plot();
    p->replot();
    p->replot(); // the titles chosen after the first layout
    QCOMPARE(p->yAxis->label(), lossTitle);
    const QRect area = p->axisRect()->rect();
    for (QCPAxis *axis : {p->xAxis, p->yAxis, p->yAxis2}) {
        const int length = axis->orientation() == Qt::Vertical ? area.height() : area.width();
        QVERIFY2(QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label()) <= length, qPrintable(axis->label()));
        const QVector<double> ticks = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        QVERIFY2(ticks.size() >= 3, qPrintable(axis->label()));
        const QFontMetrics fm(axis->tickLabelFont());
        for (int i = 1; i < ticks.size(); ++i) {
            const double apart = std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1]));
            const int extent = axis->orientation() == Qt::Vertical
                                       ? fm.height()
                                       : (fm.horizontalAdvance(labels[i]) + fm.horizontalAdvance(labels[i - 1])) / 2;
            QVERIFY2(apart >= extent + 2, qPrintable(QStringLiteral("%1: %2 and %3").arg(axis->label(), labels[i - 1], labels[i])));
        }
    }
    QCPLegend *legend = p->legend;
    const int rows = (legend->itemCount() + legend->wrap() - 1) / legend->wrap();
    QCOMPARE(rows, legendRows);
    for (int i = 0; i < legend->itemCount(); ++i)
        QVERIFY(p->rect().contains(QRect(legend->item(i)->outerRect().topLeft(), legend->item(i)->minimumOuterSizeHint())));
}

// The training set's loss and accuracy: drawn and in the legend once an epoch brings them, said
// by the summary, gone with Clear; brief legend names where the full ones need a third row.
void TestLossPlot::trainingSetCurves()
{
    FedLossPlot plot;
    plot.resize(900, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QCPLegend *legend = plot.plot()->legend;
    plot.appendBatchLosses({0.5, 1.0}, {2.0, 1.0});
    plot.appendEpoch(1.0, 0.6, 82.0); // a file's epoch: no training-set numbers
    QCOMPARE(plot.trainAccuracyGraph()->dataCount(), 0);
    QVERIFY(!legend->hasItemWithPlottable(plot.trainAccuracyGraph()));
    QVERIFY(!plot.accessibleSummary().contains(QStringLiteral("training set")));

    plot.appendBatchLosses({1.5, 2.0}, {0.5, 0.25});
    plot.appendEpoch(2.0, 0.5, 86.0, 0.125, 97.5);
    QCOMPARE(plot.trainLossGraph()->dataCount(), 1);
    QCOMPARE(plot.trainAccuracyGraph()->data()->at(0)->value, 97.5);
    QVERIFY(legend->hasItemWithPlottable(plot.trainLossGraph()));
    QVERIFY(legend->hasItemWithPlottable(plot.trainAccuracyGraph()));
    QVERIFY2(plot.accessibleSummary().contains(QStringLiteral("On the training set: loss 0.1250, accuracy 97.50 %")),
             qPrintable(plot.accessibleSummary()));
    plot.plot()->replot();
    QCOMPARE(plot.trainAccuracyGraph()->name(), QStringLiteral("training accuracy")); // room for the full names

    plot.resize(420, 300); // a narrow column: three columns of brief names, two rows
    QFont font = plot.font();
    font.setPointSizeF(13.5);
    plot.setFont(font);
    plot.plot()->replot();
    QTRY_COMPARE(legend->wrap(), 3);
    QCOMPARE(plot.trainAccuracyGraph()->name(), QStringLiteral("train %"));
    for (int i = 0; i < legend->itemCount(); ++i)
        QVERIFY(plot.plot()->rect().contains(QRect(legend->item(i)->outerRect().topLeft(), legend->item(i)->minimumOuterSizeHint())));

    plot.clear();
    QCOMPARE(plot.trainAccuracyGraph()->dataCount(), 0);
    QVERIFY(!legend->hasItemWithPlottable(plot.trainLossGraph()));
    QVERIFY(!legend->hasItemWithPlottable(plot.trainAccuracyGraph()));
}

void TestLossPlot::epochMarkersStayApart()
{
    FedLossPlot plot;
    plot.resize(900, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    const QList<QCPGraph *> epochGraphs = {plot.testLossGraph(), plot.testAccuracyGraph(), plot.trainLossGraph(),
                                           plot.trainAccuracyGraph()};
    auto addEpochs = [&plot](int from, int to) {
        for (int e = from; e <= to; ++e) {
            plot.appendBatchLosses({e - 0.5, double(e)}, {1.0, 0.5});
            plot.appendEpoch(e, 0.5, 90.0, 0.4, 92.0);
        }
    };
    // Ten epochs on some 800 pixels: every epoch's marker.
    addEpochs(1, 10);
    plot.plot()->replot();
    for (QCPGraph *g : epochGraphs)
        QCOMPARE(g->scatterSkip(), 0);

    // Four hundred: markers about two pixels apart would smear; those drawn are two marker widths
    // apart, and every epoch's point is still there.
    addEpochs(11, 400);
    plot.plot()->replot();
    const double pixelsPerEpoch = plot.plot()->axisRect()->width() / plot.plot()->xAxis->range().size();
    const double marker = plot.testLossGraph()->scatterStyle().size();
    for (QCPGraph *g : epochGraphs) {
        QVERIFY(g->scatterSkip() > 0);
        QVERIFY2((g->scatterSkip() + 1) * pixelsPerEpoch >= 2 * marker,
                 qPrintable(QStringLiteral("skip %1 at %2 px per epoch").arg(g->scatterSkip()).arg(pixelsPerEpoch)));
        QVERIFY(g->scatterSkip() * pixelsPerEpoch < 2 * marker); // no more than needed
        QCOMPARE(g->dataCount(), 400);
    }

    // Zoomed in on ten of them: every marker again.
    plot.plot()->xAxis->setRange(100, 110);
    plot.plot()->replot();
    for (QCPGraph *g : epochGraphs)
        QCOMPARE(g->scatterSkip(), 0);
}

QTEST_MAIN(TestLossPlot)
#include "tst_lossplot.moc"

// Lesson 06's test loss rises from 0.47 to 0.51 while the batch loss starts at 2.3: with every
// curve on the axis from 0 the rise is a pixel or two; with the batch loss and its average hidden
// (a click on their legend entries) the axis fits the test loss and the rise fills the plot.
void TestLossPlot::lossAxisFitsTheCurvesShown()
{
    FedLossPlot plot;
    plot.resize(900, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QVector<double> x, loss;
    for (int b = 1; b <= 400; ++b) {
        x << b / 4.0;
        loss << 2.3 * std::exp(-b / 40.0) + 0.02;
    }
    plot.appendBatchLosses(x, loss);
    for (int e = 1; e <= 100; ++e)
        plot.appendEpoch(e, e <= 36 ? 0.9 - (0.9 - 0.4708) * e / 36.0 : 0.4708 + (0.5117 - 0.4708) * (e - 36) / 64.0, 90.0);
    plot.plot()->replot();
    QCPAxis *y = plot.plot()->yAxis;
    QCOMPARE(y->range().lower, 0.0);
    const double pixels = std::abs(y->coordToPixel(0.4708) - y->coordToPixel(0.5117));
    QVERIFY2(pixels < 10, qPrintable(QString::number(pixels)));

    // Hidden by a click on their legend entries, as a user would.
    for (QCPGraph *g : {plot.batchGraph(), plot.averageGraph()}) {
        QCPAbstractLegendItem *item = plot.plot()->legend->itemWithPlottable(g);
        QVERIFY(item);
        QTest::mouseClick(plot.plot(), Qt::LeftButton, {}, item->outerRect().center());
        QVERIFY(!g->visible());
    }
    plot.plot()->replot();
    QVERIFY2(y->range().lower > 0.4 && y->range().lower < 0.4708, qPrintable(QString::number(y->range().lower)));
    QVERIFY(y->range().upper >= 0.9 && y->range().upper < 1.0);
    const double fitted = std::abs(y->coordToPixel(0.4708) - y->coordToPixel(0.5117));
    QVERIFY2(fitted > 4 * pixels && fitted > 20, qPrintable(QString::number(fitted)));
    QVERIFY(plot.hoverTextAt(QPoint(int(plot.plot()->xAxis->coordToPixel(x[10])),
                                    int(y->coordToPixel(loss[10])))).isEmpty() || !plot.batchGraph()->visible());
    // Shown again: the axis goes back to 0 .. the batch loss.
    QTest::mouseClick(plot.plot(), Qt::LeftButton, {},
                      plot.plot()->legend->itemWithPlottable(plot.batchGraph())->outerRect().center());
    plot.plot()->replot();
    QVERIFY(plot.batchGraph()->visible());
    QCOMPARE(y->range().lower, 0.0);
    QVERIFY(y->range().upper > 2.0);
}

// To a deutan eye the test loss's vermillion and the training accuracy's orange are one colour:
// the four epoch curves differ in line style too.
void TestLossPlot::epochCurvesDifferInLineStyle()
{
    LossPlot plot;
    QSet<int> styles;
    for (QCPGraph *g : {plot.testLossGraph(), plot.testAccuracyGraph(), plot.trainLossGraph(), plot.trainAccuracyGraph()})
        styles.insert(int(g->pen().style()));
    QCOMPARE(styles.size(), 4);
}
