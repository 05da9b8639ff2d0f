// Damaged data through the command-line tool: exit code 2 and one line on stderr that names the
// file and the problem. Each case starts from a valid folder and damages one file.

#include "clitestutil.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace bplab::test;

namespace {

constexpr int kTrain = 100;
constexpr int kTest = 50;

/** A gzip member header followed by a deflate block of the reserved type 3: zlib must refuse it. */
QByteArray corruptGzip()
{
    QByteArray b = QByteArray::fromHex("1f8b0800000000000003");
    b += char(0x07); // BFINAL = 1, BTYPE = 11 (reserved)
    b += QByteArray(64, char(0x5a));
    return b;
}

} // namespace

class TestCliDataErrors : public QObject
{
    Q_OBJECT

private slots:
    void validFolderLoads();
    void damagedFile_data();
    void damagedFile();
    void missingFolder();
    void missingModel();

private:
    QString freshFolder(QTemporaryDir &tmp);
};

QString TestCliDataErrors::freshFolder(QTemporaryDir &tmp)
{
    const QString dir = tmp.filePath(QStringLiteral("data"));
    if (!writeSyntheticFolder(dir, kTrain, kTest))
        return {};
    return dir;
}

void TestCliDataErrors::validFolderLoads()
{
    QTemporaryDir tmp;
    const QString dir = freshFolder(tmp);
    QVERIFY(!dir.isEmpty());
    const CliRun run = runCli({"train", "--data", dir, "--epochs", "0"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("100 training, 50 test images"), run.err.constData());
}

void TestCliDataErrors::damagedFile_data()
{
    QTest::addColumn<QString>("file");       // the file replaced (others stay valid)
    QTest::addColumn<QByteArray>("content"); // its new content
    QTest::addColumn<QString>("keyword");    // a word the message must contain

    const SyntheticSet train = syntheticSet(kTrain, 1);
    const SyntheticSet test = syntheticSet(kTest, 1001);
    const QByteArray validTrainImages = idxImages(kTrain, 28, 28, train.pixels);

    QTest::newRow("truncated images")
            << "train-images-idx3-ubyte" << validTrainImages.left(16 + 50 * 784 + 300) << "holds";
    QTest::newRow("wrong magic") << "t10k-images-idx3-ubyte"
                                 << idxImages(kTest, 28, 28, test.pixels, 0x00000804) << "magic";
    QTest::newRow("label file as images")
            << "train-images-idx3-ubyte" << idxLabels(kTrain, train.labels) << "magic";
    QTest::newRow("count larger than file")
            << "t10k-labels-idx1-ubyte" << idxLabels(5000, test.labels) << "5,000";
    QTest::newRow("image count larger than file")
            << "train-images-idx3-ubyte" << idxImages(1000000, 28, 28, train.pixels) << "1,000,000";
    QTest::newRow("huge dimensions")
            << "train-images-idx3-ubyte" << idxImages(kTrain, 1000000, 1000000, train.pixels)
            << "1,000,000";
    QByteArray badLabels = train.labels;
    badLabels[7] = char(11);
    QTest::newRow("label 11") << "train-labels-idx1-ubyte" << idxLabels(kTrain, badLabels)
                              << "label 11";
    QTest::newRow("corrupt gzip") << "train-images-idx3-ubyte.gz" << corruptGzip() << "gzip";
    QTest::newRow("empty file") << "t10k-labels-idx1-ubyte" << QByteArray() << "empty";
    QTest::newRow("header cut short")
            << "t10k-images-idx3-ubyte" << QByteArray::fromHex("0000080300") << "header";
    QTest::newRow("fewer labels than images")
            << "train-labels-idx1-ubyte" << idxLabels(kTrain - 1, train.labels.left(kTrain - 1))
            << "99";
}

void TestCliDataErrors::damagedFile()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, keyword);

    QTemporaryDir tmp;
    const QString dir = freshFolder(tmp);
    QVERIFY(!dir.isEmpty());
    // A .gz replaces the raw file of the same name.
    const QString name = file.endsWith(QLatin1String(".gz")) ? file.chopped(3) : file;
    QFile::remove(QDir(dir).filePath(name));
    QVERIFY(writeFile(QDir(dir).filePath(file), content));

    for (const QStringList &args :
         {QStringList {"train", "--data", dir, "--epochs", "1"},
          QStringList {"bench", "--data", dir, "--samples", "64", "--repeats", "1"}}) {
        const CliRun run = runCli(args);
        QVERIFY(!run.crashed);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(isOneLine(run.err), run.err.constData());
        QVERIFY2(run.err.contains(name.toUtf8()), run.err.constData());
        QVERIFY2(QString::fromUtf8(run.err).contains(keyword, Qt::CaseInsensitive),
                 run.err.constData());
        QVERIFY(run.out.isEmpty());
    }
}

void TestCliDataErrors::missingFolder()
{
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("nowhere"));
    const CliRun run = runCli({"train", "--data", dir, "--epochs", "1"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(isOneLine(run.err), run.err.constData());
    QVERIFY2(run.err.contains(dir.toUtf8()), run.err.constData());

    // A folder with only three of the four files names the missing one.
    const QString partial = freshFolder(tmp);
    QVERIFY(QFile::remove(QDir(partial).filePath(QStringLiteral("t10k-labels-idx1-ubyte"))));
    const CliRun run2 = runCli({"train", "--data", partial, "--epochs", "1"});
    QCOMPARE(run2.exitCode, 2);
    QVERIFY2(run2.err.contains("t10k-labels-idx1-ubyte"), run2.err.constData());
}

void TestCliDataErrors::missingModel()
{
    QTemporaryDir tmp;
    const QString dir = freshFolder(tmp);
    const QString model = tmp.filePath(QStringLiteral("absent.bplab"));
    const CliRun run = runCli({"eval", "--model", model, "--data", dir});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(isOneLine(run.err), run.err.constData());
    QVERIFY2(run.err.contains("absent.bplab"), run.err.constData());

    // Text is neither a model file nor an .npz.
    const QString text = tmp.filePath(QStringLiteral("notes.txt"));
    QVERIFY(writeFile(text, "these are not weights\n"));
    const CliRun run2 = runCli({"eval", "--model", text, "--data", dir});
    QCOMPARE(run2.exitCode, 2);
    QVERIFY2(run2.err.contains("notes.txt"), run2.err.constData());
}

QTEST_MAIN(TestCliDataErrors)
#include "tst_clidataerrors.moc"
