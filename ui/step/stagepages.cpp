// The pieces every stage page shares.

#include "stagepages.h"

#include "stagehtml.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace bplab {

using namespace html;

namespace {
// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }
} // namespace

QVector<float> toVector(const Vec<float> &v) { return QVector<float>(v.data(), v.data() + v.size()); }

QVector<float> rowOf(const RowMat<float> &m, int row)
{
    QVector<float> out(int(m.cols()));
    for (int i = 0; i < m.cols(); ++i)
        out[i] = m(row, i);
    return out;
}

int largestInRow(const RowMat<float> &m, int row)
{
    int best = 0;
    for (int i = 1; i < m.cols(); ++i)
        if (std::abs(m(row, i)) > std::abs(m(row, best)))
            best = i;
    return best;
}

GridSpec weightImage(const QVector<float> &values, const QString &name, const QString &caption, int selected)
{
    GridSpec g;
    g.values = values;
    g.rows = g.cols = kImageSide;
    g.caption = caption;
    g.valueName = name;
    g.selected = selected;
    g.cellSize = 7;
    return g;
}

QString softmaxFormula()
{
    return p(tr("<b>%1 = e<sup>%2</sup> / &Sigma;<sub>k</sub> e<sup>%2</sup></b>: positive, and they sum to 1.")
                     .arg(sub("p", "k"), sub("z", "k")));
}

QString meanDeltaText(int layer, double here, double next)
{
    return p(tr("Mean |&delta;| in layer %1: <b>%2</b>; in layer %3: %4.").arg(layer).arg(num(here)).arg(layer + 1).arg(num(next)));
}

} // namespace bplab
