#include "lossplot.h"

#include "lossaxes.h"
#include "lossreadout.h"
#include "plotstyle.h"
#include "uiformat.h"

#include <QEvent>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include "panelexport.h"
#include <QMenu>

namespace bplab {

namespace {
// Replots are coalesced to at most one per frame interval (~40 per second) for what the user
// does (a branch, a reset, the presentation mode), and to five per second for the losses: a
// curve growing by a few pixels is followed as well at that rate, and each replot at full speed
// is GUI-thread time the training waits for.
constexpr int kReplotIntervalMs = 25;
constexpr int kLossesReplotIntervalMs = 200;
// An epoch as a person reads it: "4.93" within an epoch, "5" at its end (the test points).
QString epochText(double x)
{
    return x == std::round(x) ? QLocale().toString(qlonglong(x)) : QLocale().toString(x, 'f', 2);
}
} // namespace

LossPlot::LossPlot(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_run(std::make_shared<const RunHistory>())
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    // The plot's own minimum follows the legend's current columns; the panel's is fixed
    // (minimumSizeHint()), so a wide legend never forces the splitters apart.
    m_plot->setMinimumSize(1, 1);

    QCPAxisRect *rect = m_plot->axisRect();
    m_plot->yAxis2->setVisible(true);
    m_plot->xAxis->setLabel(tr("epoch"));

    m_batch = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_batch->setName(tr("batch loss"));
    m_average = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_average->setName(tr("moving average"));
    m_testLoss = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_testLoss->setName(tr("test loss"));
    m_testAccuracy = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_testAccuracy->setName(tr("test accuracy"));
    m_plot->setAutoAddPlottableToLegend(false); // these two join the legend once they have a point
    m_trainLoss = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_trainLoss->setName(tr("training loss"));
    m_trainAccuracy = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_trainAccuracy->setName(tr("training accuracy"));
    m_plot->setAutoAddPlottableToLegend(true);
    m_legendFit.setNames({{m_batch, m_batch->name(), tr("batch")},
                     {m_average, m_average->name(), tr("average")},
                     {m_testLoss, m_testLoss->name(), tr("test loss")},
                     {m_testAccuracy, m_testAccuracy->name(), tr("test %")},
                     {m_trainLoss, m_trainLoss->name(), tr("train loss")},
                     {m_trainAccuracy, m_trainAccuracy->name(), tr("train %")}});

    // The legend sits below the axes, across the plot's whole width in as many columns as fit
    // (one row, else two), so it never covers a curve.
    m_plot->legend->setVisible(true);
    rect->insetLayout()->take(m_plot->legend);
    rect->insetLayout()->simplify();
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setWrap(2);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);

    // Zoom (wheel) and pan (drag) act on the x axis only; the y axes keep following the data.
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    rect->setRangeDrag(Qt::Horizontal);
    rect->setRangeZoom(Qt::Horizontal);
    rect->setRangeDragAxes(m_plot->xAxis, nullptr);
    rect->setRangeZoomAxes(m_plot->xAxis, nullptr);
    connect(m_plot, &QCustomPlot::mouseWheel, this, [this] { onUserRangeChange(); });
    connect(m_plot, &QCustomPlot::mouseMove, this, &LossPlot::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetView(); });
    connect(m_plot, &QCustomPlot::beforeReplot, this, &LossPlot::updateDrawnData);
    m_axes = new LossAxes(m_plot, {m_batch, m_average, m_testLoss, m_trainLoss}, {m_testAccuracy, m_trainAccuracy},
                          {m_batch, m_average}, this);
    connect(m_axes, &LossAxes::changed, this, &LossPlot::queueReplot);

    m_readout = new LossReadout(m_plot,
                                {m_batch, m_average, m_testLoss, m_testAccuracy, m_trainLoss, m_trainAccuracy},
                                [this]() -> const LossHistory & { return history(); }, this);
    m_plot->installEventFilter(this);

    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, this, &LossPlot::showContextMenu);

    // However often data arrives, the plot repaints at most every kLossesReplotIntervalMs, and a
    // hidden plot not at all until it is shown.
    m_replotTimer = new QTimer(this);
    m_replotTimer->setSingleShot(true);
    connect(m_replotTimer, &QTimer::timeout, this, &LossPlot::replotNow);
    applyStyle();
    updateRanges();
    m_plot->replot();
}

LossPlot::~LossPlot() = default;

QSize LossPlot::minimumSizeHint() const
{
    // Two legend columns, the axes' labels and titles, and a few lines of plotting area.
    const int em = QFontMetrics(readableFont(font())).height();
    return {em * 20, em * 8};
}

int LossPlot::batchCount() const
{
    return int(history().batchCount());
}
int LossPlot::epochCount() const
{
    return int(history().epochCount());
}

std::size_t LossPlot::historyBytes() const
{
    return history().bytes();
}

int LossPlot::drawnBatchPoints() const
{
    return m_batch->dataCount();
}

double LossPlot::movingAverage(int i) const
{
    return history().movingAverage(std::size_t(i));
}

void LossPlot::setHistory(std::shared_ptr<const RunHistory> history)
{
    m_run = history ? std::move(history) : std::make_shared<const RunHistory>();
    redrawHistory();
}

void LossPlot::historyChanged()
{
    if (m_run->revision() != m_drawnRevision) {
        redrawHistory();
        return;
    }
    if (m_drawnEpochs == history().epochCount() && m_drawnCount == history().batchCount())
        return;
    addEpochPoints(m_drawnEpochs);
    updateRanges();
    replotData();
}

void LossPlot::redrawHistory()
{
    m_drawnRevision = m_run->revision();
    for (QCPGraph *g : {m_batch, m_average, m_testLoss, m_testAccuracy, m_trainLoss, m_trainAccuracy})
        g->data()->clear();
    for (QCPGraph *g : {m_trainLoss, m_trainAccuracy})
        g->removeFromLegend();
    addEpochPoints(0);
    drawBranches();
    m_drawnCount = std::size_t(-1); // the same count may now hold other points
    if (history().batchCount() == 0 && history().epochCount() == 0) {
        // A new run: the view follows its data.
        setCursorX(0, false);
        m_drawnPixels = 0;
        m_userZoomed = false;
        m_readout->hide();
    }
    updateLegendColumns();
    updateRanges();
    queueReplot();
}

void LossPlot::addEpochPoints(std::size_t from)
{
    const std::vector<LossHistory::Epoch> &epochs = history().epochs();
    for (std::size_t i = from; i < epochs.size(); ++i) {
        const LossHistory::Epoch &e = epochs[i];
        m_testLoss->addData(e.x, e.testLoss);
        m_testAccuracy->addData(e.x, e.testAccuracyPercent);
        if (e.hasTrain()) {
            m_trainLoss->addData(e.x, e.trainLoss);
            m_trainAccuracy->addData(e.x, e.trainAccuracyPercent);
            if (!m_plot->legend->hasItemWithPlottable(m_trainLoss)) {
                m_trainLoss->addToLegend();
                m_trainAccuracy->addToLegend();
                updateLegendColumns();
            }
        }
    }
    m_drawnEpochs = epochs.size();
}

// The batch and average graphs get the visible part of the history (LossHistory::visiblePoints),
// rebuilt only when the history, the x range or the width changed.
void LossPlot::updateDrawnData()
{
    QCPAxis *xAxis = m_plot->xAxis;
    const QCPRange range = xAxis->range();
    // The viewport is up to date before the layout is (a resize or an export replots at once).
    const int pixels = std::max({1, m_plot->axisRect()->width(), m_plot->viewport().width()});
    // The epochs' markers at least two marker widths apart: when epochs are denser (hundreds of
    // them), every k-th epoch's; all of them would smear into one band and cost most of a replot.
    // The lines still go through every epoch.
    const int span = m_plot->axisRect()->width() > 0 ? m_plot->axisRect()->width() : pixels;
    const double perEpoch = span / std::max(1e-9, range.upper - range.lower);
    const double apart = 2 * m_testLoss->scatterStyle().size();
    const int skip = perEpoch >= apart ? 0 : int(std::ceil(apart / perEpoch)) - 1;
    for (QCPGraph *g : {m_testLoss, m_testAccuracy, m_trainLoss, m_trainAccuracy})
        g->setScatterSkip(skip);
    if (m_drawnCount == history().batchCount() && m_drawnLower == range.lower
        && m_drawnUpper == range.upper && m_drawnPixels == pixels) {
        m_axes->fitLossRange(m_branchMaxLoss);
        return;
    }
    m_drawnCount = history().batchCount();
    m_drawnLower = range.lower;
    m_drawnUpper = range.upper;
    m_drawnPixels = pixels;

    std::vector<LossHistory::Point> batch, average;
    history().visiblePoints(range.lower, range.upper, pixels, kPointsPerPixel, batch, average);
    const auto graphData = [](const std::vector<LossHistory::Point> &points) {
        QVector<QCPGraphData> out;
        out.reserve(qsizetype(points.size()));
        for (const LossHistory::Point &p : points)
            out.append(QCPGraphData(p.x, p.y));
        return out;
    };
    m_batch->data()->set(graphData(batch), true);
    m_average->data()->set(graphData(average), true);
    m_axes->fitLossRange(m_branchMaxLoss);
}

void LossPlot::resetView()
{
    m_userZoomed = false;
    updateRanges();
    queueReplot();
}

void LossPlot::onUserRangeChange()
{
    m_userZoomed = true;
}

// While the user has not zoomed or panned, x shows the whole run (its extent is kept
// incrementally: no pass over the data per frame). The loss axis is fitted to the curves shown
// before each replot (LossAxes::fitLossRange()), from the points drawn.
void LossPlot::updateRanges()
{
    const double maxX = std::max(history().maxX(), m_branchMaxX);
    if (!m_userZoomed)
        m_plot->xAxis->setRange(0, maxX > 0 ? maxX * 1.02 : 1.0);
    m_plot->yAxis2->setRange(0, 100);
}

void LossPlot::queueReplot()
{
    // A replot already due sooner stays; the losses' later one is brought forward.
    if (!m_replotTimer->isActive() || m_replotTimer->remainingTime() > kReplotIntervalMs)
        m_replotTimer->start(kReplotIntervalMs);
}

void LossPlot::replotData()
{
    // Losses arrive just before the visual snapshot they go with: drawn now, the plot is painted
    // in that snapshot's frame and not in a frame of its own. Between such replots the timer
    // draws what came last, unless more losses come first.
    const qint64 since = m_sinceReplot.isValid() ? m_sinceReplot.elapsed() : kLossesReplotIntervalMs;
    if (since >= kLossesReplotIntervalMs)
        replotNow();
    else if (!m_replotTimer->isActive())
        m_replotTimer->start(2 * kLossesReplotIntervalMs); // later than the next losses
}

void LossPlot::drawPending()
{
    if (!m_replotTimer->isActive() && !m_replotPending)
        return;
    m_replotTimer->stop();
    m_replotPending = false;
    m_sinceReplot.start();
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
}

void LossPlot::replotNow()
{
    m_replotTimer->stop();
    if (!m_plot->isVisible()) {
        m_replotPending = true; // a hidden plot costs nothing until it is shown
        return;
    }
    m_sinceReplot.start();
    m_plot->replot(QCustomPlot::rpQueuedRefresh); // rendered now, painted with the next frame
}

bool LossPlot::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot) {
        if (event->type() == QEvent::Show && m_replotPending) {
            m_replotPending = false;
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        } else if (event->type() == QEvent::Leave) {
            if (m_readout->hide())
                m_plot->replot(QCustomPlot::rpQueuedReplot);
        } else if (event->type() == QEvent::Show || event->type() == QEvent::ScreenChangeInternal) {
            // High-DPI: render the buffer at the screen's device pixel ratio.
            if (!qFuzzyCompare(m_plot->bufferDevicePixelRatio(), m_plot->devicePixelRatioF()))
                m_plot->setBufferDevicePixelRatio(m_plot->devicePixelRatioF());
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LossPlot::setPresentation(bool on)
{
    if (m_presentation == on)
        return;
    m_presentation = on;
    applyStyle();
    queueReplot();
}

void LossPlot::updateLegendColumns()
{
    m_legendFit.fit(m_plot->legend, width());
}

void LossPlot::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateLegendColumns();
    m_axes->updateTickCounts(size());
}

void LossPlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
        queueReplot();
    }
    QWidget::changeEvent(event);
}

// Text and axes follow the palette (light or dark); data colours are fixed. Sizes follow the
// widget's font, so a larger application font scales the plot too.
void LossPlot::applyStyle()
{
    // The application's font carries presentation mode's 1.5x; the plot adds thicker lines.
    const double line = m_presentation ? 2.0 : 1.0;
    const QFont tickFont = readableFont(font());
    QFont labelFont = tickFont;
    labelFont.setWeight(QFont::DemiBold);
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    QColor gridColor = pal.color(QPalette::Mid);
    gridColor.setAlpha(90);

    m_plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis, m_plot->yAxis2})
        styleAxis(axis, text, gridColor, tickFont, labelFont, line);
    m_plot->yAxis2->grid()->setVisible(false);

    const QFontMetrics fm(tickFont);
    const double marker = fm.height() * 0.45;
    const QColor lossColor = colors::blue(pal);
    m_batch->setPen(QPen(colors::batchLoss(pal), line));
    m_average->setPen(QPen(lossColor, 2.5 * line));
    m_testLoss->setPen(QPen(colors::vermillion(pal), 2 * line));
    m_testLoss->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colors::vermillion(pal),
                                                pal.color(QPalette::Base), marker));
    m_testAccuracy->setPen(QPen(colors::green(pal), 2 * line, Qt::DashLine));
    m_testAccuracy->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssSquare, colors::green(pal), colors::green(pal), marker));
    // The training set's: the same shapes, hollow, in the colours of the training loss and of
    // highlights, so that each pair (loss, accuracy) reads as test against training.
    m_trainLoss->setPen(QPen(lossColor, 1.5 * line, Qt::DotLine));
    m_trainLoss->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, lossColor, pal.color(QPalette::Base), marker));
    // Dash-dotted: beside the test loss's solid vermillion line its orange is the same colour to a
    // deutan or protan eye; every epoch curve has a line style of its own besides its colour.
    m_trainAccuracy->setPen(QPen(colors::orange(pal), 2 * line, Qt::DashDotLine));
    m_trainAccuracy->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, colors::orange(pal),
                                                     pal.color(QPalette::Base), marker));

    m_plot->legend->setFont(tickFont);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBrush(Qt::NoBrush);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setIconSize(fm.height() * 8 / 5, fm.height());
    m_plot->legend->setColumnSpacing(fm.height());
    m_plot->legend->setRowSpacing(0);
    m_plot->legend->setMargins(QMargins(fm.height() / 2, 0, fm.height() / 2, fm.height() / 4));
    styleBranches();
    updateLegendColumns();
    m_axes->updateTickCounts(size());
    m_axes->restyleLegend();

    m_readout->setStyle(tickFont, pal, line);
}

QString LossPlot::hoverTextAt(const QPoint &pos) const
{
    return m_readout->textAt(pos);
}

QString LossPlot::hoverText() const
{
    return m_readout->text();
}

QRectF LossPlot::hoverBox() const
{
    return m_readout->box();
}

QString LossPlot::accessibleSummary() const
{
    const std::size_t n = history().x().size();
    if (n == 0)
        return tr("No batch trained yet.");
    QString text = tr("Latest batch loss %1 (batch %2, epoch %3), moving average %4.")
                           .arg(formatSig4(double(history().loss()[n - 1])), QLocale().toString(qulonglong(n)),
                                epochText(history().x()[n - 1]), formatSig4(history().movingAverage(n - 1)));
    if (!history().epochs().empty()) {
        const LossHistory::Epoch &e = history().epochs().back();
        text += QLatin1Char(' ')
                + tr("Last test after epoch %1: loss %2, accuracy %3 %.")
                          .arg(QLocale().toString(e.x, 'g', 4), formatSig4(e.testLoss),
                               QLocale().toString(e.testAccuracyPercent, 'f', 2));
        if (e.hasTrain())
            text += QLatin1Char(' ')
                    + tr("On the training set: loss %1, accuracy %2 %.")
                              .arg(formatSig4(e.trainLoss), QLocale().toString(e.trainAccuracyPercent, 'f', 2));
    } else {
        text += QLatin1Char(' ') + tr("No test evaluation yet.");
    }
    return text;
}

void LossPlot::onMouseMove(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        onUserRangeChange(); // a drag pans the x axis
    m_readout->showAt(event->pos());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LossPlot::setCursorX(double x, bool visible)
{
    if (!m_cursorLine) {
        if (!visible)
            return;
        m_cursorLine = new QCPItemStraightLine(m_plot);
        m_cursorLine->setLayer(QStringLiteral("overlay"));
        styleBranches();
    }
    if (m_cursorLine->visible() == visible && m_cursorLine->point1->coords().x() == x)
        return;
    m_cursorLine->point1->setCoords(x, 0);
    m_cursorLine->point2->setCoords(x, 1);
    m_cursorLine->setVisible(visible);
    queueReplot();
}

bool LossPlot::cursorVisible() const
{
    return m_cursorLine && m_cursorLine->visible();
}

double LossPlot::cursorX() const
{
    return m_cursorLine ? m_cursorLine->point1->coords().x() : 0.0;
}

void LossPlot::drawBranches()
{
    for (QCPGraph *g : m_branches)
        m_plot->removeGraph(g);
    m_branches.clear();
    m_branchMaxX = m_branchMaxLoss = 0;
    const QLocale c;
    for (const BranchCurve &branch : m_run->branches()) {
        QVector<QCPGraphData> points;
        points.reserve(qsizetype(branch.average.size()));
        for (const LossHistory::Point &p : branch.average)
            points.append(QCPGraphData(p.x, p.y));
        QCPGraph *g = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
        g->setName(tr("earlier branch, lr %1").arg(c.toString(branch.learningRate, 'g', 4)));
        g->data()->set(points, true);
        g->setAdaptiveSampling(true);
        m_branches.append(g);
        m_branchMaxX = std::max(m_branchMaxX, branch.maxX);
        m_branchMaxLoss = std::max(m_branchMaxLoss, branch.maxLoss);
    }
    styleBranches();
}

void LossPlot::styleBranches()
{
    const double line = m_presentation ? 2.0 : 1.0;
    const QPalette pal = palette();
    // Earlier branches: the moving average's width, faint and dashed (shape and shade, not hue).
    const QColor faint = colors::branch(pal);
    for (QCPGraph *g : m_branches)
        g->setPen(QPen(faint, 2.0 * line, Qt::DashLine));
    if (m_cursorLine) {
        const QColor cursor = colors::cursor(pal);
        m_cursorLine->setPen(QPen(cursor, 1.5 * line, Qt::DashDotLine));
    }
}

PanelExport LossPlot::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("loss");
    e.title = tr("the loss plot");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    drawPlotAsShown(e, m_plot, [this] { return exportSize(); });
    e.data = [this](ExportFormat) { return csvText().toUtf8(); };
    return e;
}

void LossPlot::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.addSeparator();
    m_axes->addCurveActions(&menu);
    QAction *reset
            = menu.addAction(tr("Follow the data (reset zoom)"), this, [this] { resetView(); });
    reset->setEnabled(m_userZoomed);
    menu.exec(m_plot->mapToGlobal(pos));
}

// The size on screen; a plot never shown (an export from a script) gets a slide-sized page.
QSize LossPlot::exportSize() const
{
    if (m_plot->isVisible() && m_plot->width() >= 200 && m_plot->height() >= 150)
        return m_plot->size();
    return {1200, 700};
}

bool LossPlot::exportTo(const QString &fileName)
{
    const bool ok = writePanel(panelExport(), fileName).isEmpty();
    emit exported(fileName, ok);
    return ok;
}

QString LossPlot::csvText() const
{
    return QString::fromStdString(history().csv());
}

} // namespace bplab
