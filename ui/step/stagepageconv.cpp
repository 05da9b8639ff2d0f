// A convolution's pages: one output value as the bias plus its k x k x C_in kernel-weight x
// input-patch terms, then the activation (forward); dL/dw of one kernel weight as a sum over the
// output positions (backward); that weight's step (the update).

#include "stagepagelist.h"

#include "stagehtml.h"
#include "stepmodel.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace bplab {

using namespace html;

namespace {
// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }

constexpr int kShownTerms = 25; // terms written out (a 5 x 5 kernel on one channel: all of them)

/** The geometry of convolution layer i: its spec, input and output shapes, padding. */
struct ConvGeometry
{
    LayerSpec spec;
    FeatureShape in, out;
    int pad = 0;
    /** The input's index under tap (c, ky, kx) of output position (y, x); -1 in the padding. */
    int inputAt(int c, int y, int x, int ky, int kx) const
    {
        const int iy = y * spec.stride - pad + ky, ix = x * spec.stride - pad + kx;
        return iy < 0 || iy >= in.height || ix < 0 || ix >= in.width ? -1 : (c * in.height + iy) * in.width + ix;
    }
    /** The weight's column in W (C_out x C_in k k, PyTorch's order). */
    int tap(int c, int ky, int kx) const { return (c * spec.kernel + ky) * spec.kernel + kx; }
};

ConvGeometry geometryOf(const MlpTraceF &t, int i)
{
    ConvGeometry g;
    g.spec = t.hidden[std::size_t(i)].spec;
    g.in = inputShapeOf(t, i);
    g.out = t.hidden[std::size_t(i)].shape;
    g.pad = g.spec.same ? (g.spec.kernel - 1) / 2 : 0;
    return g;
}

struct ConvTerm
{
    int c = 0, ky = 0, kx = 0, input = -1; ///< input -1: the padding (0)
    float w = 0, x = 0;
    double product = 0;
};

/** Every term w[o][c][ky][kx] in[c][y s - pad + ky][x s - pad + kx] of value (o, y, x). */
std::vector<ConvTerm> termsOf(const ConvGeometry &g, const RowMat<float> &W, const Vec<float> &in, const MapPlace &at)
{
    std::vector<ConvTerm> terms;
    for (int c = 0; c < g.in.channels; ++c)
        for (int ky = 0; ky < g.spec.kernel; ++ky)
            for (int kx = 0; kx < g.spec.kernel; ++kx) {
                ConvTerm term {c, ky, kx, g.inputAt(c, at.y, at.x, ky, kx)};
                term.w = W(at.c, g.tap(c, ky, kx));
                term.x = term.input < 0 ? 0.0f : in[term.input];
                term.product = double(term.w) * double(term.x);
                terms.push_back(term);
            }
    return terms;
}

/** "c,y+u&minus;3,x+v&minus;3": the input under kernel tap (u, v) of output (y, x), every index
 *  from 1 as the tables count (input row s (y - 1) + u - pad). */
QString patchIndex(const ConvGeometry &g)
{
    const auto one = [&](const QString &y, const QString &u) {
        if (g.spec.stride > 1) // s (y - 1) + u - pad
            return QStringLiteral("%1(%2&minus;1)+%3").arg(g.spec.stride).arg(y, u)
                    + (g.pad > 0 ? QStringLiteral("&minus;%1").arg(g.pad) : QString());
        return QStringLiteral("%1+%2&minus;%3").arg(y, u).arg(g.pad + 1); // y + u - 1 - pad
    };
    return QStringLiteral("c,") + one(QStringLiteral("y"), QStringLiteral("u")) + QLatin1Char(',')
            + one(QStringLiteral("x"), QStringLiteral("v"));
}

/** One kernel's k x k weights per input channel (row o of W, PyTorch's order) as a grid, the
 *  channels' blocks side by side (k rows), tap w marked. */
GridSpec kernelGrid(const RowMat<float> &W, int o, int channels, int k, int w, const QString &name, const QString &caption)
{
    GridSpec g;
    g.rows = k;
    g.cols = channels * k;
    g.values.resize(g.rows * g.cols);
    // W[o][c][ky][kx] at row ky, column c k + kx
    for (int c = 0; c < channels; ++c)
        for (int ky = 0; ky < k; ++ky)
            for (int kx = 0; kx < k; ++kx)
                g.values[ky * g.cols + c * k + kx] = W(o, (c * k + ky) * k + kx);
    g.selected = w / (k * k) * k + w % k + (w / k % k) * g.cols;
    g.caption = caption;
    g.valueName = name;
    g.cellSize = std::clamp(320 / g.cols, 6, 22);
    return g;
}

QString inName(int i) { return i == 0 ? QStringLiteral("x") : QStringLiteral("in"); }

} // namespace

StagePage convForwardPage(const StepModel &m, int i)
{
    const MlpTraceF &t = m.trace();
    const HiddenTrace<float> &h = t.hidden[std::size_t(i)];
    const ConvGeometry g = geometryOf(t, i);
    const int l = paramLayerOf(t, i), n = l + 1, k = g.spec.kernel;
    const Layer<float> &layer = m.network()->layers[std::size_t(l)];
    const Vec<float> &in = traceLayerInput(t, std::size_t(i));
    const int j = selectedValue(m, i);
    const MapPlace at = placeOf(g.out, j);
    const Activation f = m.arch().activation;
    std::vector<ConvTerm> terms = termsOf(g, layer.W, in, at);
    double all = 0;
    for (const ConvTerm &term : terms)
        all += term.product;
    const int count = int(terms.size());
    const int shown = std::min(kShownTerms, count);
    // The largest |terms| first (ties: the first tap); the rest summed.
    std::stable_sort(terms.begin(), terms.end(),
                     [](const ConvTerm &a, const ConvTerm &b) { return std::abs(a.product) > std::abs(b.product); });
    StagePage page;
    const QString X = inName(i);
    QString html = p(tr("Each of the %1 feature maps slides its own %2&times;%2 kernel over the %3 input channel(s) (%4 &times; %5, "
                        "stride %6, %7): every output value is its bias plus the %8 products of the kernel's weights with the "
                        "input patch under it, then the %9:")
                             .arg(g.out.channels).arg(k).arg(g.in.channels).arg(g.in.height).arg(g.in.width).arg(g.spec.stride)
                             .arg(g.pad > 0 ? tr("zero padding %1").arg(g.pad) : tr("no padding"))
                             .arg(k * k * g.in.channels).arg(QString::fromStdString(displayName(f))));
    html += p(QStringLiteral("<b>%1 = %2 + &Sigma;<sub>c,u,v</sub> %3 &middot; %4</b>, %5")
                      .arg(ofLayer("z", n, "o,y,x"), ofLayer("b", n, "o"), ofLayer("w", n, "o,c,u,v"),
                           sub(X, patchIndex(g)),
                           activationFormula(f))
              + note(tr("Every index counts from 1, as in the table: kernel row u and column v run from 1 to %1.").arg(k)));
    html += p(tr("Feature map <b>%1</b>, row <b>%2</b>, column <b>%3</b> (click another value in the map, or move with the arrow "
                 "keys): %4 terms, the %5 largest here:")
                      .arg(at.c + 1).arg(at.y + 1).arg(at.x + 1).arg(count).arg(shown));
    QVector<QStringList> rows;
    for (int r = 0; r < shown; ++r) {
        const ConvTerm &term = terms[std::size_t(r)];
        const MapPlace from = placeOf(g.in, std::max(0, term.input));
        rows.push_back({QString::number(term.c + 1), QStringLiteral("(%1, %2)").arg(term.ky + 1).arg(term.kx + 1),
                        term.input < 0 ? tr("padding") : QStringLiteral("(%1, %2)").arg(from.y + 1).arg(from.x + 1),
                        num(term.w), QStringLiteral("&times;"), num(term.x), QStringLiteral("="), num(term.product)});
    }
    html += table({tr("channel"), tr("tap (u, v)"), tr("input at"), QStringLiteral("w"), QString(), X, QString(), tr("term")}, rows);
    double rest = all;
    for (int r = 0; r < shown; ++r)
        rest -= terms[std::size_t(r)].product;
    if (shown < count)
        html += p(tr("+ the other %1 terms: %2").arg(count - shown).arg(num(rest)));
    html += p(tr("= bias %1 + &Sigma; of the %2 terms %3 = <b>z = %4</b>; a = f(z) = <b>%5</b>")
                      .arg(num(layer.b[at.c])).arg(count).arg(num(all)).arg(num(h.z[j]), num(h.a[j])));
    page.html = html;
    // The map the value belongs to; the input channel of the largest term with the patch marked.
    GridSpec map = mapGrid(h.a, g.out, at.c, at.y * g.out.width + at.x, QStringLiteral("a"),
                           tr("feature map %1 of %2: a = f(z)").arg(at.c + 1).arg(g.out.channels), true);
    const int c = terms.front().c;
    GridSpec patch = mapGrid(in, g.in, c, -1, X, tr("input channel %1, the %2×%2 patch marked").arg(c + 1).arg(k), false);
    // The patch: rows y s - pad .. + k - 1, clipped to the picture (the padding lies outside it)
    const int top = at.y * g.spec.stride - g.pad, left = at.x * g.spec.stride - g.pad;
    patch.region = QRect(left, top, k, k).intersected(QRect(0, 0, g.in.width, g.in.height));
    if (i == 0)
        patch.scale = ValueGrid::Scale::Grey;
    page.grids = {map, patch};
    return page;
}

namespace {

/** The kernel weight the backward and update pages spell out: of the selected value's map o, the
 *  one with the largest |dL/dw|. */
int workedTap(const RowMat<float> &dW, int o)
{
    return largestInRow(dW, o);
}

/** Backwards to the layer before: dL/d in[c][iy][ix] = sum over o, u, v of w[o][c][u][v] delta[o][y][x]
 *  where output (y, x) put tap (u, v) on that input (the kernel flipped), for the input under the
 *  middle tap of output `at`, against the pass's value. */
QString inputGradientText(const StepModel &m, int i, const ConvGeometry &g, int c, const MapPlace &at)
{
    const MlpTraceF &t = m.trace();
    const HiddenTrace<float> &h = t.hidden[std::size_t(i)];
    const HiddenTrace<float> &before = t.hidden[std::size_t(i - 1)];
    const RowMat<float> &W = m.network()->layers[std::size_t(paramLayerOf(t, i))].W;
    const int k = g.spec.kernel, s = g.spec.stride;
    const int iy = std::clamp(at.y * s - g.pad + k / 2, 0, g.in.height - 1), ix = std::clamp(at.x * s - g.pad + k / 2, 0, g.in.width - 1);
    double sum = 0;
    int terms = 0;
    for (int o = 0; o < g.out.channels; ++o)
        for (int u = 0; u < k; ++u)
            for (int v = 0; v < k; ++v) {
                const int sy = iy + g.pad - u, sx = ix + g.pad - v; // = y s, x s
                if (sy < 0 || sx < 0 || sy % s != 0 || sx % s != 0 || sy / s >= g.out.height || sx / s >= g.out.width)
                    continue;
                sum += double(W(o, g.tap(c, u, v))) * double(h.delta[(o * g.out.height + sy / s) * g.out.width + sx / s]);
                ++terms;
            }
    const int idx = (c * g.in.height + iy) * g.in.width + ix;
    QString text = p(tr("Backwards to the layer before, every input value gets the kernel weights it met times the &delta; of "
                        "the outputs it fed, over every map: <b>dL/d%1 = &Sigma;<sub>o,u,v</sub> w<sub>o,c,u,v</sub> "
                        "&delta;<sub>o,y,x</sub></b> over the outputs (y, x) that put tap (u, v) on it: the kernel turned "
                        "by 180&deg;.")
                             .arg(sub(QStringLiteral("in"), QStringLiteral("c,i,j"))));
    text += p(tr("Input (channel %1, row %2, column %3): %4 terms, <b>dL/d in = %5</b>.")
                      .arg(c + 1).arg(iy + 1).arg(ix + 1).arg(terms).arg(num(sum)));
    if (before.spec.hasParameters()) { // a convolution before: its delta is dL/dz, times its slope
        const float slope = derivativeAt(m.arch().activation, before.z[idx], before.a[idx]);
        text += p(tr("Times the slope of the layer before, f'(z) = %1: its &delta; = %2 (the pass's: %3).")
                          .arg(num(slope), num(sum * slope), num(before.delta[idx])));
    } else {
        text += p(tr("The layer before receives: %1.").arg(num(before.delta[idx])));
    }
    return text;
}

} // namespace

StagePage convBackwardPage(const StepModel &m, int i)
{
    const MlpTraceF &t = m.trace();
    const HiddenTrace<float> &h = t.hidden[std::size_t(i)];
    const ConvGeometry g = geometryOf(t, i);
    const int l = paramLayerOf(t, i), n = l + 1, k = g.spec.kernel;
    const Vec<float> &in = traceLayerInput(t, std::size_t(i));
    const MlpParamsF grads = gradientsOf(m.arch(), t);
    const RowMat<float> &dW = grads.layers[std::size_t(l)].W;
    const int j = selectedValue(m, i);
    const MapPlace at = placeOf(g.out, j);
    const Activation f = m.arch().activation;
    const int o = at.c, w = workedTap(dW, o);
    const int c = w / (k * k), ky = w / k % k, kx = w % k;
    // dL/dw[o][c][u][v] = sum over positions (y, x) of delta[o][y][x] in[c][y s - pad + u][x s - pad + v]
    struct Position { int y, x; double product; float delta, x_; };
    std::vector<Position> positions;
    double all = 0;
    for (int y = 0; y < g.out.height; ++y)
        for (int x = 0; x < g.out.width; ++x) {
            const float d = h.delta[(o * g.out.height + y) * g.out.width + x];
            const int idx = g.inputAt(c, y, x, ky, kx);
            const float v = idx < 0 ? 0.0f : in[idx];
            positions.push_back({y, x, double(d) * double(v), d, v});
            all += double(d) * double(v);
        }
    const int count = int(positions.size());
    const int nonZero = int(std::count_if(positions.begin(), positions.end(), [](const Position &q) { return q.product != 0; }));
    std::stable_sort(positions.begin(), positions.end(),
                     [](const Position &a, const Position &b) { return std::abs(a.product) > std::abs(b.product); });
    const int shown = std::min(12, count);
    StagePage page;
    const QString X = inName(i);
    QString html = p(tr("&delta; of the convolution = dL/dz = dL/da &middot; f'(z) (%1), one per output value; it came back "
                        "through the layer after it (pooling passes it to the maxima only).").arg(derivativeFormula(f)));
    html += p(tr("Value (map %1, row %2, column %3): f'(z) = %4, <b>&delta; = %5</b>.")
                      .arg(at.c + 1).arg(at.y + 1).arg(at.x + 1)
                      .arg(num(derivativeAt(f, h.z[j], h.a[j])), num(h.delta[j])));
    html += p(tr("A kernel weight is used at every output position of its map, so its gradient is a sum over the %1 positions:<br>"
                 "<b>dL/d%2 = &Sigma;<sub>y,x</sub> %3 &middot; %4</b>; dL/d%5 = &Sigma;<sub>y,x</sub> %3.")
                      .arg(count).arg(ofLayer("w", n, "o,c,u,v"), ofLayer("&delta;", n, "o,y,x"),
                                      sub(X, patchIndex(g)), ofLayer("b", n, "o")));
    html += p(tr("Kernel weight of map %1, channel %2, (u, v) = (%3, %4) (the one of this map with the largest gradient): "
                 "%5 of the %6 products are not 0; the %7 largest:")
                      .arg(o + 1).arg(c + 1).arg(ky + 1).arg(kx + 1).arg(nonZero).arg(count).arg(shown));
    QVector<QStringList> rows;
    for (int r = 0; r < shown; ++r) {
        const Position &q = positions[std::size_t(r)];
        rows.push_back({QStringLiteral("(%1, %2)").arg(q.y + 1).arg(q.x + 1), num(q.delta), QStringLiteral("&times;"), num(q.x_),
                        QStringLiteral("="), num(q.product)});
    }
    html += table({tr("position (y, x)"), QStringLiteral("&delta;"), QString(), X, QString(), tr("product")}, rows);
    double rest = all;
    for (int r = 0; r < shown; ++r)
        rest -= positions[std::size_t(r)].product;
    html += p(tr("+ the other %1 products: %2; = <b>dL/dw = %3</b> (the pass's own: %4)")
                      .arg(count - shown).arg(num(rest)).arg(num(all)).arg(num(dW(o, w))));
    html += p(tr("dL/db of map %1 = &Sigma; &delta; over the map = <b>%2</b>.").arg(o + 1).arg(num(grads.layers[std::size_t(l)].b[o])));
    if (i > 0)
        html += inputGradientText(m, i, g, c, at);
    page.html = html;
    GridSpec delta = mapGrid(h.delta, g.out, o, at.y * g.out.width + at.x, QStringLiteral("δ"),
                             tr("δ of feature map %1").arg(o + 1), true);
    GridSpec kernel = kernelGrid(dW, o, g.in.channels, k, w, QStringLiteral("dL/dw"),
                                 tr("dL/dw of map %1's kernel (a %2×%2 block per input channel)").arg(o + 1).arg(k));
    page.grids = {delta, kernel};
    return page;
}

StagePage convUpdatePage(const StepModel &m, int i)
{
    const MlpTraceF &t = m.trace();
    const ConvGeometry g = geometryOf(t, i);
    const int l = paramLayerOf(t, i), n = l + 1, k = g.spec.kernel;
    const MlpParamsF grads = gradientsOf(m.arch(), t);
    const int j = selectedValue(m, i);
    const int o = placeOf(g.out, j).c, w = workedTap(grads.layers[std::size_t(l)].W, o);
    const float before = m.network()->layers[std::size_t(l)].W(o, w);
    const float adjustment = m.adjustments().layers[std::size_t(l)].W(o, w);
    const float after = m.afterWeights().layers[std::size_t(l)].W(o, w);
    const QString index = QStringLiteral("%1,%2,%3,%4").arg(o + 1).arg(w / (k * k) + 1).arg(w / k % k + 1).arg(w % k + 1);
    StagePage page;
    QString html = p(tr("Every weight and bias takes one step against its gradient: <b>w &larr; w &minus; &eta; dL/dw</b>, "
                        "&eta; = %1.").arg(num(m.learningRate())));
    html += p(tr("%1 = %2 &minus; %3 &middot; %4 = %2 + %5 = <b>%6</b>")
                      .arg(ofLayer("w", n, index) + tr(" new"), num(before), num(m.learningRate()),
                           op(grads.layers[std::size_t(l)].W(o, w)), op(adjustment), num(after)));
    const MlpTraceF &again = m.after();
    html += p(tr("The same image again with the new weights: loss %1 &rarr; <b>%2</b> (%3); predicted class %4 &rarr; <b>%5</b>.")
                      .arg(num(t.loss), num(again.loss), again.loss < t.loss ? tr("lower") : tr("not lower"))
                      .arg(t.predicted).arg(again.predicted));
    page.html = html;
    page.grids = {kernelGrid(m.network()->layers[std::size_t(l)].W, o, g.in.channels, k, w, QStringLiteral("w"),
                             tr("map %1's kernel before").arg(o + 1)),
                  kernelGrid(m.afterWeights().layers[std::size_t(l)].W, o, g.in.channels, k, w, tr("w new"), tr("after the step"))};
    return page;
}

} // namespace bplab
