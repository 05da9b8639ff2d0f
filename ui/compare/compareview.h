#pragma once
// The Compare view: up to four training runs side by side, each with its own network, learning
// rate, momentum or epochs on the same data. A form adds a run; a plot overlays their test
// accuracy, loss or first-layer gradient after each epoch, with a legend that names only what
// differs ("sigmoid" against "ReLU"), or each run's first-layer gradient per weight; a table gives each run's final test accuracy, its accuracy per class and its training
// time. It draws the rows it is given: the app trains the runs.

#include <panelexport.h>
#include <train/comparison.h>

#include <QString>
#include <QVector>
#include <QWidget>

#include <array>
#include <optional>
#include <memory>
#include <vector>

class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTableWidget;

namespace bplab {

class GradientMaps;

/** One run as the view shows it. */
struct CompareRow
{
    QString label;   ///< what tells it apart from the others (runLabels())
    QString network; ///< "784-128-10 ReLU, lr 0.1, plain SGD, 3 epochs"
    QString status;  ///< "waiting", "epoch 2 of 3", "finished", "stopped", "diverged"
    QString message; ///< why it diverged (a tooltip)
    QVector<double> testAccuracy; ///< percent after each epoch
    QVector<double> testLoss;     ///< after each epoch
    QVector<double> trainLoss;    ///< each epoch's mean batch loss
    QVector<double> trainAccuracy; ///< percent of the images it trains on, after each epoch
    QVector<double> accuracyGap;   ///< trainAccuracy - testAccuracy, points, after each epoch
    QVector<double> firstLayerGradient; ///< each epoch's mean RMS(dL/dW1)
    std::shared_ptr<const LossHistory> losses; ///< every batch's loss (CompareProgress::losses)
    /** The last epoch's mean |dL/dW1| per weight (CompareProgress::firstLayerMap). */
    std::shared_ptr<const std::vector<float>> gradientMap;
    int firstLayerNeurons = 0;
    std::array<double, kOutputs> classAccuracy {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1}; ///< after the last epoch
    int firstEpoch = 1; ///< the epoch of the first values (a run from a batch of the timeline starts later)
    double seconds = 0; ///< training time, without the evaluations
    bool finished = false;
    bool fromFile = false; ///< a model file's network: evaluated once, nothing to plot per epoch
};

/** The training's weights a run can go on from: those of the batch the views show. */
struct TimelineStart
{
    std::size_t step = 0; ///< batches trained to reach them
    int epoch = 1;        ///< the epoch that batch belongs to
    int minEpochs = 1;    ///< a run from there trains to the end of at least this epoch
    std::vector<int> hidden = {kHidden}; ///< the trained network's hidden widths: a run needs them
    Activation activation = Activation::ReLU; ///< the trained network's: the form offers it first
};

class CompareView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxRuns = 4;
    /** What the plot shows after each epoch. */
    using Shown = CompareMeasure;

    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    /** The runs, in the order they were added. */
    void setRows(const QVector<CompareRow> &rows);
    const QVector<CompareRow> &rows() const { return m_rows; }
    /** The shown batch's weights can start a run (nullopt: they cannot: none trained yet, a model
     *  file or several replicas). */
    void setTimelineStart(const std::optional<TimelineStart> &start);
    /** A run is training: Stop is offered. */
    void setTraining(bool training);

    /** The run the form describes (nullopt, with the reason on screen, when its layers are not a
     *  network the engine trains). */
    std::optional<CompareChoice> formChoice() const;
    /** Puts a run's values in the form (a lesson's first run, the training's own settings). */
    void setFormChoice(const CompareChoice &choice);

    void setShown(Shown shown);
    Shown shown() const { return m_shown; }

    /** For tests and the accessibility tree. */
    QTableWidget *table() const { return m_table; }
    QCustomPlot *plot() const { return m_plot; }
    GradientMaps *gradientMaps() const { return m_maps; }
    /** "Test accuracy. ReLU: 92.3 % after epoch 3; sigmoid: ...": what the plot shows, for a
     *  screen reader. */
    QString plotSummary() const;
    /** What the view shows of its runs: the plot, or the gradient maps (the panel registry's
     *  "compare"). */
    QWidget *shownPanel() const;
    /** The shown plot or maps as a picture (PNG, SVG, PDF) and the runs as CSV: a row per run
     *  and epoch, as the view shows them (so a lesson's held values stay held). */
    PanelExport panelExport();
    QString csvText() const;

signals:
    void addRequested(const bplab::CompareChoice &choice);
    void stopRequested();
    void clearRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateForm();
    void applyPlotStyle(); // the palette's and font's colours and sizes (on a change only)
    void updatePlot();
    const QVector<double> &shownValues(const CompareRow &row) const;
    void updateTable();

    QLineEdit *m_hidden = nullptr; // hidden widths or a layer list
    QLineEdit *m_decay = nullptr;  // weight decay lambda
    QComboBox *m_activation = nullptr;
    QDoubleSpinBox *m_lr = nullptr;
    QComboBox *m_optimizer = nullptr; // plain SGD, SGD with a momentum, or Adam
    static CompareChoice sgd(double momentum);
    static CompareChoice adam();
    void addMethod(const CompareChoice &method);
    QSpinBox *m_epochs = nullptr;
    QComboBox *m_start = nullptr; // from new weights, or from the shown batch's
    std::optional<TimelineStart> m_timelineStart;
    QComboBox *m_show = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_stop = nullptr;
    QPushButton *m_clear = nullptr;
    QLabel *m_hint = nullptr;
    QCustomPlot *m_plot = nullptr;
    GradientMaps *m_maps = nullptr;
    QStackedWidget *m_shownStack = nullptr; // the plot, or the gradient maps
    QTableWidget *m_table = nullptr;
    QVector<CompareRow> m_rows;
    bool m_training = false;
    Shown m_shown = Shown::TestAccuracy;
};

} // namespace bplab

Q_DECLARE_METATYPE(bplab::CompareChoice)
