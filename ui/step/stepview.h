#pragma once
// The step-through view: one image, one forward and one backward pass and one SGD step, stage by
// stage with the real numbers (stages 1-10 of the source's walk-through), a network diagram, the
// sizes of the network, a sample chooser and exports. The app supplies data and weights through the
// setters; every number comes from the StepModel (the core's trace).

#include "panelexport.h"
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
class QLabel;
class QListWidget;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace bplab {

class NetworkDiagram;
class ValueGrid;
struct GridSpec;

class StepView : public QWidget
{
    Q_OBJECT
public:
    explicit StepView(QWidget *parent = nullptr);
    ~StepView() override;

    // What the app supplies.
    /** The data to pick images from (null: none). Keeps the chosen set and index when possible. */
    void setDataset(std::shared_ptr<const DataSplit> data);
    /** Reads the data from a folder the first time the view is shown (or at once when it is
     *  visible): a short wait once, then images can be chosen. Errors show in the model line. */
    void setDataFolder(const QString &folder);
    /** Shows image `index` of the test or training set now, or as soon as the data is there. */
    void requestSample(bool test, int index);
    /** The weights to step through, e.g. "current weights after 120 batches" or a file name. */
    void setModel(std::shared_ptr<const ParamsF> params, const QString &description);
    void setNormalize(Normalize normalize);
    /** Where the step's learning rate comes from (the view says which beside the box). */
    enum class RateOrigin { Training, Lesson, Here };
    /** The training's learning rate: the step uses it unless a lesson step or the user set one
     *  here (then it is kept until followTrainingRate()). */
    void setTrainingLearningRate(double lr);
    /** A lesson step's learning rate for this view, until followTrainingRate(). */
    void setLessonLearningRate(double lr);
    /** As if typed into the view's box: kept until followTrainingRate(). */
    void setLearningRate(double lr);
    /** The step uses the training's learning rate again. */
    void followTrainingRate();
    RateOrigin learningRateOrigin() const { return m_rateOrigin; }
    /** "the training's", "the lesson's", "set here": what the view shows beside the box. */
    QString learningRateOriginText() const;
    /** Selects hidden neuron j (0-based) without emitting hiddenNeuronSelected; -1 is ignored. */
    void setSelectedHiddenNeuron(int j);
    /** The training set index the training is on (-1: none): the "Training sample" button. */
    void setCurrentTrainingIndex(int index);
    /** Shows image `index` of the test set (test = true) or training set. False when out of range. */
    bool showSample(bool test, int index);
    /** A digit from elsewhere (e.g. drawn): 784 bytes, label 0-9. */
    void showPixels(const std::uint8_t *pixels, int label, const QString &source);
    void setStage(int stage) { m_model->setStage(stage); }
    /** Mini-batch size: 1 steps through one image; B > 1 through the chosen image and the B - 1
     *  after it in its set (wrapping), as one SGD step on their averaged gradient. */
    void setBatchSize(int size);
    int batchSize() const;
    /** Steps through the weights of a model file (.bplab model or .npz, by content) instead of
     *  the training's. False, with the loader's message in the model line and lastError(), when
     *  the file cannot be used; the previous weights stay. */
    bool loadModelFile(const QString &path);
    /** True after loadModelFile() until the next setModel(): the view then does not follow the
     *  training's weights. */
    bool showsModelFile() const { return m_showsModelFile; }

    StepModel *model() const { return m_model; }
    NetworkDiagram *diagram() const { return m_diagram; }
    /** True when the window is too narrow for the diagram beside the page (e.g. presentation
     *  mode at 1280 px): the diagram is then under the page, which scrolls only down. */
    bool isCompact() const { return m_compact; }
    QListWidget *stageList() const { return m_stageList; }
    QPushButton *nextButton() const { return m_next; }
    QPushButton *backButton() const { return m_back; }
    QSpinBox *indexBox() const { return m_index; }
    QComboBox *setBox() const { return m_set; }
    QDoubleSpinBox *learningRateBox() const { return m_lr; }
    QLabel *learningRateOriginLabel() const { return m_lrOrigin; }
    QPushButton *followTrainingRateButton() const { return m_followRate; }
    QSpinBox *batchBox() const { return m_batch; }
    QLabel *modelLabel() const { return m_modelLabel; }
    QLabel *modelErrorLabel() const { return m_modelErrorLabel; }
    /** The shown page: "5. SoftMax", its formula text (plain), its grids. */
    QString pageTitle() const;
    QString pageText() const;
    QString pageHtml() const;
    QString sizesText() const;
    QVector<ValueGrid *> grids() const { return m_grids; }
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
    /** "Use current weights": the app answers with setModel. */
    void currentWeightsRequested();

protected:
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    QWidget *createChooser();
    QWidget *createLeftColumn();
    void refreshPage();
    void refreshChooser();
    void applyFonts();
    void applyGrid(ValueGrid *grid, const GridSpec &spec);
    void loadChosenSample();
    void chooseModelFile();
    void selectHidden(int j);
    void saveWithDialog(ExportFormat format);
    void loadPendingFolder();
    static bool isNavigationKey(int key);
    bool wantsCompact() const;
    void updateCompact();
    void updateGridDirection();

    StepModel *m_model = nullptr;
    std::shared_ptr<const DataSplit> m_data;
    int m_trainingIndex = -1;
    QString m_pendingFolder;
    QString m_loadedFolder;
    int m_pendingIndex = -1; // requestSample() before the data was there
    bool m_pendingTest = true;
    QString m_lastError;
    QString m_modelError; // the last model file's error, shown until another model is chosen
    QVector<GridSpec> m_specs;
    QList<QPushButton *> m_exportButtons;
    QList<QWidget *> m_tabOrder;

    QComboBox *m_set = nullptr;
    QSpinBox *m_index = nullptr;
    QPushButton *m_random = nullptr;
    QPushButton *m_trainingSample = nullptr;
    QPushButton *m_misclassified = nullptr;
    QDoubleSpinBox *m_lr = nullptr;
    QLabel *m_lrOrigin = nullptr;
    QPushButton *m_followRate = nullptr;
    RateOrigin m_rateOrigin = RateOrigin::Training;
    double m_trainingLr = StepModel::kDefaultLearningRate;
    /** Shows lr in the box (no edit signal) and steps through with it. */
    void applyLearningRate(double lr, RateOrigin origin);
    QPushButton *m_useWeights = nullptr;
    QPushButton *m_modelFile = nullptr;
    bool m_showsModelFile = false;
    QSpinBox *m_batch = nullptr;
    QLabel *m_modelLabel = nullptr;
    QLabel *m_modelErrorLabel = nullptr;
    QListWidget *m_stageList = nullptr;
    QPushButton *m_back = nullptr;
    QPushButton *m_next = nullptr;
    QLabel *m_sizes = nullptr;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_cover = nullptr;
    QHBoxLayout *m_chooserRow = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_formula = nullptr;
    QVector<ValueGrid *> m_grids;
    NetworkDiagram *m_diagram = nullptr;
    QHBoxLayout *m_body = nullptr;
    QVBoxLayout *m_pageLayout = nullptr;
    QBoxLayout *m_gridRow = nullptr;
    bool m_compact = false; // the diagram under the page instead of beside it
};

} // namespace bplab
