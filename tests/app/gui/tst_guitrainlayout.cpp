// The Train view as a class sees it on a 1280 x 800 projector (presentation mode: 1.5x fonts) and
// in normal mode at 1280 x 800 and 1920 x 1080, with and without the divergence banner: the window
// keeps its size, the loss plot's axis titles and tick labels are whole and apart, its legend takes
// at most two rows, the banner at most two lines, the heatmap tiles are large enough to see, and no
// panel is squeezed below what it needs. BPLAB_LAYOUT_SHOTS=DIR keeps the pictures for a look.
// Also: a data-parallel snapshot (CLI --workers 2) is refused with the command that resumes it.

#include "guifixtures.h"

#include <batchmosaic.h>
#include <classaccuracypanel.h>
#include <controlbar.h>
#include <digitpanel.h>
#include <heatmapmosaic.h>
#include <heatmappanel.h>
#include <lossplot.h>
#include <mainwindow.h>
#include <messagebanner.h>
#include <replicaexchange.h>
#include <train/snapshot.h>
#include <snapshotui.h>
#include <softmaxpanel.h>
#include <train/trainer.h>
#include <trainingcontroller.h>
#include <trainview.h>
#include <uiformat.h>

#include <QComboBox>
#include <QDataStream>
#include <QDir>
#include <QGuiApplication>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace bplab;

class TestGuiTrainLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void trainViewFits_data();
    void trainViewFits();
    void theUsersSplitIsKept();
    void divergenceBannerSaysItInTwoLines();
    void aLongMessageKeepsTheWindowsSize();
    void dataParallelSnapshotContinuesOnItsReplicas();
    void restoredEpochShowsItsClassAccuracies();

private:
    TrainingController *controller() const { return m_window->controller(); }
    void runBatches(qint64 n);
    /** Returns what diverged (empty when nothing did). */
    Divergence diverge();
    /** minTile: the least side of a 28 x 28 tile in px (0: 20, or 28 from 1920 px wide). */
    void checkLayout(const QString &what, double minTile = 0);
    bool m_panelsMayGiveWay = false; // checkLayout() holds a panel to its own least height only

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiTrainLayout::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // 640 images in batches of 64: 10 batches per epoch.
    const QString error = test::writeSyntheticDataset(m_dir.path(), 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiTrainLayout::init()
{
    m_panelsMayGiveWay = false;
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = sourceRecipe();
    config.seed = 5;
    m_window->setTrainingConfig(config);
    test::showOnData(*m_window, m_dir.path());
    if (QTest::currentTestFailed())
        return;
}

void TestGuiTrainLayout::cleanup()
{
    if (m_window)
        m_window->setPresentationMode(false); // the application font back to normal
    m_window.reset();
}

void TestGuiTrainLayout::runBatches(qint64 n)
{
    test::runBatches(controller(), n);
}

/** A learning rate far too large: the guard pauses training and the banner explains. */
Divergence TestGuiTrainLayout::diverge()
{
    test::EventSpy<Divergence> diverged(controller());
    controller()->setLearningRate(1e30);
    controller()->start();
    [&] {
        QVERIFY(diverged.wait(20000));
        QTRY_COMPARE(controller()->state(), TrainingState::Paused);
        QTRY_VERIFY(m_window->banner()->isVisible());
    }();
    return diverged.isEmpty() ? Divergence{} : diverged.at(0);
}

namespace {
/** Pixels between neighbouring tick labels along the axis, less the wider label's extent. */
int tickLabelGap(QCPAxis *axis)
{
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const QFontMetrics fm(axis->tickLabelFont());
    const bool vertical = axis->orientation() == Qt::Vertical;
    int gap = std::numeric_limits<int>::max();
    for (int i = 1; i < ticks.size(); ++i) {
        const double a = axis->coordToPixel(ticks[i - 1]), b = axis->coordToPixel(ticks[i]);
        const int extent = vertical ? fm.height()
                                    : (fm.horizontalAdvance(labels[i - 1]) + fm.horizontalAdvance(labels[i])) / 2;
        gap = std::min(gap, int(std::abs(b - a)) - extent);
    }
    return gap;
}
} // namespace

void TestGuiTrainLayout::checkLayout(const QString &what, double minTile)
{
    const QByteArray w = what.toUtf8();
    TrainView *view = m_window->trainView();
    const QString shots = qEnvironmentVariable("BPLAB_LAYOUT_SHOTS");
    if (!shots.isEmpty())
        m_window->grab().save(QDir(shots).filePath(what + QStringLiteral(".png")));
    // The window keeps the size it was given: nothing asks for more.
    QVERIFY2(m_window->minimumSizeHint().width() <= m_window->width()
                     && m_window->minimumSizeHint().height() <= m_window->height(),
             qPrintable(QStringLiteral("%1: the window needs %2 x %3").arg(what)
                                .arg(m_window->minimumSizeHint().width())
                                .arg(m_window->minimumSizeHint().height())));

    // Every panel at least its minimum (nothing squeezed or clipped) and none overlaps another.
    // All seven panels, on a projector too: none is left out to make room.
    auto *activations = view->findChild<QWidget *>(QStringLiteral("activationStrip"));
    QVERIFY(activations);
    QList<QWidget *> panels{view->digitPanel(), activations,         view->softmaxPanel(), view->classAccuracyPanel(),
                            view->lossPlot(),   view->batchMosaic(), view->heatmapPanel()};
    QList<QRect> rects;
    for (QWidget *p : panels) {
        QVERIFY2(p->isVisible(), w.constData());
        QSize min = p->minimumSizeHint().expandedTo(p->minimumSize());
        // Under three lines of banner the per-class accuracies give way, down to the least
        // height the view allows them on a projector.
        if (m_panelsMayGiveWay && p->minimumHeight() > 0)
            min.setHeight(p->minimumHeight());
        QVERIFY2(p->width() >= min.width() && p->height() >= min.height(),
                 qPrintable(QStringLiteral("%1: %2 is %3 x %4, needs %5 x %6").arg(what, p->objectName())
                                    .arg(p->width()).arg(p->height()).arg(min.width()).arg(min.height())));
        const QRect r(p->mapTo(view, QPoint(0, 0)), p->size());
        QVERIFY2(view->rect().contains(r), qPrintable(what + QStringLiteral(": ") + p->objectName()));
        for (const QRect &other : std::as_const(rects))
            QVERIFY2(!other.intersects(r), qPrintable(what + QStringLiteral(": overlap at ") + p->objectName()));
        rects << r;
    }
    // The activation strip gives way to the others (no least height) but keeps its title and its
    // cells at least half a line high (38 px on a projector under the divergence banner, 75 without).
    const int line = QFontMetrics(readableFont(activations->font())).height();
    QVERIFY2(activations->height() >= line * 3 / 2,
             qPrintable(QStringLiteral("%1: the activation strip is %2 px, a line %3").arg(what).arg(activations->height()).arg(line)));

    // The loss plot: each axis title within its axis (never cut), tick labels apart.
    LossPlot *loss = view->lossPlot();
    QCustomPlot *plot = loss->plot();
    plot->replot();
    const QRect area = plot->axisRect()->rect();
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis, plot->yAxis2}) {
        const int length = axis->orientation() == Qt::Vertical ? area.height() : area.width();
        const int text = QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label());
        QVERIFY2(text <= length, qPrintable(QStringLiteral("%1: axis title '%2' is %3 px, its axis %4 px")
                                                    .arg(what, axis->label()).arg(text).arg(length)));
        QVERIFY2(axis->tickVector().size() >= 3, qPrintable(what + QStringLiteral(": ticks of ") + axis->label()));
        const int gap = tickLabelGap(axis);
        QVERIFY2(gap >= 2, qPrintable(QStringLiteral("%1: tick labels of '%2' %3 px apart")
                                              .arg(what, axis->label()).arg(gap)));
    }
    // The plotting area keeps most of the plot's height; the legend at most two rows.
    QVERIFY2(area.height() >= plot->height() / 2,
             qPrintable(QStringLiteral("%1: axis rect %2 px of %3").arg(what).arg(area.height()).arg(plot->height())));
    QCPLegend *legend = plot->legend;
    const int row = QFontMetrics(legend->font()).height();
    QVERIFY2(legend->outerRect().height() <= 2 * row + row / 2,
             qPrintable(QStringLiteral("%1: legend %2 px, a row %3").arg(what).arg(legend->outerRect().height()).arg(row)));
    for (int i = 0; i < legend->itemCount(); ++i) { // each entry whole, within the plot
        // Its icon and text (the item's minimum) from where it starts.
        const QRect item(legend->item(i)->outerRect().topLeft(), legend->item(i)->minimumOuterSizeHint());
        QVERIFY2(plot->rect().contains(item), qPrintable(what + QStringLiteral(": legend entry ") + QString::number(i)));
    }

    // The heatmaps: a 28 x 28 tile at least kMinTile px a side; the titles on one line each, whole.
    HeatmapPanel *heat = view->heatmapPanel();
    heat->plot()->replot();
    QCPAxis *hx = heat->hiddenMap()->keyAxis();
    const double tile = std::abs(hx->coordToPixel(mosaic::kPitch) - hx->coordToPixel(0));
    if (minTile <= 0)
        // About 20-24 px at 1280 (12 px before the presentation layout was fitted). On a projector
        // 17: the batch mosaic stands beside the heatmaps there, as every panel stays (17.6-18.2 px,
        // 13.9 px with the mosaic at a quarter of the row).
        minTile = m_window->isPresentationMode() ? 17 : m_window->width() >= 1920 ? 28 : 19;
    QVERIFY2(tile >= minTile, qPrintable(QStringLiteral("%1: a tile is %2 px").arg(what).arg(tile)));
    for (int l = 0; QCPTextElement *title = heat->layerTitleElement(l); ++l) {
        const QFontMetrics fm(title->font());
        for (const QString &line : title->text().split(QLatin1Char('\n')))
            QVERIFY2(fm.horizontalAdvance(line) <= title->outerRect().width(),
                     qPrintable(what + QStringLiteral(": title '%1'").arg(line)));
    }
}

void TestGuiTrainLayout::trainViewFits_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("banner");
    QTest::addColumn<bool>("fashion");
    QTest::newRow("presentation-1280x800") << true << QSize(1280, 800) << false << false;
    QTest::newRow("presentation-1280x800-fashion") << true << QSize(1280, 800) << true << true;
    QTest::newRow("presentation-1280x800-banner") << true << QSize(1280, 800) << true << false;
    QTest::newRow("normal-1280x800") << false << QSize(1280, 800) << false << false;
    QTest::newRow("normal-1280x800-banner") << false << QSize(1280, 800) << true << false;
    QTest::newRow("normal-1920x1080") << false << QSize(1920, 1080) << false << false;
}

namespace {
/** Waits until the Train view's splitters keep their sizes for three polls 50 ms apart (at most
 *  5 s): the fitting runs from queued replots and layouts, later on a loaded machine or under
 *  the sanitizers than a fixed wait allows. */
void settle(QWidget *view)
{
    const auto sizes = [view] {
        QList<int> all;
        for (const QSplitter *sp : view->findChildren<QSplitter *>())
            all << sp->sizes();
        return all;
    };
    QList<int> last = sizes();
    int same = 0;
    for (int i = 0; i < 100 && same < 3; ++i) {
        QTest::qWait(50);
        const QList<int> now = sizes();
        same = now == last ? same + 1 : 0;
        last = now;
    }
}
} // namespace

void TestGuiTrainLayout::trainViewFits()
{
    QFETCH(bool, presentation);
    QFETCH(QSize, size);
    QFETCH(bool, banner);
    QFETCH(bool, fashion);
    if (fashion) // the longest names the SoftMax panel shows ("neuron 10 (Ankle boot)")
        m_window->trainView()->setClassNames({"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal",
                                              "Shirt", "Sneaker", "Bag", "Ankle boot"});
    runBatches(25); // two epochs and a half: test points on the plot
    if (banner)
        diverge();
    m_window->setPresentationMode(presentation, /*fullScreen=*/false);
    m_window->resize(size);
    QCoreApplication::processEvents();
    settle(m_window->trainView()); // queued replots and layouts
    QCOMPARE(m_window->size(), size);
    checkLayout(QString::fromLatin1(QTest::currentDataTag()));
}

void TestGuiTrainLayout::theUsersSplitIsKept()
{
    runBatches(2);
    TrainView *view = m_window->trainView();
    QSplitter *right = view->rightColumn();
    QVERIFY(right);
    QVERIFY(!view->userLayout());
    settle(view); // the fit the batches queued is done: it cannot undo the drag below
    // The user drags the handle between the loss plot and the heatmaps 60 px down.
    const int before = right->sizes().at(0);
    QWidget *handle = right->handle(1);
    const QPoint mid = handle->rect().center();
    QTest::mousePress(handle, Qt::LeftButton, {}, mid);
    QMouseEvent move(QEvent::MouseMove, QPointF(mid + QPoint(0, 60)), handle->mapToGlobal(QPointF(mid + QPoint(0, 60))),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(handle, &move);
    QTest::mouseRelease(handle, Qt::LeftButton, {}, mid + QPoint(0, 60));
    settle(view); // nothing fits it back afterwards
    const QList<int> dragged = right->sizes();
    QVERIFY2(std::abs(dragged.at(0) - (before + 60)) <= 2, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(dragged.at(0))));
    QVERIFY(view->userLayout());
    // Saved and restored as the user's; a fitted layout (and none) leaves a new view fitting itself.
    {
        TrainView restored, fitted, old;
        QVERIFY(!fitted.userLayout());
        restored.restoreLayout(view->saveLayout());
        QVERIFY(restored.userLayout());
        TrainView fresh;
        fresh.restoreLayout(fitted.saveLayout());
        QVERIFY(!fresh.userLayout());
        QByteArray before; // the format before the flag: three splitter states
        QDataStream stream(&before, QIODevice::WriteOnly);
        stream << QSplitter().saveState() << QSplitter().saveState() << right->saveState();
        old.restoreLayout(before);
        QVERIFY(old.userLayout());
    }
    // Replots do not fit it back; presentation mode fits it and gives it back when it ends.
    runBatches(2);
    settle(view);
    QCOMPARE(right->sizes(), dragged);
    m_window->setPresentationMode(true, /*fullScreen=*/false);
    m_window->resize(MainWindow::defaultSize());
    QTRY_VERIFY_WITH_TIMEOUT(right->sizes() != dragged, 5000);
    settle(view);
    m_window->setPresentationMode(false);
    m_window->resize(MainWindow::defaultSize());
    settle(view);
    // Given back to within a few px: the splitter re-applies its panels' minimums on the way
    // (3 px off in the sanitizer build).
    const QList<int> back = right->sizes();
    QCOMPARE(back.size(), dragged.size());
    for (int k = 0; k < back.size(); ++k)
        QVERIFY2(std::abs(back.at(k) - dragged.at(k)) <= 4,
                 qPrintable(QStringLiteral("pane %1: %2 px, dragged to %3").arg(k).arg(back.at(k)).arg(dragged.at(k))));
}

namespace {
/** Lines the label's text takes at its width. */
int lines(const QLabel *label)
{
    return int(std::lround(double(label->heightForWidth(label->width())) / label->fontMetrics().lineSpacing()));
}

bool mentionsNonFinite(const QString &text)
{
    const QString t = text.toLower();
    return t.contains(QStringLiteral("nan")) || t.contains(QStringLiteral("inf"));
}
} // namespace

void TestGuiTrainLayout::divergenceBannerSaysItInTwoLines()
{
    m_window->setPresentationMode(true, /*fullScreen=*/false);
    m_window->resize(MainWindow::defaultSize());
    runBatches(3);
    const Divergence realDivergence = diverge();
    MessageBanner *banner = m_window->banner();
    const QString real = banner->details();
    QVERIFY2(real.startsWith(QStringLiteral("training diverged in epoch")), qPrintable(real));

    // The real message, and the trainer's longest form (two batches undone, a gradient's index,
    // large step numbers), each in at most two lines at a projector's font in 1280 px.
    const QString longest = QStringLiteral(
            "training diverged in epoch 12, batch 938/938 (step 11,256): the gradient dL/dW1[127][783] "
            "became -inf at learning rate 1e+30: the weights the previous batch produced were too large "
            "for the forward pass (largest |w| 3.40282e+38); the weights and the optimiser state are back "
            "to their values before that batch; try a smaller learning rate (e.g. 1e+29)");
    Divergence longestDivergence;
    longestDivergence.epoch = 12;
    longestDivergence.batch = 938;
    longestDivergence.batchesPerEpoch = 938;
    longestDivergence.step = 11256;
    longestDivergence.quantity = "the gradient dL/dW1[127][783]";
    longestDivergence.value = -std::numeric_limits<double>::infinity();
    longestDivergence.lr = 1e30;
    longestDivergence.suggestedLr = 1e29;
    longestDivergence.batchesUndone = 2;
    longestDivergence.message = longest.toStdString();
    Divergence realAt1e30 = realDivergence;
    realAt1e30.lr = 1e30;
    realAt1e30.suggestedLr = 1e29;
    for (const Divergence &d : {realAt1e30, longestDivergence}) {
        const QString message = QString::fromStdString(d.message);
        emit controller()->notice(d);
        // Laid out at the window's width (narrower before), the text takes two lines.
        QTRY_VERIFY2(banner->isVisible() && lines(banner->textLabel()) <= 2,
                     qPrintable(QStringLiteral("%1 lines").arg(lines(banner->textLabel()))));
        const QString text = banner->text();
        QCOMPARE(banner->details(), message);
        QCOMPARE(banner->shownText(), text); // whole, not shortened
        QVERIFY2(text.startsWith(QStringLiteral("Paused at lr 1e+30: ")), qPrintable(text));
        QVERIFY2(!mentionsNonFinite(text), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("last finite values")), qPrintable(text));
        QCOMPARE(banner->buttons().size(), 1);
        QCOMPARE(banner->buttons().first()->text(), QStringLiteral("Use lr 1e+29"));
        QVERIFY2(lines(banner->textLabel()) <= 2,
                 qPrintable(QStringLiteral("%1 lines: %2").arg(lines(banner->textLabel())).arg(text)));
        QVERIFY(banner->textLabel()->height() <= 2 * banner->textLabel()->fontMetrics().lineSpacing() + 4);
        QCOMPARE(m_window->size(), MainWindow::defaultSize());
        QVERIFY(m_window->minimumSizeHint().height() <= 800);
    }
    // At the normal font the real one takes a single line, so the panels below keep their room.
    m_window->setPresentationMode(false, /*fullScreen=*/false);
    m_window->resize(MainWindow::defaultSize());
    emit controller()->notice(realDivergence);
    QTRY_VERIFY2(banner->isVisible() && lines(banner->textLabel()) == 1,
                 qPrintable(QStringLiteral("%1 lines: %2").arg(lines(banner->textLabel())).arg(banner->text())));
    QCOMPARE(SnapshotUi::divergenceSummary(longestDivergence),
             QStringLiteral("Paused at lr 1e+30: the gradient dL/dW1[127][783] overflowed in epoch 12, "
                            "batch 938. The weights are back to their last finite values; try a smaller "
                            "rate:"));
    // The advice taken (another rate, by its button, the toolbar or a lesson), the banner gives
    // its room back; a message of another kind stays when the rate changes.
    const double diverged = controller()->config().lr;
    controller()->setLearningRate(diverged); // the same rate: the advice is not taken yet
    QVERIFY(banner->isVisible());
    controller()->setLearningRate(diverged / 10);
    QTRY_VERIFY(!banner->isVisible());
    banner->showMessage(QStringLiteral("Could not read the snapshot"));
    controller()->setLearningRate(diverged / 100);
    QVERIFY(banner->isVisible());
    banner->hide();
    // Not the trainer's form: said as it is.
    Divergence other;
    other.message = "something else";
    QCOMPARE(SnapshotUi::divergenceSummary(other),
             QStringLiteral("Training paused: something else"));
}

// However long a message, the banner takes at most three lines (the rest in its tooltip), so the
// projector's window keeps its 800 px.
void TestGuiTrainLayout::aLongMessageKeepsTheWindowsSize()
{
    m_window->setPresentationMode(true, /*fullScreen=*/false);
    m_window->resize(MainWindow::defaultSize());
    QCoreApplication::processEvents();
    QString message = QStringLiteral("Cannot read /home/teacher/.local/share/backprop-lab/snapshots/snapshot-000012.bplabsnap:");
    for (int i = 0; i < 20; ++i)
        message += QStringLiteral(" the block %1 of the file does not match its checksum;").arg(i + 1);
    MessageBanner *banner = m_window->banner();
    banner->showMessage(message);
    banner->addButton(QStringLiteral("Open the previous snapshot (snapshot-000011.bplabsnap)"), QStringLiteral("b"), {});
    // Laid out at the window's width, the shortened text takes at most kMaxLines.
    QTRY_VERIFY2(banner->isVisible() && lines(banner->textLabel()) <= MessageBanner::kMaxLines,
                 qPrintable(QString::number(lines(banner->textLabel()))));
    QCOMPARE(banner->text(), message);
    const QString shown = banner->shownText();
    QVERIFY2(shown.endsWith(QStringLiteral(" …")) && message.startsWith(shown.chopped(2)), qPrintable(shown));
    QVERIFY2(lines(banner->textLabel()) <= MessageBanner::kMaxLines, qPrintable(QString::number(lines(banner->textLabel()))));
    QCOMPARE(banner->textLabel()->toolTip(), message);
    QCOMPARE(m_window->size(), MainWindow::defaultSize());
    QVERIFY(m_window->minimumSizeHint().height() <= 800);
    m_panelsMayGiveWay = true;
    checkLayout(QStringLiteral("presentation-1280x800-long-banner"), 18); // three lines of banner
}

void TestGuiTrainLayout::dataParallelSnapshotContinuesOnItsReplicas()
{
    runBatches(3);
    // What backprop-lab-cli train --workers 2 writes after 3 global batches of 2 x 64.
    const TrainConfig config = sourceRecipe();
    Trainer cli(controller()->dataSplit(), config, std::make_shared<cluster::ReplicaExchange>(1, 2));
    for (int b = 0; b < 3; ++b)
        QVERIFY(!cli.trainBatch().divergence);
    QTemporaryDir dir(QDir::temp().filePath(QStringLiteral("snap shots-XXXXXX")));
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("run.bplabsnap"));
    const Status saved = saveSnapshot(file.toStdString(), cli.snapshot());
    QVERIFY2(saved, saved ? "" : saved.error().c_str());

    test::EventSpy<RestoredSnapshot> restored(controller());
    m_window->snapshotUi()->openFile(file);
    QVERIFY(restored.wait(10000));
    QCOMPARE(controller()->stepCount(), std::uint64_t(3));
    QCOMPARE(controller()->config().replicas, 2);
    QCOMPARE(controller()->trainedConfig().replicas, 2);
    QVERIFY(!controller()->resetPending());
    QCOMPARE(m_window->controlBar()->replicasBox()->currentText(), QStringLiteral("2"));
    QVERIFY(*controller()->currentWeights() == cli.params());

    // The app's next batch is the CLI's next batch, bit for bit, on the same two replicas.
    QVERIFY(!cli.trainBatch().divergence);
    controller()->step();
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(4));
    QTRY_VERIFY(controller()->state() == TrainingState::Paused);
    // The step count arrives with the batch's loss, just before the worker publishes the weights.
    QTRY_VERIFY(*controller()->currentWeights() == cli.params());

    // A one-worker snapshot of the same data opens too, and goes back to one replica.
    Trainer single(controller()->dataSplit(), config);
    QVERIFY(saveSnapshot(file.toStdString(), single.snapshot()));
    m_window->snapshotUi()->openFile(file);
    QVERIFY(restored.wait(10000));
    QCOMPARE(controller()->stepCount(), std::uint64_t(0));
    QCOMPARE(controller()->config().replicas, 1);
}

// A snapshot keeps no confusion matrix: taken at an epoch's end, the app counts it again from
// the restored weights, so the per-class bars are there after the restore.
void TestGuiTrainLayout::restoredEpochShowsItsClassAccuracies()
{
    const TrainConfig config = sourceRecipe();
    Trainer cli(controller()->dataSplit(), config);
    while (cli.epoch() < 1)
        QVERIFY(!cli.trainBatch().divergence);
    QCOMPARE(cli.batchInEpoch(), 0);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("epoch1.bplabsnap"));
    QVERIFY(saveSnapshot(file.toStdString(), cli.snapshot()));
    test::EventSpy<RestoredSnapshot> restored(controller());
    m_window->snapshotUi()->openFile(file);
    QVERIFY(restored.wait(10000));
    const QVector<double> &shown = m_window->trainView()->classAccuracyPanel()->accuracies();
    QCOMPARE(shown.size(), 10);
    const Evaluation ev = evaluateNetwork(cli.network(), cli.params(), controller()->dataSplit()->test, config.normalize);
    for (int c = 0; c < 10; ++c) {
        int total = 0;
        for (int k = 0; k < 10; ++k)
            total += ev.confusion[c][k];
        if (total > 0)
            QCOMPARE(shown[c], 100.0 * ev.confusion[c][c] / total);
    }
}

QTEST_MAIN(TestGuiTrainLayout)
#include "tst_guitrainlayout.moc"
