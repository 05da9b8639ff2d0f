// A layer list's stages and which page each gets; the pages of flatten, dropout and a dense layer
// of the list, forward and backward; the pieces the kinds' pages share.

#include "stagepagelist.h"

#include "stagehtml.h"
#include "stepmodel.h"

#include <QCoreApplication>

#include <algorithm>

namespace bplab {

using namespace html;

namespace {
// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }

using Kind = NetworkStage::Kind;

QString kindName(LayerKind k)
{
    switch (k) {
    case LayerKind::Conv: return tr("Convolution");
    case LayerKind::Pool: return tr("Max pooling");
    case LayerKind::Flatten: return tr("Flatten");
    case LayerKind::Dropout: return tr("Dropout");
    case LayerKind::Dense: return tr("Dense");
    }
    return {};
}

/** Layer i's values: the first 4096 as a grid (a wider layer's rest in the text's range). */
GridSpec flatGrid(const Vec<float> &v, const QString &name, const QString &caption, int selected, bool selects)
{
    GridSpec g = layerGrid(toVector(v), name, tr("value %1"), caption, selected);
    g.selectsHidden = selects;
    return g;
}

StagePage flattenPage(const StepModel &m, int i, bool backward)
{
    const MlpTraceF &t = m.trace();
    const HiddenTrace<float> &h = t.hidden[std::size_t(i)];
    const FeatureShape in = inputShapeOf(t, i);
    const int j = selectedValue(m, i);
    const MapPlace at = placeOf(in, j);
    StagePage page;
    QString html = p(tr("Flatten reads the %1 &times; %2 &times; %3 values channel by channel, each row by row, into "
                        "one list of %4: value (channel c, row y, column x) becomes number c&middot;%5 + y&middot;%3 + x + 1. "
                        "Nothing is computed; the dense layer after it sees a list.")
                             .arg(in.channels).arg(in.height).arg(in.width).arg(h.shape.size()).arg(in.height * in.width));
    html += p(tr("Value %1 (select another with a click or the arrow keys) is channel %2, row %3, column %4: <b>%5</b>.")
                      .arg(j + 1).arg(at.c + 1).arg(at.y + 1).arg(at.x + 1).arg(num(h.a[j])));
    if (backward)
        html += p(tr("Backwards the same order takes each &delta; back to its place: &delta;<sub>%1</sub> = <b>%2</b> goes to "
                     "channel %3, row %4, column %5.")
                          .arg(j + 1).arg(num(h.delta[j])).arg(at.c + 1).arg(at.y + 1).arg(at.x + 1));
    page.html = html;
    page.grids = {backward ? flatGrid(h.delta, QStringLiteral("δ"), tr("dL/da of the %1 values").arg(h.a.size()), j, true)
                           : flatGrid(h.a, QStringLiteral("a"), tr("the %1 values in a list").arg(h.a.size()), j, true)};
    return page;
}

StagePage dropoutPage(const StepModel &m, int i, bool backward)
{
    const MlpTraceF &t = m.trace();
    const HiddenTrace<float> &h = t.hidden[std::size_t(i)];
    const int j = selectedValue(m, i);
    StagePage page;
    QString html = p(tr("In training, dropout sets each value to 0 with probability p = %1 (its mask, drawn anew for every "
                        "sample) and multiplies the others by 1 / (1 &minus; p) = %2, so that their expected sum stays the same.")
                             .arg(h.spec.rate).arg(1.0 / (1.0 - h.spec.rate), 0, 'g', 4));
    html += p(tr("Here the network is evaluated on one image: the mask keeps every value and nothing is scaled, "
                 "<b>a = in</b>. Value %1: %2.").arg(j + 1).arg(num(h.a[j])));
    if (backward)
        html += p(tr("Backwards, &delta; passes through the values the mask kept (here all) unchanged: &delta;<sub>%1</sub> = <b>%2</b>.")
                          .arg(j + 1).arg(num(h.delta[j])));
    page.html = html;
    if (backward) {
        page.grids = {flatGrid(h.delta, QStringLiteral("δ"), tr("dL/da after dropout"), j, true)};
    } else {
        // The mask of an evaluation: 1 (kept) everywhere.
        GridSpec mask = flatGrid(Vec<float>::Ones(h.a.size()), tr("kept"), tr("the mask: 1 = kept, all of them here"), j, true);
        mask.scale = ValueGrid::Scale::Grey;
        page.grids = {flatGrid(h.a, QStringLiteral("a"), tr("a after dropout (all kept)"), j, true), mask};
    }
    return page;
}

StagePage densePage(const StepModel &m, int i, bool backward)
{
    const MlpTraceF &t = m.trace();
    const HiddenTrace<float> &h = t.hidden[std::size_t(i)];
    const int l = paramLayerOf(t, i), n = l + 1;
    const int j = selectedValue(m, i);
    const QString J = QString::number(j + 1);
    const Activation f = m.arch().activation;
    const Layer<float> &layer = m.network()->layers[std::size_t(l)];
    StagePage page;
    QString html;
    if (!backward) {
        html = p(tr("Each of the %1 neurons sums its %2 weighted inputs and adds its bias, then applies the %3:<br>"
                    "<b>%4 = &Sigma;<sub>i</sub> %5 %6 + %7</b>, %8")
                         .arg(h.z.size()).arg(layer.W.cols())
                         .arg(QString::fromStdString(displayName(f)), ofLayer("z", n, "j"), ofLayer("w", n, "j,i"), sub("in", "i"),
                              ofLayer("b", n, "j"), activationFormula(f)));
        const QVector<StepModel::Term> top = m.topTerms(l, j, 8);
        html += p(tr("Neuron <b>%1</b> (click another in the grid, or select it with the arrow keys): its %2 largest terms:").arg(J).arg(top.size()));
        QVector<QStringList> rows;
        for (const StepModel::Term &term : top)
            rows.push_back({QString::number(term.input + 1), num(term.weight), QStringLiteral("&times;"), num(term.x),
                            QStringLiteral("="), num(term.product)});
        html += table({tr("input i"), ofLayer("w", n, J + QStringLiteral(",i")), QString(), sub("in", "i"), QString(), tr("term")}, rows);
        html += p(tr("+ the other %1 terms: %2").arg(int(layer.W.cols()) - int(top.size())).arg(num(m.restOfTerms(l, j, 8))));
        html += p(tr("= &Sigma; of all terms %1, + bias %2 = <b>%3 = %4</b>; %5 = f(%4) = <b>%6</b>")
                          .arg(num(m.allTerms(l, j)), op(layer.b[j]), ofLayer("z", n, J), num(h.z[j]), ofLayer("a", n, J), num(h.a[j])));
        page.grids = {flatGrid(h.z, QStringLiteral("z"), tr("z of the %1 neurons").arg(h.z.size()), j, true),
                      flatGrid(h.a, QStringLiteral("a"), tr("a = f(z)"), j, true)};
    } else {
        const float slope = derivativeAt(f, h.z[j], h.a[j]);
        html = p(tr("The dense layer's &delta; = (W<sub>next</sub><sup>T</sup> &delta;<sub>next</sub>) &middot; f'(z), "
                    "%1; then dL/dW = &delta; in<sup>T</sup>, dL/db = &delta;.").arg(derivativeFormula(f)));
        html += p(tr("Neuron %1: f'(%2) = %3, %4 = <b>%5</b>.")
                          .arg(J, num(h.z[j]), num(slope), ofLayer("&delta;", n, J), num(h.delta[j])));
        page.grids = {flatGrid(h.delta, QStringLiteral("δ"), tr("δ of the %1 neurons").arg(h.delta.size()), j, true)};
    }
    page.html = html;
    return page;
}

} // namespace

MapPlace placeOf(const FeatureShape &s, int index)
{
    const int area = std::max(1, s.height * s.width);
    return {index / area, index % area / std::max(1, s.width), index % std::max(1, s.width)};
}

int selectedValue(const StepModel &m, int i)
{
    const FeatureShape s = m.trace().hidden[std::size_t(i)].shape;
    int j = m.hiddenNeuron();
    if (j == 0 && !s.flat) // the middle of the first map rather than its corner
        j = s.height / 2 * s.width + s.width / 2;
    return std::clamp(j, 0, s.size() - 1);
}

FeatureShape inputShapeOf(const MlpTraceF &t, int i)
{
    return i == 0 ? inputShape() : t.hidden[std::size_t(i - 1)].shape;
}

int paramLayerOf(const MlpTraceF &t, int i)
{
    int l = 0;
    for (int k = 0; k < i; ++k)
        l += t.hidden[std::size_t(k)].spec.hasParameters() ? 1 : 0;
    return l;
}

GridSpec mapGrid(const Vec<float> &v, const FeatureShape &s, int c, int selected, const QString &name,
                 const QString &caption, bool selects)
{
    GridSpec g;
    const int area = s.height * s.width;
    g.values = QVector<float>(v.data() + std::ptrdiff_t(c) * area, v.data() + std::ptrdiff_t(c + 1) * area);
    g.rows = s.height;
    g.cols = s.width;
    g.caption = caption;
    g.valueName = name;
    g.cellName = tr("row %1, column %2");
    g.selected = selected;
    g.cellSize = s.width <= 8 ? 22 : s.width <= 14 ? 14 : 7; // 28 x 7: the image's own size
    g.selectsHidden = selects;
    g.firstCell = c * area;
    return g;
}

std::vector<NetworkStage> listStages(const Architecture &arch)
{
    const int n = int(arch.body().size());
    std::vector<NetworkStage> stages {{Kind::Input, -1}};
    for (int i = 0; i < n; ++i)
        stages.push_back({Kind::WeightedSums, -1, i});
    for (Kind k : {Kind::Logits, Kind::SoftMax, Kind::Loss, Kind::OutputGradients})
        stages.push_back({k, -1});
    for (int i = n - 1; i >= 0; --i)
        stages.push_back({Kind::HiddenGradients, -1, i});
    // The update, spelled out on the first convolution's kernel (or the first layer with weights).
    const std::vector<LayerSpec> body = arch.body();
    const auto conv = std::find_if(body.begin(), body.end(), [](const LayerSpec &s) { return s.kind == LayerKind::Conv; });
    stages.push_back({Kind::Update, -1, conv == body.end() ? 0 : int(conv - body.begin())});
    return stages;
}

QString listStageName(const std::vector<LayerSpec> &body, const NetworkStage &s)
{
    if (s.kind == Kind::Update)
        return tr("Update and re-check");
    const LayerKind kind = body[std::size_t(s.list)].kind;
    int number = 0; // the layer's number among those of its kind
    for (int i = 0; i <= s.list; ++i)
        number += body[std::size_t(i)].kind == kind ? 1 : 0;
    const QString name = QStringLiteral("%1 %2").arg(kindName(kind)).arg(number);
    return s.kind == Kind::HiddenGradients ? tr("%1: gradients").arg(name) : name;
}

StagePage listStagePage(const StepModel &m, const NetworkStage &s)
{
    const LayerKind kind = m.trace().hidden[std::size_t(s.list)].spec.kind;
    const bool backward = s.kind == Kind::HiddenGradients;
    if (s.kind == Kind::Update)
        return kind == LayerKind::Conv ? convUpdatePage(m, s.list) : densePage(m, s.list, true);
    switch (kind) {
    case LayerKind::Conv: return backward ? convBackwardPage(m, s.list) : convForwardPage(m, s.list);
    case LayerKind::Pool: return backward ? poolBackwardPage(m, s.list) : poolForwardPage(m, s.list);
    case LayerKind::Flatten: return flattenPage(m, s.list, backward);
    case LayerKind::Dropout: return dropoutPage(m, s.list, backward);
    case LayerKind::Dense: return densePage(m, s.list, backward);
    }
    return {};
}

} // namespace bplab
