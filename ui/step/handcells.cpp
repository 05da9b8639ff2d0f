#include "handcells.h"

#include "lesson/handcell.h"

#include "stagehtml.h"
#include "stagepages.h"
#include "stepmodel.h"
#include "uiformat.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bplab {

using namespace html;

namespace {

// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }

using Kind = NetworkStage::Kind;
using Cell = HandCellRef::Kind;

/** The cell's key: its name in worksheets and lessons' "compute" lists (handcell.h), "z1:5". */
QString keyOf(Cell kind, int layer, int row, int col = 0)
{
    return QString::fromStdString(handCellText({kind, layer, row, col}));
}

/** z of neuron j of weight layer l: the sum of its terms plus its bias. */
HandCell weightedSumCell(const StepModel &m, int l, int j, float z)
{
    const QString J = QString::number(j + 1);
    const float b = m.network()->layers[std::size_t(l)].b[j];
    return {keyOf(Cell::Z, l + 1, j), ofLayer("z", l + 1, J), z,
            tr("the sum of all its terms %1, + the bias %2").arg(num(m.allTerms(l, j)), op(b))};
}

/** The output layer's weight from the selected neuron before it (the first layer's from the
 *  input whose adjustment is largest) to the selected output: its row and column. */
std::pair<int, int> workedWeight(const StepModel &m)
{
    const int L = int(m.arch().hidden.size());
    const int k = m.outputNeuron();
    const int j = L > 0 ? neuronIn(m, L - 1) : largestInRow(m.adjustments().layers.front().W, k);
    return {k, j};
}

} // namespace

QVector<HandCell> handCells(const StepModel &m, int stage)
{
    if (!m.hasTrace())
        return {};
    const std::vector<NetworkStage> stages = stagesOf(m.arch());
    if (stage < 1 || stage > int(stages.size()))
        return {};
    const NetworkStage s = stages[std::size_t(stage - 1)];
    const MlpTraceF &t = m.trace();
    const int L = int(m.arch().hidden.size());
    const int k = m.outputNeuron();
    const QString K = QString::number(k + 1);
    const Activation f = m.arch().activation;
    switch (s.kind) {
    case Kind::Input: return {};
    case Kind::WeightedSums: {
        const int j = neuronIn(m, s.layer);
        return {weightedSumCell(m, s.layer, j, t.hidden[std::size_t(s.layer)].z[j])};
    }
    case Kind::Activation: {
        const int j = neuronIn(m, s.layer);
        const HiddenTrace<float> &h = t.hidden[std::size_t(s.layer)];
        const QString J = QString::number(j + 1), name = QString::fromStdString(displayName(f));
        return {{keyOf(Cell::A, s.layer + 1, j), ofLayer("a", s.layer + 1, J), h.a[j],
                 tr("%1 of z = %2: %3").arg(name, num(h.z[j]), activationFormula(f))},
                {QStringLiteral("slope%1:%2").arg(s.layer + 1).arg(j + 1), QStringLiteral("f'(%1)").arg(ofLayer("z", s.layer + 1, J)),
                 derivativeAt(f, h.z[j], h.a[j]), derivativeFormula(f)}};
    }
    case Kind::Logits: return {weightedSumCell(m, L, k, t.logits[k])};
    case Kind::SoftMax:
        return {{keyOf(Cell::P, 0, k), sub("p", K), t.probabilities[k],
                 t.expFinite ? tr("e<sup>z</sup> / &Sigma; e<sup>z</sup> with z = %1 and &Sigma; e<sup>z</sup> = %2")
                                       .arg(num(t.logits[k]), num(t.expSum))
                             : tr("e<sup>z &minus; m</sup> / &Sigma; e<sup>z &minus; m</sup>, m the largest z")}};
    case Kind::Loss:
        return {{QStringLiteral("loss"), QStringLiteral("L"), t.loss,
                 tr("&minus;ln p of the target, p = %1").arg(num(t.probabilities[t.label]))}};
    case Kind::OutputGradients:
        return {{keyOf(Cell::Delta, L + 1, k), ofLayer("&delta;", L + 1, K), t.deltaOut[k],
                 tr("%1 &minus; %2 = %3 &minus; %4").arg(sub("p", K), sub("y", K), num(t.probabilities[k]), num(t.target[k]))}};
    case Kind::HiddenGradients: {
        const int j = neuronIn(m, s.layer);
        const HiddenTrace<float> &h = t.hidden[std::size_t(s.layer)];
        double back = 0;
        for (float term : m.backTerms(s.layer, j))
            back += double(term);
        return {{keyOf(Cell::Delta, s.layer + 1, j), ofLayer("&delta;", s.layer + 1, QString::number(j + 1)),
                 h.delta[j],
                 tr("the backward sum %1 times the slope f'(z) = %2").arg(num(back), num(derivativeAt(f, h.z[j], h.a[j])))}};
    }
    case Kind::Adjustments:
    case Kind::Update: {
        const auto [r, c] = workedWeight(m);
        const QString index = QStringLiteral("%1,%2").arg(r + 1).arg(c + 1);
        const std::size_t out = std::size_t(L);
        const float adjustment = m.adjustments().layers[out].W(r, c);
        if (s.kind == Kind::Update)
            return {{keyOf(Cell::W, L + 1, r, c), ofLayer("w", L + 1, index) + tr(" new"),
                     m.afterWeights().layers[out].W(r, c),
                     tr("w old %1 + &Delta;w %2").arg(num(m.network()->layers[out].W(r, c)), op(adjustment))}};
        const float in = m.layerInput(L)[c];
        const QString how = m.hasBatch()
                ? tr("&minus;&eta; times the mean over the batch of &delta; times the input, &eta; = %1").arg(num(m.learningRate()))
                : tr("&minus;&eta; &middot; &delta; &middot; input = &minus;%1 &middot; %2 &middot; %3")
                          .arg(num(m.learningRate()), op(t.deltaOut[r]), op(in));
        return {{keyOf(Cell::DeltaW, L + 1, r, c), ofLayer("&Delta;w", L + 1, index), adjustment, how},
                {QStringLiteral("Deltab%1:%2").arg(L + 1).arg(r + 1), ofLayer("&Delta;b", L + 1, K), m.adjustments().layers[out].b[r],
                 m.hasBatch() ? tr("&minus;&eta; times the mean &delta; over the batch")
                              : tr("&minus;&eta; &middot; &delta; = &minus;%1 &middot; %2").arg(num(m.learningRate()), op(t.deltaOut[r]))}};
    }
    }
    return {};
}

double handTolerance(double value) { return std::max(0.005 * std::abs(value), 1e-6); }

bool isHandRight(double typed, double value)
{
    return std::isfinite(typed) && std::abs(typed - value) <= handTolerance(value);
}

QString blankValues(const QString &html, const QVector<float> &values)
{
    QString out = html;
    for (float v : values) {
        // num(): <a href="v:EXACT" ...>SHOWN</a>
        const QRegularExpression link(QStringLiteral("<a href=\"v:%1\"[^>]*>[^<]*</a>")
                                              .arg(QRegularExpression::escape(formatExact(v + 0.0f))));
        out.replace(link, QStringLiteral("<b>?</b>"));
    }
    return out;
}

QString blankSums(const QString &html, const QVector<double> &sums)
{
    QString out = html;
    for (double v : sums) {
        const QRegularExpression link(QStringLiteral("<a href=\"v:%1\"[^>]*>[^<]*</a>").arg(QRegularExpression::escape(formatExact(v + 0.0))));
        out.replace(link, QStringLiteral("<b>?</b>"));
    }
    return out;
}

QVector<double> sumsGivingAway(const StepModel &m, const QStringList &keys)
{
    QVector<double> sums;
    static const QRegularExpression zKey(QStringLiteral("^z(\\d+):(\\d+)$")); // weightedSumCell's key
    for (const QString &key : keys)
        if (const QRegularExpressionMatch z = zKey.match(key); z.hasMatch())
            sums << m.allTerms(z.captured(1).toInt() - 1, z.captured(2).toInt() - 1);
    return sums;
}

void blankEveryValue(QVector<GridSpec> &grids, const QVector<float> &values)
{
    for (GridSpec &g : grids)
        for (float &v : g.values)
            if (v != 0.0f && values.contains(v)) // a 0 would blank every silent neuron
                v = std::numeric_limits<float>::quiet_NaN();
}

void blankValues(QVector<GridSpec> &grids, const QVector<float> &values)
{
    for (GridSpec &g : grids)
        if (g.selected >= 0 && g.selected < g.values.size() && values.contains(g.values[g.selected]))
            g.values[g.selected] = std::numeric_limits<float>::quiet_NaN();
}

QString formatHandValue(float value) { return QLocale().toString(double(value + 0.0f), 'g', 6); }

std::optional<double> parseHandNumber(const QString &text)
{
    QString s = text.trimmed();
    s.replace(QChar(0x2212), QLatin1Char('-')); // a typographic minus
    bool ok = false;
    double v = QLocale().toDouble(s, &ok);
    if (!ok)
        v = QLocale::c().toDouble(s, &ok);
    if (!ok)
        v = QLocale::c().toDouble(QString(s).replace(QLatin1Char(','), QLatin1Char('.')), &ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

} // namespace bplab
