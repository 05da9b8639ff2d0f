// Stages 1-10 over a mini-batch: the forward pass as matrices (one sample per column), the
// per-sample losses and their mean, the per-sample gradients and their average
// dW = (1/B) sum_s delta_s x_s^T, and the update. One sample of the batch (click a column) and the
// selected neurons are spelled out with their numbers.

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

QString sampleName(int s) { return QStringLiteral("<sup>(%1)</sup>").arg(s + 1); }

StagePage input(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample();
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("The batch is one matrix <b>X = [%1 &hellip; %2]</b>, 784 &times; %3: image s, flattened and scaled as "
              "in the one-image view, is column s. The targets are Y = [%4 &hellip; %5], 10 &times; %3 one-hot.")
               .arg(QStringLiteral("x") + sampleName(0), QStringLiteral("x") + sampleName(b.size - 1)).arg(b.size)
               .arg(QStringLiteral("y") + sampleName(0), QStringLiteral("y") + sampleName(b.size - 1)));
    h += perSampleList(m, tr("label"), [&b](int c) { return QString::number(b.labels[std::size_t(c)]); });
    h += p(tr("Sample %1: class %2 &rarr; a 1 in row %3 of its column of Y.").arg(s + 1).arg(b.labels[std::size_t(s)])
               .arg(b.labels[std::size_t(s)] + 1));
    page.html = h;

    const GridSpec mosaic = batchMosaic(m);
    Mat<float> y = Mat<float>::Zero(kOutputs, b.size);
    for (int c = 0; c < b.size; ++c)
        y(b.labels[std::size_t(c)], c) = 1;
    GridSpec target = matrixGrid(y, kOutputs, b.size, b.labels[std::size_t(s)], s, QStringLiteral("y"),
                                 tr("Y: 10 rows, one column per sample"), 7, RowSelects::Output);
    target.scale = ValueGrid::Scale::Grey;
    page.grids = {mosaic, target};
    return page;
}

StagePage weightedSums(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample(), j = m.hiddenNeuron();
    const QString J = QString::number(j + 1);
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("All %1 weighted sums at once: <b>Z1 = W1 X + b1 1<sup>T</sup></b>: (128 &times; 784)(784 &times; %1) "
              "= 128 &times; %1, the bias added to every column; column s is the one-image %2 of sample s.")
               .arg(b.size).arg(sub("z", "j")));
    h += p(tr("Hidden neuron %1, sample %2: %3 = &Sigma;<sub>i</sub> %4 %5 + %6 = <b>%7</b> (the one-image view shows "
              "its terms).")
               .arg(J).arg(s + 1)
               .arg(sub("z", J) + sampleName(s), sub("w", J + QStringLiteral(",i")), sub("x", "i") + sampleName(s),
                    sub("b", J), num(b.ws.Z1(j, s))));
    h += p(tr("Row %1 of Z1 (neuron %1 over the batch):").arg(J));
    h += perSampleList(m, sub("z", J), [&b, j](int c) { return num(b.ws.Z1(j, c)); });
    h += note(tr("%1 &times; 100,352 = %2 multiply-adds for this product.")
                  .arg(b.size).arg(QLocale().toString(qlonglong(b.size) * kHidden * kInputs)));
    page.html = h;
    page.grids = {matrixGrid(b.ws.Z1, kHidden, b.size, j, s, QStringLiteral("z"),
                             tr("Z1: 128 rows (hidden neurons) x %1 columns (samples)").arg(b.size), 3, RowSelects::Hidden)};
    return page;
}

StagePage relu(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample(), j = m.hiddenNeuron();
    const QString J = QString::number(j + 1);
    const auto a1 = b.ws.A1.leftCols(b.size);
    const int zeros = int((b.ws.Z1.leftCols(b.size).array() <= 0.0f).count());
    const int zerosOfJ = int((b.ws.Z1.row(j).head(b.size).array() <= 0.0f).count());
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("<b>A1 = max(0, Z1)</b>, element by element: %1 of the %2 values (%3%) become 0.")
               .arg(zeros).arg(a1.size()).arg(100.0 * zeros / double(a1.size()), 0, 'f', 1));
    h += p(tr("Hidden neuron %1 is 0 for %2 of the %3 samples; for sample %4: %5 = max(0, %6) = <b>%7</b>.")
               .arg(J).arg(zerosOfJ).arg(b.size).arg(s + 1)
               .arg(sub("a", J) + sampleName(s), num(b.ws.Z1(j, s)), num(b.ws.A1(j, s))));
    page.html = h;
    page.grids = {matrixGrid(b.ws.A1, kHidden, b.size, j, s, QStringLiteral("a"),
                             tr("A1 = max(0, Z1): 128 x %1").arg(b.size), 3, RowSelects::Hidden)};
    return page;
}

StagePage logits(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample();
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("<b>Z2 = W2 A1 + b2 1<sup>T</sup></b>: (10 &times; 128)(128 &times; %1) = 10 &times; %1 logits, one "
              "column per sample.").arg(b.size));
    QVector<QStringList> rows;
    for (int k = 0; k < kOutputs; ++k)
        rows.push_back({QString::number(k + 1), QString::number(k), num(b.ws.Z2(k, s))});
    h += p(tr("Column %1 (sample %1):").arg(s + 1));
    h += table({tr("neuron k"), tr("class"), sub("z", "k") + sampleName(s)}, rows, m.outputNeuron());
    page.html = h;
    page.grids = {matrixGrid(b.ws.Z2, kOutputs, b.size, m.outputNeuron(), s, QStringLiteral("z"),
                             tr("Z2: 10 rows x %1 columns").arg(b.size), 9, RowSelects::Output)};
    return page;
}

StagePage softmax(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample();
    const TraceF &t = b.before[std::size_t(s)];
    int right = 0;
    for (const TraceF &x : b.before)
        right += x.predicted == x.label;
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("SoftMax column by column: <b>%1 = e<sup>%2</sup> / &Sigma;<sub>k</sub> e<sup>%2</sup></b> within each "
              "sample's column; every column of P sums to 1.").arg(sub("P", "k,s"), sub("z", "k,s")));
    h += perSampleList(m, tr("predicted"), [&b](int c) {
        const TraceF &x = b.before[std::size_t(c)];
        return x.predicted == x.label ? QString::number(x.predicted) : QStringLiteral("<u>%1</u>").arg(x.predicted);
    });
    h += p(tr("<b>%1 of %2</b> right (wrong ones underlined). Sample %3: the largest p is %4 (class %5); its label is "
              "class %6, p = %7.")
               .arg(right).arg(b.size).arg(s + 1).arg(num(t.probabilities[t.predicted])).arg(t.predicted).arg(t.label)
               .arg(num(b.ws.P(t.label, s))));
    page.html = h;
    page.grids = {matrixGrid(b.ws.P, kOutputs, b.size, t.label, s, QStringLiteral("p"),
                             tr("P: 10 rows x %1 columns (each column sums to 1)").arg(b.size), 9, RowSelects::Output)};
    page.grids.front().scale = ValueGrid::Scale::Grey;
    return page;
}

StagePage crossEntropy(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample();
    std::vector<float> losses;
    for (int c = 0; c < b.size; ++c)
        losses.push_back(b.ws.losses(c));
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("Each sample's loss <b>%1 = &minus;ln %2</b>; the batch's loss is their mean "
              "<b>L = (1/B) &Sigma;<sub>s</sub> %1</b>.").arg(ofSample(QStringLiteral("L")),
                                                             ofSample(sub("p", "target"))));
    h += perSampleList(m, QStringLiteral("L"), [&losses](int c) { return num(losses[std::size_t(c)]); });
    h += p(tr("Sample %1: &minus;ln %2 = <b>%3</b>.").arg(s + 1).arg(num(b.before[std::size_t(s)].probabilities[b.labels[std::size_t(s)]]))
               .arg(num(losses[std::size_t(s)])));
    h += p(tr("&Sigma; = %1; L = %1 / %2 = <b>%3</b>").arg(num(sumOf(losses))).arg(b.size).arg(num(b.meanLoss)));
    page.html = h;
    page.grids = {perSampleGrid(losses, s, QStringLiteral("L"), tr("the %1 losses, 16 to a row").arg(b.size))};
    page.grids.front().scale = ValueGrid::Scale::Grey;
    return page;
}

StagePage outputGradients(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample(), k = m.outputNeuron();
    const TraceF &t = b.before[std::size_t(s)];
    Mat<float> delta(kOutputs, b.size);
    for (int c = 0; c < b.size; ++c)
        delta.col(c) = b.before[std::size_t(c)].delta2;
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("Per sample, as with one image: <b>&Delta;2 = P &minus; Y</b>, 10 &times; %1.").arg(b.size));
    QVector<QStringList> rows;
    for (int c = 0; c < kOutputs; ++c)
        rows.push_back({QString::number(c + 1), num(t.probabilities[c]), QStringLiteral("&minus;"), num(t.target[c]),
                        QStringLiteral("="), num(t.delta2[c])});
    h += p(tr("Sample %1:").arg(s + 1));
    h += table({tr("neuron k"), sub("p", "k"), QString(), sub("y", "k"), QString(), sub("&delta;", "k") + sampleName(s)},
               rows, k);
    h += note(tr("The mean over the batch divides by B = %1; the core applies the 1/B here once (its &Delta;2 holds "
                 "%2 / %1 = %3), so that every gradient below is already the average.")
                  .arg(b.size).arg(num(t.delta2[k])).arg(num(b.ws.Delta2(k, s))));
    page.html = h;
    page.grids = {matrixGrid(delta, kOutputs, b.size, k, s, QStringLiteral("delta"),
                             tr("P - Y: 10 rows x %1 columns").arg(b.size), 9, RowSelects::Output)};
    return page;
}

StagePage hiddenGradients(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample(), j = m.hiddenNeuron();
    const QString J = QString::number(j + 1);
    Mat<float> delta(kHidden, b.size);
    for (int c = 0; c < b.size; ++c)
        delta.col(c) = b.before[std::size_t(c)].delta1;
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("<b>&Delta;1 = (W2<sup>T</sup> &Delta;2) &#8857; ReLU'(Z1)</b>: (128 &times; 10)(10 &times; %1), then "
              "element by element 0 where Z1 &le; 0.").arg(b.size));
    h += p(tr("Hidden neuron %1, sample %2: %3 = <b>%4</b> (%5 = %6).")
               .arg(J).arg(s + 1).arg(sub("&delta;", J) + sampleName(s), num(delta(j, s)), sub("z", J) + sampleName(s),
                                      num(b.ws.Z1(j, s))));
    h += p(tr("Row %1 of &Delta;1:").arg(J));
    h += perSampleList(m, sub("&delta;", J), [&delta, j](int c) { return num(delta(j, c)); });
    page.html = h;
    page.grids = {matrixGrid(delta, kHidden, b.size, j, s, QStringLiteral("delta"),
                             tr("Delta1: 128 rows x %1 columns").arg(b.size), 3, RowSelects::Hidden)};
    return page;
}

StagePage adjustments(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int j = m.hiddenNeuron(), k = m.outputNeuron();
    const QString J = QString::number(j + 1), K = QString::number(k + 1), B = QString::number(b.size);
    const QString lr = num(m.learningRate());
    const int i = largestInRow(b.gradients.W1, j);
    const QString I = QString::number(i + 1);
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("Each sample has its own gradient, as with one image; the step uses their <b>average</b>:<br>"
              "<b>dW2 = (1/B) &Sigma;<sub>s</sub> %1 %2<sup>T</sup></b>, <b>dW1 = (1/B) &Sigma;<sub>s</sub> %3 %4<sup>T</sup></b>, "
              "db = (1/B) &Sigma;<sub>s</sub> &delta;; then &Delta;w = &minus;lr &middot; dw (lr = %5).")
               .arg(ofSample(QStringLiteral("&delta;2")), ofSample(QStringLiteral("a1")),
                    ofSample(QStringLiteral("&delta;1")), ofSample(QStringLiteral("x")), lr));
    const std::vector<float> out = perSampleOutputTerms(b, k, j);
    h += p(tr("<b>%1</b> (output neuron %2 from hidden neuron %3): the %4 terms %5 %6:")
               .arg(sub("w", K + QStringLiteral(",") + J), K, J, B, ofSample(sub("&delta;", K)),
                    ofSample(sub("a", J))));
    h += p(termSum(out) + QStringLiteral(" = ") + num(sumOf(out)));
    h += p(tr("dw = %1 / %2 = <b>%3</b>; &Delta;w = &minus;%4 &middot; %5 = <b>%6</b>")
               .arg(num(sumOf(out)), B, num(b.gradients.W2(k, j)), lr, op(b.gradients.W2(k, j)), num(b.adjustments.W2(k, j))));
    const std::vector<float> hid = perSampleHiddenTerms(b, j, i);
    h += p(tr("<b>%1</b> (hidden neuron %2 from input %3, pixel (%4, %5), its largest average gradient): the terms %6 %7:")
               .arg(sub("w", J + QStringLiteral(",") + I), J, I).arg(i / kImageSide).arg(i % kImageSide)
               .arg(ofSample(sub("&delta;", J)), ofSample(sub("x", I))));
    h += p(termSum(hid) + QStringLiteral(" = ") + num(sumOf(hid)));
    h += p(tr("dw = %1 / %2 = <b>%3</b>; &Delta;w = &minus;%4 &middot; %5 = <b>%6</b>")
               .arg(num(sumOf(hid)), B, num(b.gradients.W1(j, i)), lr, op(b.gradients.W1(j, i)), num(b.adjustments.W1(j, i))));
    h += p(tr("Biases: %1 = &minus;%2 &middot; %3 = %4; %5 = &minus;%2 &middot; %6 = %7")
               .arg(sub("&Delta;b", K), lr, op(b.gradients.b2[k]), num(b.adjustments.b2[k]), sub("&Delta;b", J),
                    op(b.gradients.b1[j]), num(b.adjustments.b1[j])));
    page.html = h;
    GridSpec perSample = perSampleGrid(out, m.batchSample(), QStringLiteral("dw"),
                                       tr("per-sample gradients of w%1,%2; their mean is the step's").arg(K, J));
    page.grids = {perSample, weightImage(rowOf(b.adjustments.W1, j), QStringLiteral("Δw"),
                                         tr("Δw of hidden neuron %1's 784 weights (batch average)").arg(J), i)};
    return page;
}

StagePage update(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const ParamsF &w = *m.params();
    const int s = m.batchSample(), j = m.hiddenNeuron(), k = m.outputNeuron();
    const int i = largestInRow(b.gradients.W1, j);
    StagePage page;
    QString h = batchHeader(m);
    h += p(tr("<b>%1 = %2 + &Delta;w</b> with the batch's averaged &Delta;w, once for the whole batch:")
               .arg(sub("w", "new"), sub("w", "old")));
    h += updateTable(w, b.adjustments, b.after, k, j, i);
    std::vector<float> change;
    int lower = 0;
    for (int c = 0; c < b.size; ++c) {
        change.push_back(b.afterTraces[std::size_t(c)].loss - b.ws.losses(c)); // L_after - L_before
        lower += change.back() < 0;
    }
    h += p(tr("The forward pass again on the same %1 images: mean loss before <b>%2</b>, after <b>%3</b> (%4); "
              "%5 of the %1 losses went down.")
               .arg(b.size).arg(num(b.meanLoss)).arg(num(b.meanLossAfter))
               .arg(b.meanLossAfter < b.meanLoss ? tr("lower") : tr("not lower")).arg(lower));
    h += p(tr("Sample %1: loss %2 &rarr; %3, p of its class %4 &rarr; %5.")
               .arg(s + 1).arg(num(b.ws.losses(s)), num(b.afterTraces[std::size_t(s)].loss),
                              num(b.before[std::size_t(s)].probabilities[b.labels[std::size_t(s)]]),
                              num(b.afterTraces[std::size_t(s)].probabilities[b.labels[std::size_t(s)]])));
    page.html = h;
    page.grids = {perSampleGrid(change, s, tr("loss change"),
                                tr("loss after - before per sample (blue: lower)"))};
    return page;
}

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

StagePage batchStagePage(const StepModel &m, int stage)
{
    switch (stage) {
    case 1: return input(m);
    case 2: return weightedSums(m);
    case 3: return relu(m);
    case 4: return logits(m);
    case 5: return softmax(m);
    case 6: return crossEntropy(m);
    case 7: return outputGradients(m);
    case 8: return hiddenGradients(m);
    case 9: return adjustments(m);
    default: return update(m);
    }
}

} // namespace bplab
