// import-images through the tool: test images written as large dark-on-white PNGs in folders 0-9
// import to exactly the 28x28 inputs the Draw view's preprocessing makes of the same files, and
// eval on the imported test set agrees image by image with predict --json; every kind of bad
// input is named and left out, and a failed import writes nothing. Real MNIST test images when
// ../shared/data/mnist is here, else the synthetic set.

#include "clitestutil.h"

#include <drawnstore.h>
#include <data/idx.h>
#include <pictureimport.h>
#include <preprocess.h>

#include <QBuffer>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include <array>

#include <zlib.h>

using namespace bplab;
using namespace bplab::test;

class TestCliImport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void importsWhatDrawMakes();
    void evalAgreesWithPredict();
    void oneSetServesItsCommands();
    void badInputIsNamedAndSkipped();
    void damagedPicturesAreSkipped();
    void picturesUpTo50Megapixels();
    void failedImportWritesNothing();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    /** Test image i, scaled to 280x280 and inverted (dark ink on white), as a PNG. */
    bool writePicture(int i, const QString &file) const;

    QTemporaryDir m_tmp;
    SyntheticSet m_test;
    QString m_model;
    QStringList m_files; // the pictures in the order import-images reads them
    QString m_imported;
};

namespace {

constexpr int kPictures = 60;

/** A PNG whose header declares width x height, followed by a few bytes of image data only. */
QByteArray pngHeaderOnly(std::uint32_t width, std::uint32_t height)
{
    const auto chunk = [](const QByteArray &type, const QByteArray &data) {
        return bigEndian32(std::uint32_t(data.size())) + type + data
               + bigEndian32(crc32(type + data));
    };
    const QByteArray header
            = bigEndian32(width) + bigEndian32(height) + QByteArray("\x08\x00\x00\x00\x00", 5);
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", header) // 8-bit grey
           + chunk("IDAT", qCompress(QByteArray(64, '\0')).mid(4)) + chunk("IEND", {});
}

/**
 * An 8-bit RGB PNG of width x height, white with a black bar in its middle third, written row by
 * row through zlib: a 50-megapixel picture in a few hundred kilobytes, never whole in memory here
 * (decoded it is 4 bytes a pixel, 200 MB, as a photo of that size).
 */
bool writeLargeRgbPng(const QString &file, std::uint32_t width, std::uint32_t height)
{
    QFile out(file);
    if (!QDir().mkpath(QFileInfo(file).path()) || !out.open(QIODevice::WriteOnly))
        return false;
    const auto chunk = [&out](const QByteArray &type, const QByteArray &data) {
        out.write(bigEndian32(std::uint32_t(data.size())) + type + data + bigEndian32(crc32(type + data)));
    };
    out.write(QByteArray("\x89PNG\r\n\x1a\n", 8));
    chunk("IHDR", bigEndian32(width) + bigEndian32(height) + QByteArray("\x08\x02\x00\x00\x00", 5));
    z_stream z {};
    if (deflateInit(&z, 6) != Z_OK)
        return false;
    QByteArray paper(int(1 + 3 * width), char(255)), ink = paper;
    paper[0] = ink[0] = 0; // filter: none
    for (std::uint32_t x = width / 3; x < 2 * width / 3; ++x)
        ink[int(1 + 3 * x)] = ink[int(2 + 3 * x)] = ink[int(3 + 3 * x)] = 0;
    QByteArray buffer(1 << 16, '\0');
    for (std::uint32_t y = 0; y <= height; ++y) {
        const bool last = y == height;
        QByteArray &row = y > height / 3 && y < 2 * height / 3 ? ink : paper;
        z.next_in = last ? nullptr : reinterpret_cast<Bytef *>(row.data());
        z.avail_in = last ? 0 : uInt(row.size());
        do {
            z.next_out = reinterpret_cast<Bytef *>(buffer.data());
            z.avail_out = uInt(buffer.size());
            deflate(&z, last ? Z_FINISH : Z_NO_FLUSH);
            const int produced = buffer.size() - int(z.avail_out);
            if (produced > 0)
                chunk("IDAT", buffer.left(produced));
        } while (z.avail_out == 0);
    }
    deflateEnd(&z);
    chunk("IEND", {});
    return out.error() == QFileDevice::NoError;
}

bool writeInk(const QString &file)
{
    QImage page(90, 120, QImage::Format_Grayscale8);
    page.fill(255);
    for (int y = 20; y < 100; ++y)
        for (int x = 40; x < 50; ++x)
            page.scanLine(y)[x] = 0;
    return QDir().mkpath(QFileInfo(file).path()) && page.save(file, "PNG");
}

QStringList idxFiles(const QString &dir)
{
    return QDir(dir).entryList({QStringLiteral("*idx*")}, QDir::Files | QDir::Hidden);
}

} // namespace

bool TestCliImport::writePicture(int i, const QString &file) const
{
    QImage image(28, 28, QImage::Format_Grayscale8);
    for (int y = 0; y < 28; ++y)
        for (int x = 0; x < 28; ++x)
            image.scanLine(y)[x] = uchar(m_test.pixels.at(i * 784 + y * 28 + x));
    image = image.scaled(280, 280, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    image.invertPixels();
    return QDir().mkpath(QFileInfo(file).path()) && image.save(file, "PNG");
}

void TestCliImport::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    const std::string shared = sharedMnistFolder();
    QString data;
    if (!shared.empty()) {
        data = QString::fromStdString(shared);
        const auto images = readIdxImages(shared + "/t10k-images-idx3-ubyte.gz");
        const auto labels = readIdxLabels(shared + "/t10k-labels-idx1-ubyte.gz");
        QVERIFY2(images.ok() && labels.ok(), (images.error() + labels.error()).c_str());
        m_test.pixels = QByteArray(reinterpret_cast<const char *>(images->pixels.data()),
                                   kPictures * 784);
        m_test.labels
                = QByteArray(reinterpret_cast<const char *>(labels->labels.data()), kPictures);
    } else {
        data = path(QStringLiteral("synthetic"));
        QVERIFY(writeSyntheticFolder(data, 640, kPictures, 4, nullptr, &m_test));
    }
    m_model = path(QStringLiteral("m.bplab"));
    const CliRun trained = runCli({"train", "--data", data, "--epochs", "1", "--save", m_model});
    QVERIFY2(trained.exitCode == 0, trained.err.constData());

    // Folders 0-9, each file named by its index: the order import-images reads them in.
    QMap<QString, QString> byPath;
    for (int i = 0; i < kPictures; ++i) {
        const QString file = path(QStringLiteral("pictures/%1/%2.png")
                                          .arg(int(m_test.labels[i]))
                                          .arg(i, 3, 10, QLatin1Char('0')));
        QVERIFY(writePicture(i, file));
        byPath.insert(file, file);
    }
    m_files = byPath.values();
    m_imported = path(QStringLiteral("imported"));
    const CliRun run
            = runCli({"import-images", path(QStringLiteral("pictures")), "--out", m_imported});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(
            run.out.startsWith(QStringLiteral("imported %1 pictures into").arg(kPictures).toUtf8()),
            run.out.constData());
}

void TestCliImport::importsWhatDrawMakes()
{
    const auto images
            = readIdxImages((m_imported + QStringLiteral("/t10k-images-idx3-ubyte")).toStdString());
    const auto labels
            = readIdxLabels((m_imported + QStringLiteral("/t10k-labels-idx1-ubyte")).toStdString());
    QVERIFY2(images.ok(), images.error().c_str());
    QVERIFY2(labels.ok(), labels.error().c_str());
    QCOMPARE(images->count, std::size_t(kPictures));
    QCOMPARE(images->rows, 28);
    QVERIFY(!QFileInfo::exists(m_imported + QStringLiteral("/train-images-idx3-ubyte")));
    // Beside them, the picture of each image in the set's order, for the Dataset view.
    const std::vector<std::string> names = readImportedFiles(m_imported.toStdString(), ImportTarget::Test, kPictures);
    QCOMPARE(int(names.size()), kPictures);
    for (int i = 0; i < kPictures; ++i)
        QCOMPARE(QString::fromStdString(names[std::size_t(i)]), m_files[i]);
    for (int i = 0; i < kPictures; ++i) {
        // The Draw view's path: QImage -> greyFromImage -> preprocessPicture.
        const PreprocessResult drawn = preprocessPicture(greyFromImage(QImage(m_files[i])));
        QVERIFY(!drawn.empty);
        const std::uint8_t *imported = images->pixels.data() + std::size_t(i) * 784;
        QVERIFY2(std::equal(drawn.input.begin(), drawn.input.end(), imported),
                 qPrintable(m_files[i]));
        QCOMPARE(int(labels->labels[std::size_t(i)]),
                 QFileInfo(m_files[i]).dir().dirName().toInt());
    }
}

void TestCliImport::evalAgreesWithPredict()
{
    const CliRun eval = runCli({"eval", "--model", m_model, "--data", m_imported, "--json"});
    QVERIFY2(eval.exitCode == 0, eval.err.constData());
    const CliRun predict = runCli(QStringList {"predict", "--model", m_model, "--json"} + m_files);
    QVERIFY2(predict.exitCode == 0, predict.err.constData());
    const QList<QByteArray> lines = predict.out.trimmed().split('\n');
    QCOMPARE(lines.size(), kPictures);

    std::array<std::array<int, 10>, 10> confusion {};
    int correct = 0;
    for (int i = 0; i < kPictures; ++i) {
        const QJsonObject o = QJsonDocument::fromJson(lines[i]).object();
        QCOMPARE(o.value("file").toString(), m_files[i]);
        const int predicted = o.value("class").toInt(-1);
        const int label = QFileInfo(m_files[i]).dir().dirName().toInt();
        ++confusion[std::size_t(label)][std::size_t(predicted)];
        correct += predicted == label;
        // Image by image: the class the imported set's image i gets from the same model.
        const CliRun explain = runCli({"explain", "--model", m_model, "--data", m_imported, "--set",
                                       "test", "--index", QString::number(i), "--json"});
        QVERIFY2(explain.exitCode == 0, explain.err.constData());
        QCOMPARE(explain.json().value("predicted").toInt(-1), predicted);
    }
    const QJsonArray rows = eval.json().value("confusion").toArray();
    QCOMPARE(rows.size(), 10);
    for (int t = 0; t < 10; ++t)
        for (int p = 0; p < 10; ++p)
            QCOMPARE(rows[t].toArray()[p].toInt(), confusion[std::size_t(t)][std::size_t(p)]);
    QVERIFY(qAbs(eval.json().value("test_accuracy").toDouble() - 100.0 * correct / kPictures)
            < 1e-9);
}

void TestCliImport::oneSetServesItsCommands()
{
    // A test set alone: train needs a training set and says so, naming the folder.
    CliRun run = runCli({"train", "--data", m_imported, "--epochs", "1"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("holds no training set") && run.err.contains(m_imported.toUtf8()),
             run.err.constData());
    run = runCli({"explain", "--model", m_model, "--data", m_imported, "--set", "train", "--index",
                  "0"});
    QCOMPARE(run.exitCode, 2);

    // Two folders merge into one training set beside it; then training works on the folder.
    const QString both = path(QStringLiteral("both"));
    QVERIFY(QDir().mkpath(both));
    for (const QString &f : idxFiles(m_imported))
        QVERIFY(QFile::copy(m_imported + QLatin1Char('/') + f, both + QLatin1Char('/') + f));
    run = runCli({"import-images", path(QStringLiteral("pictures/1")),
                  path(QStringLiteral("pictures/2")), "--out", both, "--as", "train"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const int ones = int(m_test.labels.count(char(1))), twos = int(m_test.labels.count(char(2)));
    QVERIFY2(run.out.startsWith(QStringLiteral("imported %1 pictures").arg(ones + twos).toUtf8()),
             run.out.constData());
    const auto train
            = readIdxLabels((both + QStringLiteral("/train-labels-idx1-ubyte")).toStdString());
    QVERIFY2(train.ok(), train.error().c_str());
    QCOMPARE(int(train->labels.size()), ones + twos);
    QCOMPARE(int(train->labels.front()), 1);
    QCOMPARE(int(train->labels.back()), 2);
    run = runCli({"train", "--data", both, "--epochs", "1", "--batch", "8", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());

    // A training set alone: eval needs a test set.
    const QString trainOnly = path(QStringLiteral("train-only"));
    run = runCli({"import-images", path(QStringLiteral("pictures")), "--out", trainOnly, "--as",
                  "train"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    run = runCli({"eval", "--model", m_model, "--data", trainOnly});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("holds no test set"), run.err.constData());
}

void TestCliImport::badInputIsNamedAndSkipped()
{
    const QString bad = path(QStringLiteral("bad"));
    QVERIFY(QDir().mkpath(bad + QStringLiteral("/3")) && QDir().mkpath(bad + QStringLiteral("/4")));
    QVERIFY(writeInk(bad + QStringLiteral("/5/good.png")));
    QVERIFY(writeFile(bad + QStringLiteral("/3/x.png"), "this is text, not a picture\n"));
    QVERIFY(writeFile(bad + QStringLiteral("/4/huge.png"), pngHeaderOnly(20000, 20000)));
    QVERIFY(writeInk(bad + QStringLiteral("/misc/anna.png")));
    QVERIFY(writeInk(bad + QStringLiteral("/3/7_anna.png")));
    QVERIFY(QFile::link(bad, bad + QStringLiteral("/3/loop")));
    // A link to itself: the system says ELOOP, a loop as well, not a link to nothing.
    QVERIFY(QFile::link(bad + QStringLiteral("/3/self"), bad + QStringLiteral("/3/self")));
    const QString empty = path(QStringLiteral("empty"));
    QVERIFY(QDir().mkpath(empty));

    const QString out = path(QStringLiteral("bad-out"));
    const CliRun run = runCli({"import-images", bad, empty, "--out", out});
    // Some files skipped, the rest written: exit 3, so that a script notices.
    QVERIFY2(run.exitCode == 3, run.err.constData());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(QStringLiteral("3/x.png: not a picture")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("4/huge.png: 20000x20000 pixels")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("misc/anna.png: no label")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral(
                     "3/7_anna.png: two labels, 3 from its folder and 7 from its name")),
             qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("3/loop: a link that leads back")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("3/self: a link that leads back to itself")), qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("a link to nothing")), qPrintable(err));
    QVERIFY2(err.contains(empty + QStringLiteral(": no pictures in this folder")), qPrintable(err));
    QVERIFY2(run.out.contains("imported 1 pictures"), run.out.constData());
    QVERIFY2(run.out.contains("7 skipped: 1 not a picture, 1 too large, 1 without a label, 1 with "
                              "two labels, "
                              "2 a link loop, 1 an empty folder"),
             run.out.constData());
    const auto labels
            = readIdxLabels((out + QStringLiteral("/t10k-labels-idx1-ubyte")).toStdString());
    QVERIFY2(labels.ok(), labels.error().c_str());
    QCOMPARE(labels->labels, std::vector<std::uint8_t> {5});
}

void TestCliImport::damagedPicturesAreSkipped()
{
    // A JPEG cut after its first fifth: the decoder fills the rest in white and warns. Its ink is
    // in the rows that are still there, so only the warning tells it from a picture.
    QImage page(400, 400, QImage::Format_RGB32);
    page.fill(Qt::white);
    for (int y = 0; y < 400; ++y)
        for (int x = 0; x < 400; ++x)
            if (y < 60 ? (x > 150 && x < 250) : ((x * 7 + y * 13) % 23 == 0))
                page.setPixel(x, y, qRgb(20, 20, 20)); // a bar above, speckles below
    QByteArray jpeg;
    QBuffer buffer(&jpeg);
    QVERIFY(buffer.open(QIODevice::WriteOnly) && page.save(&buffer, "JPEG", 90));
    QVERIFY2(jpeg.size() > 5000, QByteArray::number(jpeg.size()).constData());
    const QString dir = path(QStringLiteral("damaged"));
    QVERIFY(QDir().mkpath(dir + QStringLiteral("/4")));
    QVERIFY(writeFile(dir + QStringLiteral("/4/cut.jpg"), jpeg.left(jpeg.size() / 5)));
    QVERIFY(writeFile(dir + QStringLiteral("/4/whole.jpg"), jpeg));
    QVERIFY(writeInk(dir + QStringLiteral("/5/good.png")));

    const QString out = path(QStringLiteral("damaged-out"));
    const CliRun run = runCli({"import-images", dir, "--out", out});
    QVERIFY2(run.exitCode == 3, run.err.constData());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(QStringLiteral("4/cut.jpg: a damaged picture (")), qPrintable(err));
    // The decoder's warning is in that line, not on a line of its own naming no file.
    for (const QString &line : err.split(QLatin1Char('\n')))
        QVERIFY2(!line.contains(QStringLiteral("JPEG")) || line.contains(QStringLiteral("cut.jpg")), qPrintable(err));
    QVERIFY2(run.out.contains("imported 2 pictures"), run.out.constData());
    QVERIFY2(run.out.contains("1 skipped: 1 not a picture"), run.out.constData());
    const auto labels = readIdxLabels((out + QStringLiteral("/t10k-labels-idx1-ubyte")).toStdString());
    QVERIFY2(labels.ok(), labels.error().c_str());
    QCOMPARE(labels->labels, (std::vector<std::uint8_t> {4, 5}));

    // Every file in: exit 0.
    const CliRun whole = runCli({"import-images", dir + QStringLiteral("/5"), "--out", out});
    QVERIFY2(whole.exitCode == 0, whole.err.constData());
}

void TestCliImport::picturesUpTo50Megapixels()
{
    // 7071 x 7071 is 49,999,041 pixels: under the 50 MP the import promises, and 200 MB decoded
    // as RGB, more than Qt's default allocation limit. 7072 x 7071 is over: refused by its header.
    const QString dir = path(QStringLiteral("large"));
    QVERIFY(writeLargeRgbPng(dir + QStringLiteral("/1/edge.png"), 7071, 7071));
    QVERIFY(writeFile(dir + QStringLiteral("/1/over.png"), pngHeaderOnly(7072, 7071)));
    const QString out = path(QStringLiteral("large-out"));
    const CliRun run = runCli({"import-images", dir, "--out", out});
    QVERIFY2(run.exitCode == 3, run.err.constData());
    QVERIFY2(run.out.contains("imported 1 pictures"), run.err.constData());
    QVERIFY2(run.err.contains("1/over.png: 7072x7071 pixels, more than the 50,000,000"), run.err.constData());
    QVERIFY2(!run.err.contains("edge.png"), run.err.constData());
    const auto images = readIdxImages((out + QStringLiteral("/t10k-images-idx3-ubyte")).toStdString());
    QVERIFY2(images.ok(), images.error().c_str());
    QCOMPARE(images->count, std::size_t(1));
    // The bar became ink: a vertical stroke in the middle columns of the 28 x 28 image.
    QVERIFY(images->pixels[14 * 28 + 14] > 128);
    QVERIFY(images->pixels[14 * 28 + 2] < 30);
}

void TestCliImport::failedImportWritesNothing()
{
    // Nothing importable: exit 2, the folder named, no IDX file anywhere.
    const QString empty = path(QStringLiteral("nothing"));
    QVERIFY(QDir().mkpath(empty + QStringLiteral("/2")));
    QVERIFY(writeFile(empty + QStringLiteral("/2/broken.png"), "\x89PNG but no more"));
    const QString out = path(QStringLiteral("nothing-out"));
    CliRun run = runCli({"import-images", empty, "--out", out});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("broken.png: not a picture") && run.err.contains("nothing written"),
             run.err.constData());
    QVERIFY(!QFileInfo::exists(out));

    // A failed import leaves a good folder as it was.
    const QString kept = path(QStringLiteral("kept"));
    QVERIFY(QDir().mkpath(kept));
    const QStringList before = idxFiles(m_imported);
    QCOMPARE(before.size(), 3); // the images, the labels and the pictures' names
    for (const QString &f : before)
        QVERIFY(QFile::copy(m_imported + QLatin1Char('/') + f, kept + QLatin1Char('/') + f));
    run = runCli({"import-images", empty, "--out", kept});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(idxFiles(kept), before);
    for (const QString &f : before)
        QCOMPARE(readFile(kept + QLatin1Char('/') + f),
                 readFile(m_imported + QLatin1Char('/') + f));

    run = runCli({"import-images", path(QStringLiteral("no-such-folder")), "--out", kept});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("no-such-folder: no such file or folder"), run.err.constData());
    run = runCli({"import-images", empty});
    QCOMPARE(run.exitCode, 1); // usage: --out is missing
    run = runCli({"import-images", empty, "--out", kept, "--as", "validation"});
    QCOMPARE(run.exitCode, 1);
}

QTEST_GUILESS_MAIN(TestCliImport)
#include "tst_cliimport.moc"
