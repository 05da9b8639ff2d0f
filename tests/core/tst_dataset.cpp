// The data folder: file lookup (including the train<tag>- rule), count checks, names, the search
// order for a data folder, and one-hot encoding.

#include "data/dataset.h"
#include "idxfixtures.h"
#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>

using namespace bplab;
using namespace bplab::test;

class TestDataset : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string folder(const char *name) const
    {
        const QString p = m_dir.path() + "/" + name;
        QDir().mkpath(p);
        return p.toStdString();
    }

private slots:
    void standardNames_data()
    {
        QTest::addColumn<bool>("gz");
        QTest::newRow("raw") << false;
        QTest::newRow("gzip") << true;
    }
    void standardNames()
    {
        QFETCH(bool, gz);
        const std::string dir = folder(gz ? "std-gz" : "std-raw");
        const std::string ext = gz ? ".gz" : "";
        writeMnistPair(dir + "/train-images-idx3-ubyte" + ext, dir + "/train-labels-idx1-ubyte" + ext, 30, gz);
        writeMnistPair(dir + "/t10k-images-idx3-ubyte" + ext, dir + "/t10k-labels-idx1-ubyte" + ext, 12, gz);
        auto r = loadDataFolder(dir);
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->train.size(), std::size_t(30));
        QCOMPARE(r->test.size(), std::size_t(12));
        QCOMPARE(r->train.pixels.size(), std::size_t(30 * 784));
        QCOMPARE(r->train.label(13), 3);
        QCOMPARE(int(r->train.image(2)[5]), (2 * 7 + 5) & 255);
        QCOMPARE(r->classNames[0], std::string("0"));
        QCOMPARE(r->classNames[9], std::string("9"));
        QCOMPARE(r->name, std::string(gz ? "std-gz" : "std-raw"));
        QCOMPARE(r->folder, dir);
    }

    void taggedTrainingSet()
    {
        // train10k-images goes with train10k-labels, never with the full train-labels beside it.
        const std::string dir = folder("mnist");
        writeMnistPair(dir + "/train10k-images-idx3-ubyte.gz", dir + "/train10k-labels-idx1-ubyte.gz", 20, true);
        std::vector<std::uint8_t> sixty(60, 1);
        writeBytes(dir + "/train-labels-idx1-ubyte.gz", gzipBytes(labelFile(sixty, 60)));
        writeMnistPair(dir + "/t10k-images-idx3-ubyte.gz", dir + "/t10k-labels-idx1-ubyte.gz", 10, true);
        auto r = loadDataFolder(dir);
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->train.size(), std::size_t(20));
        QCOMPARE(r->train.label(7), 7);
        QCOMPARE(r->name, std::string("MNIST"));
        QVERIFY(looksLikeDataFolder(dir));
    }

    void taggedWithoutItsLabels()
    {
        const std::string dir = folder("tag-nolabels");
        writeMnistPair(dir + "/train5-images-idx3-ubyte", dir + "/x-labels", 5, false);
        writeMnistPair(dir + "/t10k-images-idx3-ubyte", dir + "/t10k-labels-idx1-ubyte", 5, false);
        auto r = loadDataFolder(dir);
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), dir + ": train5-images-idx3-ubyte has no train5-labels-idx1-ubyte[.gz] beside it");
    }

    void severalTags()
    {
        const std::string dir = folder("two-tags");
        writeMnistPair(dir + "/train1k-images-idx3-ubyte", dir + "/train1k-labels-idx1-ubyte", 3, false);
        writeMnistPair(dir + "/train2k-images-idx3-ubyte", dir + "/train2k-labels-idx1-ubyte", 3, false);
        writeMnistPair(dir + "/t10k-images-idx3-ubyte", dir + "/t10k-labels-idx1-ubyte", 3, false);
        auto r = loadDataFolder(dir);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().find("several candidates (train1k-images-idx3-ubyte, train2k-images-idx3-ubyte)") !=
                     std::string::npos,
                 r.error().c_str());
    }

    void oneSetOnly()
    {
        const std::string testOnly = folder("only-test");
        writeMnistPair(testOnly + "/t10k-images-idx3-ubyte", testOnly + "/t10k-labels-idx1-ubyte", 3, false);
        auto r = loadDataFolder(testOnly);
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->train.size(), std::size_t(0));
        QCOMPARE(r->test.size(), std::size_t(3));
        QVERIFY(looksLikeDataFolder(testOnly));

        const std::string trainOnly = folder("only-train");
        writeMnistPair(trainOnly + "/train-images-idx3-ubyte.gz", trainOnly + "/train-labels-idx1-ubyte.gz", 4, true);
        r = loadDataFolder(trainOnly);
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->train.size(), std::size_t(4));
        QCOMPARE(r->test.size(), std::size_t(0));
        QVERIFY(looksLikeDataFolder(trainOnly));
    }

    void missingFiles()
    {
        const std::string dir = folder("half-test");
        writeMnistPair(dir + "/t10k-images-idx3-ubyte", dir + "/unused", 3, false);
        auto r = loadDataFolder(dir);
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), dir + ": missing t10k-labels-idx1-ubyte (each may also end in .gz)");
        QVERIFY(!looksLikeDataFolder(dir));
        const std::string empty = folder("no-sets");
        writeBytes(empty + "/readme.txt", std::vector<std::uint8_t>(3, 'x'));
        r = loadDataFolder(empty);
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), empty + ": missing train-images-idx3-ubyte train-labels-idx1-ubyte t10k-images-idx3-ubyte "
                                    "t10k-labels-idx1-ubyte (each may also end in .gz)");
        auto none = loadDataFolder(dir + "/nowhere");
        QVERIFY(!none.ok());
        QCOMPARE(none.error(), dir + "/nowhere: no such folder");
    }

    void countsMustAgree()
    {
        const std::string dir = folder("mismatch");
        writeMnistPair(dir + "/train-images-idx3-ubyte", dir + "/unused", 10, false);
        writeBytes(dir + "/train-labels-idx1-ubyte", labelFile(std::vector<std::uint8_t>(12, 0), 12));
        writeMnistPair(dir + "/t10k-images-idx3-ubyte", dir + "/t10k-labels-idx1-ubyte", 3, false);
        auto r = loadDataFolder(dir);
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("train-images-idx3-ubyte holds 10 images but train-labels-idx1-ubyte holds "
                                        "12 labels: they must be equal"));
    }

    void imagesMustBe28x28()
    {
        const std::string dir = folder("big-images");
        writeBytes(dir + "/train-images-idx3-ubyte", imageFile(2, 32, 32, patternPixels(2, 32, 32)));
        writeBytes(dir + "/train-labels-idx1-ubyte", labelFile({1, 2}, 2));
        writeMnistPair(dir + "/t10k-images-idx3-ubyte", dir + "/t10k-labels-idx1-ubyte", 3, false);
        auto r = loadDataFolder(dir);
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("train-images-idx3-ubyte: images are 32x32 pixels; the network takes 28x28"));
    }

    void fashionNames()
    {
        const std::string dir = folder("fashion-mnist");
        writeMnistPair(dir + "/train-images-idx3-ubyte", dir + "/train-labels-idx1-ubyte", 3, false);
        writeMnistPair(dir + "/t10k-images-idx3-ubyte", dir + "/t10k-labels-idx1-ubyte", 3, false);
        auto r = loadDataFolder(dir);
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->name, std::string("Fashion-MNIST"));
        QCOMPARE(r->classNames[0], std::string("T-shirt/top"));
        QCOMPARE(r->classNames[9], std::string("Ankle boot"));
    }

    void knownDatasets()
    {
        QCOMPARE(parseKnownDataset("mnist"), std::optional<KnownDataset>(KnownDataset::Mnist));
        QCOMPARE(parseKnownDataset("fashion"), std::optional<KnownDataset>(KnownDataset::Fashion));
        QCOMPARE(parseKnownDataset("sample"), std::optional<KnownDataset>(KnownDataset::Sample));
        QVERIFY(!parseKnownDataset("cifar").has_value());
        QCOMPARE(knownDatasetFolder(KnownDataset::Fashion), std::string("/usr/share/datasets/fashion-mnist"));
    }

    void lookupOrder()
    {
        // An empty application data folder, so that only what this test creates is found.
        const std::string xdg = folder("xdg");
        qputenv("XDG_DATA_HOME", QByteArray::fromStdString(xdg));
        qunsetenv("BPLAB_DATA");
        QCOMPARE(appDataFolder(), xdg + "/backprop-lab");
        QCOMPARE(knownDatasetFolder(KnownDataset::Mnist), xdg + "/backprop-lab/mnist");

        auto nothing = findDataFolder("", std::nullopt);
        QVERIFY(!nothing.ok());
        QVERIFY2(nothing.error().find("$BPLAB_DATA (not set)") != std::string::npos, nothing.error().c_str());
        QVERIFY2(nothing.error().find(xdg + "/backprop-lab/mnist") != std::string::npos, nothing.error().c_str());
        QVERIFY2(nothing.error().find(xdg + "/backprop-lab/sample") != std::string::npos, nothing.error().c_str());

        const std::string sample = folder("xdg/backprop-lab/sample");
        writeMnistPair(sample + "/train-images-idx3-ubyte", sample + "/train-labels-idx1-ubyte", 3, false);
        writeMnistPair(sample + "/t10k-images-idx3-ubyte", sample + "/t10k-labels-idx1-ubyte", 3, false);
        QCOMPARE(findDataFolder("", std::nullopt).value(), sample);

        const std::string full = folder("xdg/backprop-lab/mnist");
        writeMnistPair(full + "/train-images-idx3-ubyte.gz", full + "/train-labels-idx1-ubyte.gz", 3, true);
        writeMnistPair(full + "/t10k-images-idx3-ubyte.gz", full + "/t10k-labels-idx1-ubyte.gz", 3, true);
        QCOMPARE(findDataFolder("", std::nullopt).value(), full);
        QCOMPARE(findDataFolder("", KnownDataset::Sample).value(), sample);
        QCOMPARE(loadDataFolder(sample)->name, std::string("MNIST sample"));

        const std::string env = folder("env-data");
        writeMnistPair(env + "/train-images-idx3-ubyte", env + "/train-labels-idx1-ubyte", 3, false);
        writeMnistPair(env + "/t10k-images-idx3-ubyte", env + "/t10k-labels-idx1-ubyte", 3, false);
        qputenv("BPLAB_DATA", QByteArray::fromStdString(env));
        QCOMPARE(findDataFolder("", std::nullopt).value(), env);
        const std::string given = folder("given");
        QCOMPARE(findDataFolder(given, KnownDataset::Mnist).value(), given);
        auto bad = findDataFolder(given + "/missing", std::nullopt);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error(), given + "/missing: no such folder (given with --data)");
        qunsetenv("BPLAB_DATA");
    }

    void oneHotEncoding()
    {
        for (int label = 0; label < 10; ++label) {
            const auto y = oneHot(label);
            float sum = 0;
            for (int k = 0; k < 10; ++k) {
                QCOMPARE(y[std::size_t(k)], k == label ? 1.0f : 0.0f);
                sum += y[std::size_t(k)];
            }
            QCOMPARE(sum, 1.0f);
        }
        // Digit 8 is the source's output neuron 9 (1-based): index 8.
        QCOMPARE(oneHot(8)[8], 1.0f);
        const auto none = oneHot(11);
        for (float v : none)
            QCOMPARE(v, 0.0f);
    }

    void sharedMnist()
    {
        const std::string dir = sharedMnistFolder();
        if (dir.empty())
            QSKIP("../shared/data/mnist is not here");
        auto r = loadDataFolder(dir);
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r->train.size(), std::size_t(10000));
        QCOMPARE(r->test.size(), std::size_t(10000));
        // The first labels of the MNIST training and test sets.
        const int train[] = {5, 0, 4, 1, 9, 2, 1, 3, 1, 4};
        const int test[] = {7, 2, 1, 0, 4, 1, 4, 9, 5, 9};
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(r->train.label(std::size_t(i)), train[i]);
            QCOMPARE(r->test.label(std::size_t(i)), test[i]);
        }
    }
};

QTEST_MAIN(TestDataset)
#include "tst_dataset.moc"
