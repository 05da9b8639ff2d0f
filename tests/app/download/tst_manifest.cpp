// The built-in MNIST list, JSON manifests and their errors, mirror URLs and file checks.

#include "downloadfixture.h"
#include "manifest.h"

#include <QTemporaryDir>
#include <QTest>

using namespace bplab::download;

class TestManifest : public QObject
{
    Q_OBJECT

private slots:
    void mnistListHasThePublishedSizesAndMd5s()
    {
        const Manifest m = mnistManifest();
        QCOMPARE(m.files.size(), 4);
        QCOMPARE(m.files[0].name, QStringLiteral("train-images-idx3-ubyte.gz"));
        QCOMPARE(m.files[0].size, 9912422);
        QCOMPARE(m.files[0].md5, QByteArray("f68b3c2dcbeaaa9fbdd348bbdeb94873"));
        QCOMPARE(m.files[1].name, QStringLiteral("train-labels-idx1-ubyte.gz"));
        QCOMPARE(m.files[1].size, 28881);
        QCOMPARE(m.files[2].name, QStringLiteral("t10k-images-idx3-ubyte.gz"));
        QCOMPARE(m.files[2].md5, QByteArray("9fb629c4189551a2d022fa330f9573f3"));
        QCOMPARE(m.files[3].size, 4542);
        QCOMPARE(m.totalBytes(), 11594722);
        const QList<QUrl> mirrors = mnistMirrors();
        QCOMPARE(mirrors.size(), 3);
        QCOMPARE(fileUrl(mirrors[0], m.files[3].name).toString(),
                 QStringLiteral("https://ossci-datasets.s3.amazonaws.com/mnist/"
                                "t10k-labels-idx1-ubyte.gz"));
        QCOMPARE(fileUrl(mirrors[1], m.files[0].name).toString(),
                 QStringLiteral("http://yann.lecun.com/exdb/mnist/train-images-idx3-ubyte.gz"));
    }

    void parsesAManifest()
    {
        const QByteArray json = R"({"files": [
            {"name": "a.gz", "md5": "0123456789ABCDEF0123456789abcdef", "size": 12},
            {"name": "b.bin", "md5": "ffffffffffffffffffffffffffffffff", "size": 3000000000}]})";
        const bplab::Result<Manifest> m = parseManifest(json, QStringLiteral("/x/fashion.json"));
        QVERIFY2(m.ok(), m.error().c_str());
        QCOMPARE(m->dataset, QStringLiteral("fashion"));
        QCOMPARE(m->files.size(), 2);
        QCOMPARE(m->files[0].md5, QByteArray("0123456789abcdef0123456789abcdef")); // lower-cased
        QCOMPARE(m->files[1].size, Q_INT64_C(3000000000));
        QCOMPARE(m->totalBytes(), Q_INT64_C(3000000012));
    }

    void manifestErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{\"files\": [") << "not valid JSON";
        QTest::newRow("no files") << QByteArray("{\"name\": 1}") << "\"files\" array";
        QTest::newRow("empty") << QByteArray("{\"files\": []}") << "\"files\" is empty";
        QTest::newRow("not object") << QByteArray("{\"files\": [3]}") << "files[0] is not an object";
        QTest::newRow("no name")
                << QByteArray(R"({"files": [{"md5": "00000000000000000000000000000000", "size": 1}]})")
                << "files[0]: \"name\" is missing";
        QTest::newRow("path")
                << QByteArray(R"({"files": [{"name": "../x", "md5": "00000000000000000000000000000000", "size": 1}]})")
                << "plain file name";
        QTest::newRow("short md5")
                << QByteArray(R"({"files": [{"name": "a", "md5": "abc", "size": 1}]})")
                << "files[0] (a): \"md5\" must be 32 hexadecimal digits (got \"abc\")";
        QTest::newRow("zero size")
                << QByteArray(R"({"files": [{"name": "a", "md5": "00000000000000000000000000000000", "size": 0}]})")
                << "\"size\" must be a whole number";
        QTest::newRow("text size")
                << QByteArray(R"({"files": [{"name": "a", "md5": "00000000000000000000000000000000", "size": "10"}]})")
                << "\"size\" must be a whole number";
        QTest::newRow("twice")
                << QByteArray(R"({"files": [{"name": "a", "md5": "00000000000000000000000000000000", "size": 1},
                                            {"name": "a", "md5": "00000000000000000000000000000000", "size": 1}]})")
                << "files[1]: \"a\" is listed twice";
    }

    void manifestErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const bplab::Result<Manifest> m = parseManifest(json, QStringLiteral("m.json"));
        QVERIFY(!m.ok());
        const QString message = QString::fromStdString(m.error());
        QVERIFY2(message.startsWith(QLatin1String("m.json")), qPrintable(message));
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void missingManifestFileIsNamed()
    {
        const bplab::Result<Manifest> m = loadManifest(QStringLiteral("/nonexistent/m.json"));
        QVERIFY(!m.ok());
        QVERIFY(QString::fromStdString(m.error()).contains(QLatin1String("/nonexistent/m.json")));
    }

    void mirrors()
    {
        QCOMPARE(parseMirror(QStringLiteral("http://127.0.0.1:8080/data"))->toString(),
                 QStringLiteral("http://127.0.0.1:8080/data/"));
        QCOMPARE(parseMirror(QStringLiteral(" https://h/a/ "))->toString(),
                 QStringLiteral("https://h/a/"));
        QCOMPARE(fileUrl(*parseMirror(QStringLiteral("https://h")), QStringLiteral("f.gz"))
                         .toString(),
                 QStringLiteral("https://h/f.gz"));
        QVERIFY(!parseMirror(QStringLiteral("ftp://h/a/")).ok());
        QVERIFY(!parseMirror(QStringLiteral("")).ok());
        QVERIFY(!parseMirror(QStringLiteral("https://h/a/?x=1")).ok());
        QVERIFY(!parseMirror(QStringLiteral("/local/folder")).ok());
    }

    void checkFileStates()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray bytes = bplab::test::generatedBytes(5000, 1);
        const ManifestFile entry = bplab::test::entryFor(QStringLiteral("f"), bytes);
        const QString path = dir.filePath(QStringLiteral("f"));
        QCOMPARE(checkFile(path, entry), FileState::Missing);
        QVERIFY(bplab::test::writeAll(path, bytes.left(4999)));
        QCOMPARE(checkFile(path, entry), FileState::WrongSize);
        QByteArray damaged = bytes;
        damaged[2500] = char(damaged[2500] ^ 1);
        QVERIFY(bplab::test::writeAll(path, damaged));
        QCOMPARE(checkFile(path, entry), FileState::WrongMd5);
        QVERIFY(bplab::test::writeAll(path, bytes));
        QCOMPARE(checkFile(path, entry), FileState::Complete);
        QCOMPARE(fileMd5(path), entry.md5);
        Manifest m;
        m.files = {entry};
        QVERIFY(isDownloaded(m, dir.path()));
        m.files.append(bplab::test::entryFor(QStringLiteral("g"), bytes));
        QVERIFY(!isDownloaded(m, dir.path()));
        QCOMPARE(partName(QStringLiteral("f.gz")), QStringLiteral("f.gz.part"));
    }
};

QTEST_MAIN(TestManifest)
#include "tst_manifest.moc"
