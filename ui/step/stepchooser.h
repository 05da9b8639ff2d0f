#pragma once
// What Step through steps through, in two rows above its page: the image (test or training set,
// its index, a random one, the training's sample, the next misclassified one), the mini-batch
// size, the learning rate (the training's, a lesson step's or one set here, and which it is) and
// the weights (the training's, a model file's of any network, or a Compare run's latest), with a
// line that names them. It sets them on the StepModel; the page follows the model.

#include "stepmodel.h"

#include <train/comparison.h>

#include <QList>
#include <QString>
#include <QWidget>

#include <cstdint>
#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSpinBox;

namespace bplab {

class NetworkChoice;

class StepChooser : public QWidget
{
    Q_OBJECT
public:
    explicit StepChooser(StepModel *model, QWidget *parent = nullptr);

    // The images.
    /** The data to pick images from (null: none). Keeps the chosen set and index when possible. */
    void setDataset(std::shared_ptr<const DataSplit> data);
    /** Reads the data from a folder the first time the chooser is shown (or at once when it is
     *  visible): a short wait once, then images can be chosen. Errors show in the model line. */
    void setDataFolder(const QString &folder);
    /** Shows image `index` of the test or training set now, or as soon as the data is there. */
    void requestSample(bool test, int index);
    /** Shows image `index` of the test set (test = true) or training set. False when out of range. */
    bool showSample(bool test, int index);
    /** A digit from elsewhere (e.g. drawn): 784 bytes, label 0-9. */
    void showPixels(const std::uint8_t *pixels, int label, const QString &source);
    /** The training set index the training is on (-1: none): the "Training's sample" button. */
    void setCurrentTrainingIndex(int index);
    /** Mini-batch size: 1 steps through one image; B > 1 through the chosen image and the B - 1
     *  after it in its set (wrapping), as one SGD step on their averaged gradient. */
    void setBatchSize(int size);
    int batchSize() const;

    // The weights.
    /** The training's weights of a network of any architecture, e.g. "current weights after 120
     *  batches". */
    void setTrainedNetwork(const Architecture &arch, std::shared_ptr<const MlpParamsF> params,
                           const QString &description);
    /** Steps through the weights of a model file (.bplab model or .npz, by content; any network)
     *  instead of the training's. False, with the loader's message in the model line and
     *  lastError(), when the file cannot be used; the previous weights stay. */
    bool loadModelFile(const QString &path);
    /** True after loadModelFile() or while a Compare run is chosen, until the next setTrainedNetwork():
     *  the page then does not follow the training's weights. */
    bool showsOwnModel() const { return m_showsModelFile || chosenRun(); }
    /** The Compare view's runs with their latest weights: the Network box lists them. */
    void setNetworks(const QVector<OtherNetwork> &networks);
    /** Steps through Compare run `run` (1-4) as soon as it has weights; 0: the training's. */
    void chooseRun(int run);
    NetworkChoice *networkBox() const { return m_network; }
    QString lastError() const { return m_lastError; }

    // The learning rate.
    /** Where the step's learning rate comes from (shown beside the box). */
    enum class RateOrigin { Training, Lesson, Here };
    /** The training's learning rate: the step uses it unless a lesson step or the user set one
     *  here (then it is kept until followTrainingRate()). */
    void setTrainingLearningRate(double lr);
    /** A lesson step's learning rate for this page, until followTrainingRate(). */
    void setLessonLearningRate(double lr);
    /** As if typed into the box: kept until followTrainingRate(). */
    void setLearningRate(double lr);
    /** The step uses the training's learning rate again. */
    void followTrainingRate();
    RateOrigin learningRateOrigin() const { return m_rateOrigin; }
    /** "the training's", "the lesson's", "set here": what the chooser shows beside the box. */
    QString learningRateOriginText() const;

    /** A control added at the end of the second row (the Predict first switch). */
    void addWidget(QWidget *widget);
    /** The chooser's controls in Tab order (reading order). */
    QList<QWidget *> tabOrder() const { return m_tabOrder; }
    /** The model line again (the model's trace changed). */
    void refresh();

    QSpinBox *indexBox() const { return m_index; }
    QComboBox *setBox() const { return m_set; }
    QDoubleSpinBox *learningRateBox() const { return m_lr; }
    QLabel *learningRateOriginLabel() const { return m_lrOrigin; }
    QPushButton *followTrainingRateButton() const { return m_followRate; }
    QSpinBox *batchBox() const { return m_batch; }
    QLabel *modelLabel() const { return m_modelLabel; }
    QLabel *modelErrorLabel() const { return m_modelErrorLabel; }

signals:
    /** "Current weights": the app answers with setTrainedNetwork. */
    void currentWeightsRequested();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void loadChosenSample();
    void chooseModelFile();
    void loadPendingFolder();
    /** The run chosen in the Network box (null: none). */
    const OtherNetwork *chosenRun() const;
    /** The chosen run's latest weights on the model, or the training's asked for. */
    void showChosenNetwork();
    /** Shows lr in the box (no edit signal) and steps through with it. */
    void applyLearningRate(double lr, RateOrigin origin);

    StepModel *m_model;
    std::shared_ptr<const DataSplit> m_data;
    int m_trainingIndex = -1;
    QString m_pendingFolder;
    QString m_loadedFolder;
    int m_pendingIndex = -1; // requestSample() before the data was there
    bool m_pendingTest = true;
    QString m_lastError;
    QString m_modelError; // the last model file's error, shown until another model is chosen
    bool m_showsModelFile = false;
    RateOrigin m_rateOrigin = RateOrigin::Training;
    double m_trainingLr = StepModel::kDefaultLearningRate;
    QList<QWidget *> m_tabOrder;

    QComboBox *m_set = nullptr;
    QSpinBox *m_index = nullptr;
    QPushButton *m_random = nullptr;
    QPushButton *m_trainingSample = nullptr;
    QPushButton *m_misclassified = nullptr;
    QDoubleSpinBox *m_lr = nullptr;
    QLabel *m_lrOrigin = nullptr;
    QPushButton *m_followRate = nullptr;
    QPushButton *m_useWeights = nullptr;
    QPushButton *m_modelFile = nullptr;
    QSpinBox *m_batch = nullptr;
    NetworkChoice *m_network = nullptr;
    QLabel *m_modelLabel = nullptr;
    QLabel *m_modelErrorLabel = nullptr;
    QHBoxLayout *m_secondRow = nullptr;
};

} // namespace bplab
