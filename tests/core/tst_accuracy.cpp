// Accuracy on real MNIST (../shared/data/mnist: the first 10,000 training images, the real 10,000
// test images): the source's recipe and the tuned one must reach the bounds. Skipped
// where the folder is absent; labelled slow (25 epochs in all, about ten seconds in a release build).

#include "dataset.h"
#include "testsupport.h"
#include "trainer.h"

#include <QTest>

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
        // Plain SGD, lr 0.1, batch 64, He, 10 epochs. PyTorch: 93.1-93.8% over 3 seeds.
        const double accuracy = train(sourceRecipe());
        QVERIFY2(accuracy >= 92.5, qPrintable(QString("%1%").arg(accuracy)));
    }

    void tunedRecipe_()
    {
        // Standard scaling, momentum 0.9, lr 0.05, cosine, 15 epochs. PyTorch: 96.0-96.2%.
        const double accuracy = train(tunedRecipe());
        QVERIFY2(accuracy >= 95.8, qPrintable(QString("%1%").arg(accuracy)));
    }
};

QTEST_MAIN(TestAccuracy)
#include "tst_accuracy.moc"
