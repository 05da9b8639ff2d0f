// Networks of layer lists (convolution, pooling, flatten, dropout beside dense layers) as ONNX
// models: the graph's nodes in order, ONNX's checkers (C++, and Python's with shape inference),
// and ONNX Runtime's probabilities against the program's own for the same images.

#include "onnxruntime.h"
#include "pythonrun.h"
#include "synthetic.h"

#include "io/json.h"
#include "io/onnxfile.h"
#include "nn/mlp.h"
#include "nn/networkeval.h"
#include "rng.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace bplab;

namespace {

constexpr int kImages = 64;

/** ONNX Runtime's probabilities for the float32 inputs in a file (n x 784), as a JSON list. */
const char *kRunScript = R"(
const [dir, model, inputsPath] = process.argv.slice(1);
const ort = require(dir + '/node_modules/onnxruntime-node');
const b = require('fs').readFileSync(inputsPath);
const x = new Float32Array(b.buffer, b.byteOffset, b.length / 4);
const n = x.length / 784;
ort.InferenceSession.create(model).then(async (s) => {
  const r = await s.run({image: new ort.Tensor('float32', x, [n, 784])});
  if (r.probabilities.dims.join() !== [n, 10].join()) throw new Error('shape ' + r.probabilities.dims);
  process.stdout.write(JSON.stringify(Array.from(r.probabilities.data)));
}).catch((e) => { console.error(String(e)); process.exit(1); });
)";

Architecture layered(const char *text, Activation activation)
{
    const Result<std::vector<LayerSpec>> layers = parseLayers(text);
    if (!layers)
        qFatal("%s", layers.error().c_str());
    return withLayers(*layers, activation);
}

/** Weights by the network's own rule, and biases that are not all zero (a bias in the wrong place
 *  must show). */
MlpParamsF paramsFor(const Architecture &arch, std::uint64_t seed)
{
    MlpParamsF p = initMlp(arch, seed);
    Rng rng(seed + 1);
    for (Layer<float> &L : p.layers)
        for (Eigen::Index i = 0; i < L.b.size(); ++i)
            L.b(i) = float(rng.uniform01() - 0.5) * 0.2f;
    return p;
}

QStringList nodesOf(const OnnxSummary &s)
{
    QStringList out;
    for (const auto &[name, op] : s.nodes)
        out << QString::fromStdString(name + ":" + op);
    return out;
}

} // namespace

class TestOnnxFile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void networks_data();
    void networks();
    void denseNetworksAreAsBefore();

private:
    QTemporaryDir m_tmp;
    std::shared_ptr<DataSplit> m_data;
};

void TestOnnxFile::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_data = test::syntheticSplit(16, kImages);
}

void TestOnnxFile::networks_data()
{
    QTest::addColumn<QString>("layers");
    QTest::addColumn<int>("activation");
    QTest::addColumn<QStringList>("nodes");
    QTest::newRow("conv 4 5x5, pool 2, flatten, dense 16")
            << QStringLiteral("conv 4 5x5, pool 2, flatten, dense 16") << int(Activation::ReLU)
            << QStringList {"picture:Reshape", "conv1:Conv",      "relu1:Relu",  "pool2:MaxPool",  "flatten3:Flatten",
                            "dense2:Gemm",     "relu2:Relu",      "dense3:Gemm", "softmax:Softmax"};
    QTest::newRow("strided valid conv, conv, pool, dense, dropout (tanh)")
            << QStringLiteral("conv 3 3x3 stride 2 valid, conv 5 3x3, pool 2, dense 12, dropout 0.25")
            << int(Activation::Tanh)
            << QStringList {"picture:Reshape", "conv1:Conv",  "tanh1:Tanh", "conv2:Conv",  "tanh2:Tanh",
                            "pool3:MaxPool",   "flatten4:Flatten", "dense3:Gemm", "tanh3:Tanh", "dense4:Gemm",
                            "softmax:Softmax"};
    QTest::newRow("pool first, conv 2 3x3 into the outputs (leaky ReLU)")
            << QStringLiteral("pool 2, conv 2 3x3") << int(Activation::LeakyReLU)
            << QStringList {"picture:Reshape", "pool1:MaxPool", "conv1:Conv",  "leakyrelu1:LeakyRelu",
                            "flatten:Flatten", "dense2:Gemm",   "softmax:Softmax"};
}

void TestOnnxFile::networks()
{
    QFETCH(QString, layers);
    QFETCH(int, activation);
    QFETCH(QStringList, nodes);
    const Architecture arch = layered(layers.toUtf8().constData(), Activation(activation));
    const MlpParamsF params = paramsFor(arch, 7);
    const QString file = m_tmp.filePath(QStringLiteral("%1.onnx").arg(QTest::currentDataTag()).replace(' ', '_'));
    QVERIFY(saveOnnx(file.toStdString(), arch, params, {}).ok());

    const Result<OnnxSummary> read = readOnnx(file.toStdString());
    QVERIFY2(read, read ? "" : read.error().c_str());
    QCOMPARE(nodesOf(*read), nodes);
    QCOMPARE(read->inputs.at(0).shape, (std::vector<std::string> {"N", "784"}));
    QCOMPARE(read->weights.at(0).name, std::string("picture.shape"));
    QCOMPARE(read->weights.at(0).type, std::string("int64"));
    QCOMPARE(read->weights.at(1).name, std::string("conv1.weight"));
    QCOMPARE(read->weights.at(1).shape.size(), std::size_t(4)); // [C_out, C_in, k, k]

    // Python's checker with shape inference: every node's shapes fit, the output is [N, 10].
    QString inferred;
    const bool checked = test::runPython(
            QStringLiteral("import onnx\n"
                           "m = onnx.load('%1')\n"
                           "onnx.checker.check_model(m, full_check=True)\n"
                           "m = onnx.shape_inference.infer_shapes(m, strict_mode=True)\n"
                           "print([d.dim_param or d.dim_value for d in m.graph.output[0].type.tensor_type.shape.dim])")
                    .arg(file),
            &inferred);
    if (checked)
        QCOMPARE(inferred, QStringLiteral("['N', 10]"));
    else
        qWarning("python3-onnx is not available: ONNX's Python checker is skipped");

    const QString ort = test::onnxRuntimeFolder();
    if (ort.isEmpty())
        QSKIP("onnxruntime-node is not installed (scripts/setup installs it): the comparison with ONNX Runtime is skipped");
    std::vector<float> inputs(std::size_t(kImages) * kInputs);
    scaleBytes(m_data->test.pixels.data(), kImages * kInputs, Normalize::None, inputs.data());
    const QString inputsFile = m_tmp.filePath(QStringLiteral("inputs.bin"));
    {
        QFile f(inputsFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(reinterpret_cast<const char *>(inputs.data()), qint64(inputs.size() * sizeof(float)));
    }
    QByteArray out;
    QVERIFY(test::runNode(QString::fromLatin1(kRunScript), {ort, file, inputsFile}, &out));
    const Result<Json> p = parseJson(std::string_view(out.constData(), std::size_t(out.size())), 16 << 20);
    QVERIFY2(p, p ? "" : p.error().c_str());
    QCOMPARE(p->size(), std::size_t(kImages) * kOutputs);
    double worst = 0;
    for (int i = 0; i < kImages; ++i) {
        const auto ours = networkProbabilities(arch, params, m_data->test.pixels.data() + std::size_t(i) * kInputs,
                                               Normalize::None);
        for (int k = 0; k < kOutputs; ++k)
            worst = std::max(worst, std::abs((*p)[std::size_t(i * kOutputs + k)].get<double>() - double(ours[std::size_t(k)])));
    }
    qInfo("%s: largest difference from ONNX Runtime %.3g", qPrintable(layers), worst);
    QVERIFY2(worst <= 1e-5, qPrintable(QString::number(worst)));
}

void TestOnnxFile::denseNetworksAreAsBefore()
{
    // Dense networks keep their graph: a Gemm and an activation per hidden layer, nothing else.
    Architecture arch;
    arch.hidden = {24, 12};
    arch.activation = Activation::Sigmoid;
    const MlpParamsF params = paramsFor(arch, 3);
    const std::string bytes = encodeOnnx(arch, params, {});
    const Result<OnnxSummary> s = decodeOnnx(reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size(), "m");
    QVERIFY2(s, s ? "" : s.error().c_str());
    QCOMPARE(nodesOf(*s), (QStringList {"dense1:Gemm", "sigmoid1:Sigmoid", "dense2:Gemm", "sigmoid2:Sigmoid",
                                        "dense3:Gemm", "softmax:Softmax"}));
    QCOMPARE(s->weights.size(), std::size_t(6));
}

QTEST_GUILESS_MAIN(TestOnnxFile)
#include "tst_onnxfile.moc"
