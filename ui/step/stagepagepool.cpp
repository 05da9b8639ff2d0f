// Max pooling's pages: each 2 x 2 window's largest value passes on (forward); backwards the delta
// of each pooled value goes to the value that won its window, the other three get 0.

#include "stagepagelist.h"

#include "stagehtml.h"
#include "stepmodel.h"

#include <QCoreApplication>

namespace bplab {

using namespace html;

namespace {
// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }

/** The input indices of pooled value `at`'s window (row by row) and which of them won: the first
 *  largest, as the pass takes it. */
struct Window
{
    int cells[4] = {-1, -1, -1, -1};
    int count = 0;
    int winner = 0; ///< 0..count-1
};

Window windowOf(const FeatureShape &in, const MapPlace &at, const Vec<float> &values)
{
    Window w;
    for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx) {
            const int y = 2 * at.y + dy, x = 2 * at.x + dx;
            if (y < in.height && x < in.width)
                w.cells[w.count++] = (at.c * in.height + y) * in.width + x;
        }
    for (int q = 1; q < w.count; ++q)
        if (values[w.cells[q]] > values[w.cells[w.winner]])
            w.winner = q;
    return w;
}

/** What both pages of pooling layer i show: its values, its input, and the selected pooled value
 *  j with its window. */
struct PoolSelection
{
    const MlpTraceF &t;
    const HiddenTrace<float> &h;
    FeatureShape in;
    const Vec<float> &x;
    int j;
    MapPlace at;
    Window w;
};

PoolSelection poolSelection(const StepModel &m, int i)
{
    const MlpTraceF &t = m.trace();
    const HiddenTrace<float> &h = t.hidden[std::size_t(i)];
    const FeatureShape in = inputShapeOf(t, i);
    const Vec<float> &x = traceLayerInput(t, std::size_t(i));
    const int j = selectedValue(m, i);
    const MapPlace at = placeOf(h.shape, j);
    return {t, h, in, x, j, at, windowOf(in, at, x)};
}

QString placeText(const FeatureShape &s, int index)
{
    const MapPlace p = placeOf(s, index);
    return QStringLiteral("(%1, %2)").arg(p.y + 1).arg(p.x + 1);
}

} // namespace

StagePage poolForwardPage(const StepModel &m, int i)
{
    const auto [t, h, in, x, j, at, w] = poolSelection(m, i);
    StagePage page;
    QString html = p(tr("Max pooling halves each feature map: every 2&times;2 window (stride 2) passes on its largest value, "
                        "%1 &times; %2 &rarr; %3 &times; %4 per map, %5 maps. No weights; nothing to learn.<br>"
                        "<b>a<sub>c,y,x</sub> = max(in<sub>c,2y,2x</sub>, in<sub>c,2y,2x+1</sub>, in<sub>c,2y+1,2x</sub>, "
                        "in<sub>c,2y+1,2x+1</sub>)</b>")
                             .arg(in.height).arg(in.width).arg(h.shape.height).arg(h.shape.width).arg(h.shape.channels));
    html += p(tr("Map <b>%1</b>, row <b>%2</b>, column <b>%3</b> (click another value, or move with the arrow keys): its window:")
                      .arg(at.c + 1).arg(at.y + 1).arg(at.x + 1));
    QVector<QStringList> rows;
    for (int q = 0; q < w.count; ++q)
        rows.push_back({placeText(in, w.cells[q]), num(x[w.cells[q]]), q == w.winner ? tr("the largest: passed on") : QString()});
    html += table({tr("input (row, col)"), tr("value"), QString()}, rows, w.winner);
    html += p(tr("&rArr; <b>a = %1</b>, from input %2.").arg(num(h.a[j]), placeText(in, w.cells[w.winner])));
    page.html = html;
    GridSpec pooled = mapGrid(h.a, h.shape, at.c, at.y * h.shape.width + at.x, QStringLiteral("a"),
                              tr("pooled map %1 of %2").arg(at.c + 1).arg(h.shape.channels), true);
    GridSpec before = mapGrid(x, in, at.c, w.cells[w.winner] - at.c * in.height * in.width, tr("in"),
                              tr("map %1 before pooling, the window marked").arg(at.c + 1), false);
    before.region = QRect(2 * at.x, 2 * at.y, 2, 2).intersected(QRect(0, 0, in.width, in.height));
    page.grids = {pooled, before};
    return page;
}

StagePage poolBackwardPage(const StepModel &m, int i)
{
    const auto [t, h, in, x, j, at, w] = poolSelection(m, i);
    // dL/d(in): each window's delta at its winner, 0 elsewhere
    Vec<float> routed = Vec<float>::Zero(in.size());
    for (int c = 0; c < h.shape.channels; ++c)
        for (int y = 0; y < h.shape.height; ++y)
            for (int xx = 0; xx < h.shape.width; ++xx) {
                const MapPlace place {c, y, xx};
                const Window win = windowOf(in, place, x);
                routed[win.cells[win.winner]] = h.delta[(c * h.shape.height + y) * h.shape.width + xx];
            }
    StagePage page;
    QString html = p(tr("Backwards, only the value that won a window moved the output, so only it gets the window's &delta;; "
                        "the other three get 0: <b>dL/d in = &delta; at the window's maximum, 0 elsewhere</b>."));
    html += p(tr("Map %1, row %2, column %3: &delta; = <b>%4</b> (dL/da, from the layer after).")
                      .arg(at.c + 1).arg(at.y + 1).arg(at.x + 1).arg(num(h.delta[j])));
    QVector<QStringList> rows;
    for (int q = 0; q < w.count; ++q)
        rows.push_back({placeText(in, w.cells[q]), num(x[w.cells[q]]), q == w.winner ? num(h.delta[j]) : QStringLiteral("0")});
    html += table({tr("input (row, col)"), tr("value"), tr("dL/d in")}, rows, w.winner);
    if (i > 0 && t.hidden[std::size_t(i - 1)].spec.kind == LayerKind::Conv) {
        const HiddenTrace<float> &conv = t.hidden[std::size_t(i - 1)];
        const int won = w.cells[w.winner];
        html += p(tr("The convolution before it multiplies by its slope: &delta; = dL/da &middot; f'(z) = %1 &middot; %2 = <b>%3</b> "
                     "at input %4.")
                          .arg(num(routed[won]), op(derivativeAt(m.arch().activation, conv.z[won], conv.a[won])), num(conv.delta[won]),
                               placeText(in, won)));
    }
    page.html = html;
    GridSpec pooled = mapGrid(h.delta, h.shape, at.c, at.y * h.shape.width + at.x, QStringLiteral("δ"),
                              tr("δ of pooled map %1").arg(at.c + 1), true);
    GridSpec back = mapGrid(routed, in, at.c, w.cells[w.winner] - at.c * in.height * in.width, tr("dL/d in"),
                            tr("routed back to map %1: the maxima only").arg(at.c + 1), false);
    back.region = QRect(2 * at.x, 2 * at.y, 2, 2).intersected(QRect(0, 0, in.width, in.height));
    page.grids = {pooled, back};
    return page;
}

} // namespace bplab
