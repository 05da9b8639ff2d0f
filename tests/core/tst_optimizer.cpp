// The optimisers by name: the choices and recipes, Adam trains and its snapshot resumes bit for
// bit, SGD's snapshots keep their old version. (Each rule's step against its formula:
// tst_networktrainer.)

#include "nn/optimizerchoice.h"
#include "train/snapshot.h"
#include "synthetic.h"
#include "train/trainer.h"

#include <QTest>

#include <cmath>

using namespace bplab;
using namespace bplab::test;

namespace {

TrainConfig adamConfig()
{
    TrainConfig c = adamRecipe();
    c.epochs = 2;
    c.batch = 32;
    c.seed = 3;
    return c;
}

std::uint32_t versionOf(const std::vector<std::uint8_t> &bytes)
{
    return std::uint32_t(bytes[8]) | std::uint32_t(bytes[9]) << 8 | std::uint32_t(bytes[10]) << 16
           | std::uint32_t(bytes[11]) << 24;
}

} // namespace

class TestOptimizer : public QObject
{
    Q_OBJECT

    std::shared_ptr<DataSplit> m_split = syntheticSplit(300, 60); // batch 32: 10 batches per epoch

private slots:
    void registryKnowsTheNames()
    {
        QVERIFY(isOptimizerName("sgd"));
        QVERIFY(isOptimizerName("adam"));
        QVERIFY(!isOptimizerName("rmsprop"));
        QCOMPARE(optimizerNames(), std::string("sgd, adam"));
    }

    void choicesSetTheOptimizerAndMomentum()
    {
        TrainConfig c = sourceRecipe();
        QCOMPARE(std::string(optimizerChoiceOf(c).name), std::string("sgd"));
        QCOMPARE(std::string(optimizerChoiceOf(tunedRecipe()).name), std::string("momentum"));
        QCOMPARE(std::string(optimizerChoiceOf(adamRecipe()).name), std::string("adam"));
        // "momentum" without a value takes 0.9; with one, that one; "sgd" alone is plain.
        QVERIFY(applyOptimizerChoice("momentum", std::nullopt, c).ok());
        QCOMPARE(c.optimizer, std::string("sgd"));
        QCOMPARE(c.momentum, 0.9);
        QVERIFY(applyOptimizerChoice("momentum", 0.5, c).ok());
        QCOMPARE(c.momentum, 0.5);
        QVERIFY(applyOptimizerChoice("sgd", std::nullopt, c).ok());
        QCOMPARE(c.momentum, 0.0);
        // Adam's own moments: a momentum is refused and the settings stay.
        TrainConfig a = adamRecipe();
        QVERIFY(applyOptimizerChoice("sgd", std::nullopt, a).ok());
        QCOMPARE(a.optimizer, std::string("sgd")); // a recipe's Adam gives way to the choice
        QVERIFY(applyOptimizerChoice("adam", std::nullopt, a).ok());
        QCOMPARE(a.optimizer, std::string("adam"));
        const Status refused = applyOptimizerChoice("adam", 0.9, a);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().find("momentum") != std::string::npos);
        QCOMPARE(a.optimizer, std::string("adam"));
        QCOMPARE(a.momentum, 0.0);
        const Status unknown = applyOptimizerChoice("rmsprop", std::nullopt, a);
        QVERIFY(unknown.error().find("sgd, momentum, adam") != std::string::npos);
        // Every choice names an optimiser the registry makes.
        for (const OptimizerChoice &choice : optimizerChoices())
            QVERIFY(isOptimizerName(choice.optimizer));
    }

    void adamTrainsAndResumesExactly()
    {
        Trainer straight(m_split, adamConfig());
        const double first = straight.trainBatch().loss;
        while (!straight.finished())
            QVERIFY(!straight.trainBatch().divergence);
        QVERIFY(straight.epochReports().back().trainLoss < first);

        Trainer first15(m_split, adamConfig());
        for (int i = 0; i < 15; ++i)
            QVERIFY(!first15.trainBatch().divergence);
        const std::vector<std::uint8_t> bytes = encodeSnapshot(first15.snapshot());
        QCOMPARE(versionOf(bytes), 4u); // Adam's state and the epoch's training-set scores
        Result<TrainingSnapshot> back
                = decodeSnapshot(bytes.data(), bytes.size(), "adam.bplabsnap");
        QVERIFY2(back, back ? "" : back.error().c_str());
        QCOMPARE(back->config.optimizer, std::string("adam"));
        QCOMPARE(back->optimizerSteps, std::uint64_t(15));
        QCOMPARE(int(back->networkBuffers.size()), 1);

        Trainer resumed(m_split, sourceRecipe());
        const Status restored = resumed.restore(*back);
        QVERIFY2(restored, restored ? "" : restored.error().c_str());
        QCOMPARE(resumed.activeConfig().optimizer, std::string("adam"));
        while (!resumed.finished())
            QVERIFY(!resumed.trainBatch().divergence);
        QVERIFY(resumed.params() == straight.params());
        QCOMPARE(resumed.lossHistory(), straight.lossHistory());
    }

    void sgdSnapshotsKeepTheirVersion()
    {
        Trainer t(m_split, tunedRecipe());
        for (int i = 0; i < 3; ++i)
            QVERIFY(!t.trainBatch().divergence);
        const std::vector<std::uint8_t> bytes = encodeSnapshot(t.snapshot());
        QCOMPARE(versionOf(bytes), 1u);
        // An SGD snapshot cannot be continued as Adam's: its state lacks the second moment.
        TrainingSnapshot s = t.snapshot();
        s.config.optimizer = "adam";
        Trainer other(m_split, sourceRecipe());
        const Status refused = other.restore(s);
        QVERIFY(!refused);
        QVERIFY2(refused.error().find("second moment") != std::string::npos,
                 refused.error().c_str());
        QCOMPARE(other.step(), std::size_t(0));
    }

    void recipesAreOneTable()
    {
        // Every recipe by its name, and a configuration of each is recognised as it.
        for (const RecipeInfo &r : recipes()) {
            QCOMPARE(recipeNamed(r.name).value(), r.recipe);
            QCOMPARE(recipeOf(recipeConfig(r.recipe)), r.recipe);
            QVERIFY(recipeConfig(r.recipe).seed == 1 && !recipeConfig(r.recipe).augment);
        }
        QVERIFY(!recipeNamed("fast"));
        QCOMPARE(recipeNames(), std::string("source, tuned or adam"));
        QCOMPARE(recipeConfig(Recipe::Tuned).momentum, 0.9);
        QCOMPARE(recipeConfig(Recipe::Adam).optimizer, std::string("adam"));
        // A recipe chosen keeps the user's seed, augmentation and replicas.
        TrainConfig mine = sourceRecipe();
        mine.seed = 7;
        mine.augment = true;
        mine.replicas = 4;
        const TrainConfig tuned = withRecipe(mine, Recipe::Tuned);
        QCOMPARE(tuned.seed, std::uint64_t(7));
        QVERIFY(tuned.augment);
        QCOMPARE(tuned.replicas, 4);
        QCOMPARE(tuned.lr, tunedRecipe().lr);
        QVERIFY(tuned.schedule == Schedule::Cosine);
    }

    void needsResetSeesTheOptimizer()
    {
        TrainConfig a = sourceRecipe(), b = a;
        b.lr = 0.5;
        QVERIFY(!needsReset(a, b));
        b.optimizer = "adam";
        QVERIFY(needsReset(a, b));
        QVERIFY(needsReset(sourceRecipe(), tunedRecipe()));
    }
};

QTEST_MAIN(TestOptimizer)
#include "tst_optimizer.moc"
