// export --onnx checked by the real runtime: each network is trained, exported, passed through
// ONNX's checker (python3-onnx) and run by ONNX Runtime (the npm package onnxruntime-node, which
// scripts/setup installs), whose probabilities for 1,000 test images must equal those of
// `predict --raw --json` on the same images as 28x28 files within 1e-5. The images: real MNIST's
// test set beside the repository, else the offline sample's, else a synthetic set. inspect says
// what a file holds and refuses damaged ones with a reason.

#include "clitestutil.h"
#include "onnxruntime.h"

#include "data/idx.h"
#include "io/onnxfile.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>

using namespace bplab;
using namespace bplab::test;

namespace {

constexpr int kImages = 1000;
/** The model's probabilities for images (kImages x 784 bytes) from ONNX Runtime, scaled as the
 *  model's metadata says, in float32 as the program scales them. */
const char *kOrtScript = R"(
const [dir, model, pixelsPath, offset, scale] = process.argv.slice(1);
const ort = require(dir + '/node_modules/onnxruntime-node');
const bytes = require('fs').readFileSync(pixelsPath);
const n = bytes.length / 784;
const x = new Float32Array(bytes.length);
const off = Math.fround(Number(offset)), sc = Math.fround(Number(scale));
for (let i = 0; i < bytes.length; ++i) x[i] = Math.fround(Math.fround(bytes[i] - off) * sc);
ort.InferenceSession.create(model).then(async (s) => {
  const r = await s.run({image: new ort.Tensor('float32', x, [n, 784])});
  const p = r.probabilities, l = r.logits;
  if (p.dims.join() !== [n, 10].join() || l.dims.join() !== [n, 10].join()) throw new Error('shapes ' + p.dims + ' ' + l.dims);
  process.stdout.write(JSON.stringify({inputs: s.inputNames, outputs: s.outputNames, p: Array.from(p.data)}));
}).catch((e) => { console.error(String(e)); process.exit(1); });
)";

} // namespace

class TestCliExportOnnx : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_data;     // a data folder for train
    QByteArray m_pixels; // kImages test images, 784 bytes each
    QStringList m_files; // the same images as 28x28 PGM files
    QString m_source;

    QString path(const QString &name) const { return m_tmp.filePath(name); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        std::string folder = sharedMnistFolder();
        m_source = QStringLiteral("real MNIST");
        if (folder.empty()) {
            const QByteArray home = qgetenv("XDG_DATA_HOME");
            const QString sample = (home.isEmpty() ? QDir::homePath() + QStringLiteral("/.local/share")
                                                   : QString::fromLocal8Bit(home))
                                   + QStringLiteral("/backprop-lab/sample");
            if (QFile::exists(sample + QStringLiteral("/t10k-images-idx3-ubyte"))) {
                folder = sample.toStdString();
                m_source = QStringLiteral("the offline sample");
            }
        }
        if (folder.empty()) {
            m_source = QStringLiteral("a synthetic set");
            QVERIFY(writeSyntheticFolder(path(QStringLiteral("synthetic")), 2000, kImages));
            folder = path(QStringLiteral("synthetic")).toStdString();
        }
        m_data = QString::fromStdString(folder);
        std::string images = folder + "/t10k-images-idx3-ubyte";
        if (!QFile::exists(QString::fromStdString(images)))
            images += ".gz";
        const auto test = readIdxImages(images);
        QVERIFY2(test.ok(), test.error().c_str());
        QVERIFY(test->count >= std::size_t(kImages));
        m_pixels = QByteArray(reinterpret_cast<const char *>(test->pixels.data()), kImages * 784);
        QDir().mkpath(path(QStringLiteral("images")));
        for (int i = 0; i < kImages; ++i) {
            const QString file = path(QStringLiteral("images/%1.pgm").arg(i, 4, 10, QLatin1Char('0')));
            QVERIFY(writeFile(file, QByteArray("P5\n28 28\n255\n") + m_pixels.mid(i * 784, 784)));
            m_files << file;
        }
        QVERIFY(writeFile(path(QStringLiteral("pixels.bin")), m_pixels));
        qInfo("test images: the first %d of %s's test set", kImages, qPrintable(m_source));
    }

    void networks_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<bool>("runtime");
        QTest::newRow("784-128-10 ReLU") << QStringList {} << true;
        QTest::newRow("784-256-128-10 tanh, standardised")
                << QStringList {"--hidden", "256,128", "--activation", "tanh", "--normalize", "standard"} << true;
        QTest::newRow("784-10") << QStringList {"--hidden", "0"} << true;
        QTest::newRow("784-32-10 sigmoid") << QStringList {"--hidden", "32", "--activation", "sigmoid"} << true;
        QTest::newRow("784-24-12-10 leaky ReLU") << QStringList {"--hidden", "24,12", "--activation", "leakyrelu"} << true;
    }

    void networks()
    {
        QFETCH(QStringList, options);
        QFETCH(bool, runtime);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).section(QLatin1Char(' '), 0, 0);
        const QString model = path(tag + QStringLiteral(".bplab")), onnx = path(tag + QStringLiteral(".onnx"));
        CliRun run = runCli(QStringList {"train", "--data", m_data, "--epochs", "1", "--train-subset", "3000", "--seed",
                                         "5", "--save", model} + options);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        run = runCli({"export", "--model", model, "--onnx", onnx});
        QVERIFY2(run.exitCode == 0, run.err.constData());

        // Our reader and ONNX's C++ checker (inspect), the metadata the runtime side needs.
        const auto summary = readOnnx(onnx.toStdString());
        QVERIFY2(summary.ok(), summary.error().c_str());
        QString offset, scale, preprocessing;
        for (const auto &[key, value] : summary->metadata) {
            if (key == "input_offset")
                offset = QString::fromStdString(value);
            if (key == "input_scale")
                scale = QString::fromStdString(value);
            if (key == "preprocessing")
                preprocessing = QString::fromStdString(value);
        }
        const bool standard = options.contains(QStringLiteral("standard"));
        QCOMPARE(preprocessing, standard ? QStringLiteral("(x/255 - 0.1307) / 0.3081") : QStringLiteral("x/255"));
        QCOMPARE(summary->inputs.size(), std::size_t(1));
        QCOMPARE(summary->inputs[0].name, std::string("image"));
        QCOMPARE(summary->inputs[0].shape, (std::vector<std::string> {"N", "784"}));
        QCOMPARE(summary->outputs.size(), std::size_t(2));
        QCOMPARE(summary->outputs[0].name, std::string("probabilities"));
        QCOMPARE(summary->outputs[1].name, std::string("logits"));

        // ONNX's Python checker with shape inference (python3-onnx).
        QProcess py;
        py.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral("-c"), QStringLiteral("import onnx, sys; m = onnx.load(sys.argv[1]); "
                                                       "onnx.checker.check_model(m, full_check=True); print('ok')"),
                  onnx});
        QVERIFY(py.waitForFinished(60000));
        if (py.exitCode() != 0 && py.readAllStandardError().contains("No module named 'onnx'"))
            qWarning("python3-onnx is not installed: ONNX's Python checker skipped (apt-get install python3-onnx)");
        else
            QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());

        if (!runtime)
            return;
        // predict --raw --json on the images as 28x28 files: the program's own probabilities.
        run = runCli(QStringList {"predict", "--model", model, "--raw", "--json"} + m_files);
        QVERIFY2(run.exitCode == 0, run.err.left(500).constData());
        const QList<QByteArray> lines = run.out.trimmed().split('\n');
        QCOMPARE(lines.size(), kImages);

        const QString ort = onnxRuntimeFolder();
        if (ort.isEmpty())
            QSKIP(qPrintable(QStringLiteral("onnxruntime-node %1 is not installed (scripts/setup installs it into "
                                            "~/.cache/backprop-lab/onnxruntime-node-%1; or set "
                                            "BPLAB_ONNXRUNTIME_NODE): the comparison with ONNX Runtime is skipped")
                                     .arg(QLatin1String(kOrtVersion))));
        QByteArray out;
        QVERIFY(runNode(QString::fromLatin1(kOrtScript), {ort, onnx, path(QStringLiteral("pixels.bin")), offset, scale},
                        &out));
        const QJsonObject result = QJsonDocument::fromJson(out).object();
        QCOMPARE(result.value("inputs").toArray().at(0).toString(), QStringLiteral("image"));
        const QJsonArray p = result.value("p").toArray();
        QCOMPARE(p.size(), kImages * 10);
        double worst = 0;
        int agree = 0;
        for (int i = 0; i < kImages; ++i) {
            const QJsonObject ours = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(ours.value("file").toString(), m_files[i]);
            const QJsonArray q = ours.value("probabilities").toArray();
            QCOMPARE(q.size(), 10);
            int best = 0;
            for (int k = 0; k < 10; ++k) {
                worst = std::max(worst, std::abs(p[i * 10 + k].toDouble() - q[k].toDouble()));
                if (p[i * 10 + k].toDouble() > p[i * 10 + best].toDouble())
                    best = k;
            }
            agree += best == ours.value("class").toInt();
        }
        qInfo("%s: largest difference of a probability %.3g over %d images; the same class for %d",
              QTest::currentDataTag(), worst, kImages, agree);
        QVERIFY2(worst <= 1e-5, qPrintable(QStringLiteral("largest difference %1").arg(worst)));
    }

    void inspectSaysWhatItHolds()
    {
        const QString model = path(QStringLiteral("i.bplab")), onnx = path(QStringLiteral("i.onnx"));
        QVERIFY(runCli({"train", "--data", m_data, "--epochs", "1", "--train-subset", "500", "--hidden", "16,8", "--save",
                        model})
                        .exitCode
                == 0);
        QCOMPARE(runCli({"export", "--model", model, "--onnx", onnx}).exitCode, 0);
        CliRun run = runCli({"inspect", "--json", onnx});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = run.json();
        QCOMPARE(o.value("kind").toString(), QStringLiteral("onnx"));
        QVERIFY(o.value("valid").toBool());
        QVERIFY2(o.value("description").toString().contains(QStringLiteral("784-16-8-10 ReLU")),
                 qPrintable(o.value("description").toString()));
        const QJsonObject d = o.value("details").toObject();
        QCOMPARE(d.value("opset").toInt(), 13);
        QStringList nodes;
        for (const QJsonValue &n : d.value("nodes").toArray())
            nodes << n.toObject().value("name").toString() + QLatin1Char(':') + n.toObject().value("op").toString();
        QCOMPARE(nodes, QStringList({"dense1:Gemm", "relu1:Relu", "dense2:Gemm", "relu2:Relu", "dense3:Gemm",
                                     "softmax:Softmax"}));
        QCOMPARE(d.value("weights").toArray().at(0).toObject().value("shape").toArray(), QJsonArray({"16", "784"}));

        // Damaged files: refused with a reason, never a crash.
        QFile f(onnx);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const QByteArray cut = bytes.left(bytes.size() / 2);
        run = runCli({"inspect", writeTo(QStringLiteral("cut.onnx"), cut)});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("cut.onnx: not an ONNX model: the protobuf message does not parse"), run.err.constData());
        // A node that names an input nothing produces: protobuf reads it, ONNX's checker refuses it.
        QByteArray renamed = bytes;
        const qsizetype at = renamed.indexOf("dense2.weight");
        QVERIFY(at > 0);
        renamed[at + 6] = 'X'; // the first "dense2.weight" is the initializer's name
        run = runCli({"inspect", writeTo(QStringLiteral("renamed.onnx"), renamed)});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("renamed.onnx: ONNX's checker refuses it"), run.err.constData());
    }

    void exportNeedsAnOutput()
    {
        const CliRun run = runCli({"export", "--model", path(QStringLiteral("i.bplab"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("--npz OUT.npz and/or --onnx OUT.onnx"), run.err.constData());
    }

private:
    QString writeTo(const QString &name, const QByteArray &bytes)
    {
        const QString p = path(name);
        writeFile(p, bytes);
        return p;
    }
};

QTEST_MAIN(TestCliExportOnnx)
#include "tst_cliexportonnx.moc"
