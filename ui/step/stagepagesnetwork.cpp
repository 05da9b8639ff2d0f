// The pages of a network of any architecture, one image at a time, from the core's MlpTrace.

#include "stagepagesnetwork.h"

#include "stagehtml.h"
#include "stagepagesbatch.h"
#include "stagepagesnetworkbatch.h"
#include "stepmodel.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bplab {

using namespace html;

namespace {
// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }

using Kind = NetworkStage::Kind;

QString activationName(Activation f) { return QString::fromStdString(displayName(f)); }

/** A layer's values as a grid of layerColumns() columns. */
GridSpec layerGrid(const QVector<float> &values, const QString &name, const QString &cellName,
                   const QString &caption, int selected)
{
    const int n = int(values.size());
    GridSpec g;
    g.values = values;
    g.cols = layerColumns(n);
    g.rows = (n + g.cols - 1) / g.cols;
    g.caption = caption;
    g.valueName = name;
    g.cellName = cellName;
    g.selected = selected;
    g.cellSize = n <= 128 ? 18 : n <= 256 ? 12 : 8;
    return g;
}

QVector<float> values(const Vec<float> &v) { return QVector<float>(v.data(), v.data() + v.size()); }

double meanAbs(const Eigen::Ref<const Mat<float>> &m)
{
    return m.size() ? double(m.cwiseAbs().cast<double>().sum()) / double(m.size()) : 0.0;
}

/** The input to layer l (0-based weight layer): x for the first, else the hidden layer before. */
const Vec<float> &inputOf(const MlpTraceF &t, int l)
{
    return l == 0 ? t.input : t.hidden[std::size_t(l - 1)].a;
}

QString inputSymbol(int l, const QString &index)
{
    return l == 0 ? sub(QStringLiteral("x"), index) : ofLayer(QStringLiteral("a"), l, index);
}

StagePage inputPage(const StepModel &m)
{
    const MlpTraceF &t = m.networkTrace();
    StagePage page;
    const QString sample = m.hasNetworkBatch()
            ? tr("%1, sample %2 of the batch").arg(m.shownSampleSource().toHtmlEscaped()).arg(m.batchSample() + 1)
            : m.sampleSource().toHtmlEscaped();
    QString h = p(tr("Sample: <b>%1</b>, label <b>class %2 &rarr; output neuron %3</b>.")
                      .arg(sample).arg(t.label).arg(t.label + 1));
    h += p(tr("Network: <b>%1</b>. The 28&times;28 image is read row by row into 784 inputs %2 &hellip; %3.")
               .arg(QString::fromStdString(describe(m.arch())), sub("x", "1"), sub("x", "784")));
    h += p(m.normalize() == Normalize::Standard
               ? tr("Scaling: x = (byte/255 &minus; 0.1307) / 0.3081 (MNIST mean and standard deviation).")
               : tr("Scaling: x = byte / 255, so 0 (black) &rarr; 0 and 255 (white) &rarr; 1."));
    h += p(tr("One-hot target y: a single 1 at output neuron %1.").arg(t.label + 1));
    h += p(tr("Initialisation this network trains from: %1.").arg(QString::fromStdString(initRuleText(m.arch().activation))));
    page.html = h;
    GridSpec x;
    x.values = values(t.input);
    x.rows = x.cols = kImageSide;
    x.scale = m.normalize() == Normalize::Standard ? ValueGrid::Scale::Diverging : ValueGrid::Scale::Grey;
    x.caption = tr("x as fed to the network");
    x.valueName = QStringLiteral("x");
    x.cellSize = 7;
    page.grids = {x};
    if (m.hasNetworkBatch())
        page.grids.push_back(batchMosaic(m));
    return page;
}

/** Weighted sums of weight layer l (l < hidden layers: hidden layer l + 1; else the logits). */
StagePage weightedSumsPage(const StepModel &m, int l)
{
    const MlpTraceF &t = m.networkTrace();
    const Layer<float> &layer = m.network()->layers[std::size_t(l)];
    const bool output = l == int(m.arch().hidden.size());
    const int n = l + 1;
    const int j = output ? m.outputNeuron() : neuronIn(m, l);
    const QString J = QString::number(j + 1);
    const Vec<float> &in = inputOf(t, l);
    const int inputs = int(in.size());
    const Vec<float> &z = output ? t.logits : t.hidden[std::size_t(l)].z;
    StagePage page;
    const QString sum = QStringLiteral("<b>%1 = &Sigma;<sub>i</sub> %2 %3 + %4</b>")
                                .arg(ofLayer("z", n, "j"), ofLayer("w", n, "j,i"), inputSymbol(l, "i"), ofLayer("b", n, "j"));
    QString h = output ? p(tr("Each of the 10 output neurons (layer %1) sums its %2 weighted inputs and adds its bias; "
                              "SoftMax turns these logits into probabilities next:<br>%3")
                               .arg(n).arg(inputs).arg(sum))
                       : p(tr("Each neuron of hidden layer %1 (%2 neurons) sums its %3 weighted inputs and adds its bias:<br>%4")
                               .arg(n).arg(z.size()).arg(inputs).arg(sum));
    // The selected neuron's largest terms w_ji * in_i.
    std::vector<int> order(static_cast<std::size_t>(inputs));
    std::iota(order.begin(), order.end(), 0);
    const auto term = [&](int i) { return layer.W(j, i) * in[i]; };
    const int top = std::min(inputs, 5);
    std::partial_sort(order.begin(), order.begin() + top, order.end(),
                      [&](int a, int b) { return std::abs(term(a)) > std::abs(term(b)); });
    h += p(tr("Neuron <b>%1</b> (click another in the grid or the diagram): its %2 largest terms:").arg(J).arg(top));
    QVector<QStringList> rows;
    double topSum = 0, all = 0;
    for (int i = 0; i < inputs; ++i)
        all += double(layer.W(j, i)) * double(in[i]);
    for (int r = 0; r < top; ++r) {
        const int i = order[std::size_t(r)];
        topSum += double(layer.W(j, i)) * double(in[i]);
        rows.push_back({QString::number(i + 1), num(layer.W(j, i)), QStringLiteral("&times;"), num(in[i]),
                        QStringLiteral("="), num(term(i))});
    }
    h += table({tr("input i"), ofLayer("w", n, J + QStringLiteral(",i")), QString(), inputSymbol(l, "i"), QString(), tr("term")},
               rows);
    h += p(tr("+ the other %1 terms: %2").arg(inputs - top).arg(num(all - topSum)));
    h += p(tr("= &Sigma; of all %1 terms %2, + bias %3 = %4 &rArr; <b>%5 = %6</b>")
               .arg(inputs).arg(num(all), ofLayer("b", n, J), op(layer.b[j]), ofLayer("z", n, J), num(z[j])));
    page.html = h;
    GridSpec zs = output ? layerGrid(values(z), QStringLiteral("z"), tr("output neuron %1"), tr("the 10 logits z"), j)
                         : layerGrid(values(z), QStringLiteral("z"), tr("neuron %1"),
                                     tr("z of the %1 neurons of layer %2").arg(z.size()).arg(n), j);
    zs.selectsOutput = output;
    zs.selectsHidden = !output;
    const QVector<float> row(layer.W.row(j).data(), layer.W.row(j).data() + inputs);
    if (l == 0) { // a neuron's weights on the pixels: its picture (without a hidden layer, a class's template)
        page.grids = {zs, weightImage(row, QStringLiteral("w"),
                                      tr("the 784 weights of neuron %1 (blue < 0 < red)").arg(J), -1)};
    } else {
        page.grids = {zs, layerGrid(row, QStringLiteral("w"), tr("from neuron %1"),
                                    tr("the %1 weights of neuron %2 from layer %3").arg(inputs).arg(J).arg(l), -1)};
    }
    return page;
}

StagePage activationPage(const StepModel &m, int l)
{
    const MlpTraceF &t = m.networkTrace();
    const HiddenTrace<float> &ht = t.hidden[std::size_t(l)];
    const Activation f = m.arch().activation;
    const int n = l + 1, j = neuronIn(m, l);
    const QString J = QString::number(j + 1);
    const int width = int(ht.z.size());
    QVector<float> slope(width);
    int flat = 0; // neurons through which (almost) no gradient flows back
    QSet<int> marked;
    for (int i = 0; i < width; ++i) {
        slope[i] = derivativeAt(f, ht.z[i], ht.a[i]);
        if (isFlat(f, ht.z[i], slope[i])) {
            ++flat;
            marked.insert(i);
        }
    }
    StagePage page;
    QString h = p(tr("Every neuron of layer %1 applies the %2: <b>%3</b>").arg(n).arg(activationName(f), activationFormula(f)));
    h += p(tr("Neuron %1: %2 = %3(%4) = <b>%5</b>").arg(J, ofLayer("a", n, J), activationName(f), num(ht.z[j]), num(ht.a[j])));
    h += p(tr("Its slope, which the backward pass multiplies by: %1; here f'(%2) = <b>%3</b>.")
               .arg(derivativeFormula(f), num(ht.z[j]), num(slope[j])));
    switch (f) {
    case Activation::ReLU:
        h += p(tr("<b>%1 of %2</b> neurons have z &le; 0 and output 0 (crossed out); no gradient flows back through them.")
                   .arg(flat).arg(width));
        break;
    case Activation::LeakyReLU:
        h += p(tr("<b>%1 of %2</b> neurons have z &le; 0 (crossed out); a gradient 0.01 times as large flows back through them.")
                   .arg(flat).arg(width));
        break;
    case Activation::Sigmoid:
    case Activation::Tanh:
        h += p(tr("<b>%1 of %2</b> neurons are saturated, f'(z) &lt; 0.05 (crossed out): the gradient that flows back through "
                  "them shrinks at least twentyfold.")
                   .arg(flat).arg(width));
        h += note(f == Activation::Sigmoid
                          ? tr("The sigmoid's slope is at most 0.25 (at z = 0): every layer it passes shrinks the gradient at least fourfold.")
                          : tr("The slope of tanh is at most 1 (at z = 0) and falls fast as |z| grows."));
        break;
    }
    page.html = h;
    GridSpec a = layerGrid(values(ht.a), QStringLiteral("a"), tr("neuron %1"), tr("a = f(z), layer %1").arg(n), j);
    a.marked = marked;
    a.selectsHidden = true;
    GridSpec d = layerGrid(slope, QStringLiteral("f'(z)"), tr("neuron %1"), tr("slope f'(z)"), j);
    d.selectsHidden = true;
    page.grids = {a, d};
    return page;
}

StagePage softmaxPage(const StepModel &m)
{
    const MlpTraceF &t = m.networkTrace();
    StagePage page;
    QString h = softmaxTable(t.logits, t.exp, t.probabilities, t.label, t.predicted);
    if (t.expFinite)
        h += p(tr("&Sigma;<sub>k</sub> e<sup>%1</sup> = <b>%2</b>").arg(sub("z", "k"), num(t.expSum)));
    h += p(tr("Predicted: <b>class %1</b> (the largest p = %2); the label is class %3: <b>%4</b>.")
               .arg(t.predicted).arg(num(t.probabilities[t.predicted])).arg(t.label)
               .arg(t.predicted == t.label ? tr("right") : tr("wrong")));
    page.html = h;
    return page;
}

StagePage lossPage(const StepModel &m)
{
    const MlpTraceF &t = m.networkTrace();
    StagePage page;
    page.html = p(tr("<b>L = &minus;ln %1</b> (class %2) = &minus;ln %3 = <b>%4</b>")
                      .arg(sub("p", "target")).arg(t.label).arg(num(t.probabilities[t.label]), num(t.loss)))
                + note(tr("p = 1 would give L = 0; the smaller the target's probability, the larger the loss."));
    if (m.hasNetworkBatch()) {
        // The batch's loss: the mean of its samples' losses, the number the step goes down.
        const NetworkBatchStep &b = m.networkBatch();
        std::vector<float> losses;
        for (const MlpTraceF &s : b.before)
            losses.push_back(s.loss);
        page.html += p(tr("The batch's loss is the mean of its %1 losses: <b>L = (1/B) &Sigma;<sub>s</sub> L<sup>(s)</sup> "
                          "= %2</b>; the step follows its gradient, the mean of the samples' gradients.")
                               .arg(b.size).arg(num(b.meanLoss)));
        page.grids = {perSampleGrid(losses, m.batchSample(), QStringLiteral("L"), tr("the %1 losses, 16 to a row").arg(b.size))};
    }
    return page;
}

StagePage outputGradientsPage(const StepModel &m)
{
    const MlpTraceF &t = m.networkTrace();
    StagePage page;
    QString h = p(tr("SoftMax and cross-entropy together give the simplest gradient: <b>%1 = %2 &minus; %3</b>")
                      .arg(sub("&delta;", "k"), sub("p", "k"), sub("y", "k")));
    QVector<QStringList> rows;
    for (int k = 0; k < kOutputs; ++k)
        rows.push_back({QString::number(k + 1), num(t.probabilities[k]), QStringLiteral("&minus;"),
                        QString::number(int(t.target[k])), QStringLiteral("="), num(t.deltaOut[k])});
    h += table({tr("neuron k"), sub("p", "k"), QString(), sub("y", "k"), QString(), sub("&delta;", "k")}, rows, t.label);
    h += note(tr("Only the target's delta is negative: the step raises its score and lowers the others."));
    page.html = h;
    GridSpec g = layerGrid(values(t.deltaOut), QStringLiteral("&delta;"), tr("output neuron %1"), tr("delta of the 10 outputs"),
                           m.outputNeuron());
    g.valueName = QStringLiteral("delta");
    g.selectsOutput = true;
    page.grids = {g};
    return page;
}

StagePage hiddenGradientsPage(const StepModel &m, int l)
{
    const MlpTraceF &t = m.networkTrace();
    const HiddenTrace<float> &ht = t.hidden[std::size_t(l)];
    const Activation f = m.arch().activation;
    const int n = l + 1, next = n + 1, j = neuronIn(m, l);
    const QString J = QString::number(j + 1);
    const bool lastHidden = l + 1 == int(m.arch().hidden.size());
    const Vec<float> &deltaNext = lastHidden ? t.deltaOut : t.hidden[std::size_t(l + 1)].delta;
    const RowMat<float> &wNext = m.network()->layers[std::size_t(l + 1)].W;
    double back = 0; // sum_k w_kj delta_k
    for (int k = 0; k < deltaNext.size(); ++k)
        back += double(wNext(k, j)) * double(deltaNext[k]);
    const float slope = derivativeAt(f, ht.z[j], ht.a[j]);
    StagePage page;
    QString h = p(tr("The error flows back through the weights of layer %1, times the slope of the %2:<br>"
                     "<b>%3 = (&Sigma;<sub>k</sub> %4 %5) &middot; f'(%6)</b>, with %7")
                      .arg(next).arg(activationName(f))
                      .arg(ofLayer("&delta;", n, "j"), ofLayer("w", next, "k,j"), ofLayer("&delta;", next, "k"),
                           ofLayer("z", n, "j"), derivativeFormula(f)));
    h += p(tr("Neuron %1: &Sigma;<sub>k</sub> %2 %3 over the %4 neurons of layer %5 = %6; f'(%7) = %8 &rArr; <b>%9 = %10</b>")
               .arg(J, ofLayer("w", next, "k," + J), ofLayer("&delta;", next, "k")).arg(deltaNext.size()).arg(next)
               .arg(num(back), num(ht.z[j]), num(slope), ofLayer("&delta;", n, J), num(ht.delta[j])));
    const double here = meanAbs(ht.delta), after = meanAbs(deltaNext);
    h += meanDeltaText(n, here, after);
    if (after > 0 && here < after / 4)
        h += note(tr("The gradient is %1 times smaller here than one layer later: the slopes f'(z) it was multiplied by "
                     "made it fade. The weights of layer %2 learn that much more slowly.")
                      .arg(QLocale().toString(after / here, 'f', 1)).arg(n));
    page.html = h;
    GridSpec d = layerGrid(values(ht.delta), QStringLiteral("delta"), tr("neuron %1"),
                           tr("delta of the %1 neurons of layer %2").arg(ht.delta.size()).arg(n), j);
    d.selectsHidden = true;
    if (f == Activation::ReLU) // no gradient passes a neuron that ReLU switched off
        for (int i = 0; i < ht.z.size(); ++i)
            if (ht.z[i] <= 0)
                d.marked.insert(i);
    page.grids = {d};
    return page;
}

StagePage adjustmentsPage(const StepModel &m)
{
    const MlpTraceF &t = m.networkTrace();
    const MlpParamsF &adj = m.networkAdjustments();
    StagePage page;
    QString h = m.hasNetworkBatch()
            ? p(tr("Every weight moves against the batch's gradient, the mean over its %1 samples: <b>&Delta;%2 = "
                   "&minus;&eta; &middot; (1/B) &Sigma;<sub>s</sub> %3 %4</b>, &Delta;%5 = &minus;&eta; &middot; (1/B) "
                   "&Sigma;<sub>s</sub> %3, at &eta; = %6. The table and the picture are the batch's.")
                      .arg(m.batchSize())
                      .arg(sub("w", "j,i"), sub("&delta;", "j") + QStringLiteral("<sup>(s)</sup>"),
                           sub("a", "i") + QStringLiteral("<sup>(s)</sup>"), sub("b", "j"), num(t.lr)))
            : p(tr("Every weight moves against its gradient: <b>&Delta;%1 = &minus;&eta; &middot; %2 &middot; %3</b>, "
                   "&Delta;%4 = &minus;&eta; &middot; %2, at &eta; = %5.")
                        .arg(sub("w", "j,i"), sub("&delta;", "j"), sub("a", "i"), sub("b", "j"), num(t.lr)));
    QVector<QStringList> rows;
    const QLocale locale;
    for (std::size_t l = 0; l < adj.layers.size(); ++l) {
        const RowMat<float> &d = adj.layers[l].W;
        rows.push_back({QString::number(l + 1), QStringLiteral("%1&times;%2").arg(d.rows()).arg(d.cols()),
                        locale.toString(qlonglong(d.size())), num(meanAbs(d)), num(double(d.cwiseAbs().maxCoeff()))});
    }
    h += table({tr("layer"), tr("W"), tr("weights"), tr("mean |&Delta;w|"), tr("largest |&Delta;w|")}, rows);
    h += note(tr("Compare the layers: with the sigmoid or tanh the first layer's adjustments are often far smaller "
                 "than the last one's."));
    page.html = h;
    // The first layer's adjustments of one neuron, as the 28 x 28 picture of its input weights.
    const int j = m.arch().hidden.empty() ? m.outputNeuron() : neuronIn(m, 0);
    const RowMat<float> &d0 = adj.layers.front().W;
    page.grids = {weightImage(QVector<float>(d0.row(j).data(), d0.row(j).data() + d0.cols()), QStringLiteral("&Delta;w"),
                              tr("\u0394w of the 784 input weights of neuron %1 of layer 1").arg(j + 1), -1)};
    page.grids.front().valueName = QStringLiteral("delta w");
    return page;
}

StagePage updatePage(const StepModel &m)
{
    const MlpTraceF &t = m.networkTrace();
    const MlpParamsF &w = *m.network();
    const MlpParamsF &adj = m.networkAdjustments();
    StagePage page;
    QString h = p(tr("<b>%1 = %2 + &Delta;w</b> for every weight and bias; then %3 again:")
                      .arg(sub("w", "new"), sub("w", "old"),
                           m.hasNetworkBatch() ? tr("the same %1 images").arg(m.batchSize()) : tr("the same image")));
    // One weight of each layer as the worked example: the one that moves most.
    QVector<QStringList> rows;
    for (std::size_t l = 0; l < w.layers.size(); ++l) {
        const RowMat<float> &d = adj.layers[l].W;
        Eigen::Index r = 0, c = 0;
        d.cwiseAbs().maxCoeff(&r, &c);
        const float before = w.layers[l].W(r, c);
        rows.push_back({ofLayer("w", int(l) + 1, QStringLiteral("%1,%2").arg(r + 1).arg(c + 1)), num(before),
                        QStringLiteral("+"), op(d(r, c)), QStringLiteral("="), num(before + d(r, c))});
    }
    h += table({tr("weight"), sub("w", "old"), QString(), QStringLiteral("&Delta;w"), QString(), sub("w", "new")}, rows);
    const float pBefore = t.probabilities[t.label];
    const double pAfter = std::exp(-double(t.lossAfter)); // L = -ln p
    if (m.hasNetworkBatch()) {
        // The batch's step: its mean loss, and this sample's, with the new weights.
        const NetworkBatchStep &b = m.networkBatch();
        const int s = m.batchSample();
        h += p(tr("Mean loss of the batch: <b>%1 &rarr; %2</b>. Sample %3: %4 &rarr; %5; the target's probability "
                  "%6 &rarr; %7.")
                       .arg(num(b.meanLoss), num(b.meanLossAfter)).arg(s + 1)
                       .arg(num(t.loss), num(t.lossAfter), num(pBefore), num(pAfter)));
        h += note(b.meanLossAfter < b.meanLoss ? tr("One small step downhill for the batch: its mean loss fell.")
                                               : tr("The batch's mean loss did not fall: the step was too large."));
        std::vector<float> change;
        for (const MlpTraceF &x : b.before)
            change.push_back(x.lossAfter - x.loss);
        page.html = h;
        page.grids = {perSampleGrid(change, s, tr("loss change"),
                                    tr("each sample's loss after minus before, 16 to a row"))};
        return page;
    }
    h += p(tr("Loss on this image: <b>%1 &rarr; %2</b>; the target's probability %3 &rarr; %4.")
               .arg(num(t.loss), num(t.lossAfter), num(pBefore), num(pAfter)));
    h += note(t.lossAfter < t.loss ? tr("One small step downhill: the loss fell.")
                                   : tr("The loss did not fall: the step was too large for this image."));
    page.html = h;
    return page;
}

} // namespace

QString ofLayer(const QString &base, int n, const QString &index)
{
    return QStringLiteral("%1<sup>(%2)</sup><sub>%3</sub>").arg(base).arg(n).arg(index);
}

int neuronIn(const StepModel &m, int l)
{
    return std::min(m.hiddenNeuron(), m.arch().hidden[std::size_t(l)] - 1);
}

bool isFlat(Activation f, float z, float slope)
{
    return (f == Activation::ReLU || f == Activation::LeakyReLU) ? z <= 0 : slope < 0.05f;
}

int layerColumns(int width)
{
    const int target = width <= 16 ? width : width <= 256 ? 16 : 32;
    for (int d = target; d >= std::max(1, target / 2); --d)
        if (width % d == 0)
            return d;
    return std::max(1, target);
}

float derivativeAt(Activation f, float z, float a)
{
    Mat<float> zm(1, 1), am(1, 1), d(1, 1);
    zm(0, 0) = z;
    am(0, 0) = a;
    d(0, 0) = 1;
    multiplyByDerivative<float>(f, zm, am, d);
    return d(0, 0);
}

QString activationFormula(Activation f)
{
    switch (f) {
    case Activation::ReLU: return QStringLiteral("a = max(0, z)");
    case Activation::Sigmoid: return QStringLiteral("a = 1 / (1 + e<sup>&minus;z</sup>)");
    case Activation::Tanh: return QStringLiteral("a = tanh z = (e<sup>z</sup> &minus; e<sup>&minus;z</sup>) / (e<sup>z</sup> + e<sup>&minus;z</sup>)");
    case Activation::LeakyReLU: return tr("a = z if z &gt; 0, else 0.01 z");
    }
    return {};
}

QString derivativeFormula(Activation f)
{
    switch (f) {
    case Activation::ReLU: return tr("f'(z) = 1 if z &gt; 0, else 0");
    case Activation::Sigmoid: return QStringLiteral("f'(z) = a (1 &minus; a)");
    case Activation::Tanh: return QStringLiteral("f'(z) = 1 &minus; a<sup>2</sup>");
    case Activation::LeakyReLU: return tr("f'(z) = 1 if z &gt; 0, else 0.01");
    }
    return {};
}

std::vector<NetworkStage> networkStages(const Architecture &arch)
{
    const int hidden = int(arch.hidden.size());
    std::vector<NetworkStage> stages{{Kind::Input, -1}};
    for (int l = 0; l < hidden; ++l) {
        stages.push_back({Kind::WeightedSums, l});
        stages.push_back({Kind::Activation, l});
    }
    for (Kind k : {Kind::Logits, Kind::SoftMax, Kind::Loss, Kind::OutputGradients})
        stages.push_back({k, -1});
    for (int l = hidden - 1; l >= 0; --l)
        stages.push_back({Kind::HiddenGradients, l});
    stages.push_back({Kind::Adjustments, -1});
    stages.push_back({Kind::Update, -1});
    return stages;
}

QStringList networkStageNames(const Architecture &arch)
{
    const bool one = arch.hidden.size() == 1; // the source's names, without a layer number
    const QString f = activationName(arch.activation);
    QStringList names;
    for (const NetworkStage &s : networkStages(arch)) {
        const QString layer = one ? QString() : QStringLiteral(" %1").arg(s.layer + 1);
        switch (s.kind) {
        case Kind::Input: names << tr("Input"); break;
        case Kind::WeightedSums: names << tr("Weighted sums") + layer; break;
        case Kind::Activation: names << f.left(1).toUpper() + f.mid(1) + layer; break;
        case Kind::Logits: names << tr("Logits"); break;
        case Kind::SoftMax: names << tr("SoftMax"); break;
        case Kind::Loss: names << tr("Cross-entropy"); break;
        case Kind::OutputGradients: names << tr("Output gradients"); break;
        case Kind::HiddenGradients: names << tr("Hidden gradients") + layer; break;
        case Kind::Adjustments: names << tr("Weight adjustments"); break;
        case Kind::Update: names << tr("Update and re-check"); break;
        }
    }
    return names;
}

StagePage networkStagePage(const StepModel &m, int stage)
{
    const std::vector<NetworkStage> stages = networkStages(m.arch());
    const QStringList names = networkStageNames(m.arch());
    stage = std::clamp(stage, 1, int(stages.size()));
    StagePage page;
    if (!m.hasNetworkTrace()) {
        page.title = QStringLiteral("%1. %2").arg(stage).arg(names[stage - 1]);
        page.html = p(tr("No sample or model yet: load a data set, then choose an image above."));
        return page;
    }
    const NetworkStage s = stages[std::size_t(stage - 1)];
    switch (s.kind) {
    case Kind::Input: page = inputPage(m); break;
    case Kind::WeightedSums: page = weightedSumsPage(m, s.layer); break;
    case Kind::Activation: page = activationPage(m, s.layer); break;
    case Kind::Logits: page = weightedSumsPage(m, int(m.arch().hidden.size())); break;
    case Kind::SoftMax: page = softmaxPage(m); break;
    case Kind::Loss: page = lossPage(m); break;
    case Kind::OutputGradients: page = outputGradientsPage(m); break;
    case Kind::HiddenGradients: page = hiddenGradientsPage(m, s.layer); break;
    case Kind::Adjustments: page = adjustmentsPage(m); break;
    case Kind::Update: page = updatePage(m); break;
    }
    if (m.hasNetworkBatch()) {
        addNetworkBatch(m, s, page);
        page.html = batchHeader(m) + page.html;
        page.title = batchTitle(m, stage, names[stage - 1]);
        return page;
    }
    page.title = QStringLiteral("%1. %2").arg(stage).arg(names[stage - 1]);
    return page;
}

} // namespace bplab
