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
    // The five products inside the profiled epoch, and where the rest of that epoch went.
    const QJsonObject gemms = o.value("gemm_gflops").toObject();
    QCOMPARE(gemms.size(), 5);
    for (const QString &name : gemms.keys())
        QVERIFY2(gemms.value(name).toDouble() > 0, qPrintable(name));
    const double outside = o.value("outside_gemm_share").toDouble();
    QVERIFY2(outside > 0 && outside < 1, qPrintable(QString::number(outside)));
    const double profiled = o.value("profiled_epoch_seconds").toDouble();
    QVERIFY(profiled > 0);
    const QJsonObject phases = o.value("outside_gemm_seconds").toObject();
    double phaseSum = 0;
    for (const char *key : {"gather", "bias_relu", "softmax", "backward_elementwise", "sgd_step",
                            "wait", "batch_end_wait", "trainer"}) {
        QVERIFY2(phases.contains(QLatin1String(key)), key);
        QVERIFY2(phases.value(QLatin1String(key)).toDouble() >= 0, key);
        phaseSum += phases.value(QLatin1String(key)).toDouble();
    }
    QVERIFY(phases.value("gather").toDouble() > 0);
    QVERIFY(phases.value("sgd_step").toDouble() > 0);
    // The phases are the time outside the products (with two threads each phase is the mean of
    // the threads' times, so the sum may differ from it by the threads' imbalance).
    QVERIFY2(phaseSum < 2 * outside * profiled + 1e-3,
             qPrintable(QStringLiteral("%1 vs %2").arg(phaseSum).arg(outside * profiled)));
    QVERIFY2(run.err.contains("tiled"), run.err.constData());
}

QTEST_MAIN(TestCliBench)
#include "tst_clibench.moc"
