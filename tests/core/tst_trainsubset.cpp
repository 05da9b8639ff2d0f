// balancedSubset: every class in turns, the same images for the same seed, others for another,
// the order of the source kept, and the whole set when N covers it. The Trainer's trainSubset:
// it trains on that subset, reports the subset's own loss and accuracy per epoch, and a snapshot
// keeps the subset so that a run restored on the whole data goes on with the same images.

#include <nn/batchthreads.h>
#include <train/snapshot.h>
#include <train/trainer.h>
#include <train/trainsubset.h>

#include <QtTest>

#include <array>
#include <set>

using namespace bplab;

class TestTrainSubset : public QObject
{
    Q_OBJECT

private slots:
    void balancedAndSeeded();
    void aClassThatRunsOut();
    void trainerTrainsOnTheSubset();
    void snapshotKeepsTheSubset();
};

namespace {

/** count images; image i is filled with i % 256 and i / 256, labelled by labelOf(i). */
template<class LabelOf>
Dataset numbered(std::size_t count, LabelOf labelOf)
{
    Dataset d;
    d.pixels.resize(count * 784);
    for (std::size_t i = 0; i < count; ++i) {
        d.pixels[i * 784] = std::uint8_t(i % 256);
        d.pixels[i * 784 + 1] = std::uint8_t(i / 256);
        d.labels.push_back(std::uint8_t(labelOf(i)));
    }
    return d;
}

std::size_t indexOf(const Dataset &d, std::size_t k)
{
    return std::size_t(d.image(k)[0]) + 256 * std::size_t(d.image(k)[1]);
}

} // namespace

void TestTrainSubset::balancedAndSeeded()
{
    // Classes of different sizes: nine of about 120 images and one of about 20.
    const Dataset data
            = numbered(1100, [](std::size_t i) { return int((i * 7 + i / 13) % 55) / 6 % 10; });
    const Dataset a = balancedSubset(data, 95, 3);
    QCOMPARE(a.size(), std::size_t(95));
    std::array<int, 10> counts {};
    std::set<std::size_t> seen;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const std::size_t i = indexOf(a, k);
        QCOMPARE(a.label(k), data.label(i)); // the image keeps its label
        QVERIFY(seen.insert(i).second);
        if (k > 0)
            QVERIFY(i > indexOf(a, k - 1)); // the source's order
        ++counts[std::size_t(a.label(k))];
    }
    for (int c = 0; c < 10; ++c)
        QVERIFY2(counts[std::size_t(c)] == 9 || counts[std::size_t(c)] == 10,
                 qPrintable(QString::number(c)));

    const Dataset same = balancedSubset(data, 95, 3);
    QCOMPARE(same.pixels, a.pixels);
    const Dataset other = balancedSubset(data, 95, 4);
    QVERIFY(other.pixels != a.pixels);
    // A longer subset of the same seed starts with the same turns.
    const Dataset longer = balancedSubset(data, 200, 3);
    std::set<std::size_t> longerSeen;
    for (std::size_t k = 0; k < longer.size(); ++k)
        longerSeen.insert(indexOf(longer, k));
    for (std::size_t i : seen)
        QVERIFY(longerSeen.count(i));

    QCOMPARE(balancedSubset(data, 5000, 3).pixels, data.pixels);
}

void TestTrainSubset::aClassThatRunsOut()
{
    // Class 9 has 2 images: the others share the rest.
    const Dataset data = numbered(302, [](std::size_t i) { return i < 2 ? 9 : int(i % 9); });
    const Dataset s = balancedSubset(data, 92, 1);
    std::array<int, 10> counts {};
    for (std::size_t k = 0; k < s.size(); ++k)
        ++counts[std::size_t(s.label(k))];
    QCOMPARE(counts[9], 2);
    for (int c = 0; c < 9; ++c)
        QCOMPARE(counts[std::size_t(c)], 10);
}

namespace {

/** 300 training and 50 test images of seeded noise, labels cycling through the classes. */
std::shared_ptr<const DataSplit> noiseSplit()
{
    auto split = std::make_shared<DataSplit>();
    std::uint32_t x = 12345;
    const auto fill = [&](Dataset &d, std::size_t n) {
        d.pixels.resize(n * 784);
        for (std::uint8_t &p : d.pixels) {
            x = x * 1664525u + 1013904223u;
            p = std::uint8_t(x >> 24);
        }
        for (std::size_t i = 0; i < n; ++i)
            d.labels.push_back(std::uint8_t(i % 10));
    };
    fill(split->train, 300);
    fill(split->test, 50);
    return split;
}

TrainConfig subsetConfig()
{
    TrainConfig c;
    c.epochs = 3;
    c.batch = 16;
    c.seed = 3;
    c.trainSubset = 60;
    return c;
}

bool sameBits(const MlpParamsF &a, const MlpParamsF &b)
{
    return a == b;
}

} // namespace

void TestTrainSubset::trainerTrainsOnTheSubset()
{
    const auto all = noiseSplit();
    Trainer t(all, subsetConfig());
    QCOMPARE(t.data().train.pixels, balancedSubset(all->train, 60, 3).pixels);
    QCOMPARE(t.allData().train.size(), std::size_t(300));
    QCOMPARE(t.batchesPerEpoch(), 4); // ceil(60 / 16)
    std::optional<EpochReport> first;
    while (!first)
        first = t.trainBatch().epochEnded;
    const Evaluation onTrain = evaluateNetwork(t.network(), t.params(), t.data().train, Normalize::None);
    const Evaluation onTest = evaluateNetwork(t.network(), t.params(), all->test, Normalize::None);
    QCOMPARE(first->trainEvalLoss, onTrain.loss);
    QCOMPARE(first->trainAccuracy, onTrain.accuracy);
    QCOMPARE(first->testLoss, onTest.loss);
    QVERIFY(first->trainEvalLoss != first->testLoss);

    // Reset with the whole set: the trainer's data is the whole data again.
    TrainConfig whole = subsetConfig();
    whole.trainSubset = 0;
    t.setConfig(whole);
    t.reset();
    QCOMPARE(t.data().train.size(), std::size_t(300));
    QCOMPARE(t.batchesPerEpoch(), 19);
}

void TestTrainSubset::snapshotKeepsTheSubset()
{
    const auto all = noiseSplit();
    Trainer a(all, subsetConfig());
    for (int i = 0; i < 6; ++i) // into the second epoch
        a.trainBatch();
    const std::vector<std::uint8_t> bytes = encodeSnapshot(a.snapshot());
    QCOMPARE(int(bytes[8]), 4); // the version that holds a subset

    Result<TrainingSnapshot> back = decodeSnapshot(bytes.data(), bytes.size(), "subset.bplabsnap");
    QVERIFY2(back, back ? "" : back.error().c_str());
    QCOMPARE(back->config.trainSubset, std::size_t(60));

    // A trainer of the whole data, as a resumed run or the app builds it, goes on with the same
    // 60 images and ends with the same bits.
    Trainer b(all, TrainConfig {});
    const Status restored = b.restore(*back);
    QVERIFY2(restored, restored ? "" : restored.error().c_str());
    QCOMPARE(b.data().train.size(), std::size_t(60));
    while (!a.finished()) {
        a.trainBatch();
        b.trainBatch();
    }
    QVERIFY(b.finished());
    QVERIFY(sameBits(a.params(), b.params()));

    // Without a subset, the snapshot is written in the version it always was.
    TrainConfig whole = subsetConfig();
    whole.trainSubset = 0;
    Trainer c(all, whole);
    c.trainBatch();
    QCOMPARE(int(encodeSnapshot(c.snapshot())[8]), 1);
}

QTEST_GUILESS_MAIN(TestTrainSubset)
#include "tst_trainsubset.moc"
