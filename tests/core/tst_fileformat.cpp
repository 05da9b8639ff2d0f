// The first bytes that make a file a zip (.npz) for every reader that takes several kinds: the
// model readers and `inspect` take the same files for an .npz.

#include "io/fileformat.h"
#include "io/modelfile.h"
#include "io/npz.h"
#include "nn/mlp.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <string>
#include <vector>

using namespace bplab;

class TestFileFormat : public QObject
{
    Q_OBJECT

private slots:
    void zipHeads_data();
    void zipHeads();
    void whatWeWriteIsAZip();
    void aNearZipIsNoNpz();
};

void TestFileFormat::zipHeads_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<bool>("zip");
    QTest::newRow("local file header") << QByteArray("PK\x03\x04\x14\x00", 6) << true;
    QTest::newRow("empty archive") << QByteArray("PK\x05\x06\x00\x00", 6) << true;
    QTest::newRow("exactly four bytes") << QByteArray("PK\x03\x04", 4) << true;
    QTest::newRow("cut short") << QByteArray("PK\x03", 3) << false;
    QTest::newRow("nothing") << QByteArray() << false;
    QTest::newRow("spanned archive marker") << QByteArray("PK\x07\x08PK\x03\x04", 8) << false;
    QTest::newRow("local header, wrong fourth byte") << QByteArray("PK\x03\x00", 4) << false;
    QTest::newRow("end record, wrong fourth byte") << QByteArray("PK\x05\x05", 4) << false;
    QTest::newRow("model file") << QByteArray("BPLABMDL") << false;
    QTest::newRow("lower case") << QByteArray("pk\x03\x04", 4) << false;
}

void TestFileFormat::zipHeads()
{
    QFETCH(QByteArray, head);
    QFETCH(bool, zip);
    QCOMPARE(looksLikeZip(reinterpret_cast<const std::uint8_t *>(head.constData()), std::size_t(head.size())), zip);
}

void TestFileFormat::whatWeWriteIsAZip()
{
    Architecture tanh;
    tanh.hidden = {24, 12};
    tanh.activation = Activation::Tanh;
    const std::vector<std::uint8_t> source = encodeNpz(initMlp(Architecture::source(), 1));
    const std::vector<std::uint8_t> other = encodeNetworkNpz(tanh, initMlp(tanh, 2));
    QVERIFY(looksLikeZip(source.data(), source.size()));
    QVERIFY(looksLikeZip(other.data(), other.size()));
    const std::vector<std::uint8_t> model = encodeModel(initMlp(Architecture::source(), 1));
    QVERIFY(!looksLikeZip(model.data(), model.size()));
}

void TestFileFormat::aNearZipIsNoNpz()
{
    // "PK\3" and a byte that no zip has there: neither a model file nor an .npz, as inspect says,
    // never handed to the zip reader.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("odd.npz")).toStdString();
    {
        std::ofstream f(path, std::ios::binary);
        static const char text[] = "PK\x03\x00 not a zip at all, but long enough to read";
        const std::string bytes(text, sizeof text - 1);
        f.write(bytes.data(), std::streamsize(bytes.size()));
    }
    const Result<NetworkModel> network = readAnyNetwork(path);
    QVERIFY(!network);
    QVERIFY2(network.error().find("neither a Backprop Lab model file") != std::string::npos, network.error().c_str());
    const Result<Model> model = readAnyModel(path);
    QVERIFY(!model);
    QVERIFY2(model.error().find("neither a Backprop Lab model file") != std::string::npos, model.error().c_str());
}

QTEST_GUILESS_MAIN(TestFileFormat)
#include "tst_fileformat.moc"
