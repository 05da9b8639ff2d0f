// The timeline gives the exact state after any trained batch: replays equal, bit for bit, what
// the trainer had then, with learning-rate changes, momentum, after a branch and after a resume
// from a snapshot, for the source network and for another one; its checkpoints stay within their memory budget. And the pacer's arithmetic,
// driven by invented clock readings.

#include "architectures.h"
#include "train/networktrainer.h"
#include "train/pacer.h"
#include "train/snapshot.h"
#include "synthetic.h"
#include "train/timeline.h"
#include "train/trainer.h"

#include <QTest>

#include <map>

using namespace bplab;

namespace {

TrainConfig smallConfig()
{
    TrainConfig c = sourceRecipe();
    c.batch = 16;
    c.epochs = 5;
    c.seed = 5;
    return c;
}

/** What the trainer holds after a batch, to compare a replay with. */
struct Seen
{
    MlpParamsF params, grads;
    std::vector<std::uint32_t> batch;
};

Seen seen(const Trainer &t)
{
    return {t.params(), t.gradients(), t.lastBatchIndices()};
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT

    std::shared_ptr<DataSplit> m_data = test::syntheticSplit(400, 50);

    /** Trains `batches` batches on `head`, recording them, and remembers each state. */
    void train(Trainer &head, Timeline &timeline, int batches, std::map<std::uint64_t, Seen> &states,
               const std::map<std::uint64_t, double> &lrAt = {})
    {
        for (int i = 0; i < batches && !head.finished(); ++i) {
            if (auto it = lrAt.find(head.step()); it != lrAt.end()) {
                head.setLearningRate(it->second);
                timeline.recordLearningRate(head.step(), it->second);
            }
            const BatchReport r = head.trainBatch();
            QVERIFY(!r.divergence);
            timeline.recordBatch(head);
            states[head.step()] = seen(head);
        }
    }

    /** Every recorded state replays bit for bit. */
    void checkReplays(const Timeline &timeline, const Trainer &head, const std::map<std::uint64_t, Seen> &states)
    {
        Trainer replay(m_data, smallConfig());
        for (const auto &[step, want] : states) {
            if (step < timeline.first() || step > timeline.last())
                continue;
            QVERIFY2(timeline.replayTo(step, head, replay), qPrintable(QString::number(step)));
            QCOMPARE(replay.step(), step);
            QVERIFY2(replay.params() == want.params, qPrintable(QStringLiteral("params at %1").arg(step)));
            if (step > timeline.first() && !want.grads.layers.empty()) {
                QVERIFY2(replay.gradients() == want.grads, qPrintable(QStringLiteral("gradients at %1").arg(step)));
                QCOMPARE(replay.lastBatchIndices(), want.batch);
            }
        }
    }

private slots:
    void replaysEveryBatchExactly()
    {
        TrainConfig c = smallConfig();
        c.momentum = 0.9; // a buffer that must come back too
        Trainer head(m_data, c);
        Timeline timeline;
        timeline.start(head);
        std::map<std::uint64_t, Seen> states;
        states[0] = seen(head);
        // The learning rate changes mid-epoch, twice: replays must use the rate of each batch.
        train(head, timeline, 100, states, {{7, 0.05}, {31, 0.2}, {70, 0.1}});
        QCOMPARE(timeline.last(), std::uint64_t(100));
        QVERIFY(timeline.checkpointCount() > 2);
        checkReplays(timeline, head, states);
        // Out of range is an error, not a guess.
        Trainer replay(m_data, c);
        QVERIFY(!timeline.replayTo(101, head, replay));
    }

    void aBranchReplaysItsOwnPast()
    {
        const TrainConfig c = smallConfig();
        auto head = std::make_unique<Trainer>(m_data, c);
        Timeline timeline;
        timeline.start(*head);
        std::map<std::uint64_t, Seen> states;
        train(*head, timeline, 50, states);
        // Continue from batch 20 at a ten times larger rate: the replay becomes the head.
        auto replay = std::make_unique<Trainer>(m_data, c);
        QVERIFY(timeline.replayTo(20, *head, *replay));
        std::swap(head, replay);
        head->setLossLimit(kDivergenceLossLimit);
        timeline.truncate(20);
        QCOMPARE(timeline.last(), std::uint64_t(20));
        for (auto it = states.upper_bound(20); it != states.end();)
            it = states.erase(it);
        head->setLearningRate(1.0);
        timeline.recordLearningRate(20, 1.0);
        train(*head, timeline, 25, states);
        QCOMPARE(timeline.last(), std::uint64_t(45));
        checkReplays(timeline, *head, states);
        // The new branch really differs from the old one after batch 20.
        Trainer old(m_data, c);
        for (int i = 0; i < 21; ++i)
            old.trainBatch();
        QVERIFY(!(old.params() == states.at(21).params));
    }

    void aResumedRunReplaysFromItsSnapshot()
    {
        const TrainConfig c = smallConfig();
        Trainer first(m_data, c);
        for (int i = 0; i < 33; ++i)
            first.trainBatch();
        const TrainingSnapshot snap = first.snapshot();
        Trainer head(m_data, c);
        QVERIFY(head.restore(snap));
        Timeline timeline;
        timeline.start(head);
        QCOMPARE(timeline.first(), std::uint64_t(33));
        std::map<std::uint64_t, Seen> states;
        states[33] = seen(head);
        train(head, timeline, 40, states);
        checkReplays(timeline, head, states);
        // Before the snapshot there is no history to replay.
        Trainer replay(m_data, c);
        QVERIFY(!timeline.replayTo(32, head, replay));
        // And the resumed run is the uninterrupted one.
        for (int i = 0; i < 40; ++i)
            first.trainBatch();
        QVERIFY(first.params() == head.params());
    }

    // Another network's states replay exactly too: its weights, gradients and batch, across epoch
    // ends (whose reports count the epoch's earlier batches) and with each optimiser's state.
    void anotherNetworkReplaysExactly_data()
    {
        QTest::addColumn<QString>("optimizer");
        QTest::addColumn<double>("momentum");
        QTest::newRow("plain SGD") << "sgd" << 0.0;
        QTest::newRow("momentum 0.9") << "sgd" << 0.9;
        QTest::newRow("Adam") << "adam" << 0.0;
    }
    void anotherNetworkReplaysExactly()
    {
        QFETCH(QString, optimizer);
        QFETCH(double, momentum);
        TrainConfig c = withNetwork(smallConfig(), {24, 12}, Activation::Sigmoid);
        c.optimizer = optimizer.toStdString();
        c.momentum = momentum;
        c.lr = optimizer == "adam" ? 0.001 : 0.1;
        Trainer head(m_data, c);
        Timeline timeline(std::size_t(4) << 20); // a few checkpoints: replays train many batches
        timeline.start(head);
        struct Net
        {
            MlpParamsF params, grads;
            std::vector<std::uint32_t> batch;
            std::size_t epochs = 0;
        };
        std::map<std::uint64_t, Net> states;
        for (int i = 0; i < 90; ++i) { // 25 batches per epoch: three epoch ends
            if (head.step() == 40) {
                head.setLearningRate(c.lr / 2);
                timeline.recordLearningRate(40, c.lr / 2);
            }
            QVERIFY(!head.trainBatch().divergence);
            timeline.recordBatch(head);
            states[head.step()] = {head.params(), head.gradients(), head.lastBatchIndices(), head.epochReports().size()};
        }
        QVERIFY(timeline.checkpointCount() >= 2);
        Trainer replay(m_data, smallConfig()); // the source network: the checkpoint's must win
        for (const auto &[step, want] : states) {
            QVERIFY2(timeline.replayTo(step, head, replay), qPrintable(QString::number(step)));
            QVERIFY(replay.network() == c.network);
            QCOMPARE(replay.step(), step);
            QVERIFY2(replay.params() == want.params, qPrintable(QStringLiteral("params at %1").arg(step)));
            QVERIFY2(replay.gradients() == want.grads, qPrintable(QStringLiteral("gradients at %1").arg(step)));
            QCOMPARE(replay.lastBatchIndices(), want.batch);
            QCOMPARE(replay.epochReports().size(), want.epochs);
        }
        // An epoch that ends in a replay reports what the head reported.
        QVERIFY(timeline.replayTo(75, head, replay));
        QCOMPARE(replay.epochReports().back().trainLoss, head.epochReports()[2].trainLoss);
        QCOMPARE(replay.epochReports().back().testAccuracy, head.epochReports()[2].testAccuracy);
    }

    void staysWithinItsBudget()
    {
        const TrainConfig c = smallConfig();
        Trainer head(m_data, c);
        // Room for 8 checkpoints of plain SGD's weights (no buffer is stored for it).
        const std::size_t one = std::size_t(parameterCount()) * sizeof(float);
        Timeline timeline(8 * one + one / 2);
        timeline.start(head);
        std::map<std::uint64_t, Seen> states;
        train(head, timeline, 75, states);
        QVERIFY2(timeline.bytes() <= timeline.budgetBytes(), qPrintable(QString::number(timeline.bytes())));
        QVERIFY(timeline.checkpointCount() <= 8);
        QVERIFY(timeline.interval() >= 8); // 75 batches in at most 8 checkpoints
        checkReplays(timeline, head, states);
    }

    // A larger network than the source's gets as many checkpoints: a budget as many times larger
    // (at most kMaxBudgetScale times), and the smaller ones the budget given.
    void theBudgetFollowsTheNetwork()
    {
        const std::size_t one = std::size_t(parameterCount()) * sizeof(float);
        Timeline timeline(8 * one);
        Trainer wide(m_data, withNetwork(smallConfig(), {256, 128}, Activation::ReLU)); // 235,146 parameters
        timeline.start(wide);
        QCOMPARE(timeline.budgetBytes(), 3 * 8 * one);
        QVERIFY(timeline.bytes() <= timeline.budgetBytes());
        QVERIFY(timeline.bytes() > 2 * 8 * one); // its spares: the budget taken at the start
        Trainer widest(m_data, withNetwork(smallConfig(), {1024, 1024}, Activation::ReLU));
        timeline.start(widest);
        QCOMPARE(timeline.budgetBytes(), Timeline::kMaxBudgetScale * 8 * one);
        Trainer small(m_data, withNetwork(smallConfig(), {16}, Activation::Sigmoid));
        timeline.start(small);
        QCOMPARE(timeline.budgetBytes(), 8 * one);
    }

    void aPinnedStateIsRestoredAsItIs()
    {
        const TrainConfig c = smallConfig();
        Trainer head(m_data, c);
        Timeline timeline;
        timeline.start(head);
        std::map<std::uint64_t, Seen> states;
        train(head, timeline, 10, states);
        // What the divergence guard does: the state at a step is no longer what its batches made.
        MlpParamsF other = head.params();
        other.layers.back().b.setConstant(0.25f);
        TrainingSnapshot s = head.snapshot();
        s.networkParams = other;
        QVERIFY(head.restore(s));
        timeline.pin(head);
        states[10] = {other, {}, {}};
        train(head, timeline, 10, states);
        checkReplays(timeline, head, states);
    }

    void pacerKeepsItsPeriod()
    {
        constexpr std::int64_t ms = 1000000;
        Pacer p;
        QCOMPARE(p.dueIn(0), std::int64_t(0)); // full speed: always due
        p.setPace({10, false});
        p.start(1000 * ms);
        QCOMPARE(p.dueIn(1000 * ms), std::int64_t(0));
        p.started(1000 * ms);
        QCOMPARE(p.dueIn(1040 * ms), 60 * ms);
        // A unit started a little late keeps the rhythm: due one period after the last due time.
        p.started(1105 * ms);
        QCOMPARE(p.dueIn(1105 * ms), 95 * ms);
        // Far behind (a slow frame): no burst to catch up, one period from now.
        p.started(1500 * ms);
        QCOMPARE(p.dueIn(1500 * ms), 100 * ms);
        // A faster pace applies at once: one new period after the last start.
        p.setPace({100, false});
        QCOMPARE(p.dueIn(1500 * ms), 10 * ms);
        p.setPace({1, false});
        QCOMPARE(p.dueIn(1500 * ms), 1000 * ms);
        p.setPace({});
        QCOMPARE(p.dueIn(1500 * ms), std::int64_t(0));
    }

    void pacesAreOrdered()
    {
        QCOMPARE(paceIndex(Pace{}), 0);
        QCOMPARE(paceIndex(Pace{10, false}), 3);
        QCOMPARE(paceIndex(Pace{12, false}), 3); // the nearest offered
        QCOMPARE(paceIndex(Pace{kSamplesPerSecond, true}), int(kPaces.size()) - 1);
        QCOMPARE(QString::fromStdString(describePace(Pace{30, false})), QStringLiteral("30 batches/s"));
        QCOMPARE(QString::fromStdString(describePace(Pace{})), QStringLiteral("full speed"));
    }
};

QTEST_APPLESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
