#include "compareview.h"
#include "compareform.h"

#include "gradientmaps.h"
#include "hiddenwidths.h"
#include "palettecolors.h"
#include "plotstyle.h"
#include "uiformat.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bplab {

namespace {

constexpr Activation kActivations[] = {Activation::ReLU, Activation::Sigmoid, Activation::Tanh, Activation::LeakyReLU};

// Table columns: run, network, status, test accuracy, time, then the ten classes.
enum Column { RunColumn, NetworkColumn, StatusColumn, AccuracyColumn, TimeColumn, FirstClassColumn };

} // namespace

CompareView::CompareView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("compareView"));

    m_hidden = new QLineEdit(QStringLiteral("128"));
    m_hidden->setObjectName(QStringLiteral("compareHidden"));
    m_hidden->setPlaceholderText(tr("e.g. 128, 32,16, 0 or dense 128, dropout 0.25"));
    m_hidden->setToolTip(tr("Hidden layers and their widths: \"128\" is one layer of 128 neurons, \"256,128\" two "
                            "layers, \"0\" none (a linear model). 1 to 1,024 neurons each. Or a list of layers as "
                            "--layers writes it: \"dense 128, dropout 0.25\", \"conv 8 5x5, pool 2, dense 64\"."));
    m_hidden->setAccessibleName(tr("Hidden layers"));
    m_activation = new QComboBox;
    m_activation->setObjectName(QStringLiteral("compareActivation"));
    for (Activation f : kActivations)
        m_activation->addItem(QString::fromStdString(displayName(f)), int(f));
    m_activation->setToolTip(tr("The hidden layers' activation; the initial weights follow it (He for ReLU, "
                                "Xavier for sigmoid and tanh)"));
    m_activation->setAccessibleName(tr("Activation"));
    m_lr = new QDoubleSpinBox;
    m_lr->setObjectName(QStringLiteral("compareLr"));
    m_lr->setDecimals(4);
    m_lr->setRange(0.0001, 100.0);
    m_lr->setValue(0.1);
    m_lr->setAccessibleName(tr("Learning rate"));
    m_optimizer = new QComboBox;
    m_optimizer->setObjectName(QStringLiteral("compareOptimizer"));
    for (const CompareChoice &c : {sgd(0.0), sgd(0.5), sgd(0.9), adam()})
        addMethod(c);
    m_optimizer->setToolTip(tr("How each batch's gradient moves the weights: plain SGD as the source trains, SGD with "
                               "momentum, or Adam (which usually wants lr 0.001)"));
    m_optimizer->setAccessibleName(tr("Optimiser"));
    m_decay = new QLineEdit(QStringLiteral("0"));
    m_decay->setObjectName(QStringLiteral("compareWeightDecay"));
    m_decay->setToolTip(tr("L2 weight decay lambda: every gradient gets + lambda w, which pulls the weights towards 0 "
                           "(0: none; 0.0005 is common)"));
    m_decay->setAccessibleName(tr("Weight decay"));
    m_decay->setMaximumWidth(m_decay->fontMetrics().horizontalAdvance(QStringLiteral("0.00005")) * 2);
    m_epochs = new QSpinBox;
    m_epochs->setObjectName(QStringLiteral("compareEpochs"));
    m_epochs->setRange(1, 100);
    m_epochs->setValue(3);
    m_epochs->setAccessibleName(tr("Epochs"));
    m_start = new QComboBox;
    m_start->setObjectName(QStringLiteral("compareStart"));
    m_start->addItem(tr("new weights"));
    m_start->addItem(QString());
    m_start->setToolTip(tr("New weights train from batch 0; the shown batch's weights go on from where the "
                           "training's timeline shows them, with this run's settings (784-128-10 only)"));
    m_start->setAccessibleName(tr("Starting weights"));
    m_add = new QPushButton(tr("Add r&un"));
    m_add->setObjectName(QStringLiteral("compareAdd"));
    m_add->setToolTip(tr("Train this network on the same data, seed and batch size as the others; the runs "
                         "train one after the other"));
    m_stop = new QPushButton(tr("Stop"));
    m_stop->setObjectName(QStringLiteral("compareStop"));
    m_stop->setToolTip(tr("Stop the run that is training and the ones waiting"));
    m_clear = new QPushButton(tr("Clear"));
    m_clear->setObjectName(QStringLiteral("compareClear"));
    m_clear->setToolTip(tr("Remove every run"));
    m_show = new QComboBox;
    m_show->setObjectName(QStringLiteral("compareShow"));
    m_show->addItem(tr("Test accuracy"), int(Shown::TestAccuracy));
    m_show->addItem(tr("Test loss"), int(Shown::TestLoss));
    m_show->addItem(tr("Training loss"), int(Shown::TrainLoss));
    m_show->addItem(tr("First-layer gradient"), int(Shown::Gradient));
    m_show->addItem(tr("First-layer gradient per weight"), int(Shown::GradientMap));
    m_show->addItem(tr("Loss per batch"), int(Shown::BatchLoss));
    m_show->addItem(tr("Training accuracy"), int(Shown::TrainAccuracy));
    m_show->addItem(tr("Training minus test accuracy"), int(Shown::AccuracyGap));
    m_show->setToolTip(tr("What the plot shows after each epoch: the test set's accuracy or loss, the mean loss of "
                          "the epoch's training batches or how large the first layer's weight gradients were; each "
                          "run's first-layer gradient per weight as pictures; or every batch's loss"));
    m_show->setAccessibleName(tr("Plot shows"));
    m_show->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_hint = new QLabel;
    m_hint->setObjectName(QStringLiteral("compareHint"));
    m_hint->setWordWrap(true);

    // The run's settings on one line, where it starts and the buttons on the next, the hint
    // under them: at a projector's font each line fits 1280 px.
    auto *form = new QHBoxLayout;
    const auto field = [form](const QString &caption, QWidget *w) {
        auto *label = new QLabel(caption);
        label->setBuddy(w);
        form->addWidget(label);
        form->addWidget(w);
    };
    field(tr("Hidden la&yers"), m_hidden);
    field(tr("Activatio&n"), m_activation);
    field(tr("l&r"), m_lr);
    field(tr("Opti&miser"), m_optimizer);
    field(tr("Ep&ochs"), m_epochs);
    form->addStretch(1);
    auto *actions = new QHBoxLayout;
    auto *startLabel = new QLabel(tr("Startin&g from"));
    startLabel->setBuddy(m_start);
    actions->addWidget(startLabel);
    actions->addWidget(m_start);
    auto *decayLabel = new QLabel(tr("L&2 weight decay"));
    decayLabel->setBuddy(m_decay);
    actions->addWidget(decayLabel);
    actions->addWidget(m_decay);
    actions->addWidget(m_add);
    actions->addWidget(m_stop);
    actions->addWidget(m_clear);
    actions->addStretch(1);
    auto *showLabel = new QLabel(tr("Sho&w"));
    showLabel->setBuddy(m_show);
    actions->addWidget(showLabel);
    actions->addWidget(m_show);

    m_plot = new QCustomPlot;
    m_plot->setObjectName(QStringLiteral("comparePlot"));
    m_plot->setAccessibleName(tr("The runs after each epoch"));
    m_plot->xAxis->setLabel(tr("epoch"));
    m_plot->legend->setVisible(true);
    m_plot->setMinimumHeight(220);
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    m_plot->xAxis->setTicker(ticker);

    m_table = new QTableWidget(0, FirstClassColumn + kOutputs);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setAccessibleName(tr("Runs compared"));
    // The classes' columns are headed by the digit alone (a screen reader hears "class 3"), the
    // long headers take two lines: at a projector's font the table fits 1280 px.
    const QStringList headers = {tr("run"), tr("network"), tr("status"), tr("test\naccuracy"), tr("training\ntime")};
    for (int c = 0; c < headers.size(); ++c) {
        auto *item = new QTableWidgetItem(headers[c]);
        item->setData(Qt::AccessibleTextRole, QString(headers[c]).replace(QLatin1Char('\n'), QLatin1Char(' ')));
        m_table->setHorizontalHeaderItem(c, item);
    }
    for (int k = 0; k < kOutputs; ++k) {
        auto *item = new QTableWidgetItem(QString::number(k));
        item->setData(Qt::AccessibleTextRole, tr("class %1").arg(k));
        item->setToolTip(tr("test accuracy on the images of class %1, in percent").arg(k));
        m_table->setHorizontalHeaderItem(FirstClassColumn + k, item);
    }
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(NetworkColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(RunColumn, QHeaderView::Interactive); // updateTable() sizes it
    // The network column gives up its width first (its text is elided, whole in the tooltip);
    // the keyboard still scrolls a narrow window's table to its last classes.
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_maps = new GradientMaps;
    m_maps->setFocusPolicy(Qt::StrongFocus);
    m_shownStack = new QStackedWidget;
    m_shownStack->addWidget(m_plot);
    m_shownStack->addWidget(m_maps);


    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(actions);
    layout->addWidget(m_hint); // a line of its own, shown only when it has something to say
    layout->addWidget(m_shownStack, 1);
    layout->addWidget(m_table);

    connect(m_hidden, &QLineEdit::textChanged, this, &CompareView::updateForm);
    connect(m_decay, &QLineEdit::textChanged, this, &CompareView::updateForm);
    connect(m_decay, &QLineEdit::returnPressed, m_add, &QPushButton::click);
    connect(m_start, &QComboBox::currentIndexChanged, this, [this](int index) {
        // Going on from the training's weights takes its shapes: the form starts from its network.
        if (index == 1 && m_timelineStart) {
            m_hidden->setText(QString::fromStdString(hiddenText(m_timelineStart->hidden)));
            m_activation->setCurrentIndex(std::max(0, m_activation->findData(int(m_timelineStart->activation))));
        }
        updateForm();
    });
    connect(m_epochs, &QSpinBox::valueChanged, this, &CompareView::updateForm);
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, &CompareView::updateForm);
    connect(m_lr, &QDoubleSpinBox::valueChanged, this, &CompareView::updateForm);
    connect(m_hidden, &QLineEdit::returnPressed, m_add, &QPushButton::click);
    connect(m_add, &QPushButton::clicked, this, [this] {
        if (const auto c = formChoice(); c && m_rows.size() < kMaxRuns)
            emit addRequested(*c);
    });
    connect(m_stop, &QPushButton::clicked, this, &CompareView::stopRequested);
    connect(m_clear, &QPushButton::clicked, this, &CompareView::clearRequested);
    connect(m_show, &QComboBox::currentIndexChanged, this,
            [this] { setShown(Shown(m_show->currentData().toInt())); });

    QWidget *const order[] = {m_hidden, m_activation, m_lr, m_optimizer, m_epochs, m_start, m_decay, m_show, m_add, m_stop, m_clear, m_plot, m_maps, m_table};
    for (std::size_t i = 1; i < std::size(order); ++i)
        setTabOrder(order[i - 1], order[i]);
    m_plot->setFocusPolicy(Qt::StrongFocus);
    setTimelineStart(std::nullopt); // until the page says which batch the views show
    applyPlotStyle();
    updatePlot();
    updateTable();
    updateForm();
}

CompareView::~CompareView() = default;

CompareChoice CompareView::sgd(double momentum)
{
    CompareChoice c;
    c.momentum = momentum;
    return c;
}

CompareChoice CompareView::adam()
{
    CompareChoice c;
    c.adam = true;
    return c;
}

void CompareView::addMethod(const CompareChoice &method)
{
    const QString text = method.adam            ? tr("Adam")
                         : method.momentum > 0 ? tr("momentum %1").arg(QLocale().toString(method.momentum))
                                               : tr("plain SGD");
    m_optimizer->addItem(text, QVariant::fromValue(method));
}

std::optional<CompareChoice> CompareView::formChoice() const
{
    const auto arch = comparedNetwork(m_hidden->text(), Activation(m_activation->currentData().toInt()));
    const auto decay = weightDecayOf(m_decay->text());
    if (!arch || !decay)
        return std::nullopt;
    CompareChoice c;
    c.arch = *arch;
    c.weightDecay = *decay;
    c.lr = m_lr->value();
    const CompareChoice method = m_optimizer->currentData().value<CompareChoice>();
    c.momentum = method.momentum;
    c.adam = method.adam;
    c.epochs = m_epochs->value();
    if (m_start->currentIndex() == 1) {
        // Only a network of the training's shapes takes its weights, and it trains on from there.
        if (!m_timelineStart || c.arch.layered() || c.arch.hidden != m_timelineStart->hidden
            || c.epochs < m_timelineStart->minEpochs)
            return std::nullopt;
        c.fromStep = m_timelineStart->step;
    }
    return c;
}

void CompareView::setFormChoice(const CompareChoice &c)
{
    m_hidden->setText(QString::fromStdString(c.arch.layered() ? layersText(c.arch.layers) : hiddenText(c.arch.hidden)));
    m_activation->setCurrentIndex(std::max(0, m_activation->findData(int(c.arch.activation))));
    m_decay->setText(QLocale().toString(c.weightDecay, 'g', 6));
    m_lr->setValue(c.lr);
    int method = -1;
    for (int i = 0; i < m_optimizer->count() && method < 0; ++i) {
        const CompareChoice m = m_optimizer->itemData(i).value<CompareChoice>();
        if (m.adam == c.adam && (c.adam || m.momentum == c.momentum))
            method = i;
    }
    if (method < 0) { // a lesson's momentum the list lacks
        addMethod(c);
        method = m_optimizer->count() - 1;
    }
    m_optimizer->setCurrentIndex(method);
    m_epochs->setValue(c.epochs);
    updateForm();
}

void CompareView::setRows(const QVector<CompareRow> &rows)
{
    m_rows = rows;
    updatePlot();
    updateTable();
    updateForm();
}

void CompareView::setShown(Shown shown)
{
    m_shown = shown;
    m_show->setCurrentIndex(std::max(0, m_show->findData(int(shown))));
    updatePlot();
}

void CompareView::setTimelineStart(const std::optional<TimelineStart> &start)
{
    m_timelineStart = start;
    auto *model = qobject_cast<QStandardItemModel *>(m_start->model());
    if (QStandardItem *item = model ? model->item(1) : nullptr) {
        item->setText(start ? tr("batch %L1 (epoch %2)").arg(qulonglong(start->step)).arg(start->epoch)
                            : tr("the shown batch"));
        item->setEnabled(start.has_value());
    }
    if (!start)
        m_start->setCurrentIndex(0);
    updateForm();
}

void CompareView::setTraining(bool training)
{
    m_training = training;
    updateForm();
}

void CompareView::updateForm()
{
    QString networkProblem, decayProblem;
    const auto arch = comparedNetwork(m_hidden->text(), Activation(m_activation->currentData().toInt()), &networkProblem);
    const auto decay = weightDecayOf(m_decay->text(), &decayProblem);
    const bool full = m_rows.size() >= kMaxRuns;
    const bool fromTimeline = m_start->currentIndex() == 1 && m_timelineStart;
    const bool shapeOk = !fromTimeline || (arch && !arch->layered() && arch->hidden == m_timelineStart->hidden);
    const bool epochsOk = !fromTimeline || m_epochs->value() >= m_timelineStart->minEpochs;
    m_add->setEnabled(arch && decay && !full && shapeOk && epochsOk);
    m_stop->setEnabled(m_training);
    m_clear->setEnabled(!m_rows.isEmpty());
    // The activation means nothing without a hidden layer.
    m_activation->setEnabled(!arch || arch->hasHiddenLayers());
    QString hint;
    if (!arch)
        hint = networkProblem;
    else if (!decay)
        hint = decayProblem;
    else if (full)
        hint = tr("Four runs are shown: Clear them to compare others.");
    else if (!shapeOk) {
        QString shapes = QStringLiteral("784");
        for (int width : m_timelineStart->hidden)
            shapes += QStringLiteral("-%1").arg(width);
        hint = tr("Only a %1-10 network can go on from the training's weights: hidden layers %2.")
                       .arg(shapes, QString::fromStdString(hiddenText(m_timelineStart->hidden)));
    } else if (!epochsOk)
        hint = tr("The shown batch is in epoch %1: a run from there needs at least %2 epochs.")
                       .arg(m_timelineStart->epoch)
                       .arg(m_timelineStart->minEpochs);
    else if (m_optimizer->currentData().value<CompareChoice>().adam && m_lr->value() > 0.01)
        hint = tr("Adam usually trains at lr 0.001; at lr %1 it may not learn at all.").arg(QLocale().toString(m_lr->value()));
    else if (m_rows.isEmpty())
        hint = tr("Add two or more runs: each trains its own network on the same data, with the same seed and "
                  "batch size, so that only what you chose differs.");
    m_hint->setText(hint);
    m_hint->setVisible(!hint.isEmpty());
}

void CompareView::applyPlotStyle()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QFont font = readableFont(this->font());
    QColor grid = pal.color(QPalette::Mid);
    grid.setAlpha(90);
    m_plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis})
        styleAxis(axis, text, grid, font, font);
    m_plot->legend->setFont(font);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBrush(pal.color(QPalette::Base));
    m_plot->legend->setBorderPen(QPen(colors::frame(pal)));
}

void CompareView::updatePlot()
{
    const QPalette pal = palette();
    QVector<GradientMap> maps;
    for (int i = 0; i < m_rows.size(); ++i)
        if (!m_rows[i].fromFile)
            maps.push_back({m_rows[i].label, runColor(pal, i), m_rows[i].gradientMap, m_rows[i].firstLayerNeurons,
                            // an epoch ended without a map: a convolution first
                            !m_rows[i].firstLayerGradient.isEmpty() && m_rows[i].firstLayerNeurons == 0});
    m_maps->setMaps(maps);
    m_shownStack->setCurrentWidget(m_shown == Shown::GradientMap ? static_cast<QWidget *>(m_maps) : m_plot);
    // The registry's panel is the stack: it says what its page shows.
    m_shownStack->setAccessibleDescription(plotSummary());
    if (m_shown == Shown::GradientMap)
        return; // the plot is hidden: drawn when it is chosen again

    const bool accuracy = m_shown == Shown::TestAccuracy || m_shown == Shown::TrainAccuracy;
    const bool batches = m_shown == Shown::BatchLoss;
    m_plot->yAxis->setLabel(m_shown == Shown::TrainAccuracy ? tr("training accuracy (%)")
                            : m_shown == Shown::AccuracyGap ? tr("training minus test accuracy (points)")
                            : accuracy                       ? tr("test accuracy (%)")
                            : m_shown == Shown::TestLoss  ? tr("test loss")
                            : m_shown == Shown::TrainLoss ? tr("training loss")
                            : batches ? tr("batch loss (mean of %1)").arg(LossHistory::kMovingAverageSpan)
                                      : tr("first-layer gradient, RMS(dL/dW1)"));
    // Accuracy (and the gap) rises to the top right, a loss falls to the bottom right: the legend
    // takes the other corner.
    const bool rises = accuracy || m_shown == Shown::AccuracyGap; // overfitting's gap opens upwards too

    // A graph per trained run (a model file's numbers are in the table): every batch's moving
    // average, as many points as the plot's columns show, or one point per epoch with a marker.
    m_plot->clearGraphs();
    double lastX = 1;
    for (const CompareRow &r : m_rows)
        if (batches && r.losses)
            lastX = std::max(lastX, r.losses->maxX());
    const int pixels = std::max(100, m_plot->axisRect()->width());
    std::vector<LossHistory::Point> batch, average;
    double low = std::numeric_limits<double>::infinity(), high = 0;
    for (int i = 0; i < m_rows.size(); ++i) {
        const CompareRow &r = m_rows[i];
        if (r.fromFile)
            continue;
        QCPGraph *g = m_plot->addGraph();
        g->setName(r.label);
        const QColor c = runColor(pal, i);
        g->setPen(runPen(c, i));
        average.clear();
        if (batches && r.losses)
            r.losses->visiblePoints(0, lastX, pixels, 2, batch, average);
        if (!batches) {
            g->setScatterStyle(QCPScatterStyle(runMarker(i), c, pal.color(QPalette::Base), runMarkerSize(i)));
            const QVector<double> &values = shownValues(r);
            for (int e = 0; e < values.size(); ++e)
                average.push_back({double(r.firstEpoch + e), values[e]});
            lastX = std::max(lastX, double(r.firstEpoch + values.size() - 1));
        }
        for (const LossHistory::Point &p : average) {
            g->addData(p.x, p.y);
            low = std::min(low, p.y);
            high = std::max(high, p.y);
        }
    }
    m_plot->legend->setVisible(m_plot->graphCount() > 0);
    // Epochs on the x axis as whole numbers (ticks set once); the accuracy from a little below the
    // lowest point to 100 %, a loss or gradient from 0 to a little above the highest.
    if (batches)
        m_plot->xAxis->setRange(0, std::ceil(lastX));
    else
        m_plot->xAxis->setRange(0.5, lastX + 0.5);
    const bool none = !std::isfinite(low);
    if (accuracy)
        m_plot->yAxis->setRange(none ? 0.0 : std::max(0.0, std::floor((low - 5) / 10) * 10), 100);
    else
        m_plot->yAxis->setRange(none || low >= 0 ? 0.0 : low * 1.1, none || high <= 0 ? 1.0 : high * 1.1); // a gap may be < 0
    placeRunsLegend(m_plot, rises && !batches);
    m_plot->setAccessibleDescription(plotSummary());
    m_plot->replot();
}

const QVector<double> &CompareView::shownValues(const CompareRow &row) const
{
    switch (m_shown) {
    case Shown::TestAccuracy: return row.testAccuracy;
    case Shown::TestLoss: return row.testLoss;
    case Shown::TrainLoss: return row.trainLoss;
    case Shown::TrainAccuracy: return row.trainAccuracy;
    case Shown::AccuracyGap: return row.accuracyGap;
    case Shown::Gradient:
    case Shown::GradientMap:
    case Shown::BatchLoss: break;
    }
    return row.firstLayerGradient;
}

QString CompareView::plotSummary() const
{
    if (m_rows.isEmpty())
        return tr("No runs yet.");
    if (m_shown == Shown::GradientMap)
        return m_maps->summary();
    if (m_shown == Shown::BatchLoss) {
        QStringList parts;
        for (const CompareRow &r : m_rows) {
            const std::size_t n = r.losses ? r.losses->batchCount() : 0;
            parts << (n == 0 ? tr("%1: %2").arg(r.label, r.status)
                             : tr("%1: %2 at epoch %3").arg(r.label, QLocale().toString(r.losses->movingAverage(n - 1), 'f', 4),
                                                            QLocale().toString(r.losses->x().back(), 'f', 2)));
        }
        return m_show->currentText() + QStringLiteral(". ") + parts.join(QStringLiteral("; ")) + QLatin1Char('.');
    }
    QStringList parts;
    for (const CompareRow &r : m_rows) {
        if (r.fromFile)
            continue; // the table has its numbers
        const QVector<double> &values = shownValues(r);
        const QString last = values.isEmpty() ? QString()
                             : m_shown == Shown::TestAccuracy || m_shown == Shown::TrainAccuracy ? formatPercent(values.last())
                             : m_shown == Shown::AccuracyGap ? tr("%1 points").arg(QLocale().toString(values.last(), 'f', 2))
                             : m_shown == Shown::Gradient     ? QLocale().toString(values.last(), 'g', 3)
                                                               : QLocale().toString(values.last(), 'f', 4);
        parts << (values.isEmpty() ? tr("%1: %2").arg(r.label, r.status)
                                   : tr("%1: %2 after epoch %3").arg(r.label, last).arg(r.firstEpoch + values.size() - 1));
    }
    return m_show->currentText() + QStringLiteral(". ") + parts.join(QStringLiteral("; ")) + QLatin1Char('.');
}

QWidget *CompareView::shownPanel() const
{
    return m_shownStack;
}

PanelExport CompareView::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("compare");
    e.title = tr("the compared runs");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    if (m_shown == Shown::GradientMap) {
        drawWidgetAsShown(e, m_maps);
    } else {
        // A plot never shown (an export from a script) gets a slide-sized page.
        drawPlotAsShown(e, m_plot, [this] {
            return m_plot->isVisible() && m_plot->width() >= 200 && m_plot->height() >= 150 ? m_plot->size()
                                                                                           : QSize(1200, 700);
        });
    }
    e.data = [this](ExportFormat) { return m_rows.isEmpty() ? QByteArray() : csvText().toUtf8(); };
    return e;
}

namespace {
// A text field without the characters CSV would have to quote: "lr 0.1, 3 epochs" is written
// "lr 0.1; 3 epochs", so that every line splits at its commas.
QString compareCsvField(QString text)
{
    return text.replace(QLatin1Char(','), QLatin1Char(';')).replace(QLatin1Char('"'), QLatin1Char('\'')).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QString compareCsvNumber(const QVector<double> &values, qsizetype i, int decimals)
{
    return i < values.size() && std::isfinite(values[i]) ? QString::number(values[i], 'f', decimals) : QString();
}
} // namespace

QString CompareView::csvText() const
{
    // Numbers in C's notation whatever the window's language, for a spreadsheet or a script.
    QString out = QStringLiteral("run,label,network,status,epoch,test_accuracy_percent,test_loss,train_loss,"
                                 "first_layer_gradient_rms\n");
    for (int i = 0; i < m_rows.size(); ++i) {
        const CompareRow &r = m_rows[i];
        const QString head = QStringLiteral("%1,%2,%3,%4,").arg(i + 1).arg(compareCsvField(r.label), compareCsvField(r.network), compareCsvField(r.status));
        if (r.fromFile) { // evaluated once: one row without an epoch
            out += head + QStringLiteral(",%1,%2,,\n").arg(compareCsvNumber(r.testAccuracy, 0, 2), compareCsvNumber(r.testLoss, 0, 6));
            continue;
        }
        for (qsizetype e = 0; e < r.testAccuracy.size(); ++e)
            out += head + QStringLiteral("%1,%2,%3,%4,%5\n")
                                  .arg(r.firstEpoch + int(e))
                                  .arg(compareCsvNumber(r.testAccuracy, e, 2), compareCsvNumber(r.testLoss, e, 6),
                                       compareCsvNumber(r.trainLoss, e, 6), compareCsvNumber(r.firstLayerGradient, e, 8));
    }
    return out;
}

void CompareView::updateTable()
{
    m_table->setRowCount(int(m_rows.size()));
    // As tall as its rows (room for two at least, four at most): the plot takes the rest.
    const int rows = std::clamp(int(m_rows.size()), 2, kMaxRuns);
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() + rows * m_table->verticalHeader()->defaultSectionSize()
                              + 2 * m_table->frameWidth() + 2);
    const QPalette pal = palette();
    for (int i = 0; i < m_rows.size(); ++i) {
        const CompareRow &r = m_rows[i];
        const auto set = [&](int column, const QString &text, const QString &tip = {}) {
            auto *item = new QTableWidgetItem(text);
            if (column >= AccuracyColumn)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            item->setToolTip(tip);
            m_table->setItem(i, column, item);
            return item;
        };
        QTableWidgetItem *run = set(RunColumn, r.label, r.label);
        run->setForeground(runColor(pal, i));
        QFont bold = m_table->font();
        bold.setBold(true);
        run->setFont(bold);
        set(NetworkColumn, r.network, r.network);
        set(StatusColumn, r.status, r.message);
        set(AccuracyColumn, formatPercent(r.testAccuracy.isEmpty() ? -1.0 : r.testAccuracy.last()));
        // Tenths of a second, hundredths below one (a linear model trains an epoch in 0.03 s).
        set(TimeColumn, r.seconds > 0 ? tr("%1 s").arg(QLocale().toString(r.seconds, 'f', r.seconds < 0.995 ? 2 : 1))
                                      : QStringLiteral("–"));
        // The weakest class of a finished run stands out.
        int weakest = -1;
        for (int k = 0; k < kOutputs; ++k)
            if (r.classAccuracy[std::size_t(k)] >= 0 && (weakest < 0 || r.classAccuracy[std::size_t(k)] < r.classAccuracy[std::size_t(weakest)]))
                weakest = k;
        for (int k = 0; k < kOutputs; ++k) {
            const double a = r.classAccuracy[std::size_t(k)];
            QTableWidgetItem *item = set(FirstClassColumn + k, a < 0 ? QStringLiteral("–") : QLocale().toString(a, 'f', 1));
            if (k == weakest && r.finished) {
                item->setForeground(colors::orangeText(pal));
                item->setFont(bold);
                item->setToolTip(tr("the weakest class of this run"));
            }
        }
    }
    // A long run name (a layer list's) is cut at 26 characters (whole in its tooltip and the legend): the accuracies stay in sight.
    m_table->resizeColumnToContents(RunColumn);
    m_table->setColumnWidth(RunColumn, std::min(m_table->columnWidth(RunColumn), 26 * QFontMetrics(m_table->font()).averageCharWidth()));
}

void CompareView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyPlotStyle();
        updatePlot();
        updateTable();
    }
}

} // namespace bplab
