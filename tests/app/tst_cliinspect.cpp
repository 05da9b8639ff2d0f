// inspect through the tool: every kind of file valid and damaged, files that are no file
// (folders, pipes, devices), huge promises that must be refused unread, and usage errors.

#include "clitestutil.h"

#if __has_include("snapshot.h")
#include "train/snapshot.h"
#define BPLAB_TEST_SNAPSHOTS 1
#endif

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <sys/stat.h>
#include <zlib.h>

using namespace bplab::test;

namespace {

/** data as a gzip stream (what `gzip` writes). */
QByteArray gzip(const QByteArray &data)
{
    z_stream zs {};
    if (deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    QByteArray out(int(deflateBound(&zs, uLong(data.size()))) + 32, '\0');
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    zs.avail_in = uInt(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    out.resize(qsizetype(zs.total_out));
    deflateEnd(&zs);
    return rc == Z_STREAM_END ? out : QByteArray();
}

/** A model file as docs/file-formats.md describes it, every weight `value`, with a valid CRC32. */
QByteArray modelFile(float value)
{
    QByteArray b = QByteArray("BPLABMDL") + littleEndian(1, 4) + littleEndian(1, 4) + littleEndian(4, 4)
                   + littleEndian(0, 4);
    for (std::uint32_t v : {128u, 784u, 128u, 1u, 10u, 128u, 10u, 1u})
        b += littleEndian(v, 4);
    std::uint32_t bits;
    std::memcpy(&bits, &value, 4);
    const QByteArray one = littleEndian(bits, 4);
    for (int i = 0; i < 101770; ++i)
        b += one;
    return b + littleEndian(crc32(b), 4);
}

} // namespace

class TestCliInspect : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }
    void idxImagesRawAndGzip();
    void idxLabelCounts();
    void damagedIdx();
    void hugePromisesAreRefusedUnread();
    void modelFiles();
    void npzFiles();
    void manifests();
    void snapshots();
    void notFilesAndUnknownContent();
    void usageErrors();

private:
    QString write(const char *name, const QByteArray &bytes)
    {
        const QString p = m_tmp.filePath(QString::fromUtf8(name));
        if (!writeFile(p, bytes))
            qFatal("cannot write %s", qPrintable(p));
        return p;
    }
    /** inspect --json on path: exit code expected, the kind, and (when invalid) stderr naming what. */
    QJsonObject inspect(const QString &path, int expectedExit, const char *kind, const char *errorPart = nullptr)
    {
        const CliRun run = runCli({"inspect", path, "--json"}, 60000);
        if (run.crashed || run.exitCode != expectedExit)
            qWarning("inspect %s: exit %d, stdout %s, stderr %s", qPrintable(path), run.exitCode,
                     run.out.constData(), run.err.constData());
        [&] {
            QVERIFY(!run.crashed);
            QCOMPARE(run.exitCode, expectedExit);
            QCOMPARE(run.json().value("kind").toString(), QString::fromUtf8(kind));
            QCOMPARE(run.json().value("valid").toBool(), expectedExit == 0);
            if (expectedExit != 0) {
                QVERIFY(isOneLine(run.err));
                QVERIFY2(QString::fromUtf8(run.err).contains(QString::fromUtf8(errorPart)), run.err.constData());
                QCOMPARE(run.json().value("error").toString(), QString::fromUtf8(run.err).section(": ", 1).trimmed());
            }
        }();
        return run.json();
    }

    QTemporaryDir m_tmp;
};

void TestCliInspect::idxImagesRawAndGzip()
{
    const QByteArray images = idxImages(3, 28, 28, QByteArray(3 * 784, '\x40'));
    QJsonObject o = inspect(write("images", images), 0, "idx-images");
    QCOMPARE(o.value("details").toObject().value("count").toInt(), 3);
    QCOMPARE(o.value("details").toObject().value("rows").toInt(), 28);
    QCOMPARE(o.value("compressed").toBool(), false);
    // The name says labels and .npz: the content decides.
    o = inspect(write("labels.npz", gzip(images)), 0, "idx-images");
    QCOMPARE(o.value("compressed").toBool(), true);
    QCOMPARE(o.value("details").toObject().value("cols").toInt(), 28);

    const CliRun text = runCli({"inspect", m_tmp.filePath("images")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("IDX images: 3 images of 28x28: valid"), text.out.constData());
}

void TestCliInspect::idxLabelCounts()
{
    const QJsonObject o = inspect(write("labels.gz", gzip(idxLabels(5, QByteArray("\x01\x01\x07\x00\x09", 5)))), 0,
                                  "idx-labels");
    QCOMPARE(o.value("details").toObject().value("count").toInt(), 5);
    const QJsonArray perClass = o.value("details").toObject().value("class_counts").toArray();
    QCOMPARE(perClass.size(), 10);
    QCOMPARE(perClass.at(1).toInt(), 2);
    QCOMPARE(perClass.at(9).toInt(), 1);
    QCOMPARE(perClass.at(5).toInt(), 0);
}

void TestCliInspect::damagedIdx()
{
    // Noisy pixels: the gzip stream is long enough that a byte in its middle is past the header.
    const QByteArray images = idxImages(3, 28, 28, syntheticSet(3, 7).pixels);
    inspect(write("cut-images", images.left(1000)), 2, "idx-images", "header promises 3 images of 28x28");
    inspect(write("label-11", idxLabels(3, QByteArray("\x01\x0b\x02", 3))), 2, "idx-labels", "label 11 at index 1");
    QByteArray gz = gzip(images);
    gz[gz.size() / 2] = char(gz[gz.size() / 2] ^ 0x55);
    inspect(write("garbled.gz", gz), 2, "idx-images", "garbled.gz");
    inspect(write("cut.gz", gzip(images).left(gzip(images).size() / 2)), 2, "idx-images", "cut.gz");
    inspect(write("floats", bigEndian32(0x00000D02) + bigEndian32(2) + bigEndian32(2) + QByteArray(16, '\0')), 2,
            "idx", "element type 0x0D");
}

void TestCliInspect::hugePromisesAreRefusedUnread()
{
    // A small gzip stream whose header promises 2,000,000 images of 28x28 (1.6 GB): refused from
    // the header, never inflated into memory.
    const QByteArray header = idxImages(2000000, 28, 28, QByteArray(4096, '\0'));
    QElapsedTimer timer;
    timer.start();
    inspect(write("bomb.gz", gzip(header)), 2, "idx-images", "inspect checks IDX files of at most");
    // A sparse raw file of exactly the promised size (1.6 GB of holes): refused without reading.
    const QString sparse = m_tmp.filePath("sparse-images");
    {
        QFile f(sparse);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.write(idxImages(2000000, 28, 28, {})) == 16);
        QVERIFY(f.resize(16 + qint64(2000000) * 784));
    }
    inspect(sparse, 2, "idx-images", "1,568,000,000 bytes");
    QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
}

void TestCliInspect::modelFiles()
{
    const QByteArray model = modelFile(0.25f);
    QJsonObject o = inspect(write("weights.bin", model), 0, "model");
    const QJsonArray arrays = o.value("details").toObject().value("arrays").toArray();
    QCOMPARE(arrays.size(), 4);
    QCOMPARE(arrays.at(0).toObject().value("shape").toArray().at(1).toInt(), 784);
    QCOMPARE(o.value("details").toObject().value("non_finite").toInt(), 0);

    QByteArray flipped = model;
    flipped[5000] = char(flipped[5000] ^ 1);
    inspect(write("flipped.bplab", flipped), 2, "model", "checksum mismatch");
    inspect(write("short.bplab", model.left(300)), 2, "model", "short.bplab");
    o = inspect(write("nan.bplab", modelFile(std::nanf(""))), 2, "model", "NaN or infinite");
    QCOMPARE(o.value("details").toObject().value("non_finite").toInt(), 101770);
}

void TestCliInspect::npzFiles()
{
    const QVector<NpyArray> good = {{"W1", {128, 784}, QVector<float>(128 * 784, 0.5f)},
                                    {"b1", {128}, QVector<float>(128, 0.f)},
                                    {"W2", {10, 128}, QVector<float>(1280, -0.5f)},
                                    {"b2", {10}, QVector<float>(10, 0.f)}};
    const QString path = m_tmp.filePath("weights.npz");
    QVERIFY(writeNpz(path, good));
    const QJsonObject o = inspect(path, 0, "npz");
    QCOMPARE(o.value("details").toObject().value("arrays").toArray().at(2).toObject().value("name").toString(),
             QStringLiteral("W2"));

    QVector<NpyArray> wrong = good;
    wrong[2] = {"W2", {128, 10}, QVector<float>(1280, 0.f)};
    const QString wrongPath = m_tmp.filePath("transposed.npz");
    QVERIFY(writeNpz(wrongPath, wrong));
    inspect(wrongPath, 2, "npz", "W2.npy has shape (128, 10)");
    QByteArray cut = readFile(path);
    inspect(write("cut.npz", cut.left(cut.size() / 2)), 2, "npz", "cut.npz");
}

void TestCliInspect::manifests()
{
    const QByteArray good = R"({"files": [{"name": "train-images-idx3-ubyte.gz",
        "md5": "f68b3c2dcbeaaa9fbdd348bbdeb94873", "size": 9912422},
        {"name": "t10k-labels-idx1-ubyte.gz", "md5": "ec29112dd5afa0611ce80d1b7f02629c", "size": 4542}]})";
    const QJsonObject o = inspect(write("mnist.json", good), 0, "manifest");
    QCOMPARE(o.value("details").toObject().value("files").toInt(), 2);
    QCOMPARE(o.value("details").toObject().value("total_bytes").toInt(), 9912422 + 4542);

    QByteArray badMd5 = good;
    badMd5.replace("ec29112dd5afa0611ce80d1b7f02629c", "ec29");
    inspect(write("bad-md5.json", badMd5), 2, "manifest", "md5");
    inspect(write("broken.json", good.left(60)), 2, "manifest", "broken.json");
}

void TestCliInspect::snapshots()
{
#ifndef BPLAB_TEST_SNAPSHOTS
    inspect(write("snap", QByteArray("BPLABSNP") + QByteArray(100, '\0')), 2, "snapshot", "snapshot");
#else
    bplab::TrainingSnapshot s;
    s.batchesPerEpoch = 4;
    s.data.trainCount = 4 * std::uint64_t(s.config.batch);
    s.data.testCount = 100;
    s.epoch = 1;
    s.step = 4;
    s.batchLosses = {2.3f, 2.0f, 1.5f, 1.2f};
    s.epochs.resize(1);
    s.epochs[0].epoch = 1;
    const std::vector<std::uint8_t> bytes = bplab::encodeSnapshot(s);
    QVERIFY2(bplab::checkSnapshot(s).ok(), bplab::checkSnapshot(s).error().c_str());
    const QByteArray file(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size()));
    const QJsonObject o = inspect(write("run.bplabsnap", file), 0, "snapshot");
    QCOMPARE(o.value("details").toObject().value("step").toInt(), 4);
    QByteArray flipped = file;
    flipped[flipped.size() / 2] = char(flipped[flipped.size() / 2] ^ 0x10);
    inspect(write("flipped.bplabsnap", flipped), 2, "snapshot", "flipped.bplabsnap");
    inspect(write("cut.bplabsnap", file.left(file.size() - 9)), 2, "snapshot", "cut.bplabsnap");
#endif
}

void TestCliInspect::notFilesAndUnknownContent()
{
    inspect(write("empty", {}), 2, "empty", "the file is empty");
    inspect(m_tmp.path(), 2, "folder", "is a folder");
    inspect(m_tmp.filePath("no-such-file"), 2, "missing", "no-such-file");
    inspect(write("text.txt", "hello, world\n"), 2, "unknown", "68 65 6C 6C");
    // Endless or blocking inputs are never read: a device and a pipe with no writer.
    if (QFileInfo::exists("/dev/zero"))
        inspect(QStringLiteral("/dev/zero"), 2, "special", "regular files only");
    const QString fifo = m_tmp.filePath("pipe");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    inspect(fifo, 2, "special", "regular files only");
}

void TestCliInspect::usageErrors()
{
    QCOMPARE(runCli({"inspect"}).exitCode, 1);
    QCOMPARE(runCli({"inspect", "a", "b"}).exitCode, 1);
    QCOMPARE(runCli({"inspect", "--frobnicate", "a"}).exitCode, 1);
    const CliRun help = runCli({"inspect", "--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("manifest"));
}

QTEST_MAIN(TestCliInspect)
#include "tst_cliinspect.moc"
