// The model file and .npz: round trips (with and without the version-2 info block), version-1
// files, every damage refused with a message, and agreement with NumPy itself when Debian's
// python3-numpy is installed.

#include "io/modelfile.h"
#include "io/npz.h"
#include "nn/network.h"
#include "idxfixtures.h"
#include "pythonrun.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace bplab;
using namespace bplab::test;

namespace {

MlpParamsF sampleParams()
{
    MlpParamsF p = initMlp(Architecture::source(), Init::PyTorch, 11);
    p.layers[0].W(0, 1) = -0.0f;
    p.layers[1].W(9, 127) = 1e-38f; // a denormal survives too
    return p;
}

/** Info with every field set, and values that need escaping. */
ModelInfo sampleInfo()
{
    ModelInfo info;
    info.recipe = tunedRecipe();
    info.recipe.seed = 18446744073709551615ull;
    info.recipe.lr = 0.1 + 0.2; // 0.30000000000000004: only the shortest exact text reads back
    info.recipe.augment = true;
    info.initFrom = "start\\weights\n.npz";
    info.dataset = "Fashion-MNIST \xc3\xa9";
    info.trainCount = 60000;
    info.testCount = 10000;
    info.trainCrc = 0xDEADBEEF;
    info.testCrc = 0x0000000A;
    info.epochsTrained = 15;
    info.testAccuracy = 96.13;
    return info;
}

/** The bytes with the CRC32 at the end recomputed (to reach the checks after it). */
void fixCrc(std::vector<std::uint8_t> &bytes)
{
    const uLong crc = crc32(crc32(0L, Z_NULL, 0), bytes.data(), uInt(bytes.size() - 4));
    for (int i = 0; i < 4; ++i)
        bytes[bytes.size() - 4 + std::size_t(i)] = std::uint8_t(crc >> (8 * i));
}

/** A model file whose info block is `text` (with a correct CRC32). */
std::vector<std::uint8_t> withInfoText(const std::string &text)
{
    auto bytes = encodeModel(sampleParams());
    bytes.insert(bytes.end() - 4, text.begin(), text.end());
    const std::uint32_t n = std::uint32_t(text.size());
    for (int i = 0; i < 4; ++i)
        bytes[20 + std::size_t(i)] = std::uint8_t(n >> (8 * i));
    fixCrc(bytes);
    return bytes;
}

} // namespace

class TestModelFile : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char *name) const { return (m_dir.path() + "/" + name).toStdString(); }

private slots:
    void roundTrip()
    {
        const MlpParamsF p = sampleParams();
        QVERIFY(saveModel(path("m.bplab"), p).ok());
        const auto bytes = readBytes(path("m.bplab"));
        QCOMPARE(bytes.size(), std::size_t(407140));
        QCOMPARE(modelFileBytes(), std::size_t(407140));
        QCOMPARE(std::string(bytes.begin(), bytes.begin() + 8), std::string("BPLABMDL"));
        QCOMPARE(int(bytes[8]), 2); // version 2, little-endian
        QCOMPARE(int(bytes[20]), 0); // no info block
        auto back = loadModel(path("m.bplab"));
        QVERIFY2(back.ok(), back.error().c_str());
        QVERIFY(*back == p);
        QVERIFY(std::signbit(back->layers[0].W(0, 1)));
        auto model = readModel(path("m.bplab"));
        QVERIFY(model.ok() && model->params == p && !model->info);
        auto any = loadAnyModel(path("m.bplab"));
        QVERIFY(any.ok() && *any == p);
        // W1 row 0 starts right after the 56-byte header: row-major, the torch layout.
        float w;
        std::memcpy(&w, bytes.data() + 56 + 4 * 2, 4);
        QCOMPARE(w, p.layers[0].W(0, 2));
        std::memcpy(&w, bytes.data() + 56 + 4 * 784, 4);
        QCOMPARE(w, p.layers[0].W(1, 0));
        // Saving again replaces the file atomically and leaves no temporary file.
        QVERIFY(saveModel(path("m.bplab"), initMlp(Architecture::source(), Init::He, 1)).ok());
        QVERIFY(*loadModel(path("m.bplab")) == initMlp(Architecture::source(), Init::He, 1));
        QCOMPARE(QDir(m_dir.path()).entryList(QStringList() << ".m.bplab*", QDir::Files | QDir::Hidden).size(), 0);
        QVERIFY(encodeModel(p) == encodeModel(p));
    }

    void flippedByteIsRefused_data()
    {
        QTest::addColumn<int>("offset");
        QTest::addColumn<QString>("message");
        QTest::newRow("magic") << 0 << "flipped.bplab: not a Backprop Lab model file";
        QTest::newRow("version") << 8 << "flipped.bplab: model file version 253; this program reads versions 1 to 4";
        QTest::newRow("dtype") << 12 << "flipped.bplab: data type code 254 is unknown (1 = float32)";
        QTest::newRow("array count") << 16 << "flipped.bplab: holds 251 arrays; the 784-128-10 network has 4";
        QTest::newRow("info size") << 22 << "flipped.bplab: the header announces 16,711,680 bytes of model info; at most 65,536 are allowed";
        QTest::newRow("info size, small") << 20 << "flipped.bplab: the file holds 407,140 bytes; a model file with 255 bytes of info has 407,395 (it is cut short)";
        QTest::newRow("shape of W1") << 24 << "flipped.bplab: array W1 is 127x784; the network needs 128x784";
        QTest::newRow("shape of b2") << 48 << "flipped.bplab: array b2 is 245x1; the network needs 10x1";
        QTest::newRow("a weight of W1") << 56 + 4 * 1000 + 2 << "flipped.bplab: checksum mismatch (CRC32 stored";
        QTest::newRow("a bias of b2") << 407131 << "flipped.bplab: checksum mismatch (CRC32 stored";
        QTest::newRow("the checksum itself") << 407139 << "flipped.bplab: checksum mismatch (CRC32 stored";
    }
    void flippedByteIsRefused()
    {
        QFETCH(int, offset);
        QFETCH(QString, message);
        auto bytes = encodeModel(sampleParams());
        bytes[std::size_t(offset)] ^= 0xFF;
        writeBytes(path("flipped.bplab"), bytes);
        auto r = loadModel(path("flipped.bplab"));
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error()).startsWith(message), r.error().c_str());
        if (message.contains("checksum"))
            QVERIFY2(r.error().find("the file is damaged") != std::string::npos, r.error().c_str());
    }

    void infoRoundTrip()
    {
        const MlpParamsF p = sampleParams();
        const ModelInfo info = sampleInfo();
        QVERIFY(saveModel(path("info.bplab"), p, info).ok());
        const auto bytes = readBytes(path("info.bplab"));
        const std::string text = encodeModelInfo(info);
        QCOMPARE(bytes.size(), std::size_t(407140) + text.size());
        QCOMPARE(std::string(bytes.end() - 4 - std::ptrdiff_t(text.size()), bytes.end() - 4), text);
        QVERIFY(text.find("lr=0.30000000000000004\n") != std::string::npos);
        QVERIFY(text.find("init_from=start\\\\weights\\n.npz\n") != std::string::npos);
        QVERIFY(text.find("normalize=standard\nschedule") == std::string::npos); // the documented order
        QVERIFY(text.rfind("normalize=standard\ninit=he\n", 0) == 0);
        auto back = readModel(path("info.bplab"));
        QVERIFY2(back.ok(), back.error().c_str());
        QVERIFY(back->params == p);
        QVERIFY(back->info.has_value());
        QVERIFY(*back->info == info);
        QCOMPARE(back->info->recipe.lr, 0.1 + 0.2);
        QCOMPARE(back->info->recipe.seed, std::uint64_t(18446744073709551615ull));
        QCOMPARE(back->info->initFrom, std::string("start\\weights\n.npz"));
        QVERIFY(encodeModel(p, &info) == bytes); // the same weights and info give the same bytes
        auto any = readAnyModel(path("info.bplab"));
        QVERIFY(any.ok() && any->info && *any->info == info);
        // Unknown accuracy is left out, not written as 0.
        ModelInfo noAccuracy = info;
        noAccuracy.testAccuracy.reset();
        QVERIFY(encodeModelInfo(noAccuracy).find("test_accuracy") == std::string::npos);
        auto again = decodeModelInfo(encodeModelInfo(noAccuracy), "x");
        QVERIFY(again.ok() && *again == noAccuracy && !again->testAccuracy);
        QCOMPARE(describeModelInfo(info),
                 std::string("15 epochs on Fashion-MNIST \xc3\xa9 (60,000 training images), started from "
                             "start\\weights\n.npz, seed 18446744073709551615, SGD lr 0.30000000000000004 "
                             "momentum 0.9 cosine, batch 64, augmented, inputs standardised; test accuracy 96.13%"));
    }

    void versionOneLoads()
    {
        // A version-1 file: the same layout with version 1 and the reserved field 0, no info.
        auto bytes = encodeModel(sampleParams());
        bytes[8] = 1;
        fixCrc(bytes);
        writeBytes(path("v1.bplab"), bytes);
        auto r = readModel(path("v1.bplab"));
        QVERIFY2(r.ok(), r.error().c_str());
        QVERIFY(r->params == sampleParams());
        QVERIFY(!r->info);
        // Version 1 has no info: a non-zero reserved field is still refused.
        auto info = withInfoText("normalize=none\n");
        info[8] = 1;
        fixCrc(info);
        auto d = decodeModelFile(info.data(), info.size(), "v1.bplab");
        QVERIFY(!d.ok());
        QCOMPARE(d.error(), std::string("v1.bplab: reserved header field is 15, expected 0"));
    }

    void flippedInfoByteIsRefused()
    {
        const ModelInfo info = sampleInfo();
        auto bytes = encodeModel(sampleParams(), &info);
        const std::size_t infoStart = 407136;
        for (std::size_t at : {infoStart, infoStart + 3, bytes.size() - 5}) {
            auto flipped = bytes;
            flipped[at] ^= 0x04; // "normalize=standard" -> "jormalize=standard" etc.
            auto r = decodeModelFile(flipped.data(), flipped.size(), "flipped.bplab");
            QVERIFY(!r.ok());
            QVERIFY2(r.error().rfind("flipped.bplab: checksum mismatch (CRC32 stored", 0) == 0, r.error().c_str());
        }
    }

    void badInfoIsRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString ok = "init=he\nseed=1\nepochs=10\nbatch=64\nlr=0.1\nmomentum=0\nschedule=constant\nepochs_trained=10\n";
        QTest::newRow("no normalize") << ok << "m.bplab: the model info has no \"normalize\"";
        QTest::newRow("unknown scaling") << "normalize=zscore\n" + ok
                                         << "m.bplab: model info \"normalize\" is \"zscore\"; expected none or standard";
        QTest::newRow("twice") << "normalize=none\nnormalize=standard\n" + ok
                               << "m.bplab: model info key \"normalize\" appears twice";
        QTest::newRow("no =") << "normalize=none\nhello\n" + ok << "m.bplab: model info line 2 is not key=value (\"hello\")";
        QTest::newRow("no line break") << "normalize=none\n" + ok + "dataset=MNIST"
                                       << "m.bplab: model info line 10 does not end with a line break";
        QTest::newRow("negative batch") << "normalize=none\n" + QString(ok).replace("batch=64", "batch=-3")
                                        << "m.bplab: model info \"batch\" is \"-3\"; expected a whole number from 1 to 1000000";
        QTest::newRow("accuracy 120") << "normalize=none\ntest_accuracy=120\n" + ok
                                      << "m.bplab: model info \"test_accuracy\" is \"120\"; expected a number from 0 to 100";
        QTest::newRow("bad crc") << "normalize=none\ntrain_crc32=xyz\n" + ok
                                 << "m.bplab: model info \"train_crc32\" is \"xyz\"; expected 8 hex digits";
        QTest::newRow("unknown key is fine") << "normalize=standard\nfuture_key=1\n" + ok << "";
    }
    void badInfoIsRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto bytes = withInfoText(text.toStdString());
        auto r = decodeModelFile(bytes.data(), bytes.size(), "m.bplab");
        if (message.isEmpty()) {
            QVERIFY2(r.ok(), r.error().c_str());
            QVERIFY(r->info->recipe.normalize == Normalize::Standard);
            QCOMPARE(r->info->epochsTrained, 10);
            return;
        }
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error()), message);
    }

    void truncatedOrPaddedIsRefused()
    {
        auto bytes = encodeModel(sampleParams());
        writeBytes(path("cut.bplab"), std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 407000));
        auto r = loadModel(path("cut.bplab"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("cut.bplab: the file holds 407,000 bytes; a model file has 407,140 (it is cut short)"));
        writeBytes(path("hdr.bplab"), std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 30));
        r = loadModel(path("hdr.bplab"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("hdr.bplab: cut short after 30 bytes (a model file has 407,140)"));
        auto longer = bytes;
        longer.push_back(0);
        writeBytes(path("long.bplab"), longer);
        r = loadModel(path("long.bplab"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("long.bplab: the file holds 407,141 bytes; a model file has 407,140 (extra data at the end)"));
        writeBytes(path("empty.bplab"), {});
        r = loadModel(path("empty.bplab"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().find("empty.bplab: not a Backprop Lab model file") == 0, r.error().c_str());
        r = loadModel(path("missing.bplab"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().find("missing.bplab: cannot open") != std::string::npos, r.error().c_str());
        // A big file is refused before it is read.
        writeBytes(path("big.bplab"), std::vector<std::uint8_t>(2 << 20, 0));
        r = loadModel(path("big.bplab"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().find("2,097,152 bytes is more than such a file can hold") != std::string::npos, r.error().c_str());
        auto any = loadAnyModel(path("empty.bplab"));
        QVERIFY(!any.ok());
        QCOMPARE(any.error(), std::string("empty.bplab: neither a Backprop Lab model file (\"BPLABMDL\") nor a NumPy .npz (zip)"));
    }

    void saveToAMissingFolderFails()
    {
        const Status s = saveModel(path("no/such/folder/m.bplab"), sampleParams());
        QVERIFY(!s.ok());
        QVERIFY2(s.error().find("cannot create a temporary file") != std::string::npos, s.error().c_str());
    }

    void npzRoundTrip()
    {
        const MlpParamsF p = sampleParams();
        QVERIFY(saveNpz(path("w.npz"), p).ok());
        auto back = loadNpz(path("w.npz"));
        QVERIFY2(back.ok(), back.error().c_str());
        QVERIFY(*back == p);
        auto any = loadAnyModel(path("w.npz"));
        QVERIFY(any.ok() && *any == p);
        QVERIFY(encodeNpz(p) == encodeNpz(p));
        const auto bytes = readBytes(path("w.npz"));
        QCOMPARE(std::string(bytes.begin(), bytes.begin() + 2), std::string("PK"));
        // The .npy header NumPy expects, padded to 64 bytes.
        const std::string text(bytes.begin(), bytes.end());
        QVERIFY(text.find("{'descr': '<f4', 'fortran_order': False, 'shape': (128, 784), }") != std::string::npos);
        QVERIFY(text.find("'shape': (10,), }") != std::string::npos);
    }

    void npzDamageIsRefused()
    {
        auto bytes = encodeNpz(sampleParams());
        auto flipped = bytes;
        flipped[2000] ^= 0x55; // inside W1's data
        auto r = decodeNpz(flipped.data(), flipped.size(), "x.npz");
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("x.npz: entry W1.npy: CRC32 mismatch, the file is damaged"));
        r = decodeNpz(bytes.data(), bytes.size() / 2, "half.npz");
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("half.npz: not a zip archive (no end-of-central-directory record)"));
        const std::vector<std::uint8_t> junk(100, 7);
        r = decodeNpz(junk.data(), junk.size(), "junk.npz");
        QVERIFY(!r.ok());
    }

    bool python(const QString &code, QString *out = nullptr) { return test::runPython(code, out); }

    void numpyReadsOurs()
    {
        if (!QFile::exists("/usr/bin/python3") || !python("import numpy"))
            QSKIP("/usr/bin/python3 with NumPy is not installed");
        const MlpParamsF p = sampleParams();
        QVERIFY(saveNpz(path("ours.npz"), p).ok());
        QString out;
        QVERIFY(python(QString("import numpy as np; d = np.load('%1'); "
                               "print(sorted((k, d[k].shape, str(d[k].dtype)) for k in d)); "
                               "print(repr(float(d['W1'][3, 700])), repr(float(d['b2'][9])))")
                           .arg(QString::fromStdString(path("ours.npz"))),
                       &out));
        const QStringList lines = out.split('\n');
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0], QString("[('W1', (128, 784), 'float32'), ('W2', (10, 128), 'float32'), "
                                   "('b1', (128,), 'float32'), ('b2', (10,), 'float32')]"));
        const QStringList values = lines[1].split(' ');
        QCOMPARE(values[0].toFloat(), p.layers[0].W(3, 700));
        QCOMPARE(values[1].toFloat(), p.layers[1].b(9));
    }

    void oursReadsNumpy_data()
    {
        QTest::addColumn<QString>("save");
        QTest::newRow("savez float32") << "np.savez(out, W1=W1, b1=b1, W2=W2, b2=b2)";
        QTest::newRow("savez_compressed (deflated)") << "np.savez_compressed(out, W1=W1, b1=b1, W2=W2, b2=b2)";
        QTest::newRow("float64, Fortran order")
            << "np.savez(out, W1=np.asfortranarray(W1.astype(np.float64)), b1=b1.astype(np.float64), "
               "W2=np.asfortranarray(W2), b2=b2)";
        QTest::newRow("big-endian, biases as columns")
            << "np.savez(out, W1=W1.astype('>f4'), b1=b1.reshape(128, 1), W2=W2.astype('>f8'), b2=b2.reshape(1, 10))";
    }
    void oursReadsNumpy()
    {
        QFETCH(QString, save);
        if (!QFile::exists("/usr/bin/python3") || !python("import numpy"))
            QSKIP("/usr/bin/python3 with NumPy is not installed");
        const std::string out = path("numpy.npz");
        QFile::remove(QString::fromStdString(out));
        // Values from a formula both sides can compute: w = sin(row * 131 + col) / 10 (float32).
        QVERIFY(python(QString("import numpy as np; out = '%1'; "
                               "f = lambda r, c: (np.sin(np.arange(r)[:, None] * 131.0 + np.arange(c)[None, :]) / 10).astype(np.float32); "
                               "W1 = f(128, 784); W2 = f(10, 128); b1 = f(128, 1)[:, 0].copy(); b2 = f(10, 1)[:, 0].copy(); %2")
                           .arg(QString::fromStdString(out), save)));
        auto r = loadAnyModel(out);
        QVERIFY2(r.ok(), r.error().c_str());
        auto expect = [](int row, int col) { return float(std::sin(row * 131.0 + col) / 10); };
        for (int row : {0, 1, 77, 127})
            for (int col : {0, 5, 500, 783})
                QVERIFY(std::abs(r->layers[0].W(row, col) - expect(row, col)) < 1e-7f);
        QVERIFY(std::abs(r->layers[1].W(9, 100) - expect(9, 100)) < 1e-7f);
        QVERIFY(std::abs(r->layers[0].b(50) - expect(50, 0)) < 1e-7f);
        QVERIFY(std::abs(r->layers[1].b(7) - expect(7, 0)) < 1e-7f);
    }

    void numpyWrongShapeIsRefused()
    {
        if (!QFile::exists("/usr/bin/python3") || !python("import numpy"))
            QSKIP("/usr/bin/python3 with NumPy is not installed");
        const std::string out = path("transposed.npz");
        QVERIFY(python(QString("import numpy as np; np.savez('%1', W1=np.zeros((784, 128), np.float32), "
                               "b1=np.zeros(128, np.float32), W2=np.zeros((10, 128), np.float32), b2=np.zeros(10, np.float32))")
                           .arg(QString::fromStdString(out))));
        auto r = loadNpz(out);
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("transposed.npz: W1.npy has shape (784, 128); the network needs (128, 784) "
                                        "(torch.nn.Linear layout: outputs x inputs)"));
        QVERIFY(python(QString("import numpy as np; np.savez('%1', W1=np.zeros((128, 784), np.float32))")
                           .arg(QString::fromStdString(out))));
        r = loadNpz(out);
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("transposed.npz: no b1.npy in the archive (it holds: W1.npy); expected W1, b1, W2, b2"));
        QVERIFY(python(QString("import numpy as np; np.savez('%1', W1=np.zeros((128, 784), np.int32), "
                               "b1=np.zeros(128), W2=np.zeros((10, 128)), b2=np.zeros(10))")
                           .arg(QString::fromStdString(out))));
        r = loadNpz(out);
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("transposed.npz: W1.npy: data type <i4 is not float32 or float64"));
    }
};

QTEST_MAIN(TestModelFile)
#include "tst_modelfile.moc"
