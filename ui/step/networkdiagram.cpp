#include "networkdiagram.h"

#include "stepmodel.h"
#include "uiformat.h"
#include "valuegrid.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {
constexpr int kHiddenCols = 16;
constexpr int kHiddenRows = kHidden / kHiddenCols; // 8
constexpr int kEdgeInputs = 16;                    // strongest input edges drawn

enum class Quantity { None, Z1, A1, Delta1, Logits, Prob, Delta2, ProbAfter };

Quantity hiddenQuantity(int stage)
{
    if (stage <= 1)
        return Quantity::None;
    if (stage == 2)
        return Quantity::Z1;
    if (stage <= 7)
        return Quantity::A1;
    return Quantity::Delta1;
}

Quantity outputQuantity(int stage)
{
    switch (stage) {
    case 4:
        return Quantity::Logits;
    case 5:
    case 6:
        return Quantity::Prob;
    case 7:
    case 8:
    case 9:
        return Quantity::Delta2;
    case 10:
        return Quantity::ProbAfter;
    default:
        return Quantity::None;
    }
}

float valueOf(const StepModel &m, Quantity q, int i)
{
    const TraceF &t = m.shownTrace();
    switch (q) {
    case Quantity::Z1:
        return t.z1[i];
    case Quantity::A1:
        return t.a1[i];
    case Quantity::Delta1:
        return t.delta1[i];
    case Quantity::Logits:
        return t.logits[i];
    case Quantity::Prob:
        return t.probabilities[i];
    case Quantity::Delta2:
        return t.delta2[i];
    case Quantity::ProbAfter:
        return m.shownAfter().probabilities[i];
    case Quantity::None:
        break;
    }
    return 0;
}

float rangeOf(const StepModel &m, Quantity q, int n)
{
    float r = 0;
    for (int i = 0; i < n; ++i)
        r = std::max(r, std::abs(valueOf(m, q, i)));
    return r > 0 ? r : 1;
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

NetworkDiagram::Geometry NetworkDiagram::geometry() const
{
    Geometry g;
    const int label = fontMetrics().height() + 6;
    const int w = width() - 16;
    // Heights in proportion: input 3, hidden 2.2, output 1 (plus the layer labels).
    const int avail = height() - 3 * label - 24;
    const int inputSide = std::max(28, std::min(w * 2 / 5, int(avail * 0.42)));
    g.input = QRect((width() - inputSide) / 2, label, inputSide, inputSide);
    g.hiddenPitch = std::max(6, std::min(w / kHiddenCols, int(avail * 0.36) / kHiddenRows));
    g.radius = std::max(2, g.hiddenPitch * 2 / 5);
    const int hw = g.hiddenPitch * kHiddenCols, hh = g.hiddenPitch * kHiddenRows;
    const int hiddenTop = g.input.bottom() + 12 + label;
    g.hidden = QRect((width() - hw) / 2, hiddenTop, hw, hh);
    g.outputPitch = std::max(10, std::min(w / kOutputs, int(avail * 0.16)));
    g.outputRadius = std::max(4, g.outputPitch * 2 / 5);
    const int ow = g.outputPitch * kOutputs;
    g.output = QRect((width() - ow) / 2, g.hidden.bottom() + 12 + label, ow, g.outputPitch);
    return g;
}

QPoint NetworkDiagram::hiddenCenter(int j) const
{
    const Geometry g = geometry();
    return g.hidden.topLeft()
           + QPoint((j % kHiddenCols) * g.hiddenPitch + g.hiddenPitch / 2, (j / kHiddenCols) * g.hiddenPitch + g.hiddenPitch / 2);
}

QPoint NetworkDiagram::outputCenter(int k) const
{
    const Geometry g = geometry();
    return g.output.topLeft() + QPoint(k * g.outputPitch + g.outputPitch / 2, g.outputPitch / 2);
}

QStringList NetworkDiagram::highlightedParts() const
{
    switch (m_model->stage()) {
    case 1:
        return {QStringLiteral("input")};
    case 2:
    case 3:
    case 8:
        return {QStringLiteral("hidden")};
    case 4:
    case 5:
    case 6:
    case 7:
        return {QStringLiteral("output")};
    case 9:
        return {QStringLiteral("edges")};
    default:
        return {QStringLiteral("input"), QStringLiteral("hidden"), QStringLiteral("output")};
    }
}

QString NetworkDiagram::accessibleSummary() const
{
    QString text = tr("%1 inputs, %2 hidden ReLU neurons, %3 outputs.").arg(kInputs).arg(kHidden).arg(kOutputs);
    if (!m_model->hasTrace())
        return text;
    const QStringList parts = highlightedParts();
    QStringList named;
    for (const QString &p : parts)
        named << (p == QLatin1String("input")    ? tr("the inputs")
                  : p == QLatin1String("hidden") ? tr("the hidden layer")
                  : p == QLatin1String("output") ? tr("the outputs")
                                                 : tr("the weights"));
    text += QLatin1Char(' ') + tr("Stage %1 is about %2.").arg(m_model->stage()).arg(named.join(tr(" and ")));
    text += QLatin1Char(' ') + tr("%1 of %2 hidden neurons are 0 after ReLU.").arg(m_model->zeroedHidden()).arg(kHidden);
    if (m_model->hiddenNeuron() >= 0)
        text += QLatin1Char(' ') + tr("Selected: %1.").arg(hoverText({Part::Hidden, m_model->hiddenNeuron()}));
    if (m_model->outputNeuron() >= 0)
        text += QLatin1Char(' ') + hoverText({Part::Output, m_model->outputNeuron()});
    return text;
}

NetworkDiagram::Hit NetworkDiagram::hitAt(const QPoint &pos) const
{
    const Geometry g = geometry();
    if (g.input.contains(pos)) {
        const int c = (pos.x() - g.input.left()) * kImageSide / g.input.width();
        const int r = (pos.y() - g.input.top()) * kImageSide / g.input.height();
        return {Part::Input, std::clamp(r, 0, 27) * kImageSide + std::clamp(c, 0, 27)};
    }
    if (g.hidden.contains(pos)) {
        const int c = (pos.x() - g.hidden.left()) / g.hiddenPitch, r = (pos.y() - g.hidden.top()) / g.hiddenPitch;
        if (c < kHiddenCols && r < kHiddenRows)
            return {Part::Hidden, r * kHiddenCols + c};
    }
    if (g.output.contains(pos)) {
        const int k = (pos.x() - g.output.left()) / g.outputPitch;
        if (k < kOutputs)
            return {Part::Output, k};
    }
    return {};
}

QString NetworkDiagram::hoverText(const Hit &hit) const
{
    if (!m_model->hasTrace() || hit.part == Part::None)
        return {};
    const TraceF &t = m_model->shownTrace();
    const int i = hit.index;
    switch (hit.part) {
    case Part::Input:
        return tr("input %1, pixel (row %2, col %3): byte %4, x = %5")
            .arg(i + 1).arg(i / kImageSide).arg(i % kImageSide).arg(m_model->shownPixels()[i])
            .arg(formatExact(t.input[i]));
    case Part::Hidden:
        return tr("hidden neuron %1: z = %2, a = ReLU(z) = %3, delta = %4 (click to select)")
            .arg(i + 1).arg(formatExact(t.z1[i]), formatExact(t.a1[i]), formatExact(t.delta1[i]));
    case Part::Output:
        return tr("output neuron %1 (class %2): z = %3, p = %4, y = %5, delta = %6, p after the step = %7")
            .arg(i + 1).arg(i).arg(formatExact(t.logits[i]), formatExact(t.probabilities[i]),
                                   formatExact(t.target[i]), formatExact(t.delta2[i]),
                                   formatExact(m_model->shownAfter().probabilities[i]));
    case Part::None:
        break;
    }
    return {};
}

QColor NetworkDiagram::hiddenColor(int j, float range) const
{
    const Quantity q = hiddenQuantity(m_model->stage());
    if (q == Quantity::None)
        return palette().color(QPalette::Base);
    return divergingColor(valueOf(*m_model, q, j), range);
}

QColor NetworkDiagram::outputColor(int k, float range) const
{
    const Quantity q = outputQuantity(m_model->stage());
    if (q == Quantity::None)
        return palette().color(QPalette::Base);
    if (q == Quantity::Prob || q == Quantity::ProbAfter)
        return probabilityColor(valueOf(*m_model, q, k));
    return divergingColor(valueOf(*m_model, q, k), range);
}

void NetworkDiagram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const Geometry g = geometry();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor highlight = palette().color(QPalette::Highlight);
    const QStringList parts = highlightedParts();
    const int label = fontMetrics().height() + 6;

    struct Title {
        QRect rect;
        QString text;
    };
    QVector<Title> titles;
    const auto frame = [&](const QRect &r, const QString &name, const QString &title) {
        const QRect box = r.adjusted(-6, -label - 2, 6, 6);
        if (parts.contains(name)) {
            QColor fill = highlight;
            fill.setAlpha(40);
            p.setBrush(fill);
            p.setPen(QPen(highlight, 2));
            p.drawRoundedRect(box, 8, 8);
        }
        titles.push_back({QRect(box.left() - 100, box.top() + 2, box.width() + 200, label), title});
    };
    const auto drawTitles = [&] {
        // On top of the edges, on a plate of the window colour so they stay readable.
        QColor plate = palette().color(QPalette::Window);
        plate.setAlpha(220);
        for (const Title &t : titles) {
            const QRect r = fontMetrics().boundingRect(t.rect, Qt::AlignHCenter | Qt::AlignTop, t.text).adjusted(-4, 0, 4, 0);
            p.fillRect(r, plate);
            p.setPen(text);
            p.drawText(t.rect, Qt::AlignHCenter | Qt::AlignTop, t.text);
        }
    };
    // In batch mode the diagram is the spelled-out sample's pass (the pages' selected column).
    frame(g.input, QStringLiteral("input"),
          m_model->hasBatch() && m_model->hasTrace()
              ? tr("Input x: sample %1 of %2").arg(m_model->batchSample() + 1).arg(m_model->batchSize())
              : tr("Input x: 784 pixels"));
    frame(g.hidden, QStringLiteral("hidden"), tr("Hidden: 128 neurons (ReLU)"));
    frame(g.output, QStringLiteral("output"), tr("Output: 10 neurons (SoftMax)"));

    if (!m_model->hasTrace()) {
        drawTitles();
        p.setPen(text);
        p.drawText(rect(), Qt::AlignCenter, tr("No sample yet"));
        return;
    }
    const StepModel &m = *m_model;
    const int stage = m.stage();
    const int sel = m.hiddenNeuron();

    // The input image, one square per pixel.
    QImage image(kImageSide, kImageSide, QImage::Format_Grayscale8);
    for (int r = 0; r < kImageSide; ++r)
        std::copy_n(m.shownPixels() + r * kImageSide, kImageSide, image.scanLine(r));
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(g.input, image);

    // Edges of the selected hidden neuron: its strongest inputs and its ten outputs.
    const bool adjust = stage >= 9;
    const ParamsF &w = adjust ? m.shownAdjustments() : *m.params();
    float edgeRange = 0;
    for (int k = 0; k < kOutputs; ++k)
        edgeRange = std::max(edgeRange, std::abs(w.W2(k, sel)));
    const QPoint hc = hiddenCenter(sel);
    const QVector<StepModel::Term> top = m.topTerms(kEdgeInputs);
    float termRange = 0;
    for (const StepModel::Term &t : top)
        termRange = std::max(termRange, std::abs(t.product));
    for (const StepModel::Term &t : top) {
        if (t.product == 0)
            continue;
        const QPointF from(g.input.left() + (t.input % kImageSide + 0.5) * g.input.width() / kImageSide,
                           g.input.top() + (t.input / kImageSide + 0.5) * g.input.height() / kImageSide);
        QColor c = divergingColor(t.product, termRange);
        c.setAlpha(170);
        // A negative term is dashed as well as blue: the sign does not rest on colour alone.
        p.setPen(QPen(c, 1 + 2.0 * std::abs(t.product) / termRange, t.product < 0 ? Qt::DashLine : Qt::SolidLine));
        p.drawLine(from, hc);
    }
    for (int k = 0; k < kOutputs; ++k) {
        const float v = w.W2(k, sel);
        p.setPen(QPen(divergingColor(v, edgeRange > 0 ? edgeRange : 1), 1 + 3.0 * std::abs(v) / (edgeRange > 0 ? edgeRange : 1),
                      v < 0 ? Qt::DashLine : Qt::SolidLine));
        p.drawLine(hc, outputCenter(k));
    }

    // Hidden neurons.
    const Quantity hq = hiddenQuantity(stage);
    const float hr = hq == Quantity::None ? 1 : rangeOf(m, hq, kHidden);
    for (int j = 0; j < kHidden; ++j) {
        const QPoint c = hiddenCenter(j);
        p.setBrush(hiddenColor(j, hr));
        p.setPen(QPen(palette().color(QPalette::Mid), 1));
        p.drawEllipse(c, g.radius, g.radius);
        if (stage == 3 && m.shownTrace().z1[j] <= 0) { // zeroed by ReLU
            p.setPen(QPen(text, 1));
            const int d = g.radius * 2 / 3;
            p.drawLine(c + QPoint(-d, -d), c + QPoint(d, d));
            p.drawLine(c + QPoint(d, -d), c + QPoint(-d, d));
        }
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(Qt::black, 4));
    p.drawEllipse(hc, g.radius + 2, g.radius + 2);
    p.setPen(QPen(colors::orange(palette()), 2));
    p.drawEllipse(hc, g.radius + 2, g.radius + 2);

    // Output neurons with their 1-based numbers; target and selected marked.
    const Quantity oq = outputQuantity(stage);
    const float orr = oq == Quantity::None ? 1 : rangeOf(m, oq, kOutputs);
    QFont small = font();
    small.setPointSizeF(std::max(8.0, font().pointSizeF() * 0.8));
    p.setFont(small);
    for (int k = 0; k < kOutputs; ++k) {
        const QPoint c = outputCenter(k);
        const QColor fill = outputColor(k, orr);
        p.setBrush(fill);
        const bool target = k == m.shownLabel();
        p.setPen(QPen(target ? colors::blue(palette()) : palette().color(QPalette::Mid), target ? 3 : 1));
        p.drawEllipse(c, g.outputRadius, g.outputRadius);
        p.setPen(textOn(fill));
        p.drawText(QRect(c.x() - g.outputRadius, c.y() - g.outputRadius, 2 * g.outputRadius, 2 * g.outputRadius),
                   Qt::AlignCenter, QString::number(k + 1));
        if (k == m.outputNeuron()) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(colors::orange(palette()), 2, Qt::DashLine));
            p.drawEllipse(c, g.outputRadius + 3, g.outputRadius + 3);
        }
    }
    p.setFont(font());
    drawTitles();
    p.setPen(text);
    p.drawText(QRect(0, g.output.bottom() + 4, width(), label * 2), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
               tr("Blue ring: target neuron %1. Orange: selected. Dashed: negative.").arg(m.shownLabel() + 1));
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
