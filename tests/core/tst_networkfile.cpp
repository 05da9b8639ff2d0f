// Model files and .npz of any architecture: round trips, the source network still written as the
// same version-2 bytes, older files read as 784-128-10 ReLU, and every bad header, shape or
// missing array refused with a one-line message that names it.

#include "architectures.h"
#include "data/idx.h"
#include "io/modelfile.h"
#include "io/npz.h"
#include "pythonrun.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <zlib.h>

using namespace bplab;
using namespace bplab::test;

Q_DECLARE_METATYPE(bplab::Activation)

namespace {

/** Weights with non-zero biases, a negative zero and a denormal: every bit must survive. */
MlpParamsF sampleParams(const Architecture &a)
{
    MlpParamsF p = initMlp(a, Init::PyTorch, 5);
    p.layers[0].W(0, 1) = -0.0f;
    p.layers.back().b(9) = 1e-38f;
    return p;
}

ModelInfo sampleInfo()
{
    ModelInfo info;
    info.recipe = tunedRecipe();
    info.dataset = "MNIST";
    info.trainCount = 60000;
    info.testCount = 10000;
    info.epochsTrained = 3;
    info.testAccuracy = 97.25;
    return info;
}

void putU32(std::vector<std::uint8_t> &bytes, std::size_t at, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        bytes[at + std::size_t(i)] = std::uint8_t(v >> (8 * i));
}

/** The CRC32 at the end recomputed, to reach the checks before it. */
void fixCrc(std::vector<std::uint8_t> &bytes)
{
    putU32(bytes, bytes.size() - 4,
           std::uint32_t(crc32(crc32(0L, Z_NULL, 0), bytes.data(), uInt(bytes.size() - 4))));
}

/** Every occurrence of `from` replaced by `to` (same length): renames a zip entry in both of its
 *  headers; the entries' CRCs cover their data only. */
void rename(std::vector<std::uint8_t> &bytes, const std::string &from, const std::string &to)
{
    for (auto it = bytes.begin();
         (it = std::search(it, bytes.end(), from.begin(), from.end())) != bytes.end();)
        it = std::copy(to.begin(), to.end(), it);
}

/** QCOMPARE of two texts that shows both when they differ. */
#define compareText(actual, expected)                                                              \
    QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected))

} // namespace

class TestNetworkFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char *name) const { return (m_dir.path() + "/" + name).toStdString(); }

    static bool python(const QString &code, QString *out = nullptr) { return test::runPython(code, out); }

private slots:
    void sourceNetworkKeepsVersionTwoBytes()
    {
        const MlpParamsF p = initMlp(Architecture::source(), Init::He, 9);
        const ModelInfo info = sampleInfo();
        const auto general = encodeNetworkModel(Architecture::source(), p, &info);
        QVERIFY(general == encodeModel(p, &info));
        QVERIFY(encodeNetworkModel(Architecture::source(), p) == encodeModel(p));
        QCOMPARE(int(general[8]), 2);
    }

    void roundTrip_data()
    {
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<Activation>("activation");
        QTest::newRow("784-10") << std::vector<int> {} << Activation::Sigmoid;
        QTest::newRow("784-1-10 relu") << std::vector<int> {1} << Activation::ReLU;
        QTest::newRow("784-256-10 tanh") << std::vector<int> {256} << Activation::Tanh;
        QTest::newRow("784-300-40-10 leaky") << std::vector<int> {300, 40} << Activation::LeakyReLU;
        QTest::newRow("784-1024-1024-10 sigmoid")
                << std::vector<int> {1024, 1024} << Activation::Sigmoid;
        QTest::newRow("784-128-10 tanh") << std::vector<int> {128} << Activation::Tanh;
        QTest::newRow("source") << std::vector<int> {128} << Activation::ReLU;
    }
    void roundTrip()
    {
        QFETCH(std::vector<int>, hidden);
        QFETCH(Activation, activation);
        const Architecture a = arch(hidden, activation);
        const MlpParamsF p = sampleParams(a);
        const ModelInfo info = sampleInfo();

        QVERIFY(saveNetworkModel(path("m.bplab"), a, p, &info).ok());
        auto back = readNetworkModel(path("m.bplab"));
        QVERIFY2(back.ok(), back.error().c_str());
        QVERIFY(back->arch == a);
        QVERIFY(back->params == p);
        QVERIFY(back->info && *back->info == info);
        const auto bytes = encodeNetworkModel(a, p, &info);
        QCOMPARE(int(bytes[8]), (a == Architecture::source()) ? 2 : 3);
        // The arrays and nothing else: header, 4 bytes per value, the info, the CRC.
        const std::size_t header = (a == Architecture::source()) ? 56 : 28 + 16 * std::size_t(a.layerCount());
        QCOMPARE(bytes.size(), header + a.parameterBytes(4) + encodeModelInfo(info).size() + 4);
        auto noInfo = decodeNetworkModel(encodeNetworkModel(a, p).data(),
                                         encodeNetworkModel(a, p).size(), "x");
        QVERIFY(noInfo.ok() && !noInfo->info && noInfo->params == p);

        QVERIFY(saveNetworkNpz(path("m.npz"), a, p).ok());
        auto npz = readAnyNetwork(path("m.npz"));
        QVERIFY2(npz.ok(), npz.error().c_str());
        QVERIFY(npz->arch == a);
        QVERIFY(npz->params == p);
        QVERIFY(!npz->info);
        auto any = readAnyNetwork(path("m.bplab"));
        QVERIFY(any.ok() && any->arch == a && any->params == p);

        // The readers of the source network take it, and name any other network they are given.
        auto old = readAnyModel(path((a == Architecture::source()) ? "m.bplab" : "m.npz"));
        auto oldModel = readModel(path("m.bplab"));
        if ((a == Architecture::source())) {
            QVERIFY(old.ok() && old->params == p);
            QVERIFY(oldModel.ok() && oldModel->params == p);
        } else {
            const std::string tail
                    = " network; only the source's 784-128-10 ReLU network is read here";
            compareText(old.error(), "m.npz: holds a " + describe(a) + tail);
            // Its reader refuses files far larger than the source network's before reading them.
            if (bytes.size() > modelFileBytes() + 65536)
                compareText(oldModel.error(),
                            "m.bplab: " + withThousands(bytes.size())
                                    + " bytes is more than such a file can hold (at most 472,676)");
            else
                compareText(oldModel.error(), "m.bplab: holds a " + describe(a) + tail);
        }
    }

    void layerListRoundTrip()
    {
        // A layer list is written as version 4 with its --layers text: read back, the same
        // network and the same bits; the source network's reader names it; a damaged layer
        // text is refused by the parser's own message.
        auto specs = parseLayers("conv 3 3x3, pool 2, conv 4 5x5 stride 2 valid, dense 7, dropout 0.1");
        QVERIFY(specs.ok());
        const Architecture a = withLayers(*specs, Activation::Tanh);
        const MlpParamsF p = initMlp(a, Init::PyTorch, 21);
        ModelInfo info;
        info.epochsTrained = 2;
        QVERIFY(saveNetworkModel(path("conv.bplab"), a, p, &info).ok());
        auto back = readNetworkModel(path("conv.bplab"));
        QVERIFY2(back.ok(), back.error().c_str());
        QVERIFY(back->arch == a);
        QVERIFY(back->params == p);
        QVERIFY(back->info && back->info->epochsTrained == 2);
        const std::vector<std::uint8_t> bytes = encodeNetworkModel(a, p);
        QCOMPARE(bytes[8], std::uint8_t(4));
        auto any = readAnyNetwork(path("conv.bplab"));
        QVERIFY(any.ok() && any->arch == a && any->params == p);
        auto source = readModel(path("conv.bplab"));
        QVERIFY(!source.ok());
        QVERIFY2(source.error().find("holds a " + describe(a) + " network") != std::string::npos,
                 source.error().c_str());
        std::vector<std::uint8_t> damaged = bytes;
        const std::string text = layersText(a.layers);
        const auto at = std::search(damaged.begin(), damaged.end(), text.begin(), text.end());
        QVERIFY(at != damaged.end());
        *(at + 2) = 'x'; // "cox 3 3x3"
        auto refused = decodeNetworkModel(damaged.data(), damaged.size(), "damaged.bplab");
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().find("damaged.bplab: --layers") != std::string::npos, refused.error().c_str());
    }

    void layerListNpz()
    {
        // A layer list's .npz: W1..WL for the layers with parameters in PyTorch's layouts (a
        // convolution's weight C_out x C_in x k x k), its --layers text; read back, the same
        // network and bits. NumPy reads it: W2[o, c, ky, kx] is W2's row o, column (c k + ky) k + kx.
        auto specs = parseLayers("conv 3 3x3, pool 2, conv 4 5x5 stride 2 valid, dense 7, dropout 0.1");
        QVERIFY(specs.ok());
        const Architecture a = withLayers(*specs, Activation::Tanh);
        const MlpParamsF p = initMlp(a, Init::PyTorch, 22);
        QVERIFY(saveNetworkNpz(path("conv.npz"), a, p).ok());
        auto back = readAnyNetwork(path("conv.npz"));
        QVERIFY2(back.ok(), back.error().c_str());
        QVERIFY(back->arch == a);
        QVERIFY(back->params == p);
        const auto bytes = encodeNetworkNpz(a, p);
        const std::string text(bytes.begin(), bytes.end());
        QVERIFY(text.find("'shape': (3, 1, 3, 3)") != std::string::npos);
        QVERIFY(text.find("'shape': (4, 3, 5, 5)") != std::string::npos);
        QVERIFY(text.find("'shape': (7, 100)") != std::string::npos);

        if (!QFile::exists("/usr/bin/python3") || !python("import numpy"))
            QSKIP("/usr/bin/python3 with NumPy is not installed");
        QString out;
        QVERIFY(python(QString("import numpy as np; d = np.load('%1', allow_pickle=False); "
                               "print([(k, d[k].shape) for k in d.files]); "
                               "print(str(d['layers'])); print(repr(float(d['W2'][3, 2, 4, 1])))")
                           .arg(QString::fromStdString(path("conv.npz"))),
                       &out));
        const QStringList lines = out.split('\n');
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QString("[('W1', (3, 1, 3, 3)), ('b1', (3,)), ('W2', (4, 3, 5, 5)), ('b2', (4,)), "
                                   "('W3', (7, 100)), ('b3', (7,)), ('W4', (10, 7)), ('b4', (10,)), "
                                   "('activation', ()), ('layers', ())]"));
        QCOMPARE(lines[1], QString::fromStdString(layersText(a.layers)));
        QCOMPARE(lines[2].toFloat(), p.layers[1].W(3, (2 * 5 + 4) * 5 + 1));

        // NumPy's own file with the kernels in Fortran order, or transposed: refused by name.
        for (const char *W2 : {"np.asfortranarray(np.zeros((4, 3, 5, 5), np.float32))", "np.zeros((3, 4, 5, 5))"}) {
            QVERIFY(python(QString("import numpy as np; d = dict(np.load('%1', allow_pickle=False)); d['W2'] = %2; "
                                   "np.savez('%3', **d)")
                               .arg(QString::fromStdString(path("conv.npz")), W2,
                                    QString::fromStdString(path("bad.npz")))));
            auto r = readAnyNetwork(path("bad.npz"));
            QVERIFY(!r.ok());
            QVERIFY2(r.error().find("W2.npy has shape") != std::string::npos
                             && r.error().find("the network needs (4, 3, 5, 5) in C order") != std::string::npos,
                     r.error().c_str());
        }
    }

    void olderFilesReadAsSource()
    {
        const MlpParamsF p = initMlp(Architecture::source(), Init::PyTorch, 4);
        auto v2 = encodeModel(p);
        auto r = decodeNetworkModel(v2.data(), v2.size(), "v2.bplab");
        QVERIFY(r.ok() && (r->arch == Architecture::source()) && r->params == p);
        v2[8] = 1; // version 1: the same layout without info
        fixCrc(v2);
        r = decodeNetworkModel(v2.data(), v2.size(), "v1.bplab");
        QVERIFY(r.ok() && (r->arch == Architecture::source()) && r->params == p);
        // An .npz without `activation`: W1, b1, W2, b2 of ReLU.
        const auto npz = encodeNpz(p);
        auto n = decodeNetworkNpz(npz.data(), npz.size(), "old.npz");
        QVERIFY2(n.ok(), n.error().c_str());
        QVERIFY((n->arch == Architecture::source()));
        QVERIFY(n->params == p);
        // The general .npz of the source network (with activation "relu") reads in the old reader.
        const auto general = encodeNetworkNpz(Architecture::source(), p);
        auto old = decodeNpz(general.data(), general.size(), "new.npz");
        QVERIFY2(old.ok(), old.error().c_str());
        QVERIFY(*old == p);
    }

    void badHeaderIsRefused_data()
    {
        // 784-256-64-10 tanh. Header: magic, version, dtype, count, info size, activation (at 24),
        // then per layer W rows, W cols, b rows, b cols from byte 28.
        QTest::addColumn<int>("offset");
        QTest::addColumn<int>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("W2 does not take W1's outputs")
                << 28 + 16 + 4 << 255
                << "bad.bplab: array W2 is 64x255; it needs 256 columns, one per output of W1";
        QTest::newRow("W1 does not take 784 inputs")
                << 28 + 4 << 783
                << "bad.bplab: array W1 is 256x783; it needs 784 columns, one per input pixel";
        QTest::newRow("output layer not 10")
                << 28 + 32 << 9
                << "bad.bplab: array W3 is 9x64; the output layer needs 10 rows, one per class";
        QTest::newRow("hidden layer too wide")
                << 28 << 2000
                << "bad.bplab: array W1 is 2,000x784; a hidden layer needs 1 to 1,024 neurons";
        QTest::newRow("bias rows")
                << 28 + 8 << 255 << "bad.bplab: array b1 is 255x1; W1 (256x784) needs it 256x1";
        QTest::newRow("bias columns")
                << 28 + 16 + 12 << 2 << "bad.bplab: array b2 is 64x2; W2 (64x256) needs it 64x1";
        QTest::newRow("odd array count") << 16 << 5
                                         << "bad.bplab: holds 5 arrays; a network has 2, 4 or 6 (W "
                                            "and b of each layer, at most 2 hidden layers)";
        QTest::newRow("too many arrays") << 16 << 8
                                         << "bad.bplab: holds 8 arrays; a network has 2, 4 or 6 (W "
                                            "and b of each layer, at most 2 hidden layers)";
        QTest::newRow("activation") << 24 << 7
                                    << "bad.bplab: activation code 7 is unknown (0 relu, 1 "
                                       "sigmoid, 2 tanh, 3 leakyrelu)";
        QTest::newRow("dtype") << 12 << 2 << "bad.bplab: data type code 2 is unknown (1 = float32)";
    }
    void badHeaderIsRefused()
    {
        QFETCH(int, offset);
        QFETCH(int, value);
        QFETCH(QString, message);
        const Architecture a = arch({256, 64}, Activation::Tanh);
        auto bytes = encodeNetworkModel(a, sampleParams(a));
        QCOMPARE(int(bytes[24]), 2); // tanh's code
        putU32(bytes, std::size_t(offset), std::uint32_t(value));
        fixCrc(bytes);
        auto r = decodeNetworkModel(bytes.data(), bytes.size(), "bad.bplab");
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error()), message);
    }

    void shapesThatDoNotMatchTheDataAreRefused()
    {
        // A consistent header of 784-255-64-10 over the arrays of 784-256-64-10: the sizes
        // disagree. 784-256-64-10 has 217,728 weights and 330 biases: 76 header + 872,232 + 4 CRC
        // bytes.
        const Architecture a = arch({256, 64}, Activation::Tanh);
        auto bytes = encodeNetworkModel(a, sampleParams(a));
        putU32(bytes, 28, 255);
        putU32(bytes, 28 + 8, 255);
        putU32(bytes, 28 + 16 + 4, 255);
        fixCrc(bytes);
        auto r = decodeNetworkModel(bytes.data(), bytes.size(), "bad.bplab");
        compareText(r.error(), std::string("bad.bplab: the file holds 872,312 bytes; a model file "
                                           "of the 784-255-64-10 "
                                           "tanh network has 868,916 (extra data at the end)"));
        // Cut short, and a flipped value.
        const auto good = encodeNetworkModel(a, sampleParams(a));
        r = decodeNetworkModel(good.data(), good.size() - 1000, "cut.bplab");
        compareText(r.error(), std::string("cut.bplab: the file holds 871,312 bytes; a model file "
                                           "of the 784-256-64-10 "
                                           "tanh network has 872,312 (it is cut short)"));
        auto flipped = good;
        flipped[5000] ^= 0x10;
        r = decodeNetworkModel(flipped.data(), flipped.size(), "flip.bplab");
        QVERIFY(!r.ok());
        QVERIFY(r.error().find("flip.bplab: checksum mismatch") == 0);
        QCOMPARE(r.error().find('\n'), std::string::npos);
    }

    void writesNothingForWrongShapes()
    {
        const Architecture a = arch({32}, Activation::Sigmoid);
        const MlpParamsF wrong = MlpParamsF::zeros(arch({33}, Activation::Sigmoid));
        const Status s = saveNetworkModel(path("never.bplab"), a, wrong);
        compareText(s.error(), path("never.bplab")
                                       + ": the parameters do not have the 784-32-10 sigmoid "
                                         "shapes; nothing written");
        QVERIFY(!QFile::exists(QString::fromStdString(path("never.bplab"))));
        Architecture deep = arch({8, 8, 8}, Activation::ReLU);
        QVERIFY(!saveNetworkNpz(path("never.npz"), deep, MlpParamsF::zeros(deep)).ok());
        QVERIFY(!QFile::exists(QString::fromStdString(path("never.npz"))));
    }

    void npzActivationIsAUnicodeScalar()
    {
        const Architecture a = arch({16}, Activation::Sigmoid);
        const auto bytes = encodeNetworkNpz(a, sampleParams(a));
        const std::string text(bytes.begin(), bytes.end());
        const std::size_t at = text.find("activation.npy\x93NUMPY");
        QVERIFY(at != std::string::npos);
        const std::size_t header = at + 14 + 10;
        QCOMPARE(text.substr(header, 55),
                 std::string("{'descr': '<U7', 'fortran_order': False, 'shape': (), }"));
        // The header padded to 128 bytes (a multiple of 64), then "sigmoid" as UTF-32LE code
        // points.
        QCOMPARE(text.substr(at + 14 + 128, 28),
                 std::string("s\0\0\0i\0\0\0g\0\0\0m\0\0\0o\0\0\0i\0\0\0d\0\0\0", 28));
        // Entries in the order W1, b1, W2, b2, activation.
        QVERIFY(text.find("W1.npy") < text.find("b1.npy"));
        QVERIFY(text.find("b2.npy") < text.find("activation.npy"));
    }

    void numpyReadsAndWritesNetworks()
    {
        if (!QFile::exists("/usr/bin/python3") || !python("import numpy"))
            QSKIP("/usr/bin/python3 with NumPy is not installed");
        const Architecture a = arch({256, 64}, Activation::Sigmoid);
        MlpParamsF p = sampleParams(a);
        p.layers[1].b(5) = 0.25f;
        QVERIFY(saveNetworkNpz(path("net.npz"), a, p).ok());
        QString out;
        QVERIFY(python(QString("import numpy as np; d = np.load('%1', allow_pickle=False); "
                               "print([(k, d[k].shape, str(d[k].dtype)) for k in d.files]); "
                               "print(str(d['activation']), repr(float(d['W2'][3, 7])), repr(float(d['b2'][5])))")
                           .arg(QString::fromStdString(path("net.npz"))),
                       &out));
        const QStringList lines = out.split('\n');
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0], QString("[('W1', (256, 784), 'float32'), ('b1', (256,), 'float32'), ('W2', (64, 256), "
                                   "'float32'), ('b2', (64,), 'float32'), ('W3', (10, 64), 'float32'), ('b3', (10,), "
                                   "'float32'), ('activation', (), '<U7')]"));
        const QStringList values = lines[1].split(' ');
        QCOMPARE(values[0], QString("sigmoid"));
        QCOMPARE(values[1].toFloat(), p.layers[1].W(3, 7));
        QCOMPARE(values[2].toFloat(), 0.25f);

        // NumPy's own file: deflated, W2 in float64, the activation a str (np.savez_compressed).
        QVERIFY(python(QString("import numpy as np; "
                               "W1 = (np.arange(32 * 784).reshape(32, 784) % 7 / 10).astype(np.float32); "
                               "np.savez_compressed('%1', W1=W1, b1=np.zeros(32, np.float32), "
                               "W2=np.ones((10, 32)), b2=np.arange(10, dtype=np.float32), activation=np.array('tanh'))")
                           .arg(QString::fromStdString(path("numpy.npz")))));
        auto r = readAnyNetwork(path("numpy.npz"));
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(describe(r->arch), std::string("784-32-10 tanh"));
        QCOMPARE(r->params.layers[0].W(1, 2), float((784 + 2) % 7 / 10.0));
        QCOMPARE(r->params.layers[1].b(9), 9.0f);
    }

    void badNpzIsRefused()
    {
        const Architecture a = arch({64}, Activation::Tanh);
        auto bytes = encodeNetworkNpz(a, sampleParams(a));
        rename(bytes, "b2.npy", "x2.npy");
        auto r = decodeNetworkNpz(bytes.data(), bytes.size(), "nob2.npz");
        compareText(r.error(),
                    std::string("nob2.npz: no b2.npy in the archive (it holds: W1.npy, b1.npy, "
                                "W2.npy, x2.npy, "
                                "activation.npy); a network of 2 layers needs W1, b1, W2, b2"));

        // Without W3, the last layer present (W2) must be the output layer.
        const Architecture two = arch({64, 32}, Activation::ReLU);
        bytes = encodeNetworkNpz(two, sampleParams(two));
        rename(bytes, "W3.npy", "W9.npy");
        r = decodeNetworkNpz(bytes.data(), bytes.size(), "short.npz");
        compareText(r.error(),
                    std::string("short.npz: W2.npy has shape (32, 64); the network needs (10, 64) "
                                "(torch.nn.Linear layout: outputs x inputs)"));

        // W2 renamed to W4: W1 is then the output layer and must have 10 rows.
        bytes = encodeNetworkNpz(two, sampleParams(two));
        rename(bytes, "W2.npy", "W4.npy");
        r = decodeNetworkNpz(bytes.data(), bytes.size(), "gap.npz");
        compareText(r.error(),
                    std::string("gap.npz: W1.npy has shape (64, 784); the network needs (10, 784) "
                                "(torch.nn.Linear layout: outputs x inputs)"));

        bytes = encodeNetworkNpz(two, sampleParams(two));
        rename(bytes, "W1.npy", "V1.npy");
        r = decodeNetworkNpz(bytes.data(), bytes.size(), "now1.npz");
        compareText(r.error(),
                    std::string("now1.npz: no W1.npy in the archive (it holds: V1.npy, b1.npy, "
                                "W2.npy, b2.npy, "
                                "W3.npy, b3.npy, activation.npy); expected W1, b1, ..., WL, bL"));
    }
};

QTEST_MAIN(TestNetworkFile)
#include "tst_networkfile.moc"
