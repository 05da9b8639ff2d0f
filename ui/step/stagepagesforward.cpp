// The stages of every network and the pages of its forward pass (input, weighted sums,
// activation, logits, SoftMax, loss), from the core's MlpTrace; the backward pages are in
// stagepagesback.cpp, a mini-batch's parts in stagepagesbatch.cpp.

#include "stagepages.h"

#include "stagehtml.h"
#include "stagepagesbatch.h"
#include "stagepagesback.h"
#include "stagepagelist.h"
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

QVector<float> values(const Vec<float> &v) { return QVector<float>(v.data(), v.data() + v.size()); }

constexpr int kTopTerms = 8; // terms of a weighted sum written out

QString inputSymbol(int l, const QString &index)
{
    return l == 0 ? sub(QStringLiteral("x"), index) : ofLayer(QStringLiteral("a"), l, index);
}

/** The numbers of the neurons in `marked`, the first 24 and an ellipsis after them. */
QString neuronList(const QSet<int> &marked)
{
    QList<int> sorted = marked.values();
    std::sort(sorted.begin(), sorted.end());
    QStringList names;
    for (int i : sorted)
        names << QString::number(i + 1);
    return names.size() > 24 ? names.mid(0, 24).join(QStringLiteral(", ")) + QStringLiteral(", &hellip;")
                             : names.join(QStringLiteral(", "));
}

StagePage batchInputPage(const StepModel &m)
{
    const BatchStep &b = m.batch();
    const int s = m.batchSample();
    StagePage page;
    const QString x = QStringLiteral("x<sup>(%1)</sup>"), y = QStringLiteral("y<sup>(%1)</sup>");
    QString h = p(tr("The batch is one matrix <b>X = [%1 &hellip; %2]</b>, 784 &times; %3: image s, flattened and scaled as "
                     "in the one-image view, is column s. The targets are Y = [%4 &hellip; %5], 10 &times; %3 one-hot.")
                          .arg(x.arg(1), x.arg(b.size)).arg(b.size).arg(y.arg(1), y.arg(b.size)));
    h += perSampleList(m, tr("label"), [&b](int c) { return QString::number(b.labels[std::size_t(c)]); });
    const int label = b.labels[std::size_t(s)];
    h += p(tr("Sample: <b>%1</b>, label <b>class %2 &rarr; output neuron %3</b>.")
                   .arg(tr("%1, sample %2 of the batch").arg(m.shownSampleSource().toHtmlEscaped()).arg(s + 1))
                   .arg(label).arg(label + 1));
    h += p(tr("Sample %1: class %2 &rarr; a 1 in row %3 of its column of Y.").arg(s + 1).arg(label).arg(label + 1));
    h += p(tr("Network: <b>%1</b>. The 28&times;28 image is read row by row into 784 inputs %2 &hellip; %3.")
                   .arg(QString::fromStdString(describe(m.arch())), sub("x", "1"), sub("x", "784")));
    page.html = h;
    Mat<float> target = Mat<float>::Zero(kOutputs, b.size);
    for (int c = 0; c < b.size; ++c)
        target(b.labels[std::size_t(c)], c) = 1;
    GridSpec yGrid = matrixGrid(target, kOutputs, b.size, b.labels[std::size_t(s)], s, QStringLiteral("y"),
                                tr("Y: 10 rows, one column per sample"), 7, RowSelects::Output);
    yGrid.scale = ValueGrid::Scale::Grey;
    page.grids = {batchMosaic(m), yGrid};
    return page;
}

StagePage inputPage(const StepModel &m)
{
    if (m.hasBatch())
        return batchInputPage(m);
    const MlpTraceF &t = m.trace();
    StagePage page;
    const bool standard = m.normalize() == Normalize::Standard;
    // The brightest pixel (first of the brightest) as the worked example of the scaling.
    const std::uint8_t *px = m.shownPixels();
    const int ex = int(std::max_element(px, px + kInputs) - px);
    QString h = p(tr("Sample: <b>%1</b>, label <b>class %2 &rarr; output neuron %3</b> (the source numbers the "
                     "output neurons 1-10).").arg(m.sampleSource().toHtmlEscaped()).arg(t.label).arg(t.label + 1));
    h += p(tr("Network: <b>%1</b>. The 28&times;28 image is read row by row into 784 inputs %2 &hellip; %3.")
               .arg(QString::fromStdString(describe(m.arch())), sub("x", "1"), sub("x", "784")));
    h += p(tr("Input i is pixel (row &lfloor;(i&minus;1)/28&rfloor;, column (i&minus;1) mod 28)."));
    h += p(standard ? tr("Scaling: x = (byte/255 &minus; 0.1307) / 0.3081 (MNIST mean and standard deviation).")
                    : tr("Scaling: x = byte / 255, so 0 (black) &rarr; 0 and 255 (white) &rarr; 1."));
    h += p(tr("Example, input %1 = pixel (row %2, column %3): byte %4 &rarr; %5 = %6.")
               .arg(ex + 1).arg(ex / kImageSide).arg(ex % kImageSide).arg(px[ex])
               .arg(sub("x", QString::number(ex + 1)), num(t.input[ex])));
    h += p(tr("%1 of the 784 inputs are not 0; hover the images for every value.").arg(kInputs - m.zeroInputs(0)));
    QVector<QStringList> rows(3);
    for (int k = 0; k < kOutputs; ++k) {
        rows[0] << QString::number(k + 1);
        rows[1] << QString::number(k);
        rows[2] << (k == t.label ? QStringLiteral("<b>1</b>") : QStringLiteral("0"));
    }
    rows[0].prepend(tr("neuron"));
    rows[1].prepend(tr("class"));
    rows[2].prepend(tr("target y"));
    h += p(tr("One-hot target y: a single 1 at output neuron %1.").arg(t.label + 1));
    h += table({}, rows, 2);
    h += note(tr("Initialisation this network trains from: %1.").arg(QString::fromStdString(initRuleText(m.arch().activation))));
    page.html = h;
    GridSpec bytes;
    bytes.values.resize(kInputs);
    for (int i = 0; i < kInputs; ++i)
        bytes.values[i] = float(px[i]);
    bytes.rows = bytes.cols = kImageSide;
    bytes.scale = ValueGrid::Scale::Grey;
    bytes.caption = tr("the image, bytes 0-255");
    bytes.valueName = tr("byte");
    bytes.cellSize = 7;
    GridSpec x;
    x.values = values(t.input);
    x.rows = x.cols = kImageSide;
    x.scale = standard ? ValueGrid::Scale::Diverging : ValueGrid::Scale::Grey;
    x.caption = tr("x as fed to the network");
    x.valueName = QStringLiteral("x");
    x.cellSize = 7;
    page.grids = {bytes, x};
    return page;
}

/** The output layer's sums of all ten neurons: sum_j w_kj in_j, + b_k, = z_k. */
QString logitsTable(const StepModel &m, int l)
{
    const MlpTraceF &t = m.trace();
    const int n = l + 1;
    QVector<QStringList> rows;
    for (int k = 0; k < kOutputs; ++k)
        rows.push_back({QString::number(k + 1), QString::number(k), num(m.allTerms(l, k)), QStringLiteral("+"),
                        op(m.network()->layers[std::size_t(l)].b[k]), QStringLiteral("="), num(t.logits[k])});
    return table({tr("neuron k"), tr("class"),
                  QStringLiteral("&Sigma;<sub>j</sub> %1 %2").arg(ofLayer("w", n, "k,j"), inputSymbol(l, "j")), QString(),
                  ofLayer("b", n, "k"), QString(), ofLayer("z", n, "k")},
                 rows, m.outputNeuron());
}

/** Weighted sums of weight layer l (l < hidden layers: hidden layer l + 1; else the logits). */
StagePage weightedSumsPage(const StepModel &m, int l)
{
    const MlpTraceF &t = m.trace();
    const Layer<float> &layer = m.network()->layers[std::size_t(l)];
    const bool output = l == m.arch().layerCount() - 1;
    const int n = l + 1;
    const int j = output ? m.outputNeuron() : neuronIn(m, l);
    const QString J = QString::number(j + 1);
    const QString o = output ? QStringLiteral("k") : QStringLiteral("j"); // the index of the layer's neurons
    const QString in = output ? QStringLiteral("j") : QStringLiteral("i"); // and of their inputs
    const int inputs = m.arch().layerInputs(l);
    const Vec<float> &z = output ? t.logits : t.hidden[std::size_t(l)].z;
    StagePage page;
    const QString sum = QStringLiteral("<b>%1 = &Sigma;<sub>%5</sub> %2 %3 + %4</b>")
                                .arg(ofLayer("z", n, o), ofLayer("w", n, o + QLatin1Char(',') + in), inputSymbol(l, in),
                                     ofLayer("b", n, o), in);
    QString h = output ? p(tr("Each of the 10 output neurons (layer %1) sums its %2 weighted inputs and adds its bias; "
                              "SoftMax turns these logits into probabilities next:<br>%3")
                               .arg(n).arg(inputs).arg(sum))
                       : p(tr("Each neuron of hidden layer %1 (%2 neurons) sums its %3 weighted inputs and adds its bias:<br>%4")
                               .arg(n).arg(z.size()).arg(inputs).arg(sum));
    if (output)
        h += logitsTable(m, l);
    // The selected neuron's largest terms w_ji * in_i.
    const QVector<StepModel::Term> top = m.topTerms(l, j, kTopTerms);
    h += p((output ? tr("Output neuron <b>%1</b> (click another in the grid or the diagram, or select it with the arrow keys): its %2 largest terms:")
                   : tr("Hidden neuron <b>%1</b> (click another in the grid or the diagram, or select it with the arrow keys): its %2 largest terms:"))
                   .arg(J).arg(top.size()));
    QVector<QStringList> rows;
    for (const StepModel::Term &term : top) {
        QStringList row{QString::number(term.input + 1)};
        if (l == 0) // a pixel's place in the image
            row << QStringLiteral("(%1, %2)").arg(term.input / kImageSide).arg(term.input % kImageSide);
        row << num(term.weight) << QStringLiteral("&times;") << num(term.x) << QStringLiteral("=") << num(term.product);
        rows.push_back(row);
    }
    QStringList header{tr("input i")};
    if (l == 0)
        header << tr("pixel");
    header << ofLayer("w", n, J + QStringLiteral(",i")) << QString() << inputSymbol(l, "i") << QString() << tr("term");
    h += table(header, rows);
    const int rest = inputs - int(top.size()), zeros = m.zeroInputs(l);
    const double restSum = m.restOfTerms(l, j, kTopTerms);
    if (l == 0)
        h += p(tr("+ the other %1 terms (%2 of them are 0 because x = 0): %3").arg(rest).arg(zeros).arg(num(restSum)));
    else if (zeros > 0)
        h += p(tr("+ the other %1 terms (%2 of them are 0 because a = 0): %3").arg(rest).arg(zeros).arg(num(restSum)));
    else
        h += p(tr("+ the other %1 terms: %2").arg(rest).arg(num(restSum)));
    h += p(tr("= &Sigma; of all %1 terms %2, + bias %3 = %4 &rArr; <b>%5 = %6</b>")
               .arg(inputs).arg(num(m.allTerms(l, j)), ofLayer("b", n, J), op(layer.b[j]), ofLayer("z", n, J), num(z[j])));
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
    const MlpTraceF &t = m.trace();
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
    if (flat > 0)
        h += p(tr("Crossed out: neurons %1.").arg(neuronList(marked)));
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
    const MlpTraceF &t = m.trace();
    StagePage page;
    QString h = softmaxFormula();
    page.softmaxTable = true;
    if (t.expFinite)
        h += p(tr("&Sigma;<sub>k</sub> e<sup>%1</sup> = <b>%2</b>; e.g. %3 = %4 / %2 = %5")
                   .arg(sub("z", "k"), num(t.expSum), sub("p", QString::number(t.label + 1)), num(t.exp[t.label]),
                        num(t.probabilities[t.label])));
    else
        h += note(tr("Some e<sup>z</sup> overflow single precision; the probabilities are still exact (computed with "
                     "the largest z subtracted first, which leaves every p unchanged)."));
    h += p(tr("Predicted: <b>class %1</b> (neuron %2, the largest p = %3); the label is class %4: <b>%5</b>.")
               .arg(t.predicted).arg(t.predicted + 1).arg(num(t.probabilities[t.predicted])).arg(t.label)
               .arg(t.predicted == t.label ? tr("right") : tr("wrong")));
    page.html = h;
    return page;
}

StagePage lossPage(const StepModel &m)
{
    const MlpTraceF &t = m.trace();
    const QString T = QString::number(t.label + 1);
    StagePage page;
    QString h = p(tr("The loss is the cross-entropy of the probability given to the true class:<br>"
                     "<b>L = &minus;ln %1</b> (neuron %2, class %3)").arg(sub("p", "target")).arg(T).arg(t.label));
    h += p(tr("L = &minus;ln %1 = <b>%2</b>").arg(num(t.probabilities[t.label]), num(t.loss)));
    h += p(tr("Base 10: &minus;log<sub>10</sub> %1 = <b>%2</b>").arg(num(t.probabilities[t.label]), num(m.lossBase10())));
    h += note(tr("The source quotes a base-10 figure; training uses the natural log: the two differ by the factor ln 10 = 2.303."));
    h += note(tr("p = 1 would give L = 0; the smaller the target's probability, the larger the loss."));
    if (m.hasBatch()) {
        // The batch's loss: the mean of its samples' losses, the number the step goes down.
        const BatchStep &b = m.batch();
        std::vector<float> losses;
        for (const MlpTraceF &s : b.before)
            losses.push_back(s.loss);
        h += perSampleList(m, QStringLiteral("L"), [&losses](int c) { return num(losses[std::size_t(c)]); });
        h += p(tr("The batch's loss is the mean of its %1 losses: <b>L = (1/B) &Sigma;<sub>s</sub> L<sup>(s)</sup> "
                  "= %2</b>; the step follows its gradient, the mean of the samples' gradients.")
                       .arg(b.size).arg(num(b.meanLoss)));
        page.grids = {perSampleGrid(losses, m.batchSample(), QStringLiteral("L"), tr("the %1 losses, 16 to a row").arg(b.size))};
        page.grids.front().scale = ValueGrid::Scale::Grey;
    }
    page.html = h;
    return page;
}

} // namespace

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

std::vector<NetworkStage> stagesOf(const Architecture &arch)
{
    if (arch.layered())
        return listStages(arch);
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

QStringList stageNames(const Architecture &arch)
{
    const bool one = arch.hidden.size() == 1; // the source's names, without a layer number
    const QString f = activationName(arch.activation);
    QStringList names;
    const std::vector<LayerSpec> body = arch.body();
    for (const NetworkStage &s : stagesOf(arch)) {
        if (s.list >= 0) { // a layer list's own stage: named by its layer
            names << listStageName(body, s);
            continue;
        }
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

StagePage stagePage(const StepModel &m, int stage)
{
    const std::vector<NetworkStage> stages = stagesOf(m.arch());
    const QStringList names = stageNames(m.arch());
    stage = std::clamp(stage, 1, int(stages.size()));
    StagePage page;
    if (!m.hasTrace()) {
        page.title = QStringLiteral("%1. %2").arg(stage).arg(names[stage - 1]);
        page.html = p(tr("No sample or model yet: load a data set, then choose an image above."));
        return page;
    }
    const NetworkStage s = stages[std::size_t(stage - 1)];
    if (s.list >= 0) // a layer of a layer list: its kind's page
        page = listStagePage(m, s);
    else switch (s.kind) {
    case Kind::Input: page = inputPage(m); break;
    case Kind::WeightedSums: page = weightedSumsPage(m, s.layer); break;
    case Kind::Activation: page = activationPage(m, s.layer); break;
    case Kind::Logits: page = weightedSumsPage(m, m.arch().layerCount() - 1); break;
    case Kind::SoftMax: page = softmaxPage(m); break;
    case Kind::Loss: page = lossPage(m); break;
    case Kind::OutputGradients:
    case Kind::HiddenGradients:
    case Kind::Adjustments:
    case Kind::Update: page = backwardStagePage(m, s); break;
    }
    if (m.hasBatch()) {
        addBatch(m, s, page);
        page.html = batchHeader(m) + page.html;
        page.title = batchTitle(m, stage, names[stage - 1]);
        return page;
    }
    page.title = QStringLiteral("%1. %2").arg(stage).arg(names[stage - 1]);
    return page;
}

} // namespace bplab
