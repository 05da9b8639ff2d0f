// 200 rapid cycles of creating the window, Start/Pause/Step/Reset in quick succession and closing:
// no crash, no deadlock (each close is bounded), no training thread left behind. A sanitizer build
// runs 50: each cycle costs it about a second, and ThreadSanitizer reports a race the first time
// both accesses happen, not only when they collide.

#include "guifixtures.h"

#include <mainwindow.h>
#include <trainingcontroller.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>
#include <thread>

using namespace bplab;

namespace {
/** Threads of this process (Linux: /proc/self/task); -1 elsewhere. */
int threadCount()
{
    // Qt's global thread pool keeps idle threads for 30 s and starts another when two tasks
    // overlap: those are Qt's to end, not left over by a closed window, and are not counted.
    const QDir tasks(QStringLiteral("/proc/self/task"));
    if (!tasks.exists())
        return -1;
    int n = 0;
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(tid + QStringLiteral("/comm")));
        if (!comm.open(QIODevice::ReadOnly) || comm.readAll().trimmed() != "Thread (pooled)")
            ++n;
    }
    return n;
}

/** The names of this process's threads (Linux), for the message when one is left over. */
QString threadNames()
{
    const QDir tasks(QStringLiteral("/proc/self/task"));
    QStringList names;
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(tid + QStringLiteral("/comm")));
        if (comm.open(QIODevice::ReadOnly))
            names << QString::fromUtf8(comm.readAll()).trimmed();
    }
    return names.join(QStringLiteral(", "));
}
} // namespace

class TestGuiStress : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rapidStartPauseResetClose();

private:
    QTemporaryDir m_dir;
};

void TestGuiStress::initTestCase()
{
    QVERIFY(m_dir.isValid());
#ifdef _OPENMP
    // OpenMP's threads persist once started, and the first evaluation (the end of an epoch) starts
    // them in whichever cycle gets there first, which may come after the baseline (a sanitizer
    // build is slower): start them before it, from this thread and from another one, since LLVM's
    // OpenMP keeps the threads of a team led by a thread that has ended (the training thread's) in
    // a pool of its own.
    const auto parallelRegion = [] {
#pragma omp parallel
        {
        }
    };
    parallelRegion();
    std::thread(parallelRegion).join();
#endif
    const QString error = test::writeSyntheticDataset(m_dir.path(), 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiStress::rapidStartPauseResetClose()
{
    QRandomGenerator rng(12345);
    int baseline = -1;
    QString baselineNames;
    int trainedCycles = 0;
    qint64 slowestCloseMs = 0;
    constexpr int cycles = BPLAB_TEST_SLOWDOWN > 1 ? 50 : 200;
    for (int cycle = 0; cycle < cycles; ++cycle) {
        auto window = std::make_unique<MainWindow>();
        TrainingController *c = window->controller();
        TrainConfig config = sourceRecipe();
        config.epochs = 50;
        window->setTrainingConfig(config);
        window->show();
        window->openData(m_dir.path());
        // Some cycles close while the data is still being read.
        if (cycle % 4 != 3) {
            QTRY_VERIFY_WITH_TIMEOUT(c->state() == TrainingState::Paused, 10000);
            ++trainedCycles;
        }
        const int actions = 3 + int(rng.bounded(8));
        for (int i = 0; i < actions; ++i) {
            switch (rng.bounded(4)) {
            case 0: c->start(); break;
            case 1: c->pause(); break;
            case 2: c->step(); break;
            default: c->reset(); break;
            }
            if (rng.bounded(2))
                QCoreApplication::processEvents();
            if (rng.bounded(4) == 0)
                QTest::qWait(int(rng.bounded(5)));
        }
        QElapsedTimer timer;
        timer.start();
        window->close();
        slowestCloseMs = std::max(slowestCloseMs, timer.elapsed());
        QVERIFY(c->isShutDown());
        QVERIFY2(c->batchesTrainedWhileClosing() <= 1,
                 qPrintable(QStringLiteral("cycle %1: %2 batches after the stop")
                                    .arg(cycle)
                                    .arg(c->batchesTrainedWhileClosing())));
        window.reset();
        QCoreApplication::processEvents();
        if (cycle == 0) {
            baseline = threadCount(); // after the first cycle: pools (OpenMP, Qt) that persist
            baselineNames = threadNames();
        }
    }
    QVERIFY(trainedCycles >= cycles * 3 / 4);
    // Each close waits for at most one batch (or one data load): a bound that catches a hang.
    qInfo("slowest close: %lld ms", qlonglong(slowestCloseMs));
    QVERIFY2(slowestCloseMs < 2000 * BPLAB_TEST_SLOWDOWN, qPrintable(QString::number(slowestCloseMs)));
    if (baseline < 0)
        QSKIP("No /proc/self/task here to count threads.");
    QTRY_VERIFY2(threadCount() <= baseline,
                 qPrintable(QStringLiteral("%1 threads now (%2), %3 after the first cycle (%4)")
                                .arg(threadCount())
                                .arg(threadNames())
                                .arg(baseline)
                                .arg(baselineNames)));
}

QTEST_MAIN(TestGuiStress)
#include "tst_guistress.moc"
