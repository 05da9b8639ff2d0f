// Snapshots and the divergence guard in the app: Save/Open continue exactly, automatic snapshots
// every N batches, on pause and on close, a damaged snapshot offers the previous one, and a
// diverging learning rate pauses training with a way out and no NaN or Inf on the screen.

#include "guifixtures.h"

#include <lossplot.h>
#include <mainwindow.h>
#include <messagebanner.h>
#include <nn/layerspec.h>
#include <train/snapshotfolder.h>
#include <snapshotui.h>
#include <statusline.h>
#include <trainingcontroller.h>
#include <trainview.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace bplab;

namespace {
bool allFinite(const MlpParamsF &p)
{
    return p.allFinite();
}

bool mentionsNonFinite(const QString &text)
{
    const QString t = text.toLower();
    return t.contains(QStringLiteral("nan")) || t.contains(QStringLiteral("inf"));
}
} // namespace

class TestGuiSnapshots : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void saveAndOpenContinueExactly();
    void aConvNetsSnapshotsContinueExactly();
    void automaticSnapshotsKeepTheLastK();
    void damagedSnapshotOffersThePreviousOne();
    void snapshotOnClose();
    void settingsAreRemembered();
    void divergencePausesWithAWayOut();

private:
    TrainingController *controller() const { return m_window->controller(); }
    void runBatches(qint64 n);

    QTemporaryDir m_data;
    QTemporaryDir m_snaps;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiSnapshots::initTestCase()
{
    QVERIFY(m_data.isValid());
    QVERIFY(m_snaps.isValid());
    // 640 images in batches of 64: 10 batches per epoch.
    const QString error = test::writeSyntheticDataset(m_data.path(), 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiSnapshots::init()
{
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = tunedRecipe(); // momentum: the optimiser state must come back too
    config.epochs = 20;
    config.seed = 3;
    m_window->setTrainingConfig(config);
    m_window->show();
    m_window->openData(m_data.path());
    QTRY_COMPARE_WITH_TIMEOUT(controller()->state(), TrainingState::Paused, 10000);
}

void TestGuiSnapshots::cleanup()
{
    m_window.reset();
    for (const QString &f : QDir(m_snaps.path()).entryList(QDir::Files | QDir::Hidden))
        QFile::remove(QDir(m_snaps.path()).filePath(f));
}

void TestGuiSnapshots::runBatches(qint64 n)
{
    test::runBatches(controller(), n);
}

void TestGuiSnapshots::saveAndOpenContinueExactly()
{
    runBatches(13); // mid-epoch
    const MlpParamsF at13 = *controller()->currentWeights();
    const QString file = QDir(m_snaps.path()).filePath(QStringLiteral("manual.bplabsnap"));
    test::EventSpy<SnapshotSaved> saved(controller());
    controller()->saveSnapshot(file);
    QVERIFY(saved.wait(10000));
    QCOMPARE(saved.at(0).path, file);
    QCOMPARE(saved.at(0).automatic, false);
    QVERIFY(QFile::exists(file));

    runBatches(9);
    const MlpParamsF at22 = *controller()->currentWeights();
    const QString csv22 = m_window->trainView()->lossPlot()->csvText();

    // Back to batch 13: weights, history and position; then the same 9 batches give the same bits.
    test::EventSpy<RestoredSnapshot> restored(controller());
    controller()->openSnapshot(file);
    QVERIFY(restored.wait(10000));
    QCOMPARE(restored.at(0).path, file);
    QCOMPARE(controller()->stepCount(), std::uint64_t(13));
    QVERIFY(*controller()->currentWeights() == at13);
    QCOMPARE(m_window->trainView()->lossPlot()->batchCount(), 13);
    QCOMPARE(m_window->trainView()->lossPlot()->epochCount(), 1);
    QVERIFY(!controller()->resetPending());
    runBatches(9);
    QVERIFY(*controller()->currentWeights() == at22);
    QCOMPARE(m_window->trainView()->lossPlot()->csvText(), csv22);
}

void TestGuiSnapshots::aConvNetsSnapshotsContinueExactly()
{
    // A convolutional network with dropout and weight decay (momentum's state, the masks drawn
    // from the batch's number): File > Save snapshot and Open, an automatic snapshot and the
    // timeline's Continue from here each go on with the bits of a run that never stopped.
    TrainConfig config = controller()->config();
    config.network = withLayers(*parseLayers("conv 4 5x5, pool 2, dense 16, dropout 0.25"), Activation::ReLU);
    config.init = initFor(config.network);
    config.weightDecay = 5e-4;
    m_window->setTrainingConfig(config);
    test::EventSpy<HistoryRestart> resets(controller());
    controller()->reset();
    QVERIFY(resets.wait(10000));
    QTRY_COMPARE_WITH_TIMEOUT(controller()->state(), TrainingState::Paused, 10000);
    QVERIFY(controller()->trainedConfig().network.layered());
    AutoSnapshotSettings a;
    a.enabled = true;
    a.folder = m_snaps.path();
    a.everyBatches = 7;
    a.everyMinutes = 0;
    a.keep = 3;
    controller()->setAutoSnapshot(a);
    test::EventSpy<SnapshotSaved> automatic(controller());
    runBatches(7); // mid-epoch
    QTRY_COMPARE(automatic.count(), 1);
    a.enabled = false;
    controller()->setAutoSnapshot(a);
    const MlpParamsF at7 = *controller()->currentWeights();
    const QString file = QDir(m_snaps.path()).filePath(QStringLiteral("conv.bplabsnap"));
    test::EventSpy<SnapshotSaved> saved(controller());
    controller()->saveSnapshot(file);
    QVERIFY(saved.wait(10000));
    runBatches(6);
    const MlpParamsF at13 = *controller()->currentWeights();
    QVERIFY(!(at13 == at7));

    // The files hold the layer list and the weight decay.
    for (const QString &path : {file, automatic.at(0).path}) {
        const auto snap = loadSnapshot(path.toStdString());
        QVERIFY2(snap.ok(), snap.ok() ? "" : snap.error().c_str());
        QCOMPARE(snap->step, std::uint64_t(7));
        QVERIFY(snap->config.network.layered());
        QCOMPARE(snap->config.weightDecay, 5e-4);
    }
    // File > Open snapshot, the automatic one, then the timeline: each back at batch 7 with its
    // weights, and the same 6 batches from there give batch 13's bits.
    for (int way = 0; way < 3; ++way) {
        if (way < 2) {
            test::EventSpy<RestoredSnapshot> restored(controller());
            controller()->openSnapshot(way == 0 ? file : automatic.at(0).path);
            QVERIFY(restored.wait(10000));
        } else {
            controller()->showBatch(7);
            QTRY_COMPARE(qint64(controller()->shownStep()), qint64(7));
            QVERIFY(*controller()->shownWeights() == at7);
            test::EventSpy<BranchPtr> branched(controller());
            controller()->continueFromHere();
            QVERIFY(branched.wait(10000));
        }
        QTRY_COMPARE(controller()->stepCount(), std::uint64_t(7));
        QVERIFY2(*controller()->currentWeights() == at7, qPrintable(QString::number(way)));
        QVERIFY(controller()->trainedConfig().network.layered());
        runBatches(6);
        QVERIFY2(*controller()->currentWeights() == at13, qPrintable(QString::number(way)));
    }
}

void TestGuiSnapshots::automaticSnapshotsKeepTheLastK()
{
    AutoSnapshotSettings a;
    a.enabled = true;
    a.folder = m_snaps.path();
    a.everyBatches = 4;
    a.everyMinutes = 0;
    a.keep = 3;
    controller()->setAutoSnapshot(a);
    test::EventSpy<SnapshotSaved> saved(controller());
    runBatches(18); // at 4, 8, 12, 16, and 18 on the pause
    QTRY_COMPARE(saved.count(), 5);
    for (const SnapshotSaved &s : saved)
        QVERIFY(s.automatic);
    const auto files = listSnapshots(m_snaps.path().toStdString());
    QCOMPARE(files.size(), std::size_t(3));
    std::vector<std::uint64_t> steps;
    for (const SnapshotFile &f : files) {
        auto s = loadSnapshot(f.path);
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().c_str());
        steps.push_back(s->step);
    }
    QCOMPARE(steps, (std::vector<std::uint64_t>{18, 16, 12}));
    // A pause without a new batch writes nothing more.
    controller()->pause();
    controller()->runBatches(0);
    QTest::qWait(100); // time for a snapshot that must not come
    QCOMPARE(saved.count(), 5);
}

void TestGuiSnapshots::damagedSnapshotOffersThePreviousOne()
{
    AutoSnapshotSettings a;
    a.enabled = true;
    a.folder = m_snaps.path();
    a.everyBatches = 5;
    a.everyMinutes = 0;
    controller()->setAutoSnapshot(a);
    runBatches(15);
    QTRY_COMPARE(listSnapshots(m_snaps.path().toStdString()).size(), std::size_t(3));
    const auto files = listSnapshots(m_snaps.path().toStdString());
    const QString newest = QString::fromStdString(files[0].path);
    const QString previous = QString::fromStdString(files[1].path);
    // Flip one byte in the middle of the newest.
    QFile f(newest);
    QVERIFY(f.open(QIODevice::ReadWrite));
    f.seek(f.size() / 2);
    char byte = 0;
    QVERIFY(f.getChar(&byte));
    f.seek(f.size() / 2);
    QVERIFY(f.putChar(char(byte ^ 0x5a)));
    f.close();
    controller()->setAutoSnapshot(AutoSnapshotSettings{false, m_snaps.path(), 5, 0, 3});
    runBatches(3); // the run goes on; opening the damaged file must not change it

    test::EventSpy<SnapshotFailed> failed(controller());
    controller()->openSnapshot(newest);
    QVERIFY(failed.wait(10000));
    const QString message = failed.at(0).message;
    QVERIFY2(message.contains(QFileInfo(newest).fileName()), qPrintable(message));
    QCOMPARE(failed.at(0).previous, previous);
    QCOMPARE(controller()->stepCount(), std::uint64_t(18));
    MessageBanner *banner = m_window->banner();
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->text(), message);
    QCOMPARE(banner->buttons().size(), 1);
    QPushButton *open = banner->buttons().first();
    QCOMPARE(open->objectName(), QStringLiteral("openPreviousSnapshot"));

    test::EventSpy<RestoredSnapshot> restored(controller());
    QTest::mouseClick(open, Qt::LeftButton);
    QVERIFY(restored.wait(10000));
    QCOMPARE(controller()->stepCount(), std::uint64_t(10));
    QVERIFY(!banner->isVisible());

    // Resume (the folder): the damaged newest is skipped and said so.
    controller()->setAutoSnapshot(AutoSnapshotSettings{true, m_snaps.path(), 5, 0, 3});
    restored.clear();
    controller()->resumeLatest();
    QVERIFY(restored.wait(10000));
    const RestoredSnapshot r = restored.at(0);
    QCOMPARE(r.path, previous);
    QCOMPARE(r.skipped.size(), 1);
    QCOMPARE(controller()->stepCount(), std::uint64_t(10));
    QTRY_VERIFY(banner->isVisible());
    QVERIFY(banner->text().contains(QFileInfo(previous).fileName()));
}

void TestGuiSnapshots::snapshotOnClose()
{
    AutoSnapshotSettings a;
    a.enabled = true;
    a.folder = m_snaps.path();
    a.everyBatches = 0; // only on pause and close
    a.everyMinutes = 0;
    controller()->setAutoSnapshot(a);
    controller()->start();
    QTRY_VERIFY(controller()->stepCount() > 20);
    QVERIFY(m_window->close());
    // The snapshot on close is of the batch the run stopped at, not of the end of an epoch.
    QVERIFY(controller()->batchesTrainedWhileClosing() <= 1);
    const auto files = listSnapshots(m_snaps.path().toStdString());
    QCOMPARE(files.size(), std::size_t(1));
    auto s = loadSnapshot(files[0].path);
    QVERIFY(s.ok());
    QVERIFY(s->step > 20);
}

void TestGuiSnapshots::settingsAreRemembered()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    // Defaults: on, in the app data folder.
    const AutoSnapshotSettings d = SnapshotUi::readSettings(settings);
    QVERIFY(d.enabled);
    QCOMPARE(d.folder, SnapshotUi::defaultFolder());
    QVERIFY(d.folder.endsWith(QStringLiteral("backprop-lab/snapshots")));
    QCOMPARE(d.keep, kDefaultSnapshotKeep);
    SnapshotUi::writeSettings(settings, AutoSnapshotSettings{false, QStringLiteral("/tmp/x"), 250, 7, 5});
    const AutoSnapshotSettings r = SnapshotUi::readSettings(settings);
    QCOMPARE(r.enabled, false);
    QCOMPARE(r.folder, QStringLiteral("/tmp/x"));
    QCOMPARE(r.everyBatches, 250);
    QCOMPARE(r.everyMinutes, 7);
    QCOMPARE(r.keep, 5);
    // The window applies them to the controller.
    m_window->snapshotUi()->loadSettings(settings);
    QCOMPARE(controller()->autoSnapshot().everyBatches, 250);
    QCOMPARE(controller()->autoSnapshot().folder, QStringLiteral("/tmp/x"));
}

void TestGuiSnapshots::divergencePausesWithAWayOut()
{
    runBatches(3);
    const MlpParamsF before = *controller()->currentWeights();
    test::EventSpy<Divergence> diverged(controller());
    controller()->setLearningRate(1e30);
    controller()->start();
    QVERIFY(diverged.wait(20000));
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
    const Divergence divergence = diverged.at(0);
    const QString message = QString::fromStdString(divergence.message);
    // The cosine schedule of the tuned recipe: the rate of that batch, a little under 1e30.
    const double lr = divergence.lr;
    QVERIFY(lr > 0.9e30 && lr <= 1e30);
    // The weights are the last finite ones.
    QVERIFY(allFinite(*controller()->currentWeights()));
    QVERIFY(controller()->stepCount() >= 3);
    if (controller()->stepCount() == 3)
        QVERIFY(*controller()->currentWeights() == before);

    MessageBanner *banner = m_window->banner();
    QVERIFY(banner->isVisible());
    // The banner says it briefly (where, at which rate, what became too large); the trainer's
    // whole sentence is its tooltip.
    QCOMPARE(banner->details(), message);
    QVERIFY2(banner->text().startsWith(QStringLiteral("Paused at lr ")), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(QStringLiteral(" in epoch ")), qPrintable(banner->text()));
    QVERIFY2(!mentionsNonFinite(banner->text()), qPrintable(banner->text()));
    QVERIFY(banner->text().size() < message.size());
    QCOMPARE(banner->buttons().size(), 1);
    QPushButton *smaller = banner->buttons().first();
    QCOMPARE(smaller->objectName(), QStringLiteral("useSmallerLearningRate"));
    QCOMPARE(smaller->text(), QStringLiteral("Use lr %1").arg(lr / 2));
    QCOMPARE(SnapshotUi::smallerLearningRate(0.5), 0.25);

    // Nothing non-finite anywhere on the screen.
    LossPlot *plot = m_window->trainView()->lossPlot();
    plot->plot()->replot();
    for (int i = 0; i < plot->batchCount(); ++i)
        QVERIFY(std::isfinite(plot->batchLoss(i)) && std::isfinite(plot->movingAverage(i)));
    for (QCPGraph *g : {plot->batchGraph(), plot->averageGraph(), plot->testLossGraph(), plot->testAccuracyGraph()})
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
            QVERIFY(std::isfinite(it->key) && std::isfinite(it->value));
    QVERIFY(!mentionsNonFinite(plot->csvText()));
    StatusLine *status = m_window->statusLine();
    for (const QString &t : {status->epochText(), status->speedText(), status->etaText()})
        QVERIFY2(!mentionsNonFinite(t), qPrintable(t));

    // The button applies the core's suggestion, lr / 2; the next batches train again.
    QTest::mouseClick(smaller, Qt::LeftButton);
    QVERIFY(qFuzzyCompare(controller()->config().lr, lr / 2));
    QVERIFY(!banner->isVisible());
    // The last finite weights may still be too large for any rate: Reset always recovers.
    controller()->setLearningRate(0.01);
    controller()->reset();
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(0));
    runBatches(2);
    QVERIFY(allFinite(*controller()->currentWeights()));
}

QTEST_MAIN(TestGuiSnapshots)
#include "tst_guisnapshots.moc"
