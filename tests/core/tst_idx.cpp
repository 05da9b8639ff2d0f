// The IDX reader on generated fixtures: valid files and every kind of damage, each with the
// message a person needs (the file named, the numbers given).

#include "data/idx.h"
#include "idxfixtures.h"

#include <QTemporaryDir>
#include <QTest>

using namespace bplab;
using namespace bplab::test;

Q_DECLARE_METATYPE(std::vector<std::uint8_t>)

class TestIdx : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char *name) const { return (m_dir.path() + "/" + name).toStdString(); }

private slots:
    void thousands()
    {
        QCOMPARE(withThousands(0), std::string("0"));
        QCOMPARE(withThousands(999), std::string("999"));
        QCOMPARE(withThousands(1000), std::string("1,000"));
        QCOMPARE(withThousands(100000), std::string("100,000"));
        QCOMPARE(withThousands(47040016), std::string("47,040,016"));
        QCOMPARE(withThousands(2147483648ull), std::string("2,147,483,648"));
    }

    void validImages_data()
    {
        QTest::addColumn<bool>("gz");
        QTest::newRow("raw") << false;
        QTest::newRow("gzip") << true;
    }
    void validImages()
    {
        QFETCH(bool, gz);
        const auto pixels = patternPixels(3, 28, 28);
        const auto raw = imageFile(3, 28, 28, pixels);
        const std::string file = path(gz ? "valid-images.gz" : "valid-images");
        writeBytes(file, gz ? gzipBytes(raw) : raw);
        auto r = readIdxImages(file);
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->count, std::size_t(3));
        QCOMPARE(r->rows, 28);
        QCOMPARE(r->cols, 28);
        QVERIFY(r->pixels == pixels);
        QCOMPARE(int(r->pixels[784 + 5]), (1 * 7 + 5) & 255);
    }

    void validLabels()
    {
        const std::vector<std::uint8_t> labels = {5, 0, 4, 1, 9, 2};
        writeBytes(path("labels.gz"), gzipBytes(labelFile(labels, 6)));
        auto r = readIdxLabels(path("labels.gz"));
        QVERIFY2(r.ok(), r.error().c_str());
        QVERIFY(r->labels == labels);
    }

    void damagedImages_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<std::vector<std::uint8_t>>("bytes");
        QTest::addColumn<QString>("message");

        const auto three = imageFile(3, 28, 28, patternPixels(3, 28, 28)); // 2,368 bytes
        QTest::newRow("empty file") << "empty" << std::vector<std::uint8_t>{}
                                    << "empty: the file is empty (0 bytes)";
        QTest::newRow("short header") << "short" << std::vector<std::uint8_t>(three.begin(), three.begin() + 10)
                                      << "short: too short for an IDX image header: 10 bytes, need 16";
        QTest::newRow("wrong magic") << "magic" << imageFile(3, 28, 28, patternPixels(3, 28, 28), 0x804)
                                     << "magic: wrong magic number 0x00000804: expected 0x00000803 (IDX image)";
        QTest::newRow("label file") << "labels-as-images" << labelFile({1, 2, 3}, 3)
                                    << "labels-as-images: wrong magic number 0x00000801: expected 0x00000803 "
                                       "(IDX image); this is an IDX label file";
        QTest::newRow("gzip of a text") << "text.gz" << gzipBytes({'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', '!', '!', '!', '!', '!'})
                                        << "text.gz: wrong magic number 0x68656C6C: expected 0x00000803 (IDX image)";
        auto truncated = three;
        truncated.resize(116);
        QTest::newRow("truncated") << "truncated" << truncated
                                   << "truncated: header promises 3 images of 28x28 (2,368 bytes) but the file "
                                      "holds 116 bytes";
        QTest::newRow("count larger than file")
            << "train-images-idx3-ubyte" << imageFile(60000, 28, 28, std::vector<std::uint8_t>(100000 - 16, 1))
            << "train-images-idx3-ubyte: header promises 60,000 images of 28x28 (47,040,016 bytes) but the "
               "file holds 100,000 bytes";
        QTest::newRow("count larger than file, gzip")
            << "train-images-idx3-ubyte.gz"
            << gzipBytes(imageFile(60000, 28, 28, std::vector<std::uint8_t>(100000 - 16, 1)))
            << "train-images-idx3-ubyte.gz: header promises 60,000 images of 28x28 (47,040,016 bytes) but the "
               "file holds 100,000 bytes once inflated";
        // 4 billion images of 28x28 would be 3.4 TB: refused without allocating it.
        QTest::newRow("count 2^32-1, gzip")
            << "huge-count.gz" << gzipBytes(imageFile(0xFFFFFFFFu, 28, 28, patternPixels(2, 28, 28)))
            << "huge-count.gz: header promises 4,294,967,295 images of 28x28 (3,367,254,359,296 bytes) but the "
               "file holds 1,584 bytes once inflated";
        QTest::newRow("huge dimensions") << "huge-rows" << imageFile(10, 0x80000000u, 28, patternPixels(1, 28, 28))
                                         << "huge-rows: header says the images are 2,147,483,648x28 pixels, more "
                                            "than 65,536 per side: the header is damaged";
        QTest::newRow("zero rows") << "zero-rows" << imageFile(10, 0, 28, {})
                                   << "zero-rows: header says the images are 0x28 pixels: an image needs at least 1x1";
        auto longer = three;
        longer.insert(longer.end(), 44, 0);
        QTest::newRow("trailing data") << "trailing" << longer
                                       << "trailing: header promises 3 images of 28x28 (2,368 bytes) but the file "
                                          "holds 2,412 bytes, 44 more than that";
        QTest::newRow("trailing data, gzip") << "trailing.gz" << gzipBytes(longer)
                                             << "trailing.gz: header promises 3 images of 28x28 (2,368 bytes) but "
                                                "the file holds more once inflated (trailing data after byte 2,368)";
        auto gz = gzipBytes(three);
        auto cut = std::vector<std::uint8_t>(gz.begin(), gz.begin() + std::ptrdiff_t(gz.size() / 2));
        QTest::newRow("truncated gzip") << "cut.gz" << cut << "cut.gz: ";
        auto badCrc = gz;
        badCrc[badCrc.size() - 6] ^= 0xFF; // inside the gzip trailer's CRC32
        QTest::newRow("corrupt gzip checksum")
            << "crc.gz" << badCrc
            << "crc.gz: the gzip data is damaged (zlib: incorrect data check); fetch the file again";
    }
    void damagedImages()
    {
        QFETCH(QString, name);
        QFETCH(std::vector<std::uint8_t>, bytes);
        QFETCH(QString, message);
        const std::string file = path(name.toUtf8().constData());
        writeBytes(file, bytes);
        auto r = readIdxImages(file);
        QVERIFY(!r.ok());
        const QString got = QString::fromStdString(r.error());
        if (message.endsWith(": ")) // only the file name is fixed (zlib words the rest)
            QVERIFY2(got.startsWith(message) && got.size() > message.size() + 10, qPrintable(got));
        else
            QCOMPARE(got, message);
    }

    void truncatedGzipSaysCutShort()
    {
        const auto gz = gzipBytes(imageFile(50, 28, 28, patternPixels(50, 28, 28)));
        writeBytes(path("half.gz"), std::vector<std::uint8_t>(gz.begin(), gz.begin() + std::ptrdiff_t(gz.size() / 2)));
        auto r = readIdxImages(path("half.gz"));
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error())
                     .startsWith("half.gz: header promises 50 images of 28x28 (39,216 bytes) but the compressed "
                                 "file ends after "),
                 r.error().c_str());
        QVERIFY2(r.error().find("cut short") != std::string::npos, r.error().c_str());
    }

    void corruptDeflateData()
    {
        auto gz = gzipBytes(imageFile(50, 28, 28, patternPixels(50, 28, 28)));
        for (std::size_t i = 20; i < 60 && i < gz.size() - 8; ++i)
            gz[i] = 0xFF;
        writeBytes(path("garbled.gz"), gz);
        auto r = readIdxImages(path("garbled.gz"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().rfind("garbled.gz: ", 0) == 0, r.error().c_str());
        QVERIFY2(r.error().find("damaged") != std::string::npos || r.error().find("cut short") != std::string::npos,
                 r.error().c_str());
    }

    void missingFileAndFolder()
    {
        auto r = readIdxImages(path("no-such-file"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().find("no-such-file: cannot open: No such file or directory") != std::string::npos,
                 r.error().c_str());
        auto d = readIdxLabels(m_dir.path().toStdString());
        QVERIFY(!d.ok());
        QVERIFY2(d.error().find("is a folder") != std::string::npos, d.error().c_str());
    }

    void damagedLabels_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<std::vector<std::uint8_t>>("bytes");
        QTest::addColumn<QString>("message");
        QTest::newRow("label 11") << "labels11" << labelFile({3, 1, 4, 11, 5}, 5)
                                  << "labels11: label 11 at index 3 is not a digit 0-9 (1 of 5 labels are out of range)";
        QTest::newRow("count larger than file") << "labels-short" << labelFile({1, 2, 3}, 60000)
                                                << "labels-short: header promises 60,000 labels (60,008 bytes) but "
                                                   "the file holds 11 bytes";
        QTest::newRow("image file") << "images-as-labels" << imageFile(1, 1, 1, {0})
                                    << "images-as-labels: wrong magic number 0x00000803: expected 0x00000801 (IDX "
                                       "label); this is an IDX image file";
        QTest::newRow("empty") << "labels-empty" << std::vector<std::uint8_t>{}
                               << "labels-empty: the file is empty (0 bytes)";
        QTest::newRow("short header") << "labels-hdr" << std::vector<std::uint8_t>{0, 0, 8, 1, 0}
                                      << "labels-hdr: too short for an IDX label header: 5 bytes, need 8";
    }
    void damagedLabels()
    {
        QFETCH(QString, name);
        QFETCH(std::vector<std::uint8_t>, bytes);
        QFETCH(QString, message);
        const std::string file = path(name.toUtf8().constData());
        writeBytes(file, bytes);
        auto r = readIdxLabels(file);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error()), message);
    }

    void writeAndReadBack()
    {
        IdxImages im;
        im.count = 4;
        im.rows = 28;
        im.cols = 28;
        im.pixels = patternPixels(4, 28, 28);
        QVERIFY(writeIdxImages(path("w-images"), im).ok());
        IdxLabels lb;
        lb.labels = {9, 8, 7, 6};
        QVERIFY(writeIdxLabels(path("w-labels"), lb).ok());
        QCOMPARE(readBytes(path("w-images")).size(), std::size_t(16 + 4 * 784));
        QVERIFY(readBytes(path("w-images")) == imageFile(4, 28, 28, im.pixels));
        auto ri = readIdxImages(path("w-images"));
        QVERIFY(ri.ok());
        QVERIFY(ri->pixels == im.pixels);
        auto rl = readIdxLabels(path("w-labels"));
        QVERIFY(rl.ok());
        QVERIFY(rl->labels == lb.labels);
        // No temporary file is left beside the result.
        QCOMPARE(QDir(m_dir.path()).entryList(QStringList() << ".w-*", QDir::Files | QDir::Hidden).size(), 0);

        im.pixels.pop_back();
        const Status bad = writeIdxImages(path("w-bad"), im);
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().find("cannot write 4 images of 28x28 from 3,135 pixel bytes") != std::string::npos,
                 bad.error().c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(path("w-bad"))));
    }
};

QTEST_MAIN(TestIdx)
#include "tst_idx.moc"
