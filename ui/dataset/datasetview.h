#pragma once
// The Dataset view: every image of the training or test set in a grid with its label and index
// (virtualised: a QListView over DatasetModel, so 60,000 images scroll smoothly), a class filter,
// jump to an index, the label distribution beside it, and a way into the Step view.

#include "datasetmodel.h"

#include <QVector>
#include <QWidget>

#include <train/comparison.h>
#include <networkchoice.h>

#include <array>
#include <cstdint>
#include <memory>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QListView;
class QPushButton;
class QSlider;
class QSpinBox;

namespace bplab {

class DistributionPlot;
class ImageDelegate;

class DatasetView : public QWidget
{
    Q_OBJECT
public:
    explicit DatasetView(QWidget *parent = nullptr);
    ~DatasetView() override;

    /** The data to show (null: none), e.g. the split the training loaded (shared, not copied).
     *  Keeps the set, filter and selection where possible. */
    void setDataset(std::shared_ptr<const DataSplit> data);

    void setTestSet(bool test);
    bool isTestSet() const { return m_model->isTestSet(); }
    /** The shown set's answers are being computed (they appear when done). */
    bool answersPending() const { return m_computing[isTestSet()]; }
    /** Shows only class k (0-9), or all (-1). */
    void setClassFilter(int k);
    /** Selects image `index` of the current set and scrolls to it; when the class filter hides it,
     *  the filter is cleared first. False (and a message) when there is no such image. */
    bool jumpTo(int index);
    /** The selected image's index in its set (-1: none). */
    int selectedIndex() const;
    /** Screen pixels per image pixel; 0 chooses from the font (larger in presentation mode). */
    void setImageScale(int scale);

    /** The network whose answer each image shows (its weights null: none), with the input
     *  scaling it was trained with, and what its weights are ("weights after batch 375"). A set's
     *  answers are computed when it is shown and the view is visible: a hidden view costs nothing. */
    void setWeights(const OtherNetwork &network, const QString &caption);
    /** The Compare view's runs with their latest weights: a Network box (shown while there are
     *  any) lets each image show a run's answer instead of setWeights()'s. */
    void setOtherNetworks(const QVector<OtherNetwork> &networks);
    NetworkChoice *networkBox() const { return m_networkBox; }
    /** Only the images the network gets wrong / predicted as k (-1: any) / in this order. */
    void setMisclassifiedOnly(bool on);
    void setPredictedFilter(int k);
    void setSortOrder(DatasetModel::SortOrder order);
    QCheckBox *wrongOnlyBox() const { return m_wrongOnly; }

    DatasetModel *model() const { return m_model; }
    ImageDelegate *delegate() const { return m_delegate; }
    QListView *grid() const { return m_grid; }
    DistributionPlot *distribution() const { return m_plot; }
    QComboBox *classBox() const { return m_classBox; }
    QSpinBox *indexBox() const { return m_indexBox; }
    QPushButton *stepButton() const { return m_stepButton; }
    /** "Showing 5,923 of 60,000 training images" or why nothing is shown. */
    QString statusText() const;

signals:
    /** The user asked to step through image `index` of the test (true) or training set. */
    void openInStepRequested(bool test, int index);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *createBar();
    QWidget *createAnswerBar();
    /** Computes the shown set's answers when there are weights and none yet; updates the bar. */
    void updateAnswers();
    QWidget *createSide();
    void refresh();
    void refreshSelection();
    void applyScale();
    void requestStep(int row);

    DatasetModel *m_model = nullptr;
    ImageDelegate *m_delegate = nullptr;
    QListView *m_grid = nullptr;
    DistributionPlot *m_plot = nullptr;
    QButtonGroup *m_sets = nullptr;
    QPushButton *m_trainButton = nullptr;
    QPushButton *m_testButton = nullptr;
    QComboBox *m_classBox = nullptr;
    QSpinBox *m_indexBox = nullptr;
    QPushButton *m_goButton = nullptr;
    QSlider *m_zoom = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_selection = nullptr;
    QPushButton *m_stepButton = nullptr;
    QWidget *m_side = nullptr;
    int m_userScale = 0;
    QCheckBox *m_wrongOnly = nullptr;
    QComboBox *m_predictedBox = nullptr;
    QComboBox *m_sortBox = nullptr;
    QLabel *m_weightsLabel = nullptr;
    OtherNetwork m_trainedNetwork; ///< setWeights()'s network
    NetworkChoice *m_networkBox = nullptr; ///< setWeights()'s weights or a Compare run's
    /** The answers computed so far are of weights no longer shown. */
    void forgetAnswers();
    QString m_weightsCaption;
    std::shared_ptr<const SetAnswers> m_testAnswers, m_trainAnswers;
    /** Counts setWeights() calls and new data sets: a result computed for an older one is dropped. */
    std::uint64_t m_answersGeneration = 0;
    /** Per set (index 1: the test set): its answers are being computed. */
    std::array<bool, 2> m_computing{};
};

} // namespace bplab
