// The pieces of the pages over a mini-batch: its title and header, its matrices (one sample per
// column), per-sample grids and lists, and the sums of per-sample terms.

#include "stagepagesbatch.h"

#include "stagehtml.h"
#include "stepmodel.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <functional>

namespace bplab {

using namespace html;

namespace {

// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }

constexpr int kMosaicColumns = 8; // images per row of the input mosaic
constexpr int kShownTerms = 8;    // per-sample terms written out before "the other ..."

} // namespace

QString ofSample(const QString &base) { return base + QStringLiteral("<sup>(s)</sup>"); }

GridSpec matrixGrid(const Eigen::Ref<const Mat<float>> &m, int rows, int b, int selectedRow, int sample, const QString &name,
                    const QString &caption, int cellSize, RowSelects rowSelects)
{
    GridSpec g;
    g.values.resize(rows * b);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < b; ++c)
            g.values[r * b + c] = m(r, c);
    g.rows = rows;
    g.cols = b;
    g.caption = caption;
    g.valueName = name;
    g.cellName = QCoreApplication::translate("bplab::StagePages", "neuron %1, sample %2");
    g.selected = selectedRow * b + sample;
    g.cellSize = cellSize;
    g.sampleClick = SampleClick::Column;
    g.rowSelects = rowSelects;
    return g;
}


QString perSampleList(const StepModel &m, const QString &name, const std::function<QString(int)> &cell)
{
    QStringList items;
    for (int s = 0; s < m.batchSize(); ++s) {
        const QString item = QStringLiteral("<small>(%1)</small>&nbsp;%2").arg(s + 1).arg(cell(s));
        items << (s == m.batchSample() ? QStringLiteral("<b>%1</b>").arg(item) : item);
    }
    return p(QStringLiteral("%1: ").arg(name) + items.join(QStringLiteral("&nbsp;&nbsp; ")));
}

QString termSum(const std::vector<float> &terms)
{
    QStringList shown;
    const int n = int(terms.size());
    for (int s = 0; s < std::min(n, kShownTerms); ++s)
        shown << op(terms[std::size_t(s)] + 0.0f); // + 0: -0 (a zero activation) shows as 0
    QString h = shown.join(QStringLiteral(" + "));
    if (n > kShownTerms) {
        const double rest = sumOf(std::vector<float>(terms.begin() + kShownTerms, terms.end()));
        h += tr(" + (the other %1 terms: %2)").arg(n - kShownTerms).arg(num(rest));
    }
    return h;
}

QString batchTitle(const StepModel &m, int stage, const QString &name)
{
    return tr("%1. %2 (batch of %3)").arg(stage).arg(name).arg(m.batchSize());
}

QString batchHeader(const StepModel &m)
{
    return p(tr("Mini-batch of <b>B = %1</b> images (%2); sample <b>%3</b> (click a column or a cell to choose "
                "another) is spelled out.")
                 .arg(m.batchSize()).arg(m.batchSource().toHtmlEscaped()).arg(m.batchSample() + 1));
}

GridSpec perSampleGrid(const std::vector<float> &values, int sample, const QString &name, const QString &caption)
{
    GridSpec g;
    const int b = int(values.size());
    g.cols = std::min(16, b);
    g.rows = (b + g.cols - 1) / g.cols;
    g.values = QVector<float>(g.rows * g.cols, 0.f);
    std::copy(values.begin(), values.end(), g.values.begin());
    g.caption = caption;
    g.valueName = name;
    g.cellName = QCoreApplication::translate("bplab::StagePages", "sample %1");
    g.selected = sample;
    g.cellSize = 18;
    g.sampleClick = SampleClick::Cell;
    return g;
}

GridSpec batchMosaic(const StepModel &m)
{
    GridSpec mosaic;
    const int b = m.batchSize();
    const int rowsOfImages = (b + kMosaicColumns - 1) / kMosaicColumns;
    mosaic.cols = kMosaicColumns * kImageSide;
    mosaic.rows = rowsOfImages * kImageSide;
    mosaic.values = QVector<float>(mosaic.rows * mosaic.cols, 0.f);
    for (int c = 0; c < b; ++c) {
        const std::uint8_t *px = m.batchPixels(c);
        const int r0 = (c / kMosaicColumns) * kImageSide, c0 = (c % kMosaicColumns) * kImageSide;
        for (int i = 0; i < kInputs; ++i)
            mosaic.values[(r0 + i / kImageSide) * mosaic.cols + c0 + i % kImageSide] = float(px[i]);
    }
    mosaic.scale = ValueGrid::Scale::Grey;
    mosaic.caption = tr("the %1 images, 8 to a row (bytes 0-255)").arg(b);
    mosaic.valueName = tr("byte");
    mosaic.cellSize = 2;
    mosaic.sampleClick = SampleClick::Mosaic;
    return mosaic;
}

} // namespace bplab
