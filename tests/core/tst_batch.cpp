// The batch loop of training allocates nothing on the heap: a Trainer's batches that do not end an
// epoch (the epoch's end evaluates the test set), for the default network and another, with each
// optimiser, on one thread and two.

#include "countingmalloc.h"
#include "nn/batchthreads.h"
#include "synthetic.h"
#include "train/trainer.h"

#include <QTest>

#include <cstdlib>

using namespace bplab;
using namespace bplab::test;

class TestBatch : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { setTrainingThreads(1); }

    void noHeapAllocationInTheBatchLoop_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("batch");
        QTest::addColumn<QString>("optimizer");
        QTest::addColumn<double>("momentum");
        QTest::addColumn<QString>("hidden");
        QTest::newRow("batch 64, 1 thread, SGD") << 1 << 64 << "sgd" << 0.0 << "128";
        QTest::newRow("batch 64, 2 threads, SGD") << 2 << 64 << "sgd" << 0.0 << "128";
        QTest::newRow("batch 300, 2 threads, momentum") << 2 << 300 << "sgd" << 0.9 << "128";
        QTest::newRow("batch 64, 2 threads, Adam") << 2 << 64 << "adam" << 0.0 << "128";
        QTest::newRow("784-24-12-10, 2 threads, momentum") << 2 << 64 << "sgd" << 0.9 << "24,12";
    }
    void noHeapAllocationInTheBatchLoop()
    {
#if !BPLAB_COUNT_MALLOC
        QSKIP("the sanitizer replaces malloc; this check runs in the normal build");
#else
        QFETCH(int, threads);
        QFETCH(int, batch);
        QFETCH(QString, optimizer);
        QFETCH(double, momentum);
        QFETCH(QString, hidden);
        setTrainingThreads(threads);
        auto split = syntheticSplit(6000, 50);
        TrainConfig config = sourceRecipe();
        config.epochs = 2;
        config.batch = batch;
        config.optimizer = optimizer.toStdString();
        config.momentum = momentum;
        config.network.hidden = parseHidden(hidden.toStdString()).value();
        Trainer trainer(split, config);
        // Warm up: the first batches make the threads, the pass's buffers and the second side.
        for (int b = 0; b < 2; ++b)
            QVERIFY(!trainer.trainBatch().divergence);
        g_allocations = 0;
        g_counting = true;
        for (int b = 0; b < 10; ++b)
            trainer.trainBatch();
        g_counting = false;
        QCOMPARE(g_allocations.load(), 0L);
        QCOMPARE(trainer.step(), std::size_t(12));

        // The counter itself works: an allocation outside the loop is seen.
        g_counting = true;
        auto *probe = static_cast<volatile char *>(std::malloc(100));
        g_counting = false;
        probe[0] = 1;
        std::free(const_cast<char *>(probe));
        QCOMPARE(g_allocations.load(), 1L);
#endif
    }
};

QTEST_MAIN(TestBatch)
#include "tst_batch.moc"
