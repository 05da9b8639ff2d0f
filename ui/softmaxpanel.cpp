#include "softmaxpanel.h"

#include "uiformat.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include "panelexport.h"
#include "io/json.h"
#include "io/tracejson.h"
#include <QContextMenuEvent>
#include <QMenu>

namespace bplab {

namespace {
constexpr int kRows = 10;
// Below the rows: the sum (two lines when it is the overflow sentence), a gap and the legend.
constexpr int kFooterEm = 4;
// At the panel's minimum size the rows are 1.1 lines apart (5/4 otherwise) and the footer has
// three lines (the sum, a gap, the legend): a window of 1280x800 keeps room for a lesson's band.
constexpr int kMinFooterEm = 3;
int minRowHeight(int em) { return em * 11 / 10; }
// The minimum size is the table's at this share of the natural font.
constexpr double kMinimumFontScale = 0.85;
} // namespace

SoftmaxPanel::SoftmaxPanel(QWidget *parent)
    : QWidget(parent)
{
    for (int c = 0; c < kRows; ++c)
        m_classNames << QString::number(c);
}

void SoftmaxPanel::setTrace(const MlpTraceF &trace)
{
    setOutputs(trace.logits, trace.exp, trace.expSum, trace.expFinite, trace.probabilities, trace.label,
               trace.predicted);
}

void SoftmaxPanel::setOutputs(const Vec<float> &logits, const Vec<float> &exp, double expSum, bool expFinite,
                              const Vec<float> &probabilities, int label, int predicted)
{
    const auto n = logits.size();
    if (n != kRows || exp.size() != n || probabilities.size() != n) {
        clear();
        return;
    }
    m_logits.resize(n);
    m_exp.resize(n);
    m_probabilities.resize(n);
    for (int k = 0; k < n; ++k) {
        m_logits[k] = logits[k];
        m_exp[k] = exp[k];
        m_probabilities[k] = probabilities[k];
    }
    m_expSum = expSum;
    m_expFinite = expFinite && std::isfinite(expSum);
    m_label = (label >= 0 && label < kRows) ? label : -1;
    m_predicted = (predicted >= 0 && predicted < kRows) ? predicted : -1;
    relayout();
    notifyPanelChanged(this);
}

void SoftmaxPanel::setClassNames(const QStringList &names)
{
    m_classNames.clear();
    for (int c = 0; c < kRows; ++c)
        m_classNames << (names.size() == kRows && !names[c].isEmpty() ? names[c]
                                                                      : QString::number(c));
    relayout();
    updateGeometry();
}

void SoftmaxPanel::clear()
{
    m_logits.clear();
    m_exp.clear();
    m_probabilities.clear();
    m_expSum = 0;
    m_expFinite = true;
    m_label = m_predicted = -1;
    relayout();
}

void SoftmaxPanel::relayout()
{
    m_layout.reset();
    m_widths.clear();
    update();
}

const SoftmaxPanel::Layout &SoftmaxPanel::layout() const
{
    if (!m_layout || m_layout->size != size()) {
        const QFont font = fittedFont();
        m_layout = Layout{size(), font, columnsFor(font, width(), height())};
    }
    return *m_layout;
}

QString SoftmaxPanel::neuronText(int k) const
{
    if (k < 0 || k >= kRows)
        return {};
    const QString &name = m_classNames.value(k);
    if (name == QString::number(k))
        return tr("neuron %1 (class %2)").arg(k + 1).arg(k);
    return tr("neuron %1 (%2)").arg(k + 1).arg(name);
}

QString SoftmaxPanel::logitText(int k) const
{
    return k >= 0 && k < m_logits.size() ? formatSig4(m_logits[k]) : QString();
}

QString SoftmaxPanel::expText(int k) const
{
    return k >= 0 && k < m_exp.size() ? formatSig4(m_exp[k]) : QString();
}

QString SoftmaxPanel::probabilityText(int k) const
{
    return k >= 0 && k < m_probabilities.size() ? formatSig4(m_probabilities[k]) : QString();
}

QString SoftmaxPanel::markText(int k) const
{
    if (!hasTrace())
        return {};
    QStringList marks;
    if (k == m_label)
        marks << tr("target");
    if (k == m_predicted)
        marks << tr("predicted");
    return marks.join(QStringLiteral(", "));
}

QString SoftmaxPanel::rowText(int k) const
{
    if (k < 0 || k >= rowCount())
        return {};
    QString text = QStringLiteral("%1 | z = %2 | e^z = %3 | p = %4")
                           .arg(neuronText(k), logitText(k), expText(k), probabilityText(k));
    const QString mark = markText(k);
    if (!mark.isEmpty())
        text += QStringLiteral(" | ") + mark;
    return text;
}

QString SoftmaxPanel::accessibleColumnHeader(int column) const
{
    switch (column) {
    case 0: return tr("neuron");
    case 1: return tr("logit z");
    case 2: return tr("e^z");
    case 3: return tr("probability p");
    case 4: return tr("one-hot target y");
    case 5: return tr("mark");
    default: return {};
    }
}

QString SoftmaxPanel::accessibleCell(int row, int column) const
{
    switch (column) {
    case 0: return neuronText(row);
    case 1: return logitText(row);
    case 2: return expText(row);
    case 3: return probabilityText(row);
    case 4: return row >= 0 && row < rowCount() ? QString::number(row == m_label ? 1 : 0) : QString();
    case 5: {
        // A blank cell reads as nothing at all: the rows that are neither say so.
        const QString mark = markText(row);
        return mark.isEmpty() && hasTrace() && row >= 0 && row < rowCount() ? tr("neither") : mark;
    }
    default: return {};
    }
}

QString SoftmaxPanel::accessibleSummary() const
{
    if (!hasTrace())
        return tr("No sample yet.");
    const int top = m_predicted >= 0 ? m_predicted : 0;
    return tr("Target %1, predicted %2 with p = %3. %4.")
            .arg(m_label >= 0 ? m_classNames.value(m_label) : tr("unknown"), m_classNames.value(top),
                 probabilityText(top), sumText());
}

QString SoftmaxPanel::sumText() const
{
    if (!hasTrace())
        return {};
    if (!m_expFinite)
        // One line: a second one cost the Train view its fit in a 1280x760 window.
        return tr("sum e^z = inf (overflow): p = e^(z - max z) / sum e^(z - max z)");
    return tr("sum e^z = %1").arg(formatSig4(m_expSum));
}

QFont SoftmaxPanel::naturalFont() const
{
    return readableFont(font());
}

// The natural font, made smaller when the panel is narrower or shorter than the table needs at
// that size, but never below kMinReadablePointSize.
QFont SoftmaxPanel::fittedFont() const
{
    QFont f = naturalFont();
    const Columns c = columnsFor(f, 0, 0);
    const double em = QFontMetrics(f).height();
    const double needW = c.fixedW + 4 * em;
    const double needH = c.top + kRows * em * 5 / 4 + em * kFooterEm;
    const double scale = std::min({1.0, width() / needW, height() / needH});
    if (scale < 1.0)
        f.setPointSizeF(std::max(kMinReadablePointSize, f.pointSizeF() * scale));
    return f;
}

// The marks drawn before a row's name: shapes (not colour alone), explained in the footer.
static const QString kTargetMark = QStringLiteral("◆");
static const QString kPredictedMark = QStringLiteral("▲");

// Column widths come from the (bold) font and the widest text each column holds; numbers get at
// least the width of a typical value so the columns do not jump from sample to sample.
SoftmaxPanel::TextWidths SoftmaxPanel::textWidths(const QFont &base) const
{
    const QString key = base.key();
    for (const auto &[font, widths] : m_widths)
        if (font == key)
            return widths;
    QFont bold = base;
    bold.setWeight(QFont::DemiBold);
    const QFontMetrics fm(bold);
    TextWidths w {};
    w.em = fm.height();
    w.markW = fm.horizontalAdvance(kTargetMark + kPredictedMark) + w.em / 2;
    w.nameW = fm.horizontalAdvance(tr("neuron"));
    w.logitW = std::max(fm.horizontalAdvance(QStringLiteral("-0.00000")),
                        fm.horizontalAdvance(tr("logit z")));
    w.expW = std::max(fm.horizontalAdvance(QStringLiteral("0.00000")),
                      fm.horizontalAdvance(tr("e^z")));
    w.valueW = fm.horizontalAdvance(QStringLiteral("0.00000"));
    for (int k = 0; k < kRows; ++k) {
        w.nameW = std::max(w.nameW, fm.horizontalAdvance(neuronText(k)));
        w.logitW = std::max(w.logitW, fm.horizontalAdvance(logitText(k)));
        w.expW = std::max(w.expW, fm.horizontalAdvance(expText(k)));
        w.valueW = std::max(w.valueW, fm.horizontalAdvance(probabilityText(k)));
    }
    m_widths.emplace_back(key, w);
    return w;
}

SoftmaxPanel::Columns SoftmaxPanel::columnsFor(const QFont &base, int width, int height) const
{
    const TextWidths w = textWidths(base);
    const int em = w.em;
    const int pad = em / 2;
    Columns c {};
    c.markW = w.markW;
    c.nameW = w.nameW;
    c.logitW = w.logitW;
    c.expW = w.expW;
    c.valueW = w.valueW;
    c.fixedW = c.markW + c.nameW + c.logitW + c.expW + c.valueW + 7 * pad;
    c.barW = std::max(em * 3, width - c.fixedW);

    c.mark = pad;
    c.name = c.mark + c.markW;
    c.logit = c.name + c.nameW + pad;
    c.exp = c.logit + c.logitW + pad;
    c.bar = c.exp + c.expW + pad * 2;
    c.value = c.bar + c.barW + pad;

    // Title and header above; the sum and the legend of the marks below.
    c.headerH = em * 5 / 2;
    const int footer = em * kFooterEm;
    const int available = height - c.headerH - footer - pad;
    c.rowH = std::clamp(available / kRows, minRowHeight(em), em * 2);
    c.top = pad + c.headerH;
    return c;
}

QRect SoftmaxPanel::barRect(int k) const
{
    if (k < 0 || k >= kRows)
        return {};
    const Columns c = columns();
    const int barH = c.rowH * 6 / 10;
    return QRect(c.bar, c.top + k * c.rowH + (c.rowH - barH) / 2, c.barW, barH);
}

QSize SoftmaxPanel::sizeHint() const
{
    const QFont f = naturalFont();
    const int em = QFontMetrics(f).height();
    const Columns c = columnsFor(f, 0, 0);
    return {c.fixedW + em * 10, c.top + kRows * em * 2 + em * kFooterEm};
}

QSize SoftmaxPanel::minimumSizeHint() const
{
    // The table at a somewhat smaller font (fittedFont() draws it so when the panel is smaller
    // than its natural size), never below the smallest readable one: a window of 1280x800 with
    // the projector's fonts and a lesson below still fits on its screen.
    QFont f = naturalFont();
    f.setPointSizeF(std::max(kMinReadablePointSize, f.pointSizeF() * kMinimumFontScale));
    const int em = QFontMetrics(f).height();
    const Columns c = columnsFor(f, 0, 0);
    return {minimumWidthAt(f), c.top + kRows * minRowHeight(em) + em * kMinFooterEm};
}

int SoftmaxPanel::minimumWidthAt(const QFont &f) const
{
    return columnsFor(f, 0, 0).fixedW + QFontMetrics(f).height() * 3; // em * 3: the narrowest bar
}

int SoftmaxPanel::naturalMinimumWidth() const
{
    return minimumWidthAt(naturalFont());
}

void SoftmaxPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        updateGeometry();
        relayout();
    }
    QWidget::changeEvent(event);
}

void SoftmaxPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QFont base = panelFont();
    QFont bold = base;
    bold.setWeight(QFont::DemiBold);
    p.setFont(base);
    const QFontMetrics fm(base);
    const int em = fm.height();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor muted = colors::muted(palette());
    p.fillRect(rect(), palette().color(QPalette::Window));

    const Columns c = columns();
    // Title with the formula, then the column headers.
    p.setFont(bold);
    p.setPen(text);
    p.drawText(QRect(c.name, em / 2, width() - em, em), Qt::AlignLeft | Qt::AlignVCenter,
               tr("SoftMax: p = e^z / Σ e^z over the 10 outputs"));
    p.setFont(base);
    p.setPen(muted);
    const int headerY = em / 2 + em * 3 / 2;
    p.drawText(QRect(c.name, headerY, c.nameW, em), Qt::AlignLeft | Qt::AlignVCenter, tr("neuron"));
    p.drawText(QRect(c.logit, headerY, c.logitW, em), Qt::AlignRight | Qt::AlignVCenter,
               tr("logit z"));
    p.drawText(QRect(c.exp, headerY, c.expW, em), Qt::AlignRight | Qt::AlignVCenter, tr("e^z"));
    p.drawText(QRect(c.bar, headerY, c.barW + c.valueW, em), Qt::AlignLeft | Qt::AlignVCenter,
               tr("probability p"));

    if (!hasTrace()) {
        p.setPen(muted);
        p.drawText(QRect(0, c.top, width(), c.rowH * kRows), Qt::AlignCenter, tr("No sample yet"));
        return;
    }

    const QColor targetColor = colors::target(palette());
    const QColor targetText = colors::targetText(palette());
    const QColor predictedColor = colors::predicted(palette());
    const QColor targetTint = colors::targetTint(palette());
    for (int k = 0; k < kRows; ++k) {
        const int y = c.top + k * c.rowH;
        const QRect row(0, y, width(), c.rowH);
        const bool isTarget = k == m_label;
        const bool isPredicted = k == m_predicted;
        if (isTarget)
            p.fillRect(row.adjusted(em / 4, 1, -em / 4, -1), targetTint);
        p.setFont(isTarget || isPredicted ? bold : base);
        p.setPen(text);
        QString marks;
        if (isTarget)
            marks += kTargetMark;
        if (isPredicted)
            marks += kPredictedMark;
        if (!marks.isEmpty()) {
            p.setPen(isTarget ? targetText : predictedColor);
            p.drawText(QRect(c.mark, y, c.markW, c.rowH), Qt::AlignLeft | Qt::AlignVCenter, marks);
            p.setPen(text);
        }
        p.drawText(QRect(c.name, y, c.nameW, c.rowH), Qt::AlignLeft | Qt::AlignVCenter,
                   neuronText(k));
        p.drawText(QRect(c.logit, y, c.logitW, c.rowH), Qt::AlignRight | Qt::AlignVCenter,
                   logitText(k));
        p.drawText(QRect(c.exp, y, c.expW, c.rowH), Qt::AlignRight | Qt::AlignVCenter, expText(k));

        // The bar: an outline at full length (p = 1) and the filled part p.
        const QRect full = barRect(k);
        p.setPen(QPen(colors::frame(palette()), 1));
        p.setBrush(palette().color(QPalette::Base));
        p.drawRect(full.adjusted(0, 0, -1, -1));
        const double prob = std::clamp(m_probabilities[k], 0.0, 1.0);
        const QColor fill
                = isTarget ? targetColor : (isPredicted ? predictedColor : colors::grey(palette()));
        p.fillRect(QRectF(full.left(), full.top(), full.width() * prob, full.height()), fill);
        p.setBrush(Qt::NoBrush);
        p.setPen(text);
        p.drawText(QRect(c.value, y, c.valueW, c.rowH), Qt::AlignRight | Qt::AlignVCenter,
                   probabilityText(k));
    }

    p.setFont(base);
    p.setPen(m_expFinite ? text : predictedColor);
    const int footerY = c.top + kRows * c.rowH + em / 2;
    const QRect footer(c.mark, footerY, width() - c.mark - em / 2, height() - footerY);
    QRect used;
    p.drawText(footer, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, sumText(), &used);
    // The legend of the marks, in the marks' colours and with words.
    p.setFont(bold);
    const int legendY = used.bottom() + em / 2;
    const QString targetLegend
            = kTargetMark + QLatin1Char(' ') + tr("target (label %1)").arg(m_label);
    int x = c.mark;
    if (m_label >= 0) {
        p.setPen(targetText);
        p.drawText(QRect(x, legendY, width() - x, em), Qt::AlignLeft | Qt::AlignVCenter,
                   targetLegend);
        x += QFontMetrics(bold).horizontalAdvance(targetLegend) + em * 3 / 2;
    }
    if (m_predicted >= 0) {
        p.setPen(m_predicted == m_label ? targetText : predictedColor);
        p.drawText(QRect(x, legendY, width() - x, em), Qt::AlignLeft | Qt::AlignVCenter,
                   kPredictedMark + QLatin1Char(' ') + tr("predicted (largest p)"));
    }
}

namespace {

/** The table's column as the float32 values the network computed. */
Json softmaxColumnJson(const QVector<double> &v)
{
    Json out = Json::array();
    for (const double x : v)
        out.push_back(jsonNumberOf(float(x)));
    return out;
}

} // namespace

PanelExport SoftmaxPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("softmax");
    e.title = tr("the SoftMax table");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json};
    drawWidgetAsShown(e, this);
    e.data = [this](ExportFormat f) { return !hasTrace() ? QByteArray() : f == ExportFormat::Json ? json() : csv(); };
    return e;
}

QByteArray SoftmaxPanel::csv() const
{
    QByteArray out = "neuron,class,logit,exp,probability,target,predicted\n";
    for (int k = 0; k < m_logits.size(); ++k)
        out += QByteArray::number(k + 1) + ',' + QByteArray::number(k) + ',' + jsonFloat(float(m_logits[k])).c_str() + ',' +
               jsonFloat(float(m_exp[k])).c_str() + ',' + jsonFloat(float(m_probabilities[k])).c_str() + ',' +
               (k == m_label ? "1" : "0") + ',' + (k == m_predicted ? "1" : "0") + '\n';
    return out;
}

QByteArray SoftmaxPanel::json() const
{
    Json o = Json::object();
    o["label"] = m_label;
    o["predicted"] = m_predicted;
    o["logits"] = softmaxColumnJson(m_logits);
    o["exp"] = softmaxColumnJson(m_exp);
    o["exp_sum"] = m_expFinite ? jsonNumberOf(m_expSum) : Json(nullptr);
    o["probabilities"] = softmaxColumnJson(m_probabilities);
    return QByteArray::fromStdString(jsonText(o) + '\n');
}

void SoftmaxPanel::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.exec(event->globalPos());
}

} // namespace bplab
