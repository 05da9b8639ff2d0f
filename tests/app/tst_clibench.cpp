// bench --json: the keys bench/compare reads, with values that agree with each other. (Speed
// itself is measured by bench/, never asserted in a test.)

#include "clitestutil.h"

#include <nn/batchthreads.h>

#include <QTemporaryDir>
#include <QtTest>

using namespace bplab::test;

class TestCliBench : public QObject
{
    Q_OBJECT

private slots:
    void jsonKeysAndConsistency();
};

void TestCliBench::jsonKeysAndConsistency()
{
    QTemporaryDir tmp;
    const QString data = tmp.filePath(QStringLiteral("data"));
    QVERIFY(writeSyntheticFolder(data, 100, 30));
    // 1,000 samples from 100 images: the set is tiled; 1,000 = 15 x 64 + 40 (a partial batch).
    const CliRun run
            = runCli({"bench", "--data", data, "--samples", "1000", "--repeats", "3", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject o = run.json();
    for (const char *key : {"samples", "batch", "epoch_seconds", "samples_per_second", "gflops",
                            "roofline_epoch_seconds", "eval_seconds_10k"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QCOMPARE(o.value("samples").toInt(), 1000);
    QCOMPARE(o.value("batch").toInt(), 64);
    QCOMPARE(o.value("statistic").toString(), QStringLiteral("median"));
    // The core's thread policy of $BPLAB_THREADS and the machine's cores (never its load).
    QCOMPARE(o.value("training_threads").toInt(), bplab::defaultTrainingThreads());
    QCOMPARE(o.value("threads").toInt(), o.value("training_threads").toInt());
    const double seconds = o.value("epoch_seconds").toDouble();
    QVERIFY(seconds > 0);
    QVERIFY(o.value("epoch_seconds_best").toDouble() <= seconds);
    QVERIFY(fuzzyEqual(o.value("samples_per_second").toDouble(), 1000 / seconds, 1e-9));
    // 409,088 FLOP per sample: 4 x 101,632 + 2 x 1,280.
    QVERIFY(fuzzyEqual(o.value("gflops").toDouble(), 1000 * 409088.0 / seconds / 1e9, 1e-9));
    // The roofline counts only the matrix products at their best speed: not slower than the whole
    // epoch (a factor 2 absorbs a burst of load from other programs during the roofline's loops),
    // and not faster than 10 TFLOP/s, far beyond this kind of CPU (catches a miscounted shape).
    // The roofline times the kernels the epoch ran on (libxsmm's when the build has them).
    QCOMPARE(o.value("roofline_kernels").toString(), o.value("kernels").toString());
    const double roofline = o.value("roofline_epoch_seconds").toDouble();
    QVERIFY2(roofline < 2 * seconds, qPrintable(QStringLiteral("%1 vs %2").arg(roofline).arg(seconds)));
    QVERIFY2(roofline > 1000 * 409088.0 / 10e12, qPrintable(QString::number(roofline)));
    QVERIFY(o.value("eval_seconds_10k").toDouble() > 0);
    // The limit: an FMA loop's peak, the epoch's FLOPs at that peak, and the epoch against it.
    const double peak = o.value("fma_peak_gflops").toDouble();
    QVERIFY2(peak > 1 && peak < 1e5, qPrintable(QString::number(peak)));
    const double peakEpoch = o.value("peak_epoch_seconds").toDouble();
    QVERIFY(fuzzyEqual(peakEpoch, 1000 * 409088.0 / 1e9 / peak, 1e-9));
    QVERIFY(fuzzyEqual(o.value("peak_ratio").toDouble(), seconds / peakEpoch, 1e-9));
    // The first layer over the non-zero inputs: MNIST-like images ink a fifth of their pixels.
    QVERIFY(o.contains(QLatin1String("zero_inputs_skipped")));
    QVERIFY2(run.err.contains("tiled"), run.err.constData());
}

QTEST_MAIN(TestCliBench)
#include "tst_clibench.moc"
