#pragma once
// The step-through view: one image's forward pass, backward pass and SGD step, stage by stage with
// the real numbers (ten stages for one hidden layer, three more per further one), a network
// diagram, the network's sizes, a chooser of what to step through (stepchooser.h), the by-hand
// mode and exports. Every number comes from the StepModel (the core's trace).

#include "lesson/lessonhold.h"
#include "panelexport.h"
#include "stepchooser.h"
#include "stepmodel.h"

#include <QString>
#include <QVector>
#include <QWidget>

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QBoxLayout;
class QHBoxLayout;
class QVBoxLayout;
class QKeyEvent;
class QLabel;
class QListWidget;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace bplab {

class ByHandPanel;
class NetworkDiagram;
class StageColumn;
class SoftmaxPanel;
class ValueGrid;
struct GridSpec;

class StepView : public QWidget
{
    Q_OBJECT
public:
    explicit StepView(QWidget *parent = nullptr);
    ~StepView() override;

    /** The image, batch size, learning rate and weights the page steps through (stepchooser.h). */
    StepChooser *chooser() const { return m_chooser; }
    // What the app supplies, through the chooser.
    void setDataset(std::shared_ptr<const DataSplit> data) { m_chooser->setDataset(std::move(data)); }
    void setDataFolder(const QString &folder) { m_chooser->setDataFolder(folder); }
    void requestSample(bool test, int index) { m_chooser->requestSample(test, index); }
    void setTrainedNetwork(const Architecture &arch, std::shared_ptr<const MlpParamsF> params,
                           const QString &description)
    {
        m_chooser->setTrainedNetwork(arch, std::move(params), description);
    }
    void setNormalize(Normalize normalize) { m_model->setNormalize(normalize); }
    using RateOrigin = StepChooser::RateOrigin;
    void setTrainingLearningRate(double lr) { m_chooser->setTrainingLearningRate(lr); }
    void setLessonLearningRate(double lr) { m_chooser->setLessonLearningRate(lr); }
    void setLearningRate(double lr) { m_chooser->setLearningRate(lr); }
    void followTrainingRate() { m_chooser->followTrainingRate(); }
    RateOrigin learningRateOrigin() const { return m_chooser->learningRateOrigin(); }
    /** Selects hidden neuron j (0-based) without emitting hiddenNeuronSelected; -1 is ignored. */
    void setSelectedHiddenNeuron(int j)
    {
        if (j >= 0)
            m_model->setHiddenNeuron(j);
    }
    void setCurrentTrainingIndex(int index) { m_chooser->setCurrentTrainingIndex(index); }
    bool showSample(bool test, int index) { return m_chooser->showSample(test, index); }
    void showPixels(const std::uint8_t *pixels, int label, const QString &source)
    {
        m_chooser->showPixels(pixels, label, source);
    }
    void setStage(int stage) { m_model->setStage(stage); }
    void setBatchSize(int size) { m_chooser->setBatchSize(size); }
    bool loadModelFile(const QString &path);
    bool showsOwnModel() const { return m_chooser->showsOwnModel(); }

    StepModel *model() const { return m_model; }
    NetworkDiagram *diagram() const { return m_diagram; }
    /** True when the window is too narrow for the diagram beside the page (e.g. presentation
     *  mode at 1280 px): the diagram is then under the page, which scrolls only down. */
    bool isCompact() const { return m_compact; }
    QListWidget *stageList() const;
    QPushButton *nextButton() const;
    QPushButton *backButton() const;
    /** The shown page: "5. SoftMax", its text (plain, with the SoftMax table's rows on that
     *  stage), its grids. */
    QString pageTitle() const;
    QString pageText() const;
    QString pageHtml() const;
    QString sizesText() const;
    QVector<ValueGrid *> grids() const { return m_grids; }
    /** By hand: the stage's values to compute, blank on the page until answered or revealed. */
    ByHandPanel *byHand() const { return m_byHand; }
    /** SoftMax's table, shown on the SoftMax stage. */
    SoftmaxPanel *softmaxPanel() const { return m_softmax; }
    /** Every control and panel of the view in Tab order (reading order). */
    QList<QWidget *> tabOrder() const { return m_tabOrder; }

    // Exports (false with a message in lastError() when the file cannot be written).
    /** The whole trace as `explain --json` prints it. */
    QString traceJson() const;
    QString traceCsv() const;
    /** The current stage as PNG, the whole trace as JSON or CSV (panelexport.h). */
    PanelExport panelExport();
    /** Writes .png, .json or .csv by the file's suffix; false with lastError() on failure. */
    bool exportTo(const QString &file);

    /** A lesson's open question asks for `term`: from the first stage showing it on, its value
     *  (and a sum of terms that gives it away) is blank on the page, the grids, the diagram and
     *  in the accessible tree; nullopt shows it again. */
    void setHeldTerm(std::optional<StepTermHold> term);
    std::optional<StepTermHold> heldTerm() const { return m_held; }
    /** The values blank on the shown page: the held term's and the By hand cells' not yet
     *  answered. */
    QVector<float> blankedValues() const { return m_blanked; }
    /** By hand with the cells a lesson step asks for: their neurons selected (the last one named
     *  of each layer), By hand on; an empty list leaves the mode as the person set it. */
    void computeByHand(const std::vector<HandCellRef> &cells);

    /** Shows `cover` in place of the stage's page and the network diagram (a question to answer
     *  before the values are seen); null shows them again. The view does not own the cover. */
    void setCover(QWidget *cover);
    bool isCovered() const { return m_cover != nullptr; }
    /** A control added at the end of the chooser's second row (the Predict first switch). */
    void addChooserWidget(QWidget *widget);
    QString lastError() const { return m_lastError; }

signals:
    /** The user clicked a hidden neuron (diagram or grid); j is 0-based. */
    void hiddenNeuronSelected(int j);

protected:
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void refreshPage();
    void applyFonts();
    void applyGrid(ValueGrid *grid, const GridSpec &spec);
    void selectHidden(int j);
    void saveWithDialog(ExportFormat format);
    enum class StageKey { None, Next, Back, First, Arrow };
    static StageKey stageKeyOf(const QKeyEvent *key);
    bool wantsCompact() const;
    void updateCompact();
    void updateGridDirection();

    StepModel *m_model = nullptr;
    StepChooser *m_chooser = nullptr;
    QString m_lastError;
    QVector<GridSpec> m_specs;
    QList<QWidget *> m_tabOrder;
    StageColumn *m_column = nullptr;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_cover = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_formula = nullptr;
    SoftmaxPanel *m_softmax = nullptr;
    ByHandPanel *m_byHand = nullptr;
    QVector<ValueGrid *> m_grids;
    NetworkDiagram *m_diagram = nullptr;
    QHBoxLayout *m_body = nullptr;
    QVBoxLayout *m_pageLayout = nullptr;
    QBoxLayout *m_gridRow = nullptr;
    bool m_compact = false; // the diagram in the left column instead of beside the page
    Architecture m_shownArch; // the network the stage list and the sizes are of
    std::optional<StepTermHold> m_held;
    QVector<float> m_blanked;
};

} // namespace bplab
