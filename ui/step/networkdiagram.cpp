#include "networkdiagram.h"

#include "stagepages.h"
#include "stepmodel.h"
#include "uiformat.h"
#include "valuegrid.h"

#include <QAccessible>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace bplab {

namespace {
constexpr int kEdgeInputs = 16; // strongest input edges drawn

/** The box around a layer drawn in `r` with its title's height above; filled and outlined in the
 *  highlight colour when the stage is about the layer. */
QRect layerFrame(QPainter &p, const QRect &r, int titleHeight, bool highlighted, const QColor &highlight)
{
    const QRect box = r.adjusted(-6, -titleHeight - 2, 6, 6);
    if (highlighted) {
        QColor fill = highlight;
        fill.setAlpha(40);
        p.setBrush(fill);
        p.setPen(QPen(highlight, 2));
        p.drawRoundedRect(box, 8, 8);
    }
    return box;
}

/** A layer's title, drawn after the edges (drawLayerTitles). */
struct LayerTitle
{
    QRect rect;
    QString text;
};

/** The titles on top of the edges, on a plate of the window colour so they stay readable. */
void drawLayerTitles(QPainter &p, const QVector<LayerTitle> &titles, const QPalette &palette, const QFontMetrics &fm)
{
    QColor plate = palette.color(QPalette::Window);
    plate.setAlpha(220);
    for (const LayerTitle &t : titles) {
        const QRect r = fm.boundingRect(t.rect, Qt::AlignHCenter | Qt::AlignTop, t.text).adjusted(-4, 0, 4, 0);
        p.fillRect(r, plate);
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(t.rect, Qt::AlignHCenter | Qt::AlignTop, t.text);
    }
}

QColor probabilityColor(float p)
{
    // White to blue: probabilities are 0..1, not signed.
    const QColor b(colors::kBlue);
    const float f = std::clamp(p, 0.0f, 1.0f);
    return QColor::fromRgbF(1 - f * (1 - b.redF()), 1 - f * (1 - b.greenF()), 1 - f * (1 - b.blueF()));
}
} // namespace

NetworkDiagram::NetworkDiagram(const StepModel *model, QWidget *parent) : QWidget(parent), m_model(model)
{
    setMouseTracking(true);
    setMinimumSize(minimumSizeHint());
    connect(model, &StepModel::traceChanged, this, qOverload<>(&QWidget::update));
    connect(model, &StepModel::stateChanged, this, qOverload<>(&QWidget::update));
}

QSize NetworkDiagram::sizeHint() const { return {340, 470}; }
QSize NetworkDiagram::minimumSizeHint() const { return {240, 330}; }

QPoint NetworkDiagram::hiddenCenter(int j) const { return layerCenter(0, j); }

QPoint NetworkDiagram::outputCenter(int k) const
{
    const LayerBox o = layers().output;
    return o.rect.topLeft() + QPoint(k * o.pitch + o.pitch / 2, o.pitch / 2);
}

QStringList NetworkDiagram::highlightedParts() const { return networkHighlights(); }

QString NetworkDiagram::accessibleSummary() const { return networkSummary(); }

NetworkDiagram::Hit NetworkDiagram::hitAt(const QPoint &pos) const
{
    const Layers ls = layers();
    if (ls.input.contains(pos)) {
        const int c = (pos.x() - ls.input.left()) * kImageSide / std::max(1, ls.input.width());
        const int r = (pos.y() - ls.input.top()) * kImageSide / std::max(1, ls.input.height());
        return {Part::Input, std::clamp(r, 0, 27) * kImageSide + std::clamp(c, 0, 27)};
    }
    const auto cell = [&pos](const LayerBox &b) {
        if (!b.rect.contains(pos))
            return -1;
        const int c = (pos.x() - b.rect.left()) / b.pitch, r = (pos.y() - b.rect.top()) / b.pitch;
        const int i = r * b.cols + c;
        return c < b.cols && i < b.width ? i : -1;
    };
    for (int l = 0; l < ls.hidden.size(); ++l)
        if (const int j = cell(ls.hidden[l]); j >= 0)
            return {Part::Hidden, j, l};
    if (const int k = cell(ls.output); k >= 0)
        return {Part::Output, k};
    return {};
}

QString NetworkDiagram::hoverText(const Hit &hit) const { return networkHover(hit); }

void NetworkDiagram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    paintNetwork(p);
    if (hasFocus()) {
        // The focus frame: a keyboard user sees that the arrow keys move the selection here.
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.drawRect(rect().adjusted(1, 1, -1, -1));
    }
}

void NetworkDiagram::keyPressEvent(QKeyEvent *event)
{
    const int key = event->key();
    const bool arrow = key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down;
    if (!arrow || event->modifiers() != Qt::NoModifier) {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept(); // the arrows never leave the diagram (no stage change, no batch trained)
    const Layers ls = layers();
    const bool hidden = !ls.hidden.isEmpty() && m_model->hiddenLimit() > 0;
    const int count = hidden ? m_model->hiddenLimit() : m_model->arch().outputs;
    // Up/Down a row of the layer's grid as drawn (the outputs are one column).
    const int across = hidden ? std::max(1, ls.hidden.front().cols) : 1;
    const int now = hidden ? m_model->hiddenNeuron() : m_model->outputNeuron();
    const int step = key == Qt::Key_Right ? 1 : key == Qt::Key_Left ? -1 : key == Qt::Key_Down ? across : -across;
    const int to = std::clamp(now + step, 0, count - 1);
    if (to != now) {
        if (hidden)
            emit hiddenNeuronClicked(to);
        else
            emit outputNeuronClicked(to);
    }
    // Read out at once (a cursor move is the user's): the summary names the selected neuron.
    if (QAccessible::isActive()) {
        QAccessibleEvent changed(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&changed);
    }
    const Hit hit {hidden ? Part::Hidden : Part::Output, to, 0};
    const QPoint at = hidden ? layerCenter(0, to) : outputCenter(to);
    QToolTip::showText(mapToGlobal(at), hoverText(hit), this);
}

void NetworkDiagram::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    update();
}

void NetworkDiagram::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

// ---- The layers. ----

namespace {
using Kind = NetworkStage::Kind;

NetworkStage stageOf(const StepModel &m)
{
    const std::vector<NetworkStage> stages = stagesOf(m.arch());
    return stages[std::size_t(std::clamp(m.stage(), 1, int(stages.size())) - 1)];
}

/** What hidden layer l is coloured by at stage s: its z, a or delta, or nothing yet. */
enum class Shown { None, Z, A, Delta, Logits, Prob };

Shown hiddenShown(const NetworkStage &s, int l)
{
    switch (s.kind) {
    case Kind::Input: return Shown::None;
    case Kind::WeightedSums: return l < s.layer ? Shown::A : l == s.layer ? Shown::Z : Shown::None;
    case Kind::Activation: return l <= s.layer ? Shown::A : Shown::None;
    case Kind::HiddenGradients: return l >= s.layer ? Shown::Delta : Shown::A;
    case Kind::Adjustments:
    case Kind::Update: return Shown::Delta;
    default: return Shown::A;
    }
}

Shown outputShown(const NetworkStage &s)
{
    switch (s.kind) {
    case Kind::Logits: return Shown::Logits;
    case Kind::SoftMax:
    case Kind::Loss:
    case Kind::Update: return Shown::Prob;
    case Kind::OutputGradients:
    case Kind::HiddenGradients:
    case Kind::Adjustments: return Shown::Delta;
    default: return Shown::None;
    }
}

const Vec<float> &hiddenValues(const MlpTraceF &t, int l, Shown q)
{
    const HiddenTrace<float> &h = t.hidden[std::size_t(l)];
    return q == Shown::Z ? h.z : q == Shown::Delta ? h.delta : h.a;
}

const Vec<float> &outputValues(const MlpTraceF &t, Shown q)
{
    return q == Shown::Logits ? t.logits : q == Shown::Delta ? t.deltaOut : t.probabilities;
}
} // namespace

namespace {
/** The columns of a grid of n neurons in w x h px whose cells are largest (pitch = min(w / cols,
 *  h / rows), at most 28); the pages' layout (layerColumns) where that is as large. */
std::pair<int, int> gridFit(int n, int w, int h)
{
    const auto pitchOf = [&](int cols) { return std::min({w / cols, h / ((n + cols - 1) / cols), 28}); };
    int cols = layerColumns(n), pitch = pitchOf(cols);
    for (int c = 1; c <= std::min(n, std::max(1, w)); ++c)
        if (pitchOf(c) > pitch) {
            cols = c;
            pitch = pitchOf(c);
        }
    return {cols, pitch};
}
} // namespace

NetworkDiagram::Layers NetworkDiagram::layers() const
{
    Layers ls;
    const std::vector<int> &widths = m_model->arch().hidden;
    const int label = fontMetrics().height() + 6;
    const int w = width() - 16;
    const int sections = int(widths.size()) + 2;
    const int avail = height() - sections * (label + 12) - label;
    // Heights in proportion: input 3, each hidden layer 2.2 (shared when there are two), output 1;
    // with two hidden layers or more the grids need the room and the input gives some.
    const bool deep = widths.size() > 1;
    const double inputShare = widths.empty() ? 0.6 : deep ? 0.24 : 0.38;
    const int inputSide = std::max(28, std::min(w * 2 / 5, int(avail * inputShare)));
    ls.input = QRect((width() - inputSide) / 2, label, inputSide, inputSide);
    int top = ls.input.bottom() + 12 + label;
    const int hiddenHeight = widths.empty() ? 0 : int(avail * (deep ? 0.6 : 0.46)) / int(widths.size());
    for (int n : widths) {
        LayerBox b;
        b.width = n;
        std::tie(b.cols, b.pitch) = gridFit(n, w, hiddenHeight);
        b.rows = (n + b.cols - 1) / b.cols;
        b.pitch = std::max(3, b.pitch);
        b.rect = QRect((width() - b.pitch * b.cols) / 2, top, b.pitch * b.cols, b.pitch * b.rows);
        ls.hidden.push_back(b);
        top = b.rect.bottom() + 12 + label;
    }
    LayerBox &o = ls.output;
    o.width = o.cols = kOutputs;
    o.pitch = std::max(10, std::min(w / kOutputs, int(avail * 0.14)));
    o.rect = QRect((width() - o.pitch * kOutputs) / 2, top, o.pitch * kOutputs, o.pitch);
    return ls;
}

QPoint NetworkDiagram::layerCenter(int layer, int j) const
{
    const Layers ls = layers();
    if (layer < 0 || layer >= ls.hidden.size())
        return {};
    const LayerBox &b = ls.hidden[layer];
    return b.rect.topLeft() + QPoint((j % b.cols) * b.pitch + b.pitch / 2, (j / b.cols) * b.pitch + b.pitch / 2);
}

QStringList NetworkDiagram::layerTitles() const
{
    // The first wording that fits the diagram's width: a narrow column (a projector's font at
    // 1280 px) gets the short one, elided only if even that does not fit.
    const QFontMetrics fm = fontMetrics();
    const int room = width() - 8;
    const auto fit = [&](const QStringList &wordings) {
        for (const QString &t : wordings)
            if (fm.horizontalAdvance(t) <= room)
                return t;
        return fm.elidedText(wordings.last(), Qt::ElideRight, room);
    };
    const QString f = QString::fromStdString(displayName(m_model->arch().activation));
    QStringList out {fit({tr("Input x: 784 pixels"), tr("Input: 784")})};
    const std::vector<int> &widths = m_model->arch().hidden;
    for (std::size_t l = 0; l < widths.size(); ++l) {
        const QString n = QLocale().toString(widths[l]);
        out << fit({tr("Hidden %1: %2 neurons (%3)").arg(l + 1).arg(n, f), tr("Hidden %1: %2 (%3)").arg(l + 1).arg(n, f),
                    tr("H%1: %2 %3").arg(l + 1).arg(n, f)});
    }
    out << fit({tr("Output: 10 neurons (SoftMax)"), tr("Output: 10 (SoftMax)")});
    return out;
}

QRect NetworkDiagram::hiddenRect(int layer) const
{
    const Layers ls = layers();
    return layer >= 0 && layer < ls.hidden.size() ? ls.hidden[layer].rect : QRect();
}

int NetworkDiagram::hiddenPitch(int layer) const
{
    const Layers ls = layers();
    return layer >= 0 && layer < ls.hidden.size() ? ls.hidden[layer].pitch : 0;
}

QStringList NetworkDiagram::networkHighlights() const
{
    const NetworkStage s = stageOf(*m_model);
    switch (s.kind) {
    case Kind::Input: return {QStringLiteral("input")};
    case Kind::WeightedSums:
    case Kind::Activation:
    case Kind::HiddenGradients: return {QStringLiteral("hidden%1").arg(s.layer + 1)};
    case Kind::Logits:
    case Kind::SoftMax:
    case Kind::Loss:
    case Kind::OutputGradients: return {QStringLiteral("output")};
    case Kind::Adjustments: return {QStringLiteral("edges")};
    case Kind::Update: break;
    }
    QStringList all{QStringLiteral("input")};
    for (std::size_t l = 0; l < m_model->arch().hidden.size(); ++l)
        all << QStringLiteral("hidden%1").arg(l + 1);
    return all << QStringLiteral("output");
}

QString NetworkDiagram::shown(float v) const
{
    return m_blanks.contains(v) ? QStringLiteral("?") : formatExact(v);
}

QString NetworkDiagram::networkHover(const Hit &hit) const
{
    if (!m_model->hasTrace() || hit.part == Part::None)
        return {};
    const MlpTraceF &t = m_model->trace();
    const int i = hit.index;
    switch (hit.part) {
    case Part::Input:
        return tr("input %1, pixel (row %2, col %3): byte %4, x = %5")
            .arg(i + 1).arg(i / kImageSide).arg(i % kImageSide).arg(m_model->shownPixels()[i])
            .arg(formatExact(t.input[i]));
    case Part::Hidden: {
        const HiddenTrace<float> &h = t.hidden[std::size_t(hit.layer)];
        // a and delta follow from z (a ReLU's a = 0 tells z <= 0): blank with it
        const bool zBlank = m_blanks.contains(h.z[i]);
        return tr("layer %1, neuron %2: z = %3, a = %4(z) = %5, delta = %6 (click to select)")
            .arg(hit.layer + 1).arg(i + 1)
            .arg(shown(h.z[i]), QString::fromStdString(displayName(m_model->arch().activation)),
                 zBlank ? QStringLiteral("?") : shown(h.a[i]), zBlank ? QStringLiteral("?") : shown(h.delta[i]));
    }
    case Part::Output:
        return tr("output neuron %1 (class %2): z = %3, p = %4, y = %5, delta = %6, p after the step = %7")
            .arg(i + 1).arg(i).arg(shown(t.logits[i]), shown(t.probabilities[i]), formatExact(t.target[i]),
                                   shown(t.deltaOut[i]), formatExact(m_model->after().probabilities[i]));
    case Part::None: break;
    }
    return {};
}

QString NetworkDiagram::networkSummary() const
{
    const Architecture &arch = m_model->arch();
    const QString f = QString::fromStdString(displayName(arch.activation));
    QString text = arch.hidden.empty()
                       ? tr("%1 inputs straight to %2 outputs, no hidden layer.").arg(kInputs).arg(kOutputs)
                       : tr("%1 inputs, hidden layers of %2 %3 neurons, %4 outputs.")
                             .arg(kInputs).arg(QString::fromStdString(hiddenText(arch.hidden)).replace(QLatin1Char(','), tr(" and ")), f)
                             .arg(kOutputs);
    if (!m_model->hasTrace())
        return text;
    text += QLatin1Char(' ') + tr("Stage %1: %2.").arg(m_model->stage()).arg(stageNames(arch).value(m_model->stage() - 1));
    if (!arch.hidden.empty()) {
        const int l = std::max(0, stageOf(*m_model).layer);
        const int j = std::min(m_model->hiddenNeuron(), arch.hidden[std::size_t(l)] - 1);
        text += QLatin1Char(' ') + tr("Selected: %1.").arg(networkHover({Part::Hidden, j, l}));
    }
    return text + QLatin1Char(' ') + networkHover({Part::Output, m_model->outputNeuron()});
}

void NetworkDiagram::paintNetwork(QPainter &p)
{
    const Layers ls = layers();
    const StepModel &m = *m_model;
    const Architecture &arch = m.arch();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor highlight = palette().color(QPalette::Highlight);
    const QStringList parts = networkHighlights();
    const int label = fontMetrics().height() + 6;
    QVector<LayerTitle> titles;
    const QStringList names = layerTitles();
    const auto frame = [&](const QRect &r, const QString &name, const QString &title) {
        const QRect box = layerFrame(p, r, label, parts.contains(name), highlight);
        // across the diagram's width, centred as the layers are: never cut at an edge
        titles.push_back({QRect(0, box.top() + 2, width(), label), title});
    };
    frame(ls.input, QStringLiteral("input"), names.value(0));
    for (int l = 0; l < ls.hidden.size(); ++l)
        frame(ls.hidden[l].rect, QStringLiteral("hidden%1").arg(l + 1), names.value(l + 1));
    frame(ls.output.rect, QStringLiteral("output"), names.value(ls.hidden.size() + 1));
    if (!m.hasTrace()) {
        drawLayerTitles(p, titles, palette(), fontMetrics());
        p.setPen(text);
        p.drawText(rect(), Qt::AlignCenter, tr("No sample yet"));
        return;
    }
    const MlpTraceF &t = m.trace();
    const NetworkStage stage = stageOf(m);

    QImage image(kImageSide, kImageSide, QImage::Format_Grayscale8);
    for (int r = 0; r < kImageSide; ++r)
        std::copy_n(m.shownPixels() + r * kImageSide, kImageSide, image.scanLine(r));
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(ls.input, image);

    paintNetworkEdges(p, ls, stage);
    drawLayerTitles(p, titles, palette(), fontMetrics());

    // A neuron: a circle when there is room, else a square cell (a wide layer at a glance).
    const auto neuron = [&](const LayerBox &b, int i, const QColor &fill, bool selected) {
        const QRect cell(b.rect.left() + (i % b.cols) * b.pitch, b.rect.top() + (i / b.cols) * b.pitch, b.pitch, b.pitch);
        p.setBrush(fill);
        if (b.pitch >= 8) {
            p.setPen(QPen(palette().color(QPalette::Mid), 1));
            const int r = std::max(2, b.pitch * 2 / 5);
            p.drawEllipse(cell.center(), r, r);
        } else {
            p.setPen(Qt::NoPen);
            p.drawRect(cell);
        }
        if (selected) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(colors::orange(palette()), 2));
            p.drawRect(cell.adjusted(-1, -1, 1, 1));
        }
    };
    for (int l = 0; l < ls.hidden.size(); ++l) {
        const Shown q = hiddenShown(stage, l);
        const Vec<float> &v = hiddenValues(t, l, q);
        const float range = std::max(1e-12f, v.cwiseAbs().maxCoeff());
        const int sel = std::min(m.hiddenNeuron(), ls.hidden[l].width - 1);
        // At its activation stage, a neuron no gradient flows back through is crossed out, as on the page.
        const bool crossFlat = stage.kind == Kind::Activation && stage.layer == l && ls.hidden[l].pitch >= 8;
        const HiddenTrace<float> &h = t.hidden[std::size_t(l)];
        for (int j = 0; j < ls.hidden[l].width; ++j) {
            neuron(ls.hidden[l], j, q == Shown::None ? palette().color(QPalette::Base) : divergingColor(v[j], range), j == sel);
            if (crossFlat && isFlat(arch.activation, h.z[j], derivativeAt(arch.activation, h.z[j], h.a[j]))) {
                const LayerBox &b = ls.hidden[l];
                const QPoint c = b.rect.topLeft() + QPoint((j % b.cols) * b.pitch + b.pitch / 2, (j / b.cols) * b.pitch + b.pitch / 2);
                const int d = std::max(2, ls.hidden[l].pitch * 2 / 5) * 2 / 3;
                p.setPen(QPen(text, 1));
                p.drawLine(c + QPoint(-d, -d), c + QPoint(d, d));
                p.drawLine(c + QPoint(d, -d), c + QPoint(-d, d));
            }
        }
        if (q == Shown::None && ls.hidden[l].pitch < 8) { // cells without outlines: say why they are blank
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(ls.hidden[l].rect, Qt::AlignCenter | Qt::TextWordWrap, tr("not computed yet"));
        }
    }
    const Shown oq = outputShown(stage);
    const Vec<float> &ov = outputValues(t, oq);
    const float orange = std::max(1e-12f, ov.cwiseAbs().maxCoeff());
    QFont small = font();
    small.setPointSizeF(std::max(8.0, font().pointSizeF() * 0.8));
    p.setFont(small);
    for (int k = 0; k < kOutputs; ++k) {
        const QColor fill = oq == Shown::None ? palette().color(QPalette::Base)
                            : oq == Shown::Prob ? probabilityColor(ov[k])
                                                : divergingColor(ov[k], orange);
        neuron(ls.output, k, fill, k == m.outputNeuron());
        const QRect cell(ls.output.rect.left() + k * ls.output.pitch, ls.output.rect.top(), ls.output.pitch, ls.output.pitch);
        if (k == t.label) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(colors::blue(palette()), 3));
            const int r = std::max(2, ls.output.pitch * 2 / 5);
            p.drawEllipse(cell.center(), r, r);
        }
        p.setPen(textOn(fill));
        p.drawText(cell, Qt::AlignCenter, QString::number(k + 1));
    }
    p.setFont(font());
    p.setPen(text);
    p.drawText(QRect(0, ls.output.rect.bottom() + 4, width(), label * 2), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
               tr("Blue ring: target neuron %1. Orange: selected.").arg(t.label + 1));
}

void NetworkDiagram::paintNetworkEdges(QPainter &p, const Layers &ls, const NetworkStage &stage)
{
    // The selected neuron's strongest incoming terms w_ji a_i (pixels, or the previous layer's
    // neurons) and its outgoing weights (all ten outputs, or the next layer's strongest); from the
    // weight adjustments on, the outgoing edges show -lr dL/dw instead. Without a hidden layer,
    // the selected output neuron's strongest input terms.
    const StepModel &m = *m_model;
    if (!m.network())
        return;
    const MlpParamsF &w = *m.network();
    const MlpTraceF &t = m.trace();
    const int hiddenCount = int(ls.hidden.size());
    const bool adjusted = (stage.kind == Kind::Adjustments || stage.kind == Kind::Update) && m.hasTrace();
    const bool outputFocus = stage.layer < 0 && stage.kind != Kind::Input;
    const int layer = hiddenCount == 0 ? -1 : stage.layer >= 0 ? stage.layer : outputFocus ? hiddenCount - 1 : 0;
    const auto centerIn = [&](const LayerBox &b, int i) {
        return QPointF(b.rect.left() + (i % b.cols + 0.5) * b.pitch, b.rect.top() + (i / b.cols + 0.5) * b.pitch);
    };
    const auto pixelCenter = [&](int i) {
        return QPointF(ls.input.left() + (i % kImageSide + 0.5) * ls.input.width() / kImageSide,
                       ls.input.top() + (i / kImageSide + 0.5) * ls.input.height() / kImageSide);
    };
    // A negative value is dashed as well as blue: the sign does not rest on colour alone.
    const auto edge = [&](const QPointF &from, const QPointF &to, float v, float range, double extra) {
        if (v == 0)
            return;
        QColor c = divergingColor(v, range);
        c.setAlpha(170);
        p.setPen(QPen(c, 1 + extra * std::abs(v) / range, v < 0 ? Qt::DashLine : Qt::SolidLine));
        p.drawLine(from, to);
    };
    // The `count` largest |values[i]| of a vector, drawn from where(i) to `to`.
    const auto strongest = [&](const Vec<float> &values, int count, const auto &where, const QPointF &to, bool outgoing) {
        std::vector<int> order(std::size_t(values.size()));
        for (int i = 0; i < int(order.size()); ++i)
            order[std::size_t(i)] = i;
        count = std::min(count, int(order.size()));
        std::partial_sort(order.begin(), order.begin() + count, order.end(),
                          [&](int a, int b) { return std::abs(values[a]) > std::abs(values[b]); });
        float range = 0;
        for (int k = 0; k < count; ++k)
            range = std::max(range, std::abs(values[order[std::size_t(k)]]));
        if (range <= 0)
            return;
        for (int k = 0; k < count; ++k) {
            const int i = order[std::size_t(k)];
            if (outgoing)
                edge(to, where(i), values[i], range, 3.0);
            else
                edge(where(i), to, values[i], range, 2.0);
        }
    };
    if (layer < 0) { // 784-10: the selected output's terms w_ki x_i
        const int k = m.outputNeuron();
        const Vec<float> terms = w.layers[0].W.row(k).transpose().cwiseProduct(t.input);
        strongest(terms, kEdgeInputs, pixelCenter, centerIn(ls.output, k), false);
        return;
    }
    const LayerBox &box = ls.hidden[layer];
    const int j = std::min(m.hiddenNeuron(), box.width - 1);
    const QPointF at = centerIn(box, j);
    const Vec<float> &before = layer == 0 ? t.input : t.hidden[std::size_t(layer - 1)].a;
    const Vec<float> terms = w.layers[std::size_t(layer)].W.row(j).transpose().cwiseProduct(before);
    if (layer == 0)
        strongest(terms, kEdgeInputs, pixelCenter, at, false);
    else
        strongest(terms, kEdgeInputs, [&](int i) { return centerIn(ls.hidden[layer - 1], i); }, at, false);
    const MlpParamsF &out = adjusted ? m.adjustments() : w;
    const Vec<float> outgoing = out.layers[std::size_t(layer + 1)].W.col(j);
    if (layer + 1 < hiddenCount)
        strongest(outgoing, kEdgeInputs, [&](int i) { return centerIn(ls.hidden[layer + 1], i); }, at, true);
    else
        strongest(outgoing, kOutputs, [&](int k) { return centerIn(ls.output, k); }, at, true);
}

bool NetworkDiagram::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = hoverText(hitAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void NetworkDiagram::mousePressEvent(QMouseEvent *event)
{
    const Hit hit = hitAt(event->position().toPoint());
    if (hit.part == Part::Hidden)
        emit hiddenNeuronClicked(hit.index);
    else if (hit.part == Part::Output)
        emit outputNeuronClicked(hit.index);
}

} // namespace bplab
