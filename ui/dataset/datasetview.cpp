#include "datasetview.h"

#include "distributionplot.h"
#include "imagedelegate.h"
#include "uiformat.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include "background.h"
#include "elidedlabel.h"
#include <QCheckBox>

namespace bplab {

DatasetView::DatasetView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("datasetView"));
    m_model = new DatasetModel(this);
    m_delegate = new ImageDelegate(this);

    m_grid = new QListView;
    m_grid->setObjectName(QStringLiteral("datasetGrid"));
    m_grid->setAccessibleName(tr("Images of the set"));
    m_grid->setViewMode(QListView::IconMode);
    m_grid->setMovement(QListView::Static);
    m_grid->setResizeMode(QListView::Adjust);
    m_grid->setFlow(QListView::LeftToRight);
    m_grid->setWrapping(true);
    // One size for every cell: the view lays out 60,000 cells without asking each one.
    m_grid->setUniformItemSizes(true);
    m_grid->setSelectionMode(QAbstractItemView::SingleSelection);
    m_grid->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_grid->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_grid->setItemDelegate(m_delegate);
    m_grid->setModel(m_model);
    m_grid->setToolTip(tr("Double-click an image (or press Enter) to step through it in the Step view"));
    connect(m_grid, &QListView::doubleClicked, this, [this](const QModelIndex &i) { requestStep(i.row()); });
    connect(m_grid->selectionModel(), &QItemSelectionModel::currentChanged, this, &DatasetView::refreshSelection);
    connect(m_model, &DatasetModel::contentChanged, this, &DatasetView::refresh);
    m_grid->installEventFilter(this);

    auto *body = new QHBoxLayout;
    body->setContentsMargins(0, 0, 0, 0);
    body->addWidget(m_grid, 1);
    body->addWidget(createSide());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(createBar());
    layout->addWidget(createAnswerBar());
    layout->addLayout(body, 1);
    applyScale();
    refresh();
}

// The index box emits editingFinished when it loses focus as ~QWidget closes the window, after
// this class's part is gone (UBSan: member access on a QWidget): its connections to this end here.
DatasetView::~DatasetView()
{
    disconnect(m_indexBox, nullptr, this, nullptr);
}

QWidget *DatasetView::createBar()
{
    auto *bar = new QWidget;
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_trainButton = new QPushButton(tr("Training set"));
    m_trainButton->setObjectName(QStringLiteral("datasetTrainButton"));
    m_trainButton->setToolTip(tr("Show the training images"));
    m_testButton = new QPushButton(tr("Test set"));
    m_testButton->setObjectName(QStringLiteral("datasetTestButton"));
    m_testButton->setToolTip(tr("Show the test images (never trained on)"));
    m_sets = new QButtonGroup(this);
    for (QPushButton *b : {m_trainButton, m_testButton}) {
        b->setCheckable(true);
        m_sets->addButton(b);
        row->addWidget(b);
    }
    m_trainButton->setChecked(true);
    connect(m_testButton, &QPushButton::toggled, this, [this](bool on) { setTestSet(on); });

    row->addSpacing(12);
    auto *classLabel = new QLabel(tr("Clas&s:"));
    m_classBox = new QComboBox;
    m_classBox->setObjectName(QStringLiteral("datasetClassBox"));
    m_classBox->setToolTip(tr("Show only the images of one class"));
    m_classBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    classLabel->setBuddy(m_classBox);
    connect(m_classBox, &QComboBox::activated, this, [this](int i) { setClassFilter(i - 1); });
    row->addWidget(classLabel);
    row->addWidget(m_classBox);

    row->addSpacing(12);
    auto *indexLabel = new QLabel(tr("Ima&ge:"));
    m_indexBox = new QSpinBox;
    m_indexBox->setObjectName(QStringLiteral("datasetIndexBox"));
    m_indexBox->setToolTip(tr("The index of an image in the set; Enter jumps to it"));
    m_indexBox->setRange(0, 0);
    m_indexBox->setKeyboardTracking(false);
    indexLabel->setBuddy(m_indexBox);
    m_goButton = new QPushButton(tr("Go"));
    m_goButton->setToolTip(tr("Select and show the image with this index"));
    connect(m_goButton, &QPushButton::clicked, this, [this] { jumpTo(m_indexBox->value()); });
    connect(m_indexBox, &QSpinBox::editingFinished, this, [this] {
        if (m_indexBox->hasFocus())
            jumpTo(m_indexBox->value());
    });
    row->addWidget(indexLabel);
    row->addWidget(m_indexBox);
    row->addWidget(m_goButton);

    row->addSpacing(12);
    auto *zoomLabel = new QLabel(tr("Size:"));
    m_zoom = new QSlider(Qt::Horizontal);
    m_zoom->setObjectName(QStringLiteral("datasetZoom"));
    m_zoom->setRange(2, 10);
    m_zoom->setMaximumWidth(140);
    m_zoom->setToolTip(tr("Screen pixels per image pixel"));
    m_zoom->setAccessibleName(tr("Image size"));
    connect(m_zoom, &QSlider::valueChanged, this, [this](int v) {
        m_userScale = v;
        applyScale();
    });
    row->addWidget(zoomLabel);
    row->addWidget(m_zoom);
    row->addStretch(1);
    return bar;
}

QWidget *DatasetView::createSide()
{
    auto *side = new QWidget;
    auto *v = new QVBoxLayout(side);
    v->setContentsMargins(6, 0, 0, 0);
    m_plot = new DistributionPlot;
    m_plot->setMinimumHeight(320);
    connect(m_plot, &DistributionPlot::classClicked, this, [this](int k) {
        setClassFilter(k == m_model->classFilter() ? -1 : k);
    });
    // What is shown, under the chart (in the bar above it would set the window's minimum width:
    // too wide for 1280 px at a projector's font).
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("datasetStatus"));
    m_status->setWordWrap(true);
    m_selection = new QLabel;
    m_selection->setObjectName(QStringLiteral("datasetSelection"));
    m_selection->setWordWrap(true);
    m_stepButton = new QPushButton(tr("Step through this image"));
    m_stepButton->setObjectName(QStringLiteral("datasetStepButton"));
    m_stepButton->setToolTip(tr("Open the selected image in the Step view (or double-click it)"));
    connect(m_stepButton, &QPushButton::clicked, this,
            [this] { requestStep(m_grid->currentIndex().row()); });
    v->addWidget(m_plot, 3);
    v->addWidget(m_status);
    v->addWidget(m_selection);
    v->addWidget(m_stepButton);
    v->addStretch(1);
    m_side = side;
    return side;
}

void DatasetView::setDataset(std::shared_ptr<const DataSplit> data)
{
    const int keep = selectedIndex();
    m_model->setDataSplit(std::move(data));
    m_classBox->clear();
    m_classBox->addItem(tr("All classes"));
    const QStringList names = m_model->classNames();
    const bool named = m_model->hasNamedClasses();
    for (int k = 0; k < names.size(); ++k)
        m_classBox->addItem(named ? QStringLiteral("%1  %2").arg(k).arg(names[k]) : names[k]);
    m_classBox->setCurrentIndex(m_model->classFilter() + 1);
    m_testAnswers.reset();
    m_trainAnswers.reset();
    ++m_answersGeneration;
    m_computing = {};
    updateAnswers();
    if (keep >= 0)
        jumpTo(keep);
    refresh();
}

void DatasetView::setTestSet(bool test)
{
    {
        const QSignalBlocker block(m_sets);
        (test ? m_testButton : m_trainButton)->setChecked(true);
    }
    m_model->setTestSet(test);
    updateAnswers();
}

void DatasetView::setClassFilter(int k)
{
    const int keep = selectedIndex();
    m_model->setClassFilter(k);
    m_classBox->setCurrentIndex(m_model->classFilter() + 1);
    // Keep the selected image when it is still shown.
    const int row = m_model->rowOf(keep);
    if (row >= 0) {
        m_grid->setCurrentIndex(m_model->index(row));
        m_grid->scrollTo(m_model->index(row), QAbstractItemView::PositionAtCenter);
    }
}

bool DatasetView::jumpTo(int index)
{
    if (index < 0 || index >= m_model->setSize()) {
        m_status->setText(tr("There is no image %1 in the %2 set (it holds %3 images: 0 to %4).")
                              .arg(index)
                              .arg(isTestSet() ? tr("test") : tr("training"))
                              .arg(QLocale().toString(m_model->setSize()))
                              .arg(std::max(0, m_model->setSize() - 1)));
        return false;
    }
    if (m_model->rowOf(index) < 0)
        setClassFilter(-1);
    if (m_model->rowOf(index) < 0) { // hidden by the answer filters
        setMisclassifiedOnly(false);
        setPredictedFilter(-1);
    }
    const QModelIndex i = m_model->index(m_model->rowOf(index));
    m_grid->setCurrentIndex(i);
    m_grid->scrollTo(i, QAbstractItemView::PositionAtCenter);
    return true;
}

int DatasetView::selectedIndex() const
{
    const QModelIndex i = m_grid->currentIndex();
    return i.isValid() ? m_model->imageIndex(i.row()) : -1;
}

void DatasetView::requestStep(int row)
{
    const int index = m_model->imageIndex(row);
    if (index >= 0)
        emit openInStepRequested(isTestSet(), index);
}

QString DatasetView::statusText() const
{
    return m_status->text();
}

void DatasetView::refresh()
{
    const QLocale locale;
    const bool test = isTestSet();
    const int size = m_model->setSize();
    const int filter = m_model->classFilter();
    const QStringList names = m_model->classNames();
    if (!m_model->dataSplit())
        m_status->setText(tr("No data loaded yet."));
    else if (filter >= 0)
        m_status->setText(tr("Showing %1 of %2 %3 images: class %4")
                              .arg(locale.toString(m_model->rowCount()), locale.toString(size),
                                   test ? tr("test") : tr("training"), names.value(filter)));
    else if (m_model->rowCount() != size)
        m_status->setText(tr("Showing %1 of %2 %3 images").arg(locale.toString(m_model->rowCount()), locale.toString(size),
                                                             test ? tr("test") : tr("training")));
    else
        m_status->setText(tr("Showing all %1 %2 images").arg(locale.toString(size), test ? tr("test") : tr("training")));
    m_indexBox->setRange(0, std::max(0, size - 1));
    if (m_model->dataSplit()) {
        m_trainButton->setText(tr("Training set (%1)").arg(locale.toString(int(m_model->dataSplit()->train.size()))));
        m_testButton->setText(tr("Test set (%1)").arg(locale.toString(int(m_model->dataSplit()->test.size()))));
    }
    const DatasetModel::Counts &counts = m_model->classCounts();
    m_plot->setCounts(QVector<int>(counts.begin(), counts.end()), names,
                      tr("Labels in the %1 set\n%2 images").arg(test ? tr("test") : tr("training"), locale.toString(size)));
    m_plot->setHighlightedClass(filter);
    refreshSelection();
}

void DatasetView::refreshSelection()
{
    const int index = selectedIndex();
    m_stepButton->setEnabled(index >= 0);
    if (index < 0) {
        m_selection->setText(m_model->rowCount() > 0
                                 ? tr("Click an image to select it; double-click to step through it.")
                                 : QString());
        return;
    }
    const int label = m_model->label(m_grid->currentIndex().row());
    const QString text = tr("%1 image %2, label %3")
                                 .arg(isTestSet() ? tr("Test") : tr("Training"))
                                 .arg(index)
                                 .arg(m_model->classNames().value(label));
    const QString file = m_model->fileOf(index);
    m_selection->setText(file.isEmpty() ? text : tr("%1, from %2").arg(text, file));
    const QSignalBlocker block(m_indexBox);
    m_indexBox->setValue(index);
}

void DatasetView::setImageScale(int scale)
{
    m_userScale = scale;
    applyScale();
}

void DatasetView::applyScale()
{
    // From the font: about 4 at the normal size, 6 in presentation mode.
    const int fromFont = std::clamp(int(std::lround(QFontMetrics(readableFont(font())).height() / 4.4)), 3, 8);
    const int scale = m_userScale > 0 ? m_userScale : fromFont;
    m_delegate->setScale(scale);
    {
        const QSignalBlocker block(m_zoom);
        m_zoom->setValue(scale);
    }
    m_grid->setGridSize(m_delegate->cellSize(m_grid->font()));
    // The distribution's names and counts in the current font, without crowding the grid.
    const QFontMetrics fm(readableFont(font()));
    m_side->setFixedWidth(std::max(340, fm.horizontalAdvance(QStringLiteral("T-shirt/top  6,000 (10.0 %)")) + 180));
    m_grid->setSpacing(0);
    m_grid->doItemsLayout();
}

bool DatasetView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_grid && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            requestStep(m_grid->currentIndex().row());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void DatasetView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        applyScale();
    QWidget::changeEvent(event);
}

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
    // Whose answers: the training's weights, or a run of the Compare view (shown while there is one).
    m_networkBox = new NetworkChoice;
    m_networkBox->setObjectName(QStringLiteral("datasetNetworkBox"));
    m_networkBox->setToolTip(tr("The network whose answers the images show: the training's weights (those every view shows), or the latest weights of a run of the Compare view."));
    connect(m_networkBox, &NetworkChoice::chosenChanged, this, [this] {
        forgetAnswers();
        updateAnswers();
    });
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
    row->addWidget(m_networkBox->caption());
    row->addWidget(m_networkBox);
    row->addSpacing(12);
    row->addWidget(m_weightsLabel, 1);
    updateAnswers();
    return bar;
}

void DatasetView::setWeights(const OtherNetwork &network, const QString &caption)
{
    m_trainedNetwork = network;
    m_weightsCaption = caption;
    if (!m_networkBox->chosen())
        forgetAnswers();
    updateAnswers();
}

void DatasetView::forgetAnswers()
{
    m_testAnswers.reset();
    m_trainAnswers.reset();
    ++m_answersGeneration; // answers still being computed are for the old weights
    m_computing = {};
}

void DatasetView::setOtherNetworks(const QVector<OtherNetwork> &networks)
{
    m_networkBox->setNetworks(networks);
}

void DatasetView::updateAnswers()
{
    const std::shared_ptr<const DataSplit> &data = m_model->dataSplit();
    const bool test = isTestSet();
    const OtherNetwork *other = m_networkBox->chosen();
    const auto answer = m_networkBox->answerer(m_trainedNetwork);
    if (answer && data && isVisible() && !(test ? m_testAnswers : m_trainAnswers) && !m_computing[test]) {
        // Only the shown set, off the GUI thread: the training set's 60,000 images take about half
        // a second, in which the window would not repaint.
        m_computing[test] = true;
        const std::uint64_t generation = m_answersGeneration;
        runInBackground(
                this,
                [answer, data, test] {
                    return std::make_shared<const SetAnswers>(answer(test ? data->test : data->train));
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
        m_weightsLabel->setText(!answer ? tr("The network's answers appear here once there are weights.")
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
    const QString whose = other ? tr("latest weights of %1 (Compare view)").arg(QString::fromStdString(other->label))
                          : m_weightsCaption.isEmpty() ? tr("current weights")
                                                       : m_weightsCaption;
    m_weightsLabel->setText(tr("%2 of %3 right, answers of the %1")
                                    .arg(whose,
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
