// What the pages add over a mini-batch: its title and header, each stage's matrix of the whole
// batch (one sample per column, built from the samples' own traces, BatchStep::before; the
// selected neuron's row written out), per-sample grids and lists, and the per-sample terms of the
// averaged gradient.

#include "stagepagesbatch.h"

#include "batchstep.h"
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

namespace {

using Kind = NetworkStage::Kind;

/** "Z<sup>(2)</sup>": a matrix of layer n (1-based). */
QString matrixOf(const QString &base, int n) { return QStringLiteral("%1<sup>(%2)</sup>").arg(base).arg(n); }
/** "z<sup>(2)</sup><sub>5</sub>": neuron j (0-based) of layer n (1-based). */
QString neuronOf(const QString &base, int n, int j) { return ofLayer(base, n, QString::number(j + 1)); }

/** rows x B: column s is column(sample s's trace). */
Mat<float> batchMatrix(const BatchStep &b, const std::function<const Vec<float> &(const MlpTraceF &)> &column)
{
    const Vec<float> &first = column(b.before.front());
    Mat<float> m(first.size(), b.size);
    for (int s = 0; s < b.size; ++s)
        m.col(s) = column(b.before[std::size_t(s)]);
    return m;
}

/** A cell size that keeps a matrix of `rows` rows near 384 pixels tall (1 to 9 pixels a cell). */
int cellFor(int rows) { return std::clamp(384 / std::max(1, rows), 1, 9); }

/** The paragraph "Row J of M (neuron J over the batch):" and the row's values, sample by sample. */
QString rowOverBatch(const StepModel &m, const Mat<float> &matrix, int row, const QString &matrixName,
                     const QString &valueName)
{
    return p(tr("Row %1 of %2 (neuron %1 over the batch):").arg(row + 1).arg(matrixName))
           + perSampleList(m, valueName, [&matrix, row](int c) { return num(matrix(row, c)); });
}

/** The batch's matrix in place of the one sample's grid of the same values (its column), or
 *  first when the page has no grid. */
void putMatrix(StagePage &page, const GridSpec &matrix)
{
    if (page.grids.isEmpty())
        page.grids.push_back(matrix);
    else
        page.grids.front() = matrix;
}

constexpr int kShownRows = 128; // rows of a layer's matrix drawn at once

/** A layer's matrix M (a row per neuron, a column per sample) as a grid; a click on a cell selects
 *  the row's neuron and the column's sample. A layer wider than kShownRows shows the band of
 *  kShownRows rows that holds the selected neuron j, and its caption says which. */
GridSpec layerMatrix(const StepModel &m, const Mat<float> &M, int j, const QString &name, const QString &caption,
                     bool output)
{
    const int width = int(M.rows()), B = int(M.cols());
    const int first = j / kShownRows * kShownRows, rows = std::min(width - first, kShownRows);
    const QString shown = rows == width ? caption : caption + tr(", rows %1-%2 shown").arg(first + 1).arg(first + rows);
    GridSpec g = matrixGrid(M.middleRows(first, rows), rows, B, j - first, m.batchSample(), name, shown, cellFor(rows),
                            output ? RowSelects::Output : RowSelects::Hidden);
    g.firstRow = first;
    return g;
}

void weightedSums(const StepModel &m, int l, StagePage &page)
{
    const BatchStep &b = m.batch();
    const bool output = l == int(m.arch().hidden.size());
    const int n = l + 1, B = b.size;
    const int in = m.arch().layerInputs(l), width = m.arch().layerOutputs(l);
    const int j = output ? m.outputNeuron() : neuronIn(m, l);
    const Mat<float> Z = batchMatrix(b, [l, output](const MlpTraceF &t) -> const Vec<float> & {
        return output ? t.logits : t.hidden[std::size_t(l)].z;
    });
    const QString A = l == 0 ? QStringLiteral("X") : matrixOf(QStringLiteral("A"), l);
    QString h = p(tr("All %1 samples at once: <b>%2 = %3 %4 + %5 1<sup>T</sup></b>: (%6 &times; %7)(%7 &times; %1) "
                     "= %6 &times; %1, the bias added to every column; column s holds sample s's sums (sample %8's spelled out "
                     "below).")
                      .arg(B).arg(matrixOf("Z", n), matrixOf("W", n), A, matrixOf("b", n)).arg(width).arg(in).arg(m.batchSample() + 1));
    h += rowOverBatch(m, Z, j, matrixOf("Z", n), neuronOf("z", n, j));
    h += note(tr("%1 &times; %2 = %3 multiply-adds for this product.")
                  .arg(B).arg(QLocale().toString(qlonglong(width) * in))
                  .arg(QLocale().toString(qlonglong(B) * width * in)));
    page.html = h + page.html;
    putMatrix(page, layerMatrix(m, Z, j, QStringLiteral("z"),
                                tr("Z(%1): %2 rows (neurons) x %3 columns (samples)").arg(n).arg(width).arg(B), output));
}

void activation(const StepModel &m, int l, StagePage &page)
{
    const BatchStep &b = m.batch();
    const int n = l + 1, B = b.size, width = m.arch().hidden[std::size_t(l)], j = neuronIn(m, l);
    const Activation f = m.arch().activation;
    const Mat<float> Z = batchMatrix(b, [l](const MlpTraceF &t) -> const Vec<float> & { return t.hidden[std::size_t(l)].z; });
    const Mat<float> A = batchMatrix(b, [l](const MlpTraceF &t) -> const Vec<float> & { return t.hidden[std::size_t(l)].a; });
    int off = 0; // values through which (almost) no gradient flows back, as the one-image page counts them
    for (Eigen::Index i = 0; i < Z.size(); ++i)
        off += isFlat(f, Z.data()[i], derivativeAt(f, Z.data()[i], A.data()[i]));
    const bool relu = f == Activation::ReLU || f == Activation::LeakyReLU;
    QString h = p((relu ? tr("<b>%1 = f(%2)</b> element by element: %3 of the %4 values (%5%) have z &le; 0.")
                        : tr("<b>%1 = f(%2)</b> element by element: %3 of the %4 values (%5%) are saturated, "
                             "f'(z) &lt; 0.05."))
                          .arg(matrixOf("A", n), matrixOf("Z", n)).arg(off).arg(A.size())
                          .arg(100.0 * off / double(A.size()), 0, 'f', 1));
    h += rowOverBatch(m, A, j, matrixOf("A", n), neuronOf("a", n, j));
    page.html = h + page.html;
    putMatrix(page, layerMatrix(m, A, j, QStringLiteral("a"), tr("A(%1) = f(Z(%1)): %2 x %3").arg(n).arg(width).arg(B),
                                false));
}

void softmax(const StepModel &m, StagePage &page)
{
    const BatchStep &b = m.batch();
    const Mat<float> P = batchMatrix(b, [](const MlpTraceF &t) -> const Vec<float> & { return t.probabilities; });
    int right = 0;
    for (const MlpTraceF &t : b.before)
        right += t.predicted == t.label;
    QString h = p(tr("Over the batch, column by column: every column of <b>P</b> (10 &times; %1) sums to 1.").arg(b.size));
    h += perSampleList(m, tr("predicted"), [&b](int c) {
        const MlpTraceF &t = b.before[std::size_t(c)];
        return t.predicted == t.label ? QString::number(t.predicted) : QStringLiteral("<u>%1</u>").arg(t.predicted);
    });
    h += p(tr("<b>%1 of %2</b> right (wrong ones underlined).").arg(right).arg(b.size));
    page.html = h + page.html;
    GridSpec g = layerMatrix(m, P, m.trace().label, QStringLiteral("p"),
                             tr("P: 10 rows x %1 columns (each column sums to 1)").arg(b.size), true);
    g.scale = ValueGrid::Scale::Grey;
    putMatrix(page, g);
}

void outputGradients(const StepModel &m, StagePage &page)
{
    const BatchStep &b = m.batch();
    const int k = m.outputNeuron(), L = int(m.arch().hidden.size()) + 1;
    const Mat<float> D = batchMatrix(b, [](const MlpTraceF &t) -> const Vec<float> & { return t.deltaOut; });
    QString h = p(tr("Over the batch: <b>%1 = P &minus; Y</b>, 10 &times; %2, sample s's deltas in column s. The "
                     "gradients below are their mean over the batch (1/B = 1/%2).")
                      .arg(matrixOf("&Delta;", L)).arg(b.size));
    h += rowOverBatch(m, D, k, matrixOf("&Delta;", L), neuronOf("&delta;", L, k));
    page.html = h + page.html;
    putMatrix(page, layerMatrix(m, D, k, QStringLiteral("delta"), tr("P - Y: 10 rows x %1 columns").arg(b.size), true));
}

void hiddenGradients(const StepModel &m, int l, StagePage &page)
{
    const BatchStep &b = m.batch();
    const int n = l + 1, B = b.size, width = m.arch().hidden[std::size_t(l)], j = neuronIn(m, l);
    const int nextWidth = m.arch().layerOutputs(l + 1);
    const Mat<float> D = batchMatrix(b, [l](const MlpTraceF &t) -> const Vec<float> & { return t.hidden[std::size_t(l)].delta; });
    QString h = p(tr("All %1 samples at once: <b>%2 = (%3<sup>T</sup> %4) &#8857; f'(%5)</b>: (%6 &times; %7)(%7 &times; %1), "
                     "then element by element.")
                      .arg(B).arg(matrixOf("&Delta;", n), matrixOf("W", n + 1), matrixOf("&Delta;", n + 1), matrixOf("Z", n))
                      .arg(width).arg(nextWidth));
    h += rowOverBatch(m, D, j, matrixOf("&Delta;", n), neuronOf("&delta;", n, j));
    page.html = h + page.html;
    putMatrix(page, layerMatrix(m, D, j, QStringLiteral("delta"),
                                tr("Delta(%1): %2 rows x %3 columns").arg(n).arg(width).arg(B), false));
}

/** The per-sample terms delta_j^(s) in_i^(s) of weight (j, i) of weight layer l, their sum and mean,
 *  and the step -lr times the mean (the core's adjustment, as the table above has it). */
QString weightTerms(const StepModel &m, int l, int j, int i, std::vector<float> &terms)
{
    const BatchStep &b = m.batch();
    const int L = int(m.arch().hidden.size());
    const int n = l + 1;
    terms.clear();
    for (const MlpTraceF &t : b.before) {
        const float delta = l == L ? t.deltaOut[j] : t.hidden[std::size_t(l)].delta[j];
        const float in = l == 0 ? t.input[i] : t.hidden[std::size_t(l - 1)].a[i];
        terms.push_back(delta * in);
    }
    const QString J = QString::number(j + 1), I = QString::number(i + 1);
    const QString inSymbol = l == 0 ? sub("x", I) : neuronOf("a", l, i);
    const QString deltaSymbol = neuronOf("&delta;", n, j);
    const double sum = sumOf(terms);
    const float adjustment = m.batch().adjustments.layers[std::size_t(l)].W(j, i);
    QString h = p(tr("<b>w<sup>(%1)</sup><sub>%2,%3</sub></b>: the %4 terms %5 %6 of its samples:")
                      .arg(n).arg(J, I).arg(b.size).arg(ofSample(deltaSymbol), ofSample(inSymbol)));
    h += p(termSum(terms) + QStringLiteral(" = ") + num(sum));
    h += p(tr("dw = %1 / %2 = <b>%3</b>; &Delta;w = &minus;%4 &middot; %5 = <b>%6</b>")
               .arg(num(sum)).arg(b.size).arg(num(sum / b.size), num(m.learningRate()), op(sum / b.size),
                                              num(adjustment)));
    return h;
}

void adjustments(const StepModel &m, StagePage &page)
{
    const int L = int(m.arch().hidden.size());
    // The last layer's weight from the selected hidden neuron to the selected output, and the first
    // layer's weight of the selected neuron from the input it moves most (the picture's marked pixel).
    std::vector<float> outTerms, firstTerms;
    const int k = m.outputNeuron(), last = L == 0 ? 0 : neuronIn(m, L - 1);
    QString h = p(tr("Each sample has its own gradient, as with one image; the step uses their mean. Two weights "
                     "worked through:"));
    if (L > 0) {
        h += weightTerms(m, L, k, last, outTerms);
        const int j = neuronIn(m, 0);
        Eigen::Index i = 0;
        m.batch().adjustments.layers.front().W.row(j).cwiseAbs().maxCoeff(&i);
        h += weightTerms(m, 0, j, int(i), firstTerms);
        if (!page.grids.isEmpty())
            page.grids.front().selected = int(i);
    } else {
        Eigen::Index i = 0;
        m.batch().adjustments.layers.front().W.row(k).cwiseAbs().maxCoeff(&i);
        h += weightTerms(m, 0, k, int(i), outTerms);
        if (!page.grids.isEmpty())
            page.grids.front().selected = int(i);
    }
    page.html += h;
    page.grids.push_front(perSampleGrid(outTerms, m.batchSample(), QStringLiteral("dw"),
                                        tr("the %1 per-sample gradients of the first weight").arg(m.batchSize())));
}

} // namespace

void addBatch(const StepModel &m, const NetworkStage &s, StagePage &page)
{
    switch (s.kind) {
    case Kind::WeightedSums: weightedSums(m, s.layer, page); break;
    case Kind::Logits: weightedSums(m, int(m.arch().hidden.size()), page); break;
    case Kind::Activation: activation(m, s.layer, page); break;
    case Kind::SoftMax: softmax(m, page); break;
    case Kind::OutputGradients: outputGradients(m, page); break;
    case Kind::HiddenGradients: hiddenGradients(m, s.layer, page); break;
    case Kind::Adjustments: adjustments(m, page); break;
    case Kind::Input:
    case Kind::Loss:
    case Kind::Update: break; // their batch parts are on the one-image pages (mosaic, losses, loss changes)
    }
}

} // namespace bplab
