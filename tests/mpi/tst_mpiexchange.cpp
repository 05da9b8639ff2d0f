// MpiExchange and the MPI session on 2 and 4 real processes (mpirun): exact sums in buckets of
// several sizes, identical results on every rank, the timings, one rank's error reaching all, and
// a rank killed with SIGKILL ending the run instead of hanging it.

#include "mpitestutil.h"

#include <QtTest>

using namespace bplab::test;

class TestMpiExchange : public QObject
{
    Q_OBJECT
private slots:
    void sums_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("bucketBytes");
        QTest::addColumn<int>("buckets");
        QTest::newRow("2 ranks, one 25 MiB bucket") << 2 << (25 << 20) << 1;
        QTest::newRow("2 ranks, 64 KiB buckets") << 2 << 65536 << 7;
        QTest::newRow("4 ranks, 4000-byte buckets") << 4 << 4000 << 102;
    }
    void sums()
    {
        BPLAB_REQUIRE_MPIRUN();
        QFETCH(int, ranks);
        QFETCH(int, bucketBytes);
        QFETCH(int, buckets);
        const MpiRun run = runMpi(ranks, QStringLiteral(BPLAB_MPI_CHECK_PATH),
                                  {QString::number(bucketBytes)});
        QVERIFY2(run.finished, "mpirun did not finish within 120 s");
        QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
        for (int r = 0; r < ranks; ++r)
            QVERIFY2(run.out.contains(QStringLiteral("ok rank %1 of %2: %3 bucket(s)")
                                              .arg(r)
                                              .arg(ranks)
                                              .arg(buckets)
                                              .toUtf8()),
                     run.out.constData());
        QVERIFY(!run.out.contains("FAIL"));
    }

    // Rank 1 dies (SIGKILL) or hangs (SIGSTOP) before the all-reduce while the others wait in
    // it. A death is seen by mpirun, which aborts the job at once; a hang only by the others'
    // watchdog (5 s in this program), whose exit makes mpirun end the job, the stopped rank too.
    void faultyRankEndsTheRun_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<double>("within");
        QTest::newRow("killed") << QStringLiteral("kill") << 10.0;
        QTest::newRow("hung") << QStringLiteral("stop") << 20.0;
    }
    void faultyRankEndsTheRun()
    {
        BPLAB_REQUIRE_MPIRUN();
        QFETCH(QString, fault);
        QFETCH(double, within);
        const MpiRun run = runMpi(4, QStringLiteral(BPLAB_MPI_CHECK_PATH),
                                  {QStringLiteral("4096"), fault, QStringLiteral("1")}, 60000);
        QVERIFY2(run.finished, "the ranks hung after rank 1's fault");
        QVERIFY2(run.exitCode != 0, (run.out + run.err).constData());
        QVERIFY2(run.seconds < within, qPrintable(QStringLiteral("took %1 s").arg(run.seconds)));
        if (fault == QLatin1String("stop"))
            QVERIFY2(run.err.contains("no answer from the other ranks for 5 s in the gradient "
                                      "all-reduce of step 0"),
                     run.err.constData());
        qInfo("rank 1 %s: the run ended in %.1f s (exit code %d)", qPrintable(fault), run.seconds,
              run.exitCode);
    }
};

QTEST_GUILESS_MAIN(TestMpiExchange)
#include "tst_mpiexchange.moc"
