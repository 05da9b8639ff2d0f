// The one training loop (trainingsession.h): the stop flag, the divergence policy, the callbacks
// and the reports gathered for the views.

#include "synthetic.h"
#include "train/trainingsession.h"

#include <QTest>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace bplab;
using namespace bplab::test;

namespace {

/** 300 synthetic samples in batches of 32: 10 batches an epoch. */
TrainConfig smallConfig(int epochs, double lr = 0.1)
{
    TrainConfig c = sourceRecipe();
    c.epochs = epochs;
    c.batch = 32;
    c.seed = 1;
    c.lr = lr;
    return c;
}

std::unique_ptr<Trainer> makeTrainer(const TrainConfig &c)
{
    return std::make_unique<Trainer>(syntheticSplit(300, 50), c);
}

/** A configuration whose first epochs diverge: lr 8 on standardised inputs (up to 3) overflows. */
TrainConfig divergingConfig()
{
    TrainConfig c = smallConfig(20, 8);
    c.normalize = Normalize::Standard;
    return c;
}

struct DivergenceSeen
{
    Divergence divergence;
    std::optional<double> rate;
};

} // namespace

class TestTrainingSession : public QObject
{
    Q_OBJECT

private slots:
    void callbacksSeeEveryBatchInOrder()
    {
        TrainingSession session(makeTrainer(smallConfig(3)));
        std::vector<std::string> events;
        std::vector<std::size_t> steps;
        std::vector<float> losses;
        session.setObserver({
                [&](const BatchReport &b) {
                    steps.push_back(b.step);
                    losses.push_back(float(b.loss));
                    events.push_back("batch " + std::to_string(b.step));
                },
                [&](const EpochReport &e) { events.push_back("epoch " + std::to_string(e.epoch)); },
                {},
                {},
        });
        const RunResult r = session.run();
        QVERIFY(r.end == RunEnd::Finished);
        const Trainer &t = *session.trainer();
        QCOMPARE(r.batches, t.totalSteps());
        QCOMPARE(steps.size(), std::size_t(30));
        for (std::size_t i = 0; i < steps.size(); ++i)
            QCOMPARE(steps[i], i);
        // The losses the callback saw are those the trainer kept, in its order.
        QCOMPARE(losses, t.lossHistory());
        // Each epoch's report follows its last batch and comes before the next epoch's first.
        QCOMPARE(events.size(), std::size_t(33));
        QCOMPARE(events[10], std::string("epoch 1"));
        QCOMPARE(events[9], std::string("batch 9"));
        QCOMPARE(events[11], std::string("batch 10"));
        QCOMPARE(events[21], std::string("epoch 2"));
        QCOMPARE(events.back(), std::string("epoch 3"));
    }

    // The same settings give the same bits through the session as through trainBatch() alone.
    void theSessionTrainsAsTheTrainer()
    {
        TrainingSession session(makeTrainer(smallConfig(2)));
        session.run();
        Trainer alone(syntheticSplit(300, 50), smallConfig(2));
        while (!alone.finished())
            alone.trainBatch();
        QVERIFY(session.trainer()->params() == alone.params());
    }

    void stopFlagEndsTheRunBetweenBatches()
    {
        TrainingSession session(makeTrainer(smallConfig(3)));
        std::size_t seen = 0;
        session.setObserver({[&](const BatchReport &) {
                                 if (++seen == 4)
                                     session.requestStop();
                             },
                             {},
                             {},
                             {}});
        RunResult r = session.run();
        QVERIFY(r.end == RunEnd::Stopped);
        QCOMPARE(r.batches, std::size_t(4));
        QCOMPARE(session.trainer()->step(), std::size_t(4));
        // The flag stays until cleared: the next run trains nothing.
        r = session.run();
        QVERIFY(r.end == RunEnd::Stopped);
        QCOMPARE(session.trainer()->step(), std::size_t(4));
        session.clearStop();
        r = session.run({2, {}});
        QVERIFY(r.end == RunEnd::Limit);
        QCOMPARE(session.trainer()->step(), std::size_t(6));
    }

    // A flag the caller owns (a signal handler's) stops the run as the session's own does.
    void callersFlagStopsTheRun()
    {
        TrainingSession session(makeTrainer(smallConfig(3)));
        std::atomic<bool> interrupted {false};
        session.setStopFlag(&interrupted);
        session.setObserver({[&](const BatchReport &b) {
                                 if (b.step == 6)
                                     interrupted = true;
                             },
                             {},
                             {},
                             {}});
        const RunResult r = session.run();
        QVERIFY(r.end == RunEnd::Stopped);
        QCOMPARE(session.trainer()->step(), std::size_t(7));
    }

    void limitsEndTheRun()
    {
        TrainingSession session(makeTrainer(smallConfig(3)));
        RunResult r = session.run({5, {}});
        QVERIFY(r.end == RunEnd::Limit);
        QCOMPARE(r.batches, std::size_t(5));
        // stopBefore is asked before each batch: here it ends the run at the epoch's end.
        const Trainer &t = *session.trainer();
        r = session.run({-1, [&] { return t.epoch() >= 2; }});
        QVERIFY(r.end == RunEnd::Limit);
        QCOMPARE(t.step(), std::size_t(20));
        QCOMPARE(r.batches, std::size_t(15));
    }

    void stopPolicyStopsOnTheRestoredStateWithASuggestion()
    {
        TrainingSession session(makeTrainer(divergingConfig()));
        std::vector<DivergenceSeen> seen;
        // The weights after the last two trained batches (the first: the initial ones).
        MlpParamsF beforeLast = session.trainer()->params();
        MlpParamsF last = beforeLast;
        session.setObserver({[&](const BatchReport &) {
                                 beforeLast = last;
                                 last = session.trainer()->params();
                             },
                             {},
                             [&](const Divergence &d, std::optional<double> rate) {
                                 seen.push_back({d, rate});
                             },
                             {}});
        const RunResult r = session.run();
        QVERIFY(r.end == RunEnd::Diverged);
        QVERIFY(r.divergence);
        QCOMPARE(seen.size(), std::size_t(1));
        QVERIFY(!seen[0].rate);
        QCOMPARE(r.divergence->lr, 8.0);
        QCOMPARE(r.divergence->suggestedLr, suggestedLearningRate(8.0));
        QCOMPARE(seen[0].divergence.suggestedLr, 4.0);
        // Stopped on the last finite state: the trainer's position is the diverged batch's.
        const Trainer &t = *session.trainer();
        QCOMPARE(t.activeConfig().lr, 8.0);
        QCOMPARE(r.divergence->step, t.step() + 1);
        QVERIFY(t.params().allFinite());
        QVERIFY(t.params() == (r.divergence->batchesUndone == 1 ? last : beforeLast));
    }

    void halvePolicyTrainsOnAtHalfTheRate()
    {
        TrainingSession session(makeTrainer(divergingConfig()));
        session.setDivergencePolicy({DivergenceAction::Halve});
        std::vector<DivergenceSeen> seen;
        std::vector<double> rates;
        session.setObserver({{},
                             {},
                             [&](const Divergence &d, std::optional<double> rate) {
                                 seen.push_back({d, rate});
                             },
                             [&](std::size_t, double lr) { rates.push_back(lr); }});
        const RunResult r = session.run();
        QVERIFY(r.end == RunEnd::Finished);
        QVERIFY(!seen.empty());
        double setting = 8;
        for (const DivergenceSeen &s : seen) {
            QVERIFY(s.rate);
            QCOMPARE(*s.rate, suggestedLearningRate(setting));
            QCOMPARE(*s.rate, s.divergence.suggestedLr); // constant schedule: setting = batch rate
            setting = *s.rate;
        }
        QCOMPARE(rates.size(), seen.size());
        QCOMPARE(rates.back(), setting);
        QCOMPARE(session.trainer()->activeConfig().lr, setting);
        QVERIFY(session.trainer()->params().allFinite());
    }

    // Halving gives up after maxHalvings in a row, and stops with the suggestion of the last rate.
    void halvingGivesUpWithASuggestion()
    {
        TrainConfig c = divergingConfig();
        c.lr = 1e300; // as a float infinite: no rate within two halvings recovers
        TrainingSession session(makeTrainer(c));
        DivergencePolicy policy {DivergenceAction::Halve};
        policy.maxHalvings = 2;
        session.setDivergencePolicy(policy);
        std::vector<DivergenceSeen> seen;
        session.setObserver({{},
                             {},
                             [&](const Divergence &d, std::optional<double> rate) {
                                 seen.push_back({d, rate});
                             },
                             {}});
        const RunResult r = session.run();
        QVERIFY(r.end == RunEnd::Diverged);
        QCOMPARE(seen.size(), std::size_t(3));
        QCOMPARE(seen[0].rate, std::optional<double>(5e299));
        QCOMPARE(seen[1].rate, std::optional<double>(2.5e299));
        QVERIFY(!seen[2].rate);
        QCOMPARE(r.divergence->lr, 2.5e299);
        QCOMPARE(r.divergence->suggestedLr, 1.25e299);
        QCOMPARE(session.trainer()->step(), std::size_t(0));
    }

    void requestedRateAppliesBeforeTheNextBatch()
    {
        TrainingSession session(makeTrainer(smallConfig(1)));
        std::vector<std::pair<std::size_t, double>> changes;
        std::vector<double> batchRates;
        session.setObserver({[&](const BatchReport &b) { batchRates.push_back(b.lr); },
                             {},
                             {},
                             [&](std::size_t step, double lr) { changes.emplace_back(step, lr); }});
        session.run({3, {}});
        session.requestLearningRate(0.1); // the rate already set: no change
        session.run({1, {}});
        QVERIFY(changes.empty());
        session.requestLearningRate(0.02);
        session.run({2, {}});
        QCOMPARE(changes.size(), std::size_t(1));
        QCOMPARE(changes[0].first, std::size_t(4));
        QCOMPARE(changes[0].second, 0.02);
        QCOMPARE(batchRates, (std::vector<double> {0.1, 0.1, 0.1, 0.1, 0.02, 0.02}));
        session.requestLearningRate(0.5);
        QCOMPARE(session.takeRequestedLearningRate(), std::optional<double>(0.5));
        QCOMPARE(session.takeRequestedLearningRate(), std::nullopt);
    }

    void gathersEveryLossForTheViews()
    {
        TrainingSession session(makeTrainer(smallConfig(2)));
        session.setGatherReports(true);
        session.run({13, {}});
        PendingReports p = session.takePending();
        QCOMPARE(p.loss.size(), std::size_t(13));
        QCOMPARE(p.epochs.size(), std::size_t(1));
        QCOMPARE(p.epochs[0].epoch, 1);
        QCOMPARE(p.x[0], 0.1);
        QCOMPARE(p.x[9], 1.0);
        QCOMPARE(p.x[12], 1.3);
        session.run();
        const PendingReports rest = session.takePending();
        QCOMPARE(rest.loss.size(), std::size_t(7));
        p.loss.insert(p.loss.end(), rest.loss.begin(), rest.loss.end());
        const std::vector<float> &history = session.trainer()->lossHistory();
        for (std::size_t i = 0; i < history.size(); ++i)
            QCOMPARE(float(p.loss[i]), history[i]);
        QVERIFY(session.takePending().empty());
    }

    // The views' rate limits and the pace read the injected clock.
    void viewsAndPaceFollowTheClock()
    {
        std::int64_t clock = 1'000'000'000;
        TrainingSession session(makeTrainer(smallConfig(1)), [&] { return clock; });
        session.beginRun();
        QVERIFY(session.due(0) == ViewsDue::Nothing);
        static_assert(TrainingSession::kLossFlushNs < TrainingSession::kVisualIntervalNs);
        clock += TrainingSession::kLossFlushNs;
        QVERIFY(session.due(0) == ViewsDue::Losses); // the losses more often than pictures
        session.takePending();
        clock += TrainingSession::kVisualIntervalNs - TrainingSession::kLossFlushNs;
        QVERIFY(session.due(1) == ViewsDue::Losses); // a picture in flight: the losses alone
        QVERIFY(session.due(0) == ViewsDue::Visual);
        session.visualSent();
        session.takePending();
        QVERIFY(session.due(0) == ViewsDue::Nothing);

        session.pacer().setPace({10, false});
        session.beginRun();
        QCOMPARE(session.unitDueIn(), std::int64_t(0));
        session.unitStarted();
        QCOMPARE(session.unitDueIn(), std::int64_t(100'000'000));
        clock += 40'000'000;
        QCOMPARE(session.unitDueIn(), std::int64_t(60'000'000));
    }
};

QTEST_APPLESS_MAIN(TestTrainingSession)
#include "tst_trainingsession.moc"
