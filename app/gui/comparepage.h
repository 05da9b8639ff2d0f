#pragma once
// The Compare view's wiring: the runs a teacher adds in the view (ui/compare) train here, one
// after the other on a pool thread, on the training's data with its seed, batch size, pixel
// scaling and training subset; the view is given their progress five times a second.

#include <train/comparison.h>
#include <io/modelfile.h>

#include <QVector>

#include <QString>

#include <functional>
#include <optional>
#include <vector>

class QWidget;

namespace bplab {

class CompareView;
class TrainingController;

/** The Compare view, trained through its own runs (never the training's). `announce` is told
 *  when a run ends ("sigmoid finished: test accuracy 90.2 %"). */
CompareView *makeComparePage(TrainingController *controller, std::function<void(const QString &)> announce,
                             QWidget *parent = nullptr);
/** The same, and `networks` is given the runs' latest weights whenever they change (an epoch
 *  ended, a run was added or removed). */
CompareView *makeComparePage(TrainingController *controller, std::function<void(const QString &)> announce,
                             std::function<void(const QVector<OtherNetwork> &)> networks, QWidget *parent = nullptr);

/** The page trains exactly these runs (a lesson's): the ones it has are stopped and removed,
 *  unless they are these already. Its form then holds the last of them (its epochs, rate and
 *  optimiser), so that a run added to them trains as long as they do. */
void startComparison(QWidget *page, const std::vector<CompareChoice> &runs);

/** What each run ended with, in the page's order; nullopt while it trains or waits (or when it
 *  stopped or diverged). */
std::vector<std::optional<CompareResult>> comparisonResults(const QWidget *page);

/** A model file's network (any architecture) joins the page's runs: evaluated on the training's
 *  test set, it answers drawn digits too. False when `page` is not a Compare page. */
bool compareModelFile(QWidget *page, const QString &name, const NetworkModel &model);

/** A run's name in the legend and the table, worded in the window's language (runLabelParts()):
 *  "lr 0.5, momentum 0.9", in German "LR 0,5, Momentum 0,9". */
QString runLabelText(const std::vector<LabelPart> &parts);

/** What a lesson's open question keeps from the page until it is answered. */
enum class CompareHold {
    None,
    /** The runs' outcome: no run is shown past its first epoch (a one-epoch run not at all),
     *  none reads "finished", no final accuracy, per-class accuracy or training time is shown or
     *  announced, and the other views are given none of the runs' weights. */
    Outcome,
    /** The first-layer gradients only (per epoch and per weight). */
    Gradients,
};

/** The page keeps `hold` from the screen and the accessibility tree; the runs train on meanwhile,
 *  and comparisonResults() reads what they really ended with (a question's true value). When the
 *  hold ends, every run is shown as it is, and a run that ended meanwhile is announced then. A run
 *  whose outcome was shown once stays shown: a later Outcome hold asks about what was seen. */
void holdComparison(QWidget *page, CompareHold hold);

/** True when no run of the page is training or waiting. */
bool comparePageIsIdle(const QWidget *page);

} // namespace bplab
