// Snapshots: exact resume (momentum and the cosine schedule, at an epoch's end and mid-epoch; of
// another network with plain SGD, momentum and Adam), the file's validation (truncated, flipped bytes, wrong version, other data), and snapshot
// folders (the newest K kept, temporary files ignored, a damaged newest file skipped).

#include "architectures.h"
#include "io/fileio.h"
#include "io/modelfile.h"
#include "train/networktrainer.h"
#include "train/snapshotfolder.h"
#include "synthetic.h"
#include "train/trainer.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

using namespace bplab;
using namespace bplab::test;

namespace {

std::vector<std::uint8_t> readBytes(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::string &path, const std::vector<std::uint8_t> &bytes)
{
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
}

/** Momentum 0.9 and the cosine schedule: the state that is easiest to lose on a resume. */
TrainConfig resumeConfig()
{
    TrainConfig c = tunedRecipe();
    c.epochs = 2;
    c.batch = 32;
    c.seed = 5;
    return c;
}

void trainUntilStep(Trainer &t, std::size_t step)
{
    while (t.step() < step && !t.finished())
        QVERIFY(!t.trainBatch().divergence);
}

bool sameEpochReports(const std::vector<EpochReport> &a, const std::vector<EpochReport> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].epoch != b[i].epoch || a[i].trainLoss != b[i].trainLoss || a[i].testLoss != b[i].testLoss ||
            a[i].testAccuracy != b[i].testAccuracy)
            return false;
    return true;
}

} // namespace

class TestSnapshot : public QObject {
    Q_OBJECT

    std::shared_ptr<DataSplit> m_split = syntheticSplit(300, 60); // batch 32: 10 batches per epoch

    /** A snapshot taken mid-epoch 2 with momentum: every section holds something. */
    TrainingSnapshot midRunSnapshot()
    {
        Trainer t(m_split, resumeConfig());
        trainUntilStep(t, 13);
        return t.snapshot();
    }

private slots:
    void roundTrip()
    {
        Trainer t(m_split, resumeConfig());
        trainUntilStep(t, 13);
        t.setLearningRate(0.03); // changed mid-run: the snapshot keeps the new value
        const TrainingSnapshot s = t.snapshot();
        QCOMPARE(s.epoch, 1);
        QCOMPARE(s.batchInEpoch, 3);
        QCOMPARE(s.batchesPerEpoch, 10);
        QCOMPARE(s.step, std::uint64_t(13));
        QCOMPARE(s.batchLosses.size(), std::size_t(13));
        QCOMPARE(s.epochs.size(), std::size_t(1));
        QCOMPARE(s.config.lr, 0.03);
        QVERIFY(s.orderCrc != 0);
        QVERIFY(!(s.networkVelocity == MlpParamsF::zeros(s.config.network)));
        QCOMPARE(s.data.trainCount, std::uint64_t(300));

        const std::vector<std::uint8_t> bytes = encodeSnapshot(s);
        // Header, seven framed sections, weights and momentum buffer at 407,080 bytes each, trailer.
        QVERIFY(bytes.size() > 2 * parameterBytes(4) && bytes.size() < 2 * parameterBytes(4) + 1000);
        QVERIFY(looksLikeSnapshot(bytes.data(), bytes.size()));
        auto back = decodeSnapshot(bytes.data(), bytes.size(), "x");
        QVERIFY2(back.ok(), back.error().c_str());
        QVERIFY(back->networkParams == s.networkParams);
        QVERIFY(back->networkVelocity == s.networkVelocity);
        QVERIFY(back->batchLosses == s.batchLosses);
        QVERIFY(sameEpochReports(back->epochs, s.epochs));
        QCOMPARE(back->epochs[0].seconds, s.epochs[0].seconds);
        QCOMPARE(back->config.lr, 0.03);
        QCOMPARE(back->config.momentum, 0.9);
        QVERIFY(back->config.schedule == Schedule::Cosine && back->config.normalize == Normalize::Standard);
        QCOMPARE(back->config.seed, std::uint64_t(5));
        QCOMPARE(back->epochLossSum, s.epochLossSum);
        QCOMPARE(back->orderCrc, s.orderCrc);
        QCOMPARE(back->data.trainCrc, s.data.trainCrc);
        QCOMPARE(back->data.name, std::string("synthetic"));
        // Encoding is deterministic: the same state gives the same bytes.
        QVERIFY(encodeSnapshot(*back) == bytes);
        QVERIFY(describeSnapshot(s).find("epoch 2/2, batch 4/10 (step 13)") != std::string::npos);
    }

    // 2 epochs straight, and 1 epoch + snapshot file + a new trainer resuming to 2 epochs: the same
    // bits, with momentum 0.9 and the cosine schedule. Also from the middle of an epoch.
    void exactResume_data()
    {
        QTest::addColumn<int>("stopAt");
        QTest::newRow("after epoch 1") << 10;
        QTest::newRow("mid-epoch 2") << 13;
        QTest::newRow("after batch 1") << 1;
    }
    void exactResume()
    {
        QFETCH(int, stopAt);
        Trainer straight(m_split, resumeConfig());
        straight.run({}, {});

        Trainer first(m_split, resumeConfig());
        trainUntilStep(first, std::size_t(stopAt));
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/s.bplabsnap").toStdString();
        QVERIFY(saveSnapshot(path, first.snapshot()).ok());
        auto loaded = loadSnapshot(path);
        QVERIFY2(loaded.ok(), loaded.error().c_str());

        Trainer resumed(m_split, sourceRecipe()); // other settings: the snapshot's must win
        const Status restored = resumed.restore(*loaded);
        QVERIFY2(restored.ok(), restored.error().c_str());
        QCOMPARE(resumed.step(), std::size_t(stopAt));
        QCOMPARE(resumed.activeConfig().momentum, 0.9);
        resumed.run({}, {});
        QVERIFY(resumed.finished());
        QVERIFY(resumed.params() == straight.params());
        QVERIFY(resumed.lossHistory() == straight.lossHistory());
        QCOMPARE(resumed.lossHistory().size(), std::size_t(20));
        QVERIFY(sameEpochReports(resumed.epochReports(), straight.epochReports()));
        QVERIFY(resumed.snapshot().networkVelocity == straight.snapshot().networkVelocity);
    }

    // Another network: the file records its shapes and activation (version 5) and the resumed run
    // is the straight one, bit for bit, with each optimiser's state.
    void anotherNetworkResumesExactly_data()
    {
        QTest::addColumn<QString>("optimizer");
        QTest::addColumn<double>("momentum");
        QTest::addColumn<int>("stopAt");
        QTest::newRow("plain SGD, mid-epoch") << "sgd" << 0.0 << 13;
        QTest::newRow("momentum, after epoch 1") << "sgd" << 0.9 << 10;
        QTest::newRow("Adam, mid-epoch") << "adam" << 0.0 << 17;
    }
    void anotherNetworkResumesExactly()
    {
        QFETCH(QString, optimizer);
        QFETCH(double, momentum);
        QFETCH(int, stopAt);
        const Architecture a = arch({24, 12}, Activation::Tanh);
        TrainConfig c = withNetwork(resumeConfig(), a.hidden, a.activation);
        c.optimizer = optimizer.toStdString();
        c.momentum = momentum;
        c.lr = optimizer == "adam" ? 0.001 : 0.05;
        Trainer straight(m_split, c);
        straight.run({}, {});

        Trainer first(m_split, c);
        trainUntilStep(first, std::size_t(stopAt));
        const TrainingSnapshot s = first.snapshot();
        QVERIFY(s.networkParams == first.params());
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/s.bplabsnap").toStdString();
        QVERIFY(saveSnapshot(path, s).ok());
        const std::vector<std::uint8_t> bytes = readBytes(path);
        QCOMPARE(std::uint32_t(bytes[8]), std::uint32_t(5));
        // Two arrays of the network's parameters (three with Adam's second moment), not the source's.
        const std::size_t arrays = optimizer == "adam" ? 3 : 2;
        QVERIFY(bytes.size() > arrays * a.parameterBytes(4) && bytes.size() < arrays * a.parameterBytes(4) + 1500);
        auto loaded = loadSnapshot(path);
        QVERIFY2(loaded.ok(), loaded.error().c_str());
        QVERIFY(loaded->config.network == a);
        QVERIFY(encodeSnapshot(*loaded) == bytes);
        QVERIFY(describeSnapshot(*loaded).find("network 784-24-12-10 tanh") != std::string::npos);

        Trainer resumed(m_split, sourceRecipe()); // the source network: the snapshot's must win
        const Status restored = resumed.restore(*loaded);
        QVERIFY2(restored.ok(), restored.error().c_str());
        QVERIFY(resumed.network() == a);
        QCOMPARE(resumed.step(), std::size_t(stopAt));
        QCOMPARE(resumed.nextBatchIndices(), first.nextBatchIndices());
        resumed.run({}, {});
        QVERIFY(resumed.finished());
        QVERIFY(resumed.params() == straight.params());
        QVERIFY(resumed.lossHistory() == straight.lossHistory());
        QVERIFY(sameEpochReports(resumed.epochReports(), straight.epochReports()));
        QVERIFY(resumed.snapshot().networkVelocity == straight.snapshot().networkVelocity);

        // The network section must agree with the arrays: other widths are refused by name.
        TrainingSnapshot wrong = *loaded;
        wrong.config.network.hidden = {24, 13};
        QVERIFY(!saveSnapshot(path, wrong).ok());
        std::vector<std::uint8_t> damaged = bytes;
        const std::string tag = "NETW";
        auto at = std::search(damaged.begin(), damaged.end(), tag.begin(), tag.end());
        QVERIFY(at != damaged.end());
        const std::size_t netw = std::size_t(at - damaged.begin()) + 12; // the payload
        damaged[netw + 4] = 25; // the first width 24 -> 25, with the section's CRC32 fixed
        const std::uint64_t n = readLittleEndian(damaged.data() + netw - 8, 8);
        const std::uint32_t crc = crc32Of(damaged.data() + netw, std::size_t(n));
        for (int i = 0; i < 4; ++i)
            damaged[netw + std::size_t(n) + std::size_t(i)] = std::uint8_t(crc >> (8 * i));
        const std::uint32_t whole = crc32Of(damaged.data(), damaged.size() - 4);
        for (int i = 0; i < 4; ++i)
            damaged[damaged.size() - 4 + std::size_t(i)] = std::uint8_t(whole >> (8 * i));
        auto refused = decodeSnapshot(damaged.data(), damaged.size(), "s.bplabsnap");
        QVERIFY(!refused.ok());
        // The first array read in the new shapes does not fit (Adam's buffers come before the weights).
        const std::string fits = optimizer == "adam" ? "the optimiser state section is malformed"
                                                     : "the weights section holds";
        QVERIFY2(refused.error().find("s.bplabsnap: " + fits) == 0,
                 refused.error().c_str());
    }

    // A layer list with dropout and weight decay (version 6: the --layers text and lambda in the
    // network section): resumed mid-epoch, the straight run bit for bit (the dropout masks follow
    // the batch's number); the source network with a weight decay keeps its lambda too.
    void layerListResumesExactly()
    {
        auto specs = parseLayers("conv 3 3x3, pool 2, dense 8, dropout 0.3");
        QVERIFY(specs.ok());
        const Architecture a = withLayers(*specs, Activation::ReLU);
        TrainConfig c = resumeConfig();
        c.network = a;
        c.init = Init::PyTorch;
        c.lr = 0.05;
        c.weightDecay = 1e-3;
        Trainer straight(m_split, c);
        straight.run({}, {});

        Trainer first(m_split, c);
        trainUntilStep(first, 13);
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/conv.bplabsnap").toStdString();
        QVERIFY(saveSnapshot(path, first.snapshot()).ok());
        const std::vector<std::uint8_t> bytes = readBytes(path);
        QCOMPARE(std::uint32_t(bytes[8]), std::uint32_t(6));
        auto loaded = loadSnapshot(path);
        QVERIFY2(loaded.ok(), loaded.error().c_str());
        QVERIFY(loaded->config.network == a);
        QCOMPARE(loaded->config.weightDecay, 1e-3);
        QVERIFY(encodeSnapshot(*loaded) == bytes);
        Trainer resumed(m_split, sourceRecipe());
        const Status restored = resumed.restore(*loaded);
        QVERIFY2(restored.ok(), restored.error().c_str());
        QVERIFY(resumed.network() == a);
        resumed.run({}, {});
        QVERIFY(resumed.finished());
        QVERIFY(resumed.params() == straight.params());
        QVERIFY(resumed.lossHistory() == straight.lossHistory());
        QVERIFY(sameEpochReports(resumed.epochReports(), straight.epochReports()));

        TrainConfig decayed = resumeConfig();
        decayed.weightDecay = 5e-4;
        Trainer source(m_split, decayed);
        trainUntilStep(source, 3);
        const auto sourceBytes = encodeSnapshot(source.snapshot());
        QCOMPARE(std::uint32_t(sourceBytes[8]), std::uint32_t(6));
        auto back = decodeSnapshot(sourceBytes.data(), sourceBytes.size(), "decay.bplabsnap");
        QVERIFY2(back.ok(), back.error().c_str());
        QVERIFY(back->config.network == Architecture::source());
        QCOMPARE(back->config.weightDecay, 5e-4);
    }

    // A run of 1 epoch resumed with the total raised to 2 equals 2 epochs straight when the
    // learning rate does not depend on the total (constant schedule).
    void resumeToMoreEpochs()
    {
        TrainConfig c = resumeConfig();
        c.schedule = Schedule::Constant;
        Trainer straight(m_split, c);
        straight.run({}, {});
        c.epochs = 1;
        Trainer one(m_split, c);
        one.run({}, {});
        QVERIFY(one.finished());
        TrainingSnapshot s = one.snapshot();
        QCOMPARE(s.epoch, 1);
        QCOMPARE(s.batchInEpoch, 0);
        s.config.epochs = 2;
        Trainer resumed(m_split, c);
        QVERIFY(resumed.restore(s).ok());
        QVERIFY(!resumed.finished());
        resumed.run({}, {});
        QVERIFY(resumed.params() == straight.params());
        QVERIFY(resumed.lossHistory() == straight.lossHistory());
        QCOMPARE(resumed.epochReports().back().epoch, 2);
    }

    // Version 2 adds the worker count (train --workers N): written only for several workers, so
    // that a one-worker snapshot keeps version 1's bytes; read back and checked against the
    // batches per epoch; the single trainer refuses a data-parallel state.
    void workerCount()
    {
        TrainingSnapshot s = midRunSnapshot(); // step 13: epoch 1, batch 3 of 10
        // Its epoch report holds the training set's scores, which only version 4 keeps.
        QCOMPARE(int(encodeSnapshot(s)[8]), 4);
        for (EpochReport &e : s.epochs) // as a run restored from an older file
            e.trainEvalLoss = e.trainAccuracy = std::numeric_limits<double>::quiet_NaN();
        const std::vector<std::uint8_t> one = encodeSnapshot(s);
        QCOMPARE(int(one[8]), 1);
        // 300 images at 2 x 32: 5 batches per epoch; step 13 is epoch 2, batch 3.
        s.workers = 2;
        s.batchesPerEpoch = 5;
        s.epoch = 2;
        s.epochs.push_back(s.epochs.back());
        s.epochs.back().epoch = 2;
        const std::vector<std::uint8_t> two = encodeSnapshot(s);
        QCOMPARE(int(two[8]), 2);
        QCOMPARE(two.size(), one.size() + 4 + 44); // the worker count and one more epoch report
        Result<TrainingSnapshot> back = decodeSnapshot(two.data(), two.size(), "two");
        QVERIFY2(back.ok(), back.error().c_str());
        QCOMPARE(back->workers, 2);
        QVERIFY(encodeSnapshot(*back) == two);
        Trainer t(m_split, resumeConfig());
        const Status refused = t.restore(*back);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().find("taken with 2 workers; this trainer has 1") != std::string::npos,
                 refused.error().c_str());
        QCOMPARE(t.step(), std::size_t(0));

        s.batchesPerEpoch = 10; // one worker's count: step 13 is epoch 1, batch 3 again
        s.epoch = 1;
        s.epochs.pop_back();
        const Status wrong = checkSnapshot(s);
        QVERIFY2(!wrong.ok() && wrong.error().find("at batch 32 x 2 workers are not 10 batches per epoch") != std::string::npos,
                 wrong.error().c_str());
        s.workers = 0;
        QVERIFY(!checkSnapshot(s).ok());
    }

    void otherDataIsRefused()
    {
        const TrainingSnapshot s = midRunSnapshot();
        auto other = syntheticSplit(300, 60, 10); // same sizes, other images
        Trainer t(other, resumeConfig());
        const MlpParamsF before = t.params();
        const Status st = t.restore(s);
        QVERIFY(!st.ok());
        QVERIFY2(st.error().find("other data") != std::string::npos, st.error().c_str());
        QVERIFY2(st.error().find("300 training images") != std::string::npos, st.error().c_str());
        QVERIFY(t.params() == before);
        QCOMPARE(t.step(), std::size_t(0));
        // Another size says so too.
        Trainer small(syntheticSplit(100, 60), resumeConfig());
        QVERIFY(small.restore(s).error().find("100 training images") != std::string::npos);
    }

    void inconsistentStateIsRefused()
    {
        const TrainingSnapshot good = midRunSnapshot();
        Trainer t(m_split, resumeConfig());
        TrainingSnapshot s = good;
        s.step = 12;
        QVERIFY(t.restore(s).error().find("does not match") != std::string::npos);
        s = good;
        s.batchLosses.pop_back();
        QVERIFY(t.restore(s).error().find("loss history") != std::string::npos);
        s = good;
        s.orderCrc ^= 1;
        QVERIFY(t.restore(s).error().find("shuffle order") != std::string::npos);
        s = good;
        s.networkParams.layers[1].W(3, 4) = std::numeric_limits<float>::quiet_NaN();
        QVERIFY(t.restore(s).error().find("not all finite") != std::string::npos);
        QVERIFY(!saveSnapshot("/nonexistent-folder/x.bplabsnap", s).ok());
        s = good;
        s.config.batch = 64; // 5 batches per epoch, not 10
        QVERIFY(!t.restore(s).ok());
        QCOMPARE(t.step(), std::size_t(0));
        QVERIFY(t.restore(good).ok());
    }

    void damagedFilesAreRefused()
    {
        const std::vector<std::uint8_t> bytes = encodeSnapshot(midRunSnapshot());
        auto refused = [&](const std::vector<std::uint8_t> &b, const char *expected) {
            auto r = decodeSnapshot(b.data(), b.size(), "snap.bplabsnap");
            if (r.ok())
                return false;
            if (r.error().rfind("snap.bplabsnap: ", 0) != 0)
                return false;
            if (expected && r.error().find(expected) == std::string::npos) {
                qWarning("%s", r.error().c_str());
                return false;
            }
            return true;
        };
        // Truncated anywhere, including inside the header and just before the end.
        for (std::size_t n : {std::size_t(0), std::size_t(7), std::size_t(12), std::size_t(30), bytes.size() / 2,
                              bytes.size() - 1})
            QVERIFY2(refused({bytes.begin(), bytes.begin() + std::ptrdiff_t(n)}, nullptr), qPrintable(QString::number(n)));
        QVERIFY(refused({bytes.begin(), bytes.begin() + std::ptrdiff_t(bytes.size() / 2)}, "cut short"));
        // A flipped bit anywhere is found: every 331st byte (header, section frames, payloads, trailer).
        for (std::size_t i = 0; i < bytes.size(); i += (i < 200 ? 1 : 331)) {
            std::vector<std::uint8_t> b = bytes;
            b[i] ^= 0x10;
            QVERIFY2(refused(b, nullptr), qPrintable(QString("byte %1").arg(i)));
        }
        std::vector<std::uint8_t> b = bytes;
        b[b.size() - 1] ^= 1;
        QVERIFY(refused(b, "checksum mismatch"));
        b = bytes;
        b[1000] ^= 1; // inside the weights
        QVERIFY(refused(b, "the weights section is damaged"));
        b = bytes;
        b[8] = 7; // version 7
        QVERIFY(refused(b, "snapshot version 7; this program reads versions 1 to 6"));
        b = bytes;
        b.push_back(0);
        QVERIFY(refused(b, "header says"));
        b = bytes;
        b[0] = 'X';
        QVERIFY(refused(b, "not a Backprop Lab snapshot"));
        // A model file is not a snapshot.
        const auto model = encodeModel(MlpParamsF::zeros(Architecture::source()));
        QVERIFY(refused(model, "not a Backprop Lab snapshot"));
        QVERIFY(!looksLikeSnapshot(model.data(), model.size()));
    }

    void folderKeepsTheNewest()
    {
        QTemporaryDir tmp;
        const std::string dir = (tmp.path() + "/snaps").toStdString(); // created by the first save
        Trainer t(m_split, resumeConfig());
        std::vector<std::string> written;
        for (int i = 0; i < 5; ++i) {
            t.trainBatch();
            auto path = saveSnapshotToFolder(dir, t.snapshot(), 3);
            QVERIFY2(path.ok(), path.error().c_str());
            written.push_back(*path);
        }
        QVERIFY(written[0].find("snapshot-000001.bplabsnap") != std::string::npos);
        std::vector<SnapshotFile> files = listSnapshots(dir);
        QCOMPARE(files.size(), std::size_t(3));
        QCOMPARE(files[0].number, std::uint64_t(5));
        QCOMPARE(files[2].number, std::uint64_t(3));
        QVERIFY(files[0].path == written[4]);

        // A killed writer's temporary file and unrelated files are never taken for snapshots.
        const std::string temp = dir + "/.snapshot-000006.bplabsnap.tmp-AbC123";
        writeBytes(temp, {1, 2, 3});
        writeBytes(dir + "/snapshot-7.txt", {1});
        writeBytes(dir + "/notes.bplabsnap", {1});
        QCOMPARE(listSnapshots(dir).size(), std::size_t(3));
        auto newest = loadSnapshotFrom(dir);
        QVERIFY2(newest.ok(), newest.error().c_str());
        QCOMPARE(newest->snapshot.step, std::uint64_t(5));
        QVERIFY(newest->skipped.empty());
        QVERIFY(newest->path == written[4]);
        // The next save removes the temporary file.
        t.trainBatch();
        QVERIFY(saveSnapshotToFolder(dir, t.snapshot(), 3).ok());
        QVERIFY(!std::filesystem::exists(temp));
        QVERIFY(std::filesystem::exists(dir + "/notes.bplabsnap"));
        QCOMPARE(listSnapshots(dir).front().number, std::uint64_t(6));

        // The newest damaged: the previous one is used, and the reason is given.
        const std::string six = listSnapshots(dir).front().path;
        std::vector<std::uint8_t> bytes = readBytes(six);
        bytes.resize(bytes.size() / 3);
        writeBytes(six, bytes);
        auto fallback = loadSnapshotFrom(dir);
        QVERIFY2(fallback.ok(), fallback.error().c_str());
        QCOMPARE(fallback->snapshot.step, std::uint64_t(5));
        QCOMPARE(fallback->skipped.size(), std::size_t(1));
        QVERIFY2(fallback->skipped[0].find("snapshot-000006.bplabsnap") != std::string::npos, fallback->skipped[0].c_str());
        // A file named directly is read as it is.
        QVERIFY(!loadSnapshotFrom(six).ok());
        QVERIFY(loadSnapshotFrom(written[4]).ok());

        // Nothing valid: every reason in one message.
        for (const SnapshotFile &f : listSnapshots(dir))
            writeBytes(f.path, {'B', 'P'});
        auto none = loadSnapshotFrom(dir);
        QVERIFY(!none.ok());
        QVERIFY2(none.error().find("no valid snapshot") != std::string::npos, none.error().c_str());
        QVERIFY(!loadSnapshotFrom(tmp.path().toStdString() + "/empty-or-missing").ok());
    }

    void identityOfTheData()
    {
        const DatasetIdentity a = datasetIdentity(*m_split);
        QCOMPARE(a.trainCount, std::uint64_t(300));
        QCOMPARE(a.testCount, std::uint64_t(60));
        DataSplit copy = *m_split;
        copy.folder = "/elsewhere";
        QVERIFY(datasetIdentity(copy).sameData(a)); // moved files are the same data
        QVERIFY(describeDataMismatch(a, datasetIdentity(copy)).empty());
        copy.train.labels[17] = std::uint8_t((copy.train.labels[17] + 1) % 10);
        QVERIFY(!datasetIdentity(copy).sameData(a));
        copy = *m_split;
        copy.test.pixels[5] ^= 1;
        QVERIFY(describeDataMismatch(a, datasetIdentity(copy)).find("test images") != std::string::npos);
    }
};

QTEST_MAIN(TestSnapshot)
#include "tst_snapshot.moc"
