// Accuracy on real MNIST (../shared/data/mnist: the first 10,000 training images, the real 10,000
// test images): the source's recipe, the tuned one and Adam must reach the bounds of
// docs/accuracy.md, on the build's default kernels. Skipped where the folder is absent; labelled
// slow (95 epochs in all, about ten seconds in a release build on an idle machine).

#include "data/dataset.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <QTest>

#include <algorithm>
#include <vector>

using namespace bplab;
using namespace bplab::test;

class TestAccuracy : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const DataSplit> m_data;

    double train(TrainConfig config)
    {
        Trainer trainer(m_data, config);
        double last = 0;
        trainer.run({}, [&](const EpochReport &e) {
            last = e.testAccuracy;
            qInfo("epoch %2d  train loss %.4f  test loss %.4f  test accuracy %.2f%%", e.epoch, e.trainLoss,
                  e.testLoss, e.testAccuracy);
        });
        return last;
    }

    /** The median final accuracy of `recipe` over seeds 1..seeds (an odd count); a run below
     *  `eachAtLeast` fails the test function (QTest::currentTestFailed()) and returns -1. */
    double medianOverSeeds(TrainConfig recipe, int seeds, double eachAtLeast)
    {
        std::vector<double> finals;
        for (int seed = 1; seed <= seeds; ++seed) {
            recipe.seed = std::uint64_t(seed);
            finals.push_back(train(recipe));
            qInfo("seed %d: %.2f%%", seed, finals.back());
            if (finals.back() < eachAtLeast) {
                QTest::qFail(qPrintable(QString("seed %1: %2%").arg(seed).arg(finals.back())),
                             __FILE__, __LINE__);
                return -1;
            }
        }
        std::sort(finals.begin(), finals.end());
        return finals[finals.size() / 2];
    }

private slots:
    void initTestCase()
    {
        const std::string dir = sharedMnistFolder();
        if (dir.empty())
            QSKIP("../shared/data/mnist is not here");
        auto split = loadDataFolder(dir);
        QVERIFY2(split.ok(), split.error().c_str());
        QCOMPARE(split->train.size(), std::size_t(10000));
        m_data = std::make_shared<const DataSplit>(std::move(*split));
    }

    void sourceRecipe_()
    {
        // Plain SGD, lr 0.1, batch 64, He, 10 epochs, seeds 1-5 (not one chosen seed). PyTorch:
        // 93.1-93.8% over 3 seeds. At a constant lr 0.1 the test accuracy moves by about 1% from
        // epoch to epoch, and the epoch's last batch holds 16 of the 10,000 images (a step with
        // twice the gradient noise just before the evaluation); PyTorch with the same initial
        // weights and the same shuffle order gives the same numbers (seed 2: 93.37% before that
        // batch, 91.55% after; here 91.54%), and 1 of 20 PyTorch seeds with its own init and
        // shuffle ended at 90.98%. So the median must reach the bound, and no seed may fall far.
        const double median = medianOverSeeds(sourceRecipe(), 5, 91.0);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(median >= 92.5, qPrintable(QString("median %1%").arg(median)));
    }

    void tunedRecipe_()
    {
        // Standard scaling, momentum 0.9, lr 0.05, cosine, 15 epochs. PyTorch: 96.0-96.2%.
        const double accuracy = train(tunedRecipe());
        QVERIFY2(accuracy >= 95.8, qPrintable(QString("%1%").arg(accuracy)));
    }

    void adamRecipe_()
    {
        // The source's recipe with Adam at lr 0.001, seeds 1-3. PyTorch's torch.optim.Adam:
        // 94.56-95.01%, median 94.91%; Adam gains about a point over plain SGD here.
        const double median = medianOverSeeds(adamRecipe(), 3, 94.0);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(median >= 94.3, qPrintable(QString("median %1%").arg(median)));
    }
};

QTEST_MAIN(TestAccuracy)
#include "tst_accuracy.moc"
