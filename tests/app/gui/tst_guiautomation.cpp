// The automation flags of the built backprop-lab, run with QProcess on the offscreen platform:
// --screenshot writes a PNG of the window's size that is not blank, --report writes the numbers.

#include "guifixtures.h"

#include <io/modelfile.h>

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace bplab;

class TestGuiAutomation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void screenshotShowsTheTrainedState();
    void screenshotOfAComingView();
    void screenshotOfTheStepBatchPages();
    void screenshotOfAnotherNetworksStage();
    void screenshotWithoutDataShowsTheErrorPage();
    void reportWritesTheNumbers();
    void badFlagsAreRefused_data();
    void badFlagsAreRefused();
    void helpAndVersionWithoutADisplay();

private:
    /** Runs the app; returns its exit code (-1 when it did not finish in time). */
    int run(const QStringList &args, QByteArray *err = nullptr, int timeoutMs = 120000);

    QTemporaryDir m_dir;
    QString m_data;
};

void TestGuiAutomation::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_data = m_dir.filePath(QStringLiteral("data"));
    QVERIFY(QDir().mkpath(m_data));
    const QString error = test::writeSyntheticDataset(m_data, 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

int TestGuiAutomation::run(const QStringList &args, QByteArray *err, int timeoutMs)
{
    return test::runOffscreen(QStringLiteral(BPLAB_GUI_PATH), args, nullptr, err, timeoutMs);
}

/** Distinct colours in the image (every pixel of a 4x4 grid). */
static int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

void TestGuiAutomation::screenshotShowsTheTrainedState()
{
    const QString png = m_dir.filePath(QStringLiteral("train.png"));
    QByteArray err;
    QCOMPARE(run({QStringLiteral("--data"), m_data, QStringLiteral("--view"), QStringLiteral("train"),
                  QStringLiteral("--after-batches"), QStringLiteral("25"), QStringLiteral("--screenshot"), png},
                 &err),
             0);
    QVERIFY2(err.contains("25 batches"), err.constData());
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 1280);
    QVERIFY(image.height() >= 800);
    // A live dashboard: digits, bars, curves and diverging heatmaps, not a blank window.
    const int colours = distinctColours(image);
    QVERIFY2(colours >= 200, qPrintable(QString::number(colours)));
}

void TestGuiAutomation::screenshotOfAComingView()
{
    const QString png = m_dir.filePath(QStringLiteral("draw.png"));
    QCOMPARE(run({QStringLiteral("--data"), m_data, QStringLiteral("--view"), QStringLiteral("draw"),
                  QStringLiteral("--size"), QStringLiteral("1400x900"), QStringLiteral("--screenshot"), png}),
             0);
    QImage image(png);
    QCOMPARE(image.size(), QSize(1400, 900));
    QVERIFY(distinctColours(image) >= 10);
}

void TestGuiAutomation::screenshotOfTheStepBatchPages()
{
    // --batch with --view step opens the Step view's mini-batch pages: another picture than the
    // same stage of the one image.
    const QString one = m_dir.filePath(QStringLiteral("step-one.png"));
    const QString batch = m_dir.filePath(QStringLiteral("step-batch.png"));
    const QStringList common{QStringLiteral("--data"), m_data, QStringLiteral("--view"), QStringLiteral("step"),
                             QStringLiteral("--stage"), QStringLiteral("3"), QStringLiteral("--screenshot")};
    QCOMPARE(run(common + QStringList{one}), 0);
    QCOMPARE(run(common + QStringList{batch, QStringLiteral("--batch"), QStringLiteral("16")}), 0);
    const QImage a(one), b(batch);
    QCOMPARE(a.size(), QSize(1280, 800));
    QCOMPARE(b.size(), QSize(1280, 800));
    QVERIFY(a != b);
    QVERIFY(distinctColours(b) >= 50);
}

void TestGuiAutomation::screenshotOfAnotherNetworksStage()
{
    // --step-model: Step through a 784-24-12-10 tanh file at stage 11, one beyond the source's ten.
    Architecture arch;
    arch.hidden = {24, 12};
    arch.activation = Activation::Tanh;
    const QString model = m_dir.filePath(QStringLiteral("tanh.bplab"));
    QVERIFY(saveNetworkModel(model.toStdString(), arch, initMlp(arch, 2)).ok());
    const QString png = m_dir.filePath(QStringLiteral("step-tanh.png"));
    const QString source = m_dir.filePath(QStringLiteral("step-source.png"));
    const QStringList common{QStringLiteral("--data"), m_data, QStringLiteral("--view"), QStringLiteral("step"),
                             QStringLiteral("--stage"), QStringLiteral("11"), QStringLiteral("--screenshot")};
    QByteArray err;
    QCOMPARE(run(common + QStringList{png, QStringLiteral("--step-model"), model}, &err), 0);
    QCOMPARE(run(common + QStringList{source}), 0);
    const QImage a(png), b(source);
    QCOMPARE(a.size(), QSize(1280, 800));
    QVERIFY(a != b);
    QVERIFY(distinctColours(a) >= 50);
}

void TestGuiAutomation::screenshotWithoutDataShowsTheErrorPage()
{
    const QString png = m_dir.filePath(QStringLiteral("nodata.png"));
    const QString missing = m_dir.filePath(QStringLiteral("no-such-folder"));
    QByteArray err;
    QCOMPARE(run({QStringLiteral("--data"), missing, QStringLiteral("--screenshot"), png}, &err), 3);
    QVERIFY2(err.contains("no-such-folder"), err.constData());
    QImage image(png);
    QVERIFY(image.width() >= 1280 && image.height() >= 800);
    QVERIFY(distinctColours(image) >= 10);
}

void TestGuiAutomation::reportWritesTheNumbers()
{
    const QString json = m_dir.filePath(QStringLiteral("report.json"));
    // Ten times the shared set: its 30 batches can end before the probe's first 5 ms tick, these
    // 300 take long enough for the probe to measure while training on any machine.
    const QString data = m_dir.filePath(QStringLiteral("report-data"));
    QVERIFY(QDir().mkpath(data));
    const QString error = test::writeSyntheticDataset(data, 6400, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QByteArray err;
    QCOMPARE(run({QStringLiteral("--data"), data, QStringLiteral("--epochs"), QStringLiteral("3"),
                  QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--quit-when-done"),
                  QStringLiteral("--report"), json},
                 &err),
             0);
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    const QJsonObject o = QJsonDocument::fromJson(text).object();
    for (const char *key : {"samples_per_second", "ui_latency_ms_p50", "ui_latency_ms_p99", "frames"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    // Members in the order written, speed first, not sorted by name.
    QVERIFY2(text.startsWith("{\n    \"samples_per_second\": "), text.left(60).constData());
    qsizetype at = 0;
    for (const char *key : {"ui_latency_ms_p99", "frames", "seed", "epoch_reports", "views", "pace"}) {
        const qsizetype next = text.indexOf(QByteArray("\"") + key + "\":", at);
        QVERIFY2(next > at, key);
        at = next;
    }
    QVERIFY(o.value(QStringLiteral("samples_per_second")).toDouble() > 0);
    // The probe ran while training (a lateness of 0 is a timer on time, so the percentiles alone
    // cannot tell a measurement from none).
    QVERIFY2(o.value(QStringLiteral("latency_samples")).toDouble() >= 1,
             qPrintable(QString::number(o.value(QStringLiteral("latency_samples")).toDouble())));
    QVERIFY(o.value(QStringLiteral("ui_latency_ms_p50")).toDouble() >= 0);
    QVERIFY(o.value(QStringLiteral("ui_latency_ms_p99")).toDouble()
            >= o.value(QStringLiteral("ui_latency_ms_p50")).toDouble());
    QVERIFY(o.value(QStringLiteral("ui_latency_ms_max")).toDouble()
            >= o.value(QStringLiteral("ui_latency_ms_p99")).toDouble());
    QVERIFY(o.value(QStringLiteral("frames")).toDouble() >= 1);
    QCOMPARE(o.value(QStringLiteral("samples")).toInt(), 3 * 6400);
    QCOMPARE(o.value(QStringLiteral("seed")).toInt(), 5);
    const QJsonArray epochs = o.value(QStringLiteral("epoch_reports")).toArray();
    QCOMPARE(epochs.size(), 3);
    QCOMPARE(epochs.last().toObject().value(QStringLiteral("epoch")).toInt(), 3);
    // The synthetic classes are easy: three epochs learn them.
    QVERIFY(epochs.last().toObject().value(QStringLiteral("test_accuracy")).toDouble() > 50);
}

void TestGuiAutomation::badFlagsAreRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("view") << QStringList{QStringLiteral("--view"), QStringLiteral("nope")} << QStringLiteral("--view");
    QTest::newRow("epochs") << QStringList{QStringLiteral("--epochs"), QStringLiteral("0")} << QStringLiteral("--epochs");
    QTest::newRow("dataset") << QStringList{QStringLiteral("--dataset"), QStringLiteral("cifar")} << QStringLiteral("--dataset");
    QTest::newRow("size") << QStringList{QStringLiteral("--size"), QStringLiteral("big")} << QStringLiteral("--size");
    QTest::newRow("step model") << QStringList{QStringLiteral("--step-model"), QStringLiteral("/nonexistent/net.bplab")}
                                << QStringLiteral("--step-model /nonexistent/net.bplab: there is no such file");
}

void TestGuiAutomation::badFlagsAreRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    QByteArray err;
    QCOMPARE(run(args, &err, 30000), 2);
    QVERIFY2(err.contains(mentions.toUtf8()), err.constData());
}

void TestGuiAutomation::helpAndVersionWithoutADisplay()
{
    // A terminal without a display (ssh, a build machine): --help and --version print and exit 0
    // instead of aborting in QApplication's search for a display.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QLatin1String(name));
    const auto run = [&env](const QStringList &args, QByteArray &out) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(BPLAB_GUI_PATH), args);
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            return -1;
        }
        out = p.readAllStandardOutput();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    };
    QByteArray out;
    QCOMPARE(run({QStringLiteral("--help")}, out), 0);
    QVERIFY2(out.contains("Usage: ") && out.contains("--lesson"), out.constData());
    // What it does for any network, the default named as the default.
    QVERIFY2(out.contains("Trains neural networks on MNIST") && out.contains("the default network is 784-128-10"),
             out.constData());
    QCOMPARE(run({QStringLiteral("--version")}, out), 0);
    QVERIFY2(out.startsWith("backprop-lab ") && out.trimmed().size() > 13, out.constData());
    QCOMPARE(run({QStringLiteral("--data"), QStringLiteral("/nowhere"), QStringLiteral("-h")}, out), 0);
}

QTEST_MAIN(TestGuiAutomation)
#include "tst_guiautomation.moc"
