// The Dataset view's second bar: the network's answer per image (computed from the weights it
// was given, a set at a time), the filters "misclassified only" and "predicted class", and the
// order by loss or confidence.

#include "datasetview.h"

#include "background.h"
#include "elidedlabel.h"
#include "imagedelegate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QLocale>

#include <algorithm>

namespace bplab {

QWidget *DatasetView::createAnswerBar()
{
    auto *bar = new QWidget;
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_wrongOnly = new QCheckBox(tr("&Misclassified only"));
    m_wrongOnly->setObjectName(QStringLiteral("datasetWrongOnly"));
    m_wrongOnly->setToolTip(tr("Show only the images the network gets wrong"));
    connect(m_wrongOnly, &QCheckBox::toggled, this, &DatasetView::setMisclassifiedOnly);
    auto *predictedLabel = new QLabel(tr("P&redicted:"));
    m_predictedBox = new QComboBox;
    m_predictedBox->setObjectName(QStringLiteral("datasetPredictedBox"));
    m_predictedBox->setToolTip(tr("Show only the images the network puts into one class"));
    m_predictedBox->addItem(tr("Any class"));
    for (int k = 0; k < kOutputs; ++k)
        m_predictedBox->addItem(QString::number(k));
    predictedLabel->setBuddy(m_predictedBox);
    connect(m_predictedBox, &QComboBox::activated, this, [this](int i) { setPredictedFilter(i - 1); });
    auto *sortLabel = new QLabel(tr("&Order:"));
    m_sortBox = new QComboBox;
    m_sortBox->setObjectName(QStringLiteral("datasetSortBox"));
    m_sortBox->addItem(tr("By index"));
    m_sortBox->addItem(tr("Highest loss first"));
    m_sortBox->addItem(tr("Most confident first"));
    sortLabel->setBuddy(m_sortBox);
    connect(m_sortBox, &QComboBox::activated, this,
            [this](int i) { setSortOrder(DatasetModel::SortOrder(std::clamp(i, 0, 2))); });
    m_weightsLabel = new ElidedLabel;
    m_weightsLabel->setObjectName(QStringLiteral("datasetWeightsLabel"));
    // Its sentence may be cut short, never widen the window (1280x800 in presentation mode).
    m_weightsLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_weightsLabel->setMinimumWidth(0);
    row->addWidget(m_wrongOnly);
    row->addSpacing(12);
    row->addWidget(predictedLabel);
    row->addWidget(m_predictedBox);
    row->addSpacing(12);
    row->addWidget(sortLabel);
    row->addWidget(m_sortBox);
    row->addSpacing(12);
    row->addWidget(m_weightsLabel, 1);
    updateAnswers();
    return bar;
}

void DatasetView::setWeights(std::shared_ptr<const ParamsF> weights, Normalize normalize, const QString &caption)
{
    m_weights = std::move(weights);
    m_normalize = normalize;
    m_weightsCaption = caption;
    m_testAnswers.reset();
    m_trainAnswers.reset();
    ++m_answersGeneration; // answers still being computed are for the old weights
    m_computing = {};
    updateAnswers();
}

void DatasetView::updateAnswers()
{
    const std::shared_ptr<const DataSplit> &data = m_model->dataSplit();
    const bool test = isTestSet();
    if (m_weights && data && isVisible() && !(test ? m_testAnswers : m_trainAnswers)
        && !m_computing[test]) {
        // Only the shown set, off the GUI thread: the training set's 60,000 images take about half
        // a second, in which the window would not repaint.
        m_computing[test] = true;
        const std::shared_ptr<const ParamsF> weights = m_weights;
        const Normalize normalize = m_normalize;
        const std::uint64_t generation = m_answersGeneration;
        runInBackground(
                this,
                [weights, data, test, normalize] {
                    return std::make_shared<const SetAnswers>(
                            answerSet(*weights, test ? data->test : data->train, normalize));
                },
                [this, test, generation, data](std::shared_ptr<const SetAnswers> answers) {
                    if (generation != m_answersGeneration || data != m_model->dataSplit())
                        return; // computed for weights or images no longer shown
                    m_computing[test] = false;
                    (test ? m_testAnswers : m_trainAnswers) = std::move(answers);
                    updateAnswers();
                });
    }
    m_model->setAnswers(m_testAnswers, m_trainAnswers);
    const bool have = m_model->answers() != nullptr;
    m_delegate->setAnswerLine(have);
    m_grid->setGridSize(m_delegate->cellSize(m_grid->font()));
    for (QWidget *w : {static_cast<QWidget *>(m_wrongOnly), static_cast<QWidget *>(m_predictedBox),
                       static_cast<QWidget *>(m_sortBox)})
        w->setEnabled(have);
    if (!have) {
        m_weightsLabel->setText(!m_weights ? tr("The network's answers appear here once there are weights.")
                                : m_computing[isTestSet()] ? tr("Computing the network's answers…")
                                                           : QString());
        m_weightsLabel->setToolTip(m_weightsLabel->text());
        return;
    }
    const SetAnswers &a = *m_model->answers();
    long long right = 0;
    for (int k = 0; k < kOutputs; ++k)
        right += a.summary.confusion[std::size_t(k)][std::size_t(k)];
    // The count first: on a narrow screen the end of the line gives way ("…", the tooltip has it).
    m_weightsLabel->setText(tr("%2 of %3 right, answers of the %1")
                                    .arg(m_weightsCaption.isEmpty() ? tr("current weights") : m_weightsCaption,
                                         QLocale().toString(right), QLocale().toString(qlonglong(a.size()))));
    m_weightsLabel->setToolTip(m_weightsLabel->text());
}

void DatasetView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateAnswers();
}

void DatasetView::setMisclassifiedOnly(bool on)
{
    {
        const QSignalBlocker block(m_wrongOnly);
        m_wrongOnly->setChecked(on);
    }
    m_model->setMisclassifiedOnly(on);
}

void DatasetView::setPredictedFilter(int k)
{
    m_model->setPredictedFilter(k);
    m_predictedBox->setCurrentIndex(m_model->predictedFilter() + 1);
}

void DatasetView::setSortOrder(DatasetModel::SortOrder order)
{
    m_model->setSortOrder(order);
    m_sortBox->setCurrentIndex(int(m_model->sortOrder()));
    m_grid->scrollToTop();
}

} // namespace bplab
