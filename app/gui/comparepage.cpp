#include "comparepage.h"

#include "trainingcontroller.h"

#include <background.h>
#include <compareview.h>
#include <uiformat.h>

#include <QCoreApplication>
#include <QEvent>
#include <QFuture>
#include <QLocale>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace bplab {

namespace {

// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text)
{
    return QCoreApplication::translate("bplab", text);
}


QString networkText(const CompareChoice &c)
{
    if (!c.fileName.empty())
        return tr("%1, model file").arg(QString::fromStdString(describe(c.arch)));
    QString text = QString::fromStdString(describe(c.arch)) + tr(", lr %1").arg(QLocale().toString(c.lr));
    if (c.adam)
        text += tr(", Adam");
    else if (c.momentum > 0)
        text += tr(", momentum %1").arg(QLocale().toString(c.momentum));
    if (c.weightDecay > 0)
        text += tr(", weight decay %1").arg(QLocale().toString(c.weightDecay, 'g', 6));
    if (c.testShift != 0)
        text += tr(", tested on digits shifted %1 px").arg(c.testShift);
    text += c.epochs == 1 ? tr(", 1 epoch") : tr(", %1 epochs").arg(c.epochs);
    if (c.fromStep > 0)
        text += tr(", from batch %L1").arg(qulonglong(c.fromStep));
    return text;
}

} // namespace

// The activations keep their technical names, as the form's list does.
QString runLabelText(const std::vector<LabelPart> &parts)
{
    using Kind = LabelPart::Kind;
    const QLocale locale;
    QStringList named;
    QString suffix;
    for (const LabelPart &p : parts) {
        switch (p.kind) {
        case Kind::File:
        case Kind::Widths: named << QString::fromStdString(p.text); break;
        case Kind::Activation: named << QString::fromStdString(displayName(p.activation)); break;
        case Kind::Rate: named << tr("lr %1").arg(locale.toString(p.value)); break;
        case Kind::Method:
            named << (p.adam ? tr("Adam") : p.value > 0 ? tr("momentum %1").arg(locale.toString(p.value)) : tr("plain SGD"));
            break;
        case Kind::WeightDecay:
            named << (p.value > 0 ? tr("weight decay %1").arg(locale.toString(p.value, 'g', 6)) : tr("no weight decay"));
            break;
        case Kind::TestShift:
            named << (p.value != 0 ? tr("test shifted %1 px").arg(qlonglong(p.value)) : tr("test unshifted"));
            break;
        case Kind::Epochs: named << (p.value == 1 ? tr("1 epoch") : tr("%1 epochs").arg(qlonglong(p.value))); break;
        case Kind::FromBatch: named << tr("from batch %L1").arg(qlonglong(p.value)); break;
        case Kind::Run: named << tr("run %1").arg(qlonglong(p.value)); break;
        case Kind::SameAs: suffix = tr(" (run %1)").arg(qlonglong(p.value)); break;
        }
    }
    return named.join(QStringLiteral(", ")) + suffix;
}

namespace {

QString statusText(const CompareProgress &p, int epochs)
{
    using S = CompareProgress::State;
    switch (p.state) {
    case S::Waiting: return tr("waiting");
    case S::Finished: return tr("finished");
    case S::Stopped: return tr("stopped");
    case S::Diverged: return tr("diverged");
    case S::Training: break;
    }
    const std::size_t perEpoch = std::max<std::size_t>(1, p.totalSteps / std::size_t(std::max(1, epochs)));
    const int epoch = int(std::min<std::size_t>(p.step / perEpoch, std::size_t(epochs - 1))) + 1;
    const int done = p.totalSteps == 0 ? 0 : int(100 * p.step / p.totalSteps);
    return tr("epoch %1 of %2 (%3 % done)").arg(epoch).arg(epochs).arg(done);
}

/** What a screen reader is told when a run ends. */
QString endedText(const CompareRow &row)
{
    if (row.fromFile && row.finished)
        return tr("%1 evaluated: test accuracy %2").arg(row.label, formatPercent(row.testAccuracy.value(0)));
    return row.finished ? tr("%1 finished: test accuracy %2")
                                  .arg(row.label, formatPercent(row.testAccuracy.value(row.testAccuracy.size() - 1)))
                        : tr("%1 diverged").arg(row.label);
}

/** `row` as a lesson's open question lets the page show it (CompareHold); `epochs` is the run's. */
CompareRow withheldRow(CompareRow row, CompareHold hold, int epochs, bool waiting)
{
    if (hold == CompareHold::None || row.fromFile)
        return row;
    row.firstLayerGradient.clear();
    row.gradientMap.reset();
    if (hold == CompareHold::Gradients)
        return row;
    // The first epoch, unless it is the run's last: then nothing of it.
    const int keep = std::clamp(epochs - 1, 0, 1);
    const bool beyond = row.finished || !row.testAccuracy.isEmpty() || !row.message.isEmpty(); // past epoch 1
    row.testAccuracy.resize(std::min<qsizetype>(row.testAccuracy.size(), keep));
    row.testLoss.resize(std::min<qsizetype>(row.testLoss.size(), keep));
    row.trainLoss.resize(std::min<qsizetype>(row.trainLoss.size(), keep));
    row.trainAccuracy.resize(std::min<qsizetype>(row.trainAccuracy.size(), keep));
    row.accuracyGap.resize(std::min<qsizetype>(row.accuracyGap.size(), keep));
    if (row.losses && row.losses->maxX() > row.firstEpoch - 1 + keep) {
        auto losses = std::make_shared<LossHistory>(*row.losses);
        losses->truncateAfter(double(row.firstEpoch - 1 + keep));
        row.losses = std::move(losses);
    }
    row.classAccuracy.fill(-1);
    row.seconds = 0;
    row.finished = false;
    row.message.clear();
    if (beyond && !waiting)
        row.status = keep > 0 ? tr("epoch 1 shown; the rest after the answer") : tr("shown after the answer");
    return row;
}

/** Trains the view's runs one after the other on a pool thread and gives the view their progress. */
class CompareRunner : public QObject
{
public:
    CompareRunner(CompareView *view, TrainingController *controller, std::function<void(const QString &)> announce,
                  std::function<void(const QVector<OtherNetwork> &)> networks)
        : QObject(view)
        , m_view(view)
        , m_controller(controller)
        , m_announce(std::move(announce))
        , m_networks(std::move(networks))
    {
        setObjectName(QStringLiteral("compareRunner"));
        m_timer.setInterval(200);
        connect(&m_timer, &QTimer::timeout, this, &CompareRunner::refresh);
        connect(view, &CompareView::addRequested, this, &CompareRunner::add);
        connect(controller, &TrainingController::visualReady, this, &CompareRunner::offerShownBatch);
        connect(controller, &TrainingController::dataChanged, this, &CompareRunner::offerShownBatch);
        view->installEventFilter(this);
        connect(view, &CompareView::stopRequested, this, &CompareRunner::stopAll);
        connect(view, &CompareView::clearRequested, this, [this] {
            stopAll();
            m_runs.clear();
            m_endedRows.clear();
            m_heldAnnouncements.clear();
            refresh();
        });
    }

    ~CompareRunner() override
    {
        // The view's other children may be gone already: nothing is shown any more. A run ends
        // before its next batch once asked, so the wait is one batch long.
        for (const auto &run : m_runs)
            run->requestStop();
        m_running.waitForFinished();
    }

    void hold(CompareHold hold)
    {
        if (hold == m_hold)
            return;
        m_hold = hold;
        refresh();
        if (hold != CompareHold::Outcome && m_announce) {
            for (const QString &text : std::as_const(m_heldAnnouncements))
                m_announce(text);
            m_heldAnnouncements.clear();
        }
    }

    bool idle() const { return m_fetching == 0 && !m_current && nextWaiting() == nullptr; }

    std::vector<std::optional<CompareResult>> results() const
    {
        std::vector<std::optional<CompareResult>> out;
        for (const auto &run : m_runs) {
            const CompareProgress p = run->progress();
            if (p.state == CompareProgress::State::Finished && !p.epochs.empty())
                out.push_back(CompareResult {p.epochs.back().testAccuracy,
                                             p.firstLayerGradient.empty() ? 0.0 : p.firstLayerGradient.back(),
                                             p.epochs.back().trainAccuracy});
            else
                out.push_back(std::nullopt);
        }
        return out;
    }

    void replaceRuns(const std::vector<CompareChoice> &choices)
    {
        std::vector<CompareChoice> now;
        for (const auto &run : m_runs)
            now.push_back(run->choice());
        if (now == choices)
            return;
        stopAll();
        m_runs.clear();
        m_endedRows.clear();
        m_heldAnnouncements.clear();
        for (const CompareChoice &c : choices)
            add(c);
        // A run the class adds next trains as the last of these unless they change it: as many
        // epochs at the same rate, so that it can be set beside them.
        if (!choices.empty())
            m_view->setFormChoice(choices.back());
        refresh();
    }

    /** A model file's network joins the runs, evaluated on the training's test set. */
    void addFile(const QString &name, const NetworkModel &model)
    {
        const DataSplitPtr data = m_controller->dataSplit();
        if (!data || m_runs.size() >= std::size_t(CompareView::kMaxRuns))
            return;
        CompareChoice c;
        c.arch = model.arch;
        c.epochs = 0;
        c.fileName = name.toStdString();
        TrainConfig base = m_controller->trainedConfig();
        if (model.info)
            base.normalize = model.info->recipe.normalize; // the scaling it was trained with
        queue(std::make_shared<CompareRun>(data, base, c, std::make_shared<const MlpParamsF>(model.params)));
    }

private:
    /** The batch the views show, when a run can go on from its weights: trained by one replica
     *  (a model file's weights have no place in the training's order). */
    std::optional<TimelineStart> shownBatch() const
    {
        const VisualPtr shown = m_controller->shown();
        if (!m_controller->dataSplit() || !shown || !shown->weights || !shown->modelFile.isEmpty()
            || shown->weightsStep == 0 || shown->network.layered() // the runs' spec holds dense networks
            || shown->progress.replicas != 1 || shown->progress.batchesPerEpoch <= 0)
            return std::nullopt;
        TimelineStart s;
        s.step = std::size_t(shown->weightsStep);
        s.epoch = std::max(1, shown->weightsEpoch);
        s.minEpochs = int(s.step / std::size_t(shown->progress.batchesPerEpoch)) + 1;
        s.hidden = shown->network.hidden;
        s.activation = shown->network.activation;
        return s;
    }

    /** The form offers the shown batch: while the view is on screen (the training sends ten
     *  visuals a second, which a hidden form need not follow), and when it is shown. */
    void offerShownBatch()
    {
        if (m_view->isVisible())
            m_view->setTimelineStart(shownBatch());
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_view && event->type() == QEvent::Show)
            offerShownBatch();
        return QObject::eventFilter(watched, event);
    }

    void add(const CompareChoice &choice)
    {
        const DataSplitPtr data = m_controller->dataSplit();
        if (!data || data->train.size() == 0)
            return;
        // The training's data settings, whatever the toolbar waits to apply at the next reset.
        const TrainConfig training = m_controller->trainedConfig();
        std::shared_ptr<const MlpParamsF> start;
        if (choice.fromStep > 0) {
            const std::optional<TimelineStart> shown = shownBatch();
            // The network's layers as the views show them, whatever its shape.
            const VisualPtr visual = m_controller->shown();
            const std::shared_ptr<const MlpParamsF> layers = visual ? visual->weights : nullptr;
            if (!shown || shown->step != choice.fromStep || !layers)
                return; // the views moved on meanwhile: the form offers the new batch
            start = layers;
            // A run that steps as the training does goes on with its momentum or Adam moments
            // too, read from the worker first (the run waits for them, the window does not).
            // A stop or a clear meanwhile drops it (m_added changes).
            if (stepsAsTraining(training, choice)) {
                ++m_fetching;
                m_controller->fetchShownOptimizerState(
                        this, [this, data, training, choice, start, added = m_added](
                                      std::shared_ptr<const NetworkOptimizerState> state, std::uint64_t step) {
                            --m_fetching;
                            if (added == m_added)
                                queue(std::make_shared<CompareRun>(data, training, choice, start,
                                                                   step == choice.fromStep ? state : nullptr));
                            else
                                refresh();
                        });
                return;
            }
        }
        queue(std::make_shared<CompareRun>(data, training, choice, start));
    }

    /** A new run waits its turn, shown at once. */
    void queue(std::shared_ptr<CompareRun> run)
    {
        m_runs.push_back(std::move(run));
        m_endedRows.emplace_back();
        refresh();
        startNext();
    }

    std::shared_ptr<CompareRun> nextWaiting() const
    {
        for (const auto &run : m_runs)
            if (run != m_current && run->progress().state == CompareProgress::State::Waiting)
                return run;
        return nullptr;
    }

    void startNext()
    {
        if (m_current)
            return;
        if (std::shared_ptr<CompareRun> run = nextWaiting()) {
            m_current = run;
            m_running = runInBackground(this, [run] { run->run(); }, [this] {
                m_current.reset();
                refresh();
                startNext();
            });
            m_timer.start();
        }
        m_view->setTraining(m_current != nullptr);
        if (!m_current)
            m_timer.stop();
    }

    void stopAll()
    {
        ++m_added; // a run still reading the training's optimiser state never starts
        for (const auto &run : m_runs)
            run->requestStop();
        // The waiting ones never start.
        std::vector<std::shared_ptr<CompareRun>> kept;
        std::vector<std::optional<Ended>> keptRows;
        for (std::size_t i = 0; i < m_runs.size(); ++i)
            if (m_runs[i] == m_current || m_runs[i]->progress().state != CompareProgress::State::Waiting) {
                kept.push_back(m_runs[i]);
                keptRows.push_back(std::move(m_endedRows[i]));
            }
        m_runs = std::move(kept);
        m_endedRows = std::move(keptRows);
        refresh();
    }

    /** A run's row as its progress is now (without its label), and whether it has ended. */
    struct Ended
    {
        CompareRow row;
        std::shared_ptr<const MlpParamsF> weights;
        bool ended = false;
        /** Shown ended without an Outcome hold: a later question cannot take it back, and asks
         *  about what the class has seen. */
        bool outcomeShown = false;
    };
    Ended rowOf(std::size_t i, const CompareChoice &choice) const
    {
        CompareProgress p = m_runs[i]->progress();
        Ended out;
        CompareRow &row = out.row;
        row.network = networkText(choice);
        row.fromFile = !choice.fileName.empty();
        row.status = row.fromFile && p.state == CompareProgress::State::Finished ? tr("evaluated")
                                                                                : statusText(p, choice.epochs);
        row.message = QString::fromStdString(p.message);
        for (const EpochReport &e : p.epochs) {
            row.testAccuracy << e.testAccuracy;
            row.testLoss << e.testLoss;
            row.trainLoss << e.trainLoss;
            row.trainAccuracy << e.trainAccuracy;
            row.accuracyGap << e.trainAccuracy - e.testAccuracy;
        }
        row.firstLayerGradient = QVector<double>(p.firstLayerGradient.begin(), p.firstLayerGradient.end());
        row.gradientMap = p.firstLayerMap;
        out.weights = p.weights;
        row.losses = std::make_shared<const LossHistory>(std::move(p.losses));
        row.firstLayerNeurons = p.firstLayerNeurons;
        if (!p.epochs.empty()) {
            row.firstEpoch = p.epochs.front().epoch;
            row.classAccuracy = classAccuracies(p.epochs.back().confusion);
        }
        row.seconds = p.seconds;
        row.finished = p.state == CompareProgress::State::Finished;
        out.ended = p.state == CompareProgress::State::Finished || p.state == CompareProgress::State::Diverged;
        return out;
    }

    void refresh()
    {
        std::vector<CompareChoice> choices;
        for (const auto &run : m_runs)
            choices.push_back(run->choice());
        QStringList labels;
        for (const std::vector<LabelPart> &parts : runLabelParts(choices))
            labels << runLabelText(parts);
        QVector<CompareRow> rows;
        QVector<OtherNetwork> networks;
        for (std::size_t i = 0; i < m_runs.size(); ++i) {
            // An ended run no longer changes: its row is read once, then kept (only its label,
            // which names what differs from the other runs, may change).
            Ended current;
            bool endedNow = false;
            if (!m_endedRows[i]) {
                current = rowOf(i, choices[i]);
                if (current.ended) {
                    m_endedRows[i] = std::move(current);
                    endedNow = true;
                }
            }
            const Ended &shown = m_endedRows[i] ? *m_endedRows[i] : current;
            CompareRow row = shown.row;
            row.label = labels[int(i)];
            if (endedNow && m_hold == CompareHold::Outcome)
                m_heldAnnouncements << endedText(row); // said when the question is answered
            else if (endedNow && m_announce)
                m_announce(endedText(row));
            const bool waiting = !m_endedRows[i] && m_runs[i]->progress().state == CompareProgress::State::Waiting;
            if (m_endedRows[i] && m_hold != CompareHold::Outcome)
                m_endedRows[i]->outcomeShown = true;
            const bool seen = m_endedRows[i] && m_endedRows[i]->outcomeShown;
            rows << withheldRow(row, seen && m_hold == CompareHold::Outcome ? CompareHold::None : m_hold,
                                choices[i].epochs, waiting);
            if (shown.weights && (m_hold != CompareHold::Outcome || seen))
                networks.push_back({labels[int(i)].toStdString(), choices[i].arch, shown.weights,
                                    m_runs[i]->config().normalize, int(i) + 1});
        }
        m_view->setRows(rows);
        // Told only when a network's weights or name changed: the view refreshes five times a second.
        bool same = networks.size() == m_sentNetworks.size();
        for (int i = 0; same && i < networks.size(); ++i)
            same = networks[i].weights == m_sentNetworks[i].weights && networks[i].label == m_sentNetworks[i].label;
        if (!same && m_networks) {
            m_sentNetworks = networks;
            m_networks(networks);
        }
    }

    CompareView *m_view;
    TrainingController *m_controller;
    std::function<void(const QString &)> m_announce;
    std::function<void(const QVector<OtherNetwork> &)> m_networks;
    QVector<OtherNetwork> m_sentNetworks;
    std::vector<std::shared_ptr<CompareRun>> m_runs;
    int m_fetching = 0;         // runs waiting for the training's optimiser state (add())
    std::uint64_t m_added = 0;  // changes at every stop: a state that arrives after one is dropped
    std::vector<std::optional<Ended>> m_endedRows; // per run: its final row, once it ended (and was announced)
    CompareHold m_hold = CompareHold::None;
    QStringList m_heldAnnouncements; // runs that ended while their outcome was held
    std::shared_ptr<CompareRun> m_current;
    QFuture<void> m_running; ///< m_current's run
    QTimer m_timer;
};

} // namespace

CompareView *makeComparePage(TrainingController *controller, std::function<void(const QString &)> announce,
                             std::function<void(const QVector<OtherNetwork> &)> networks, QWidget *parent)
{
    auto *view = new CompareView(parent);
    new CompareRunner(view, controller, std::move(announce), std::move(networks));
    return view;
}

CompareView *makeComparePage(TrainingController *controller, std::function<void(const QString &)> announce, QWidget *parent)
{
    return makeComparePage(controller, std::move(announce), {}, parent);
}

namespace {
/** The runner makeComparePage() gave `page` (null: not such a page). */
CompareRunner *runnerOf(const QWidget *page)
{
    QObject *runner = page ? page->findChild<QObject *>(QStringLiteral("compareRunner"), Qt::FindDirectChildrenOnly)
                           : nullptr;
    return static_cast<CompareRunner *>(runner);
}
} // namespace

void startComparison(QWidget *page, const std::vector<CompareChoice> &runs)
{
    if (CompareRunner *runner = runnerOf(page))
        runner->replaceRuns(runs);
}

std::vector<std::optional<CompareResult>> comparisonResults(const QWidget *page)
{
    const CompareRunner *runner = runnerOf(page);
    return runner ? runner->results() : std::vector<std::optional<CompareResult>> {};
}

bool compareModelFile(QWidget *page, const QString &name, const NetworkModel &model)
{
    CompareRunner *runner = runnerOf(page);
    if (!runner)
        return false;
    runner->addFile(name, model);
    return true;
}

void holdComparison(QWidget *page, CompareHold hold)
{
    if (CompareRunner *runner = runnerOf(page))
        runner->hold(hold);
}

bool comparePageIsIdle(const QWidget *page)
{
    const CompareRunner *runner = runnerOf(page);
    return !runner || runner->idle();
}

} // namespace bplab
