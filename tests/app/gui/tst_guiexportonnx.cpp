// File > Export network as ONNX in the real window and worker: the file holds the weights of the
// batch the timeline shows (bit for bit the core trainer's after that many batches), ONNX's checker
// reads it back, and a failed export says what to do and leaves the file that was there as it was.

#include "guifixtures.h"

#include <fileui.h>
#include <io/modelfile.h>
#include <io/onnxfile.h>
#include <mainwindow.h>
#include <messagebanner.h>
#include <train/trainer.h>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/resource.h>

using namespace bplab;

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_THREAD__) || __has_feature(thread_sanitizer)
#define BPLAB_UNDER_TSAN 1
#else
#define BPLAB_UNDER_TSAN 0
#endif

namespace {

/** The bytes ONNX's raw_data holds for a float matrix in C order (little-endian float32). */
QByteArray rawFloats(const Mat<float> &m)
{
    QByteArray out;
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            const float v = m(r, c);
            out.append(reinterpret_cast<const char *>(&v), sizeof v); // the test machines are little-endian
        }
    return out;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/** Files of `dir` whose name marks an unfinished atomic write (".name.tmp-XXXXXX"). */
QStringList temporaryFiles(const QString &dir)
{
    return QDir(dir).entryList({QStringLiteral(".*.tmp-*")}, QDir::Files | QDir::Hidden);
}

} // namespace

class TestGuiExportOnnx : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void theFileMenuOffersIt();
    void writesTheBatchTheTimelineShows();
    void aFailureSaysWhatToDoAndKeepsTheOldFile();
    void aModelFileShownIsExportedAsItCame();

private:
    TrainingController *controller() const { return m_window->controller(); }
    MlpParamsF coreParamsAfter(int batches) const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiExportOnnx::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // 640 training images in batches of 64: 10 batches per epoch.
    const QString error = test::writeSyntheticDataset(m_dir.path(), 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiExportOnnx::init()
{
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = sourceRecipe();
    config.epochs = 100;
    config.seed = 5;
    m_window->setTrainingConfig(config);
    m_window->show();
    m_window->openData(m_dir.path());
    QTRY_COMPARE_WITH_TIMEOUT(controller()->state(), TrainingState::Paused, 10000);
    // No snapshot on a pause: the only file written while the disk is "full" is the export.
    controller()->setAutoSnapshot(AutoSnapshotSettings {});
}

void TestGuiExportOnnx::cleanup()
{
    m_window.reset();
}

MlpParamsF TestGuiExportOnnx::coreParamsAfter(int batches) const
{
    Trainer core(controller()->dataSplit(), controller()->trainedConfig());
    for (int i = 0; i < batches; ++i)
        core.trainBatch();
    return core.params();
}

void TestGuiExportOnnx::theFileMenuOffersIt()
{
    QAction *exportOnnx = m_window->files()->exportOnnxAction();
    QVERIFY(exportOnnx);
    QCOMPARE(exportOnnx->objectName(), QStringLiteral("actionExportOnnx"));
    QMenu *file = m_window->menuBar()->actions().value(0)->menu();
    QVERIFY(file);
    QVERIFY(file->actions().contains(exportOnnx));
    QVERIFY(!exportOnnx->statusTip().isEmpty());
}

void TestGuiExportOnnx::writesTheBatchTheTimelineShows()
{
    test::runBatches(controller(), 25);
    QVERIFY(!QTest::currentTestFailed());
    controller()->showBatch(9);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(9));

    test::EventSpy<ModelSaved> saved(controller());
    const QString file = m_dir.filePath(QStringLiteral("b9.onnx"));
    m_window->files()->exportOnnx(file);
    QVERIFY(saved.wait(10000));
    QCOMPARE(saved.last().path, file);
    QVERIFY2(saved.last().description.contains(QStringLiteral("batch 9")), qPrintable(saved.last().description));
    QVERIFY(temporaryFiles(m_dir.path()).isEmpty());

    // ONNX's checker reads it back (what inspect does), and it says what it holds.
    const Result<OnnxSummary> read = readOnnx(file.toStdString());
    QVERIFY2(read, read ? "" : read.error().c_str());
    QCOMPARE(read->opset, std::int64_t(kOnnxOpset));
    QCOMPARE(read->inputs.size(), std::size_t(1));
    QCOMPARE(read->inputs[0].name, std::string("image"));
    QCOMPARE(read->inputs[0].shape, (std::vector<std::string> {"N", "784"}));
    QCOMPARE(read->weights.size(), std::size_t(4));
    QCOMPARE(read->weights[0].name, std::string("dense1.weight"));
    QCOMPARE(read->weights[0].shape, (std::vector<std::string> {"128", "784"}));
    bool saysPreprocessing = false;
    for (const auto &[key, value] : read->metadata)
        saysPreprocessing |= key == "preprocessing" && value == "x/255";
    QVERIFY(saysPreprocessing);

    // The weights are the cursor's (batch 9), not the head's (batch 25).
    const QByteArray bytes = readAll(file);
    const MlpParamsF at9 = coreParamsAfter(9);
    const MlpParamsF at25 = coreParamsAfter(25);
    for (const Layer<float> &L : at9.layers) {
        QVERIFY(bytes.contains(rawFloats(L.W)));
        QVERIFY(bytes.contains(rawFloats(L.b)));
    }
    QVERIFY(!bytes.contains(rawFloats(at25.layers[0].W)));

    // ONNX's Python checker, with shape inference, when Debian's python3-onnx is here. Not under
    // ThreadSanitizer: clang 14's runtime fails its own check when this process forks (QProcess).
#if !BPLAB_UNDER_TSAN
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral("-c"), QStringLiteral("import sys, onnx\n"
                                                       "m = onnx.load(sys.argv[1])\n"
                                                       "onnx.checker.check_model(m, full_check=True)\n"
                                                       "print(len(m.graph.node))"),
                  file});
    if (python.waitForFinished(60000) && python.exitCode() == 0)
        QCOMPARE(python.readAllStandardOutput().trimmed(), QByteArray("4")); // Gemm, Relu, Gemm, Softmax
    else
        qWarning("python3-onnx not available: %s", python.readAllStandardError().constData());
#endif
}

void TestGuiExportOnnx::aFailureSaysWhatToDoAndKeepsTheOldFile()
{
    test::runBatches(controller(), 3);
    QVERIFY(!QTest::currentTestFailed());
    const QString file = m_dir.filePath(QStringLiteral("good.onnx"));
    test::EventSpy<ModelSaved> saved(controller());
    test::EventSpy<ModelFailed> failed(controller());
    m_window->files()->exportOnnx(file);
    QVERIFY(saved.wait(10000));
    const QByteArray good = readAll(file);
    QVERIFY(good.size() > 400000); // 784 x 128 float32 and more

    // The disk fills up halfway through the next export (a file size limit does it here): the good
    // file stays as it was, no temporary file is left, and the banner says what to do.
    controller()->step();
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(4));
    rlimit before {};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &before), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN); // write() then fails with EFBIG
    rlimit small = before;
    small.rlim_cur = 64 * 1024;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    m_window->files()->exportOnnx(file);
    const bool answered = failed.wait(10000);
    setrlimit(RLIMIT_FSIZE, &before);
    std::signal(SIGXFSZ, oldHandler);
    QVERIFY(answered);
    QCOMPARE(saved.count(), 1);
    QCOMPARE(readAll(file), good);
    QVERIFY2(temporaryFiles(m_dir.path()).isEmpty(), qPrintable(temporaryFiles(m_dir.path()).join(' ')));
    const QString message = failed.last().message;
    QVERIFY2(message.contains(file) && message.contains(QStringLiteral("choose a folder you can write to")),
             qPrintable(message));
    MessageBanner *banner = m_window->banner();
    QTRY_VERIFY(banner->isVisible());
    QCOMPARE(banner->text(), message);

    // A folder that does not exist: said the same way, nothing created.
    const QString nowhere = m_dir.filePath(QStringLiteral("no-such-folder/model.onnx"));
    m_window->files()->exportOnnx(nowhere);
    QVERIFY(failed.wait(10000));
    QVERIFY2(failed.last().message.contains(QStringLiteral("no-such-folder")), qPrintable(failed.last().message));
    QVERIFY(!QFileInfo::exists(nowhere));
}

void TestGuiExportOnnx::aModelFileShownIsExportedAsItCame()
{
    test::runBatches(controller(), 2);
    QVERIFY(!QTest::currentTestFailed());
    const MlpParamsF weights = initMlp(Architecture::source(), 11);
    const QString model = m_dir.filePath(QStringLiteral("m.bplab"));
    QVERIFY(saveModel(model.toStdString(), weights).ok());
    QVERIFY(controller()->openModel(model));
    QTRY_VERIFY(controller()->shown() && !controller()->shown()->modelFile.isEmpty());

    test::EventSpy<ModelSaved> saved(controller());
    const QString file = m_dir.filePath(QStringLiteral("m.onnx"));
    m_window->files()->exportOnnx(file);
    QVERIFY(saved.wait(10000));
    QVERIFY2(saved.last().description.contains(QStringLiteral("m.bplab")), qPrintable(saved.last().description));
    QVERIFY(readOnnx(file.toStdString()));
    const MlpParamsF layers = weights;
    const QByteArray bytes = readAll(file);
    QVERIFY(bytes.contains(rawFloats(layers.layers[0].W)));
    QVERIFY(bytes.contains(rawFloats(layers.layers[1].W)));
}

QTEST_MAIN(TestGuiExportOnnx)
#include "tst_guiexportonnx.moc"
