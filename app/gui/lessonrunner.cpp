#include "lessonrunner.h"

#include "lessonhost.h"
#include "trainingcontroller.h"

#include <lesson/lessonplayer.h>
#include <lesson/lessonreader.h>

#include <lessoncluster.h>
#include <lessonpanel.h>
#include <train/networktrainer.h>
#include <questionbox.h>
#include <stepmodel.h>
#include <train/trainsubset.h>

#include <QApplication>
#include <QFileInfo>

#include <algorithm>

namespace bplab {

namespace {

Pace paceOf(const LessonPace &p)
{
    switch (p.kind) {
    case LessonPace::Kind::Full: return Pace{};
    case LessonPace::Kind::PerSecond: return Pace{p.batchesPerSecond, false};
    case LessonPace::Kind::Sample: return Pace{kSamplesPerSecond, true};
    }
    return Pace{};
}

} // namespace

LessonRunner::LessonRunner(LessonHost *host, LessonPanel *panel, QObject *parent)
    : QObject(parent), m_host(host), m_panel(panel)
{
    connect(panel, &LessonPanel::nextRequested, this, &LessonRunner::next);
    connect(panel, &LessonPanel::backRequested, this, &LessonRunner::back);
    connect(panel, &LessonPanel::closeRequested, this, &LessonRunner::close);
    connect(panel->questionBox(), &QuestionBox::answered, this, &LessonRunner::answer);
    connect(panel->questionBox(), &QuestionBox::revealRequested, this, &LessonRunner::reveal);
    connect(host->session(), &TrainingController::stateChanged, this, [this](TrainingState state) {
        // A replayed step's run has ended (or there was nothing left to train): the next step.
        if (m_replayRunning) {
            if (state == TrainingState::Running) {
                m_replaySawRunning = true;
            } else if (m_replaySawRunning || state == TrainingState::Finished) {
                m_replayRunning = m_replaySawRunning = false;
                QMetaObject::invokeMethod(this, &LessonRunner::replayNext, Qt::QueuedConnection);
            }
            return;
        }
        // Only the end of the run started at full speed brings the lesson's pace back: a
        // Paused still queued from reading the data comes before that run and is not its end.
        if (m_restorePace) {
            if (state == TrainingState::Running) {
                m_fastRunStarted = true;
            } else if (m_fastRunStarted) {
                m_host->session()->setPace(*m_restorePace); // the lesson's pace for what follows
                m_restorePace.reset();
                m_fastRunStarted = false;
            }
        }
        // A run a question held back has ended: its answer is shown now.
        if (m_revealAfterRun) {
            if (state == TrainingState::Running) {
                m_revealRunStarted = true;
            } else if (m_revealRunStarted || state == TrainingState::Finished) {
                m_revealAfterRun = m_revealRunStarted = false;
                QMetaObject::invokeMethod(this, &LessonRunner::reveal, Qt::QueuedConnection);
            }
        }
    });
    // A reveal that waits for the Compare view's runs looks again five times a second.
    m_revealRetry.setInterval(200);
    connect(&m_revealRetry, &QTimer::timeout, this, [this] {
        // Or for the run to the step's batch, should its end have come without a state change.
        const TrainingController *c = m_host->session();
        if (m_revealAfterRun) {
            // (A run that stopped short, diverged say, is its end too; so is a training whose
            // epochs end before the step's batch, which never starts again.)
            const bool waiting = qint64(c->stepCount()) < m_revealRunTo && !m_revealRunStarted
                                 && c->state() != TrainingState::Finished;
            if (c->state() == TrainingState::Running || waiting)
                return;
            m_revealAfterRun = m_revealRunStarted = false;
        } else if (m_host->compareBusy()) {
            return;
        }
        m_revealRetry.stop();
        reveal();
    });
    connect(host->session(), &TrainingController::dataChanged, this, [this] {
        if (m_waitingForData && m_lesson && m_host->session()->dataset()) {
            m_waitingForData = false;
            replayNext();
        }
    });
}

QString LessonRunner::open(const QString &file, int startStep)
{
    Result<Lesson> lesson = loadLesson(file.toStdString());
    if (!lesson)
        return QString::fromStdString(lesson.error());
    if (lesson->steps.empty())
        return tr("%1: the lesson has no steps.").arg(QFileInfo(file).fileName());
    if (startStep < 0 || startStep >= int(lesson->steps.size()))
        return tr("%1 has steps 1 to %2, not step %3.")
                .arg(QFileInfo(file).fileName())
                .arg(lesson->steps.size())
                .arg(startStep + 1);
    const Result<std::string> folder = findDataFolder({}, parseKnownDataset(lesson->dataset));
    if (!folder)
        return tr("%1 needs the data set \"%2\", which is not on this computer: %3")
                .arg(QFileInfo(file).fileName(), QString::fromStdString(lesson->dataset),
                     QString::fromStdString(folder.error()));
    m_lesson = std::move(*lesson);
    m_tallies.assign(m_lesson->steps.size(), Tally{});
    // The questions of the steps before the one opened first count as answered: a class that
    // starts there has been through them.
    m_answered.assign(m_lesson->steps.size(), false);
    std::fill(m_answered.begin(), m_answered.begin() + startStep, true);
    m_heldRunTo.reset();
    m_revealAfterRun = m_revealRunStarted = false;
    m_revealRetry.stop();
    m_index = startStep;
    m_replayed = 0;
    m_replayUntil = startStep;
    m_replayRunning = m_replaySawRunning = false;
    m_replayPace.reset();
    applyLesson(QString::fromStdString(*folder));
    emit opened(QString::fromStdString(m_lesson->title));
    return {};
}

void LessonRunner::applyLesson(const QString &folder)
{
    const Lesson &l = *m_lesson;
    const TrainConfig config = lessonConfig(l, m_host->session()->config());
    m_host->useSessionSettings(config);
    if (l.settings.pace)
        m_host->session()->setPace(paceOf(*l.settings.pace));
    m_host->restrict(LessonRestrictions::of(l));
    // The lesson starts from its own data and seed: untrained weights, an empty timeline.
    m_folder = folder;
    m_waitingForData = true;
    m_host->openSessionData(folder);
    applyStep(); // the text now; the rest once the data is read
}

void LessonRunner::replayNext()
{
    if (!m_lesson)
        return;
    TrainingController *c = m_host->session();
    if (m_replayed < m_replayUntil && !m_replayPace)
        m_replayPace = c->pace(); // the lesson's own; the replay runs at full speed
    while (m_replayed < m_replayUntil) {
        const LessonStep &s = m_lesson->steps[std::size_t(m_replayed++)];
        if (s.lr)
            c->setLearningRate(*s.lr);
        if (s.pace)
            m_replayPace = paceOf(*s.pace);
        if (!s.timelineAt)
            continue;
        const qint64 k = *s.timelineAt;
        const qint64 trained = qint64(c->stepCount());
        if (k > trained) {
            // The next step's learning rate applies only after this run: wait for its end.
            c->setPace(Pace{});
            m_replayRunning = true;
            m_replaySawRunning = false;
            c->runBatches(k - trained);
            return;
        }
        c->showBatch(k);
    }
    if (m_replayPace) {
        c->setPace(*m_replayPace);
        m_replayPace.reset();
    }
    applyStep(/*dataReady=*/true);
    emit ready();
}

void LessonRunner::close()
{
    if (!m_lesson)
        return;
    m_replayed = m_replayUntil = 0;
    m_replayRunning = m_replaySawRunning = false;
    m_replayPace.reset();
    m_lesson.reset();
    m_tallies.clear();
    m_answered.clear();
    m_heldRunTo.reset();
    m_revealAfterRun = m_revealRunStarted = false;
    m_revealRetry.stop();
    m_waitingForData = false;
    m_host->holdCompare(CompareHold::None);
    m_host->holdStepTerm(std::nullopt);
    m_host->restrict({});
    m_host->setStepLearningRate(std::nullopt);
    emit closed();
}

void LessonRunner::goTo(int index)
{
    if (!m_lesson || index < 0 || index >= int(m_lesson->steps.size()))
        return;
    m_index = index;
    m_heldRunTo.reset(); // a held run belongs to the step that held it
    m_revealAfterRun = m_revealRunStarted = false;
    m_revealRetry.stop();
    applyStep();
}

bool LessonRunner::isAnswered(int step) const
{
    if (!m_lesson || step < 0 || step >= int(m_lesson->steps.size()))
        return true;
    return !m_lesson->steps[std::size_t(step)].question || m_answered[std::size_t(step)]
           || m_tallies[std::size_t(step)].revealed;
}

CompareHold LessonRunner::compareHoldOf(int step) const
{
    if (isAnswered(step))
        return CompareHold::None;
    switch (m_lesson->steps[std::size_t(step)].question->quantity) {
    case Quantity::CompareBest:
    case Quantity::CompareAccuracy: return CompareHold::Outcome;
    case Quantity::CompareSmallestGradient: return CompareHold::Gradients;
    default: return CompareHold::None;
    }
}

bool LessonRunner::holdsRun(int step) const
{
    if (isAnswered(step))
        return false;
    const Quantity q = m_lesson->steps[std::size_t(step)].question->quantity;
    return q == Quantity::TestAccuracy || q == Quantity::TrainAccuracy || q == Quantity::ConfusionCount;
}

void LessonRunner::runFast(qint64 batches)
{
    TrainingController *c = m_host->session();
    if (!c->pace().full() && !m_restorePace) {
        m_restorePace = c->pace();
        m_fastRunStarted = c->state() == TrainingState::Running;
        c->setPace(Pace{});
    }
    c->runBatches(batches);
}

void LessonRunner::next()
{
    if (!m_lesson)
        return;
    const LessonStep &s = m_lesson->steps[std::size_t(m_index)];
    if (s.question && !m_tallies[std::size_t(m_index)].revealed) {
        reveal();
        // The class sees the answer first (also one that follows a run); the next Page Down moves on.
        if (m_tallies[std::size_t(m_index)].revealed || m_revealAfterRun || m_revealRetry.isActive())
            return;
    }
    // After the last step the lesson ends: its views, controls and settings give way to the user's.
    if (isLastStep())
        close();
    else
        goTo(m_index + 1);
}

bool LessonRunner::isLastStep() const
{
    return m_lesson && m_index + 1 == int(m_lesson->steps.size());
}

void LessonRunner::back()
{
    goTo(m_index - 1);
}

void LessonRunner::applyStep(bool dataReady)
{
    const Lesson &l = *m_lesson;
    const LessonStep &s = l.steps[std::size_t(m_index)];
    m_panel->showStep(QString::fromStdString(l.title), m_index, int(l.steps.size()), QString::fromStdString(s.text));
    m_panel->setQuestionVisible(s.question.has_value());
    if (s.question)
        askQuestion();
    else if (QWidget *focus = QApplication::focusWidget(); focus && m_panel->isAncestorOf(focus))
        m_host->focusWindow(); // the window's keys (Space, arrows) work again
    emit stepShown(m_panel->positionText(), m_panel->stepText(),
                   s.question ? m_panel->questionBox()->question() : QString());
    // Before any run of this step starts: nothing shown gives the open question's value away.
    m_host->holdCompare(compareHoldOf(m_index));
    m_host->holdStepTerm(isAnswered(m_index) ? std::nullopt : stepTermHold(s));
    TrainingController *c = m_host->session();
    if (!dataReady && (m_replayRunning || m_replayed < m_replayUntil))
        return; // the replay of the steps before the first shows this one when it is done
    if (!dataReady && (m_waitingForData || c->state() == TrainingState::NoData || c->state() == TrainingState::Loading)) {
        m_waitingForData = true;
        return;
    }
    // A step's learning rate is the training's from here on, and the Step view's for this step.
    if (s.lr)
        c->setLearningRate(*s.lr);
    m_host->setStepLearningRate(s.lr);
    if (s.pace)
        c->setPace(paceOf(*s.pace));
    if (s.testImage)
        m_host->showTestImage(int(*s.testImage));
    if (s.stage)
        m_host->showStage(*s.stage);
    if (s.cluster)
        m_host->showCluster(*s.cluster);
    // A question about a cluster: the page shows the cluster its answer is computed on.
    if (s.question && (s.question->quantity == Quantity::AllReduceTime || s.question->quantity == Quantity::SnapshotTime))
        m_host->showCluster(s.question->cluster);
    if (s.timelineAt) {
        const qint64 k = *s.timelineAt;
        const qint64 trained = qint64(c->stepCount());
        if (k > trained && holdsRun(m_index)) {
            m_heldRunTo = k; // trained when the question is answered
        } else if (k > trained) {
            // At the lesson's pace the class watches it learn; what that pace would play for
            // longer than half a minute (one sample at a time, say) runs at full speed instead.
            const Pace pace = c->pace();
            const double perSecond = pace.perSample ? pace.perSecond / std::max(1, c->config().batch) : pace.perSecond;
            if (!pace.full() && double(k - trained) / perSecond > kLongestPacedSeconds) {
                m_restorePace = pace;
                m_fastRunStarted = c->state() == TrainingState::Running;
                c->setPace(Pace{});
            }
            c->runBatches(k - trained);
        } else {
            c->showBatch(k);
        }
    }
    // A Compare step shows the runs the latest step up to it asked for (also when the lesson was
    // opened at this step, or went back to it); so does a step that shows a run's mistakes.
    const bool ofRun = s.mistakesOf.value_or(0) > 0 || s.stepOf.value_or(0) > 0;
    if (s.view == LessonView::Compare || ofRun) {
        for (int i = m_index; i >= 0; --i)
            if (const LessonStep &earlier = l.steps[std::size_t(i)]; !earlier.compare.empty()) {
                m_host->compareRuns(earlier.compare);
                break;
            }
    }
    if (s.view == LessonView::Compare)
        m_host->showCompareMeasure(s.compareShow.value_or(CompareMeasure::TestAccuracy));
    if (s.view == LessonView::Mistakes)
        m_host->showMistakesOf(s.mistakesOf.value_or(0));
    if (s.view == LessonView::Step) {
        m_host->stepThroughRun(s.stepOf.value_or(0));
        m_host->computeByHand(s.compute);
    }
    m_host->showView(s.view);
    // A view newly shown takes the keyboard; an open question takes it back, so that the class
    // types its answers at once (the lesson's first step too, before the window was shown).
    if (s.question && !m_tallies[std::size_t(m_index)].revealed)
        m_panel->questionBox()->focusAnswer();
}

void LessonRunner::askQuestion()
{
    const LessonQuestion &q = *m_lesson->steps[std::size_t(m_index)].question;
    const Tally &t = m_tallies[std::size_t(m_index)];
    QuestionBox *box = m_panel->questionBox();
    box->ask(QString::fromStdString(q.text), answerHint(q.quantity));
    if (t.revealed) {
        m_tallies[std::size_t(m_index)].revealed = false;
        reveal();
    } else if (!t.answers.isEmpty()) {
        box->showRecorded(int(t.answers.size()));
    }
}

std::optional<TrueAnswer> LessonRunner::truthNow(const LessonQuestion &q, QString *error) const
{
    AnswerSources sources;
    m_host->stepModel()->addTo(sources);
    // The test set at the weights every view shows, when a question needs it.
    Evaluation evaluation;
    const TrainingController *c = m_host->session();
    const OtherNetwork network = c->shownNetwork();
    const auto evaluateShown = [&network](const Dataset &set) {
        return evaluateNetwork(network.arch, *network.weights, set, network.normalize);
    };
    const bool weights = network.weights != nullptr;
    if ((q.quantity == Quantity::TestAccuracy || q.quantity == Quantity::ConfusionCount) && c->dataSplit() && weights) {
        evaluation = evaluateShown(c->dataSplit()->test);
        sources.evaluation = &evaluation;
    }
    Evaluation onTrain; // the images the shown weights were trained on: the subset, if one
    if (q.quantity == Quantity::TrainAccuracy && c->dataSplit() && weights) {
        const TrainConfig &trained = c->trainedConfig();
        const Dataset &all = c->dataSplit()->train;
        onTrain = evaluateShown(balancedSubset(all, subsetSize(trained.trainSubset, all.size()), trained.seed));
        sources.trainEvaluation = &onTrain;
    }
    sources.clusterSeconds = [](const LessonCluster &cl, bool snapshot) { return cluster::lessonClusterSeconds(cl, snapshot); };
    if (q.quantity == Quantity::CompareBest || q.quantity == Quantity::CompareAccuracy
        || q.quantity == Quantity::CompareSmallestGradient)
        sources.compareRuns = m_host->compareResults();
    Result<TrueAnswer> truth = trueAnswer(q, sources);
    if (!truth) {
        if (error)
            *error = QString::fromStdString(truth.error());
        return std::nullopt;
    }
    return *truth;
}

void LessonRunner::answer(const QString &given)
{
    if (!m_lesson || !m_lesson->steps[std::size_t(m_index)].question)
        return;
    const LessonQuestion &q = *m_lesson->steps[std::size_t(m_index)].question;
    Tally &t = m_tallies[std::size_t(m_index)];
    if (t.revealed)
        return;
    if (const QString refused = t.record(q, given); !refused.isEmpty()) {
        m_panel->questionBox()->showProblem(refused);
        return;
    }
    m_panel->questionBox()->showRecorded(int(t.answers.size()));
}

void LessonRunner::reveal()
{
    if (!m_lesson || !m_lesson->steps[std::size_t(m_index)].question)
        return;
    const LessonQuestion &q = *m_lesson->steps[std::size_t(m_index)].question;
    Tally &t = m_tallies[std::size_t(m_index)];
    // The question is answered: what it held back is shown, and a held run trains at full speed.
    m_answered[std::size_t(m_index)] = true;
    m_host->holdCompare(CompareHold::None);
    m_host->holdStepTerm(std::nullopt);
    if (m_heldRunTo) {
        const qint64 k = *m_heldRunTo;
        m_heldRunTo.reset();
        const qint64 trained = qint64(m_host->session()->stepCount());
        if (k > trained) {
            // A run still going (the step before's, at the lesson's pace) goes on at full speed.
            m_revealAfterRun = true;
            m_revealRunStarted = m_host->session()->state() == TrainingState::Running;
            m_revealRunTo = k;
            runFast(k - trained);
            m_revealRetry.start();
        }
    }
    if (m_revealAfterRun) {
        m_panel->questionBox()->showProblem(tr("Training to batch %L1: the answer follows.").arg(
                m_lesson->steps[std::size_t(m_index)].timelineAt.value_or(0)));
        return;
    }
    m_revealRetry.stop();
    QString error;
    const std::optional<TrueAnswer> truth = truthNow(q, &error);
    if (!truth) {
        const bool ofRuns = q.quantity == Quantity::CompareBest || q.quantity == Quantity::CompareAccuracy
                            || q.quantity == Quantity::CompareSmallestGradient;
        if (ofRuns && m_host->compareBusy()) {
            m_panel->questionBox()->showProblem(tr("The runs are still training: the answer follows when they end."));
            m_revealRetry.start();
            return;
        }
        m_panel->questionBox()->showProblem(tr("No value to reveal yet: %1.").arg(error));
        return;
    }
    t.judge(q, *truth);
    const QString verdict = t.verdict();
    m_panel->questionBox()->showReveal(shownAnswer(truth->text), verdict, t.right, int(t.answers.size()));
    emit revealed(m_panel->questionBox()->resultText());
}

} // namespace bplab
