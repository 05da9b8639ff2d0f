// Stages 1-6: the forward pass and the loss.

#include "stagepages.h"

#include "stagehtml.h"
#include "stagepagesback.h"
#include "stagepagesbatch.h"
#include "stagepagesnetwork.h"
#include "stepmodel.h"

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

QStringList stageNames()
{
    return {tr("Input"),         tr("Weighted sums"),     tr("ReLU"),           tr("Logits"),
            tr("SoftMax"),       tr("Cross-entropy"),     tr("Output gradients"), tr("Hidden gradients"),
            tr("Weight adjustments"), tr("Update and re-check")};
}

QStringList stageNamesOf(const StepModel &model)
{
    return model.showsOtherNetwork() ? networkStageNames(model.arch()) : stageNames();
}

QVector<float> toVector(const Vec<float> &v) { return QVector<float>(v.data(), v.data() + v.size()); }

QVector<float> rowOf(const Mat<float> &m, int row)
{
    QVector<float> out(int(m.cols()));
    for (int i = 0; i < m.cols(); ++i)
        out[i] = m(row, i);
    return out;
}

int largestInRow(const Mat<float> &m, int row)
{
    int best = 0;
    for (int i = 1; i < m.cols(); ++i)
        if (std::abs(m(row, i)) > std::abs(m(row, best)))
            best = i;
    return best;
}

GridSpec hiddenGrid(const StepModel &m, const QVector<float> &values, const QString &name, const QString &caption)
{
    GridSpec g;
    g.values = values;
    g.rows = 8;
    g.cols = 16;
    g.caption = caption;
    g.valueName = name;
    g.cellName = tr("hidden neuron %1");
    g.selected = m.hiddenNeuron();
    g.cellSize = 18;
    g.selectsHidden = true;
    return g;
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

QString softmaxTable(const Vec<float> &logits, const Vec<float> &exp, const Vec<float> &probabilities, int label,
                     int predicted)
{
    const QString formula = p(tr("<b>%1 = e<sup>%2</sup> / &Sigma;<sub>k</sub> e<sup>%2</sup></b>: positive, and they sum to 1.")
                                      .arg(sub("p", "k"), sub("z", "k")));
    QVector<QStringList> rows;
    for (int k = 0; k < kOutputs; ++k)
        rows.push_back({QString::number(k + 1), QString::number(k), num(logits[k]),
                        std::isfinite(exp[k]) ? num(exp[k]) : tr("overflow"), num(probabilities[k]),
                        QStringList{k == label ? tr("target") : QString(), k == predicted ? tr("predicted") : QString()}
                            .filter(QRegularExpression(QStringLiteral("."))).join(QStringLiteral(", "))});
    return formula
           + table({tr("neuron k"), tr("class"), sub("z", "k"), QStringLiteral("e<sup>z</sup>"), sub("p", "k"), QString()},
                   rows, predicted);
}

QString meanDeltaText(int layer, double here, double next)
{
    return p(tr("Mean |&delta;| in layer %1: <b>%2</b>; in layer %3: %4.").arg(layer).arg(num(here)).arg(layer + 1).arg(num(next)));
}

QString updateTable(const ParamsF &w, const ParamsF &delta, const ParamsF &after, int k, int j, int i)
{
    using namespace html;
    const QString J = QString::number(j + 1), K = QString::number(k + 1), I = QString::number(i + 1);
    const auto row = [](const QString &name, float before, float d, float now) {
        return QStringList{name, num(before), QStringLiteral("+"), op(d), QStringLiteral("="), num(now)};
    };
    const QVector<QStringList> rows{
        row(sub("w", K + QStringLiteral(",") + J), w.W2(k, j), delta.W2(k, j), after.W2(k, j)),
        row(sub("b", K) + tr(" (output)"), w.b2[k], delta.b2[k], after.b2[k]),
        row(sub("w", J + QStringLiteral(",") + I), w.W1(j, i), delta.W1(j, i), after.W1(j, i)),
        row(sub("b", J) + tr(" (hidden)"), w.b1[j], delta.b1[j], after.b1[j]),
    };
    return table({tr("weight"), sub("w", "old"), QString(), QStringLiteral("&Delta;w"), QString(), sub("w", "new")}, rows);
}

namespace {

StagePage input(const StepModel &m)
{
    const TraceF &t = m.before();
    StagePage page;
    const bool standard = m.normalize() == Normalize::Standard;
    // The brightest pixel (first of the brightest) as the worked example of the scaling.
    const auto &px = m.pixels();
    const int ex = int(std::max_element(px.begin(), px.end()) - px.begin());
    QString h = p(tr("Sample: <b>%1</b>, label <b>class %2 &rarr; output neuron %3</b> (the source numbers the "
                     "output neurons 1-10).").arg(m.sampleSource().toHtmlEscaped()).arg(t.label).arg(t.label + 1));
    h += p(tr("The 28&times;28 image is read row by row into 784 inputs %1 &hellip; %2; input i is pixel "
              "(row &lfloor;(i&minus;1)/28&rfloor;, column (i&minus;1) mod 28).").arg(sub("x", "1"), sub("x", "784")));
    if (standard)
        h += p(tr("Scaling: x = (byte/255 &minus; 0.1307) / 0.3081 (MNIST mean and standard deviation)."));
    else
        h += p(tr("Scaling: x = byte / 255, so 0 (black) &rarr; 0 and 255 (white) &rarr; 1."));
    h += p(tr("Example, input %1 = pixel (row %2, column %3): byte %4 &rarr; %5 = %6.")
               .arg(ex + 1).arg(ex / kImageSide).arg(ex % kImageSide).arg(px[std::size_t(ex)])
               .arg(sub("x", QString::number(ex + 1)), num(t.input[ex])));
    h += p(tr("%1 of the 784 inputs are not 0; hover the images for every value.").arg(m.nonZeroInputs()));
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
    page.html = h;

    GridSpec bytes;
    bytes.values.resize(kInputs);
    for (int i = 0; i < kInputs; ++i)
        bytes.values[i] = float(px[std::size_t(i)]);
    bytes.rows = bytes.cols = kImageSide;
    bytes.scale = ValueGrid::Scale::Grey;
    bytes.caption = tr("the image, bytes 0-255");
    bytes.valueName = tr("byte");
    bytes.cellSize = 7;
    GridSpec x;
    x.values = toVector(t.input);
    x.rows = x.cols = kImageSide;
    x.scale = standard ? ValueGrid::Scale::Diverging : ValueGrid::Scale::Grey;
    x.caption = tr("x as fed to the network");
    x.valueName = QStringLiteral("x");
    x.cellSize = 7;
    page.grids = {bytes, x};
    return page;
}

StagePage weightedSums(const StepModel &m)
{
    const TraceF &t = m.before();
    const int j = m.hiddenNeuron();
    const QString J = QString::number(j + 1);
    constexpr int kTop = 8;
    StagePage page;
    QString h = p(tr("Each hidden neuron j = 1 &hellip; 128 sums its 784 weighted inputs and adds its bias:<br>"
                     "<b>%1 = &Sigma;<sub>i</sub> %2 %3 + %4</b>")
                      .arg(sub("z", "j"), sub("w", "j,i"), sub("x", "i"), sub("b", "j")));
    h += p(tr("Hidden neuron <b>%1</b> (click another in the grid or the diagram): its %2 largest terms "
              "%3 %4:").arg(J).arg(kTop).arg(sub("w", J + QStringLiteral(",i")), sub("x", "i")));
    QVector<QStringList> rows;
    for (const StepModel::Term &term : m.topTerms(kTop))
        rows.push_back({QString::number(term.input + 1),
                        QStringLiteral("(%1, %2)").arg(term.input / kImageSide).arg(term.input % kImageSide),
                        num(term.weight), QStringLiteral("&times;"), num(term.x), QStringLiteral("="), num(term.product)});
    h += table({tr("input i"), tr("pixel"), sub("w", J + QStringLiteral(",i")), QString(), sub("x", "i"), QString(),
                tr("term")},
               rows);
    const int zeros = kInputs - m.nonZeroInputs();
    h += p(tr("+ the other %1 terms (%2 of them are 0 because x = 0): %3")
               .arg(kInputs - kTop).arg(zeros).arg(num(m.restOfTerms(kTop))));
    h += p(tr("= &Sigma; of all 784 terms %1, + bias %2 = %3 &rArr; <b>%4 = %5</b>")
               .arg(num(m.allTerms()), sub("b", J), op(m.params()->b1[j]), sub("z", J), num(t.z1[j])));
    page.html = h;
    const GridSpec w = weightImage(rowOf(m.params()->W1, j), QStringLiteral("w"),
                                   tr("the 784 weights of hidden neuron %1 (blue < 0 < red)").arg(J), -1);
    page.grids = {hiddenGrid(m, toVector(t.z1), QStringLiteral("z"), tr("z of all 128 hidden neurons")), w};
    return page;
}

StagePage relu(const StepModel &m)
{
    const TraceF &t = m.before();
    const int j = m.hiddenNeuron();
    const QString J = QString::number(j + 1);
    StagePage page;
    QString h = p(tr("<b>%1 = max(0, %2)</b>: positive sums pass unchanged, the others become 0.")
                      .arg(sub("a", "j"), sub("z", "j")));
    h += p(tr("Hidden neuron %1: %2 = max(0, %3) = <b>%4</b>")
               .arg(J, sub("a", J), num(t.z1[j]), num(t.a1[j])));
    QStringList zeroed;
    for (int i = 0; i < kHidden; ++i)
        if (t.z1[i] <= 0)
            zeroed << QString::number(i + 1);
    h += p(tr("<b>%1 of 128</b> neurons have z &le; 0 and output 0 (crossed out): %2.")
               .arg(m.zeroedHidden()).arg(zeroed.size() > 24 ? zeroed.mid(0, 24).join(QStringLiteral(", ")) + QStringLiteral(", &hellip;")
                                                             : zeroed.join(QStringLiteral(", "))));
    h += note(tr("For them ReLU'(z) = 0, so in stage 8 no gradient flows back through them."));
    page.html = h;
    GridSpec a = hiddenGrid(m, toVector(t.a1), QStringLiteral("a"), tr("a = ReLU(z) of all 128 (crossed: 0)"));
    for (int i = 0; i < kHidden; ++i)
        if (t.z1[i] <= 0)
            a.marked.insert(i);
    page.grids = {a};
    return page;
}

StagePage logits(const StepModel &m)
{
    const TraceF &t = m.before();
    StagePage page;
    QString h = p(tr("Each output neuron k = 1 &hellip; 10 sums the 128 hidden outputs:<br><b>%1 = &Sigma;<sub>j</sub> %2 %3 + %4</b>")
                      .arg(sub("z", "k"), sub("w", "k,j"), sub("a", "j"), sub("b", "k")));
    QVector<QStringList> rows;
    for (int k = 0; k < kOutputs; ++k)
        rows.push_back({QString::number(k + 1), QString::number(k), num(m.outputWeightedSum(k)), QStringLiteral("+"),
                        op(m.params()->b2[k]), QStringLiteral("="), num(t.logits[k])});
    h += table({tr("neuron k"), tr("class"), QStringLiteral("&Sigma;<sub>j</sub> %1 %2").arg(sub("w", "k,j"), sub("a", "j")),
                QString(), sub("b", "k"), QString(), sub("z", "k")},
               rows, m.outputNeuron());
    h += note(tr("These raw scores are the logits; SoftMax turns them into probabilities next."));
    page.html = h;
    return page;
}

StagePage softmax(const StepModel &m)
{
    const TraceF &t = m.before();
    StagePage page;
    QString h = softmaxTable(t.logits, t.exp, t.probabilities, t.label, t.predicted);
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

StagePage crossEntropy(const StepModel &m)
{
    const TraceF &t = m.before();
    const QString T = QString::number(t.label + 1);
    StagePage page;
    QString h = p(tr("The loss is the cross-entropy of the probability given to the true class:<br>"
                     "<b>L = &minus;ln %1</b> (neuron %2, class %3)").arg(sub("p", "target")).arg(T).arg(t.label));
    h += p(tr("L = &minus;ln %1 = <b>%2</b>").arg(num(t.probabilities[t.label]), num(t.loss)));
    h += p(tr("Base 10: &minus;log<sub>10</sub> %1 = <b>%2</b>").arg(num(t.probabilities[t.label]), num(m.lossBase10())));
    h += note(tr("The source quotes a base-10 figure; training uses the natural log: the two differ by the factor ln 10 = 2.303."));
    h += note(tr("p = 1 would give L = 0; the smaller the target's probability, the larger the loss."));
    page.html = h;
    return page;
}

} // namespace

StagePage stagePage(const StepModel &m, int stage)
{
    if (m.showsOtherNetwork())
        return networkStagePage(m, stage);
    const QStringList names = stageNames();
    stage = std::clamp(stage, 1, 10);
    StagePage page;
    if (!m.hasTrace()) {
        page.title = QStringLiteral("%1. %2").arg(stage).arg(names[stage - 1]);
        page.html = p(tr("No sample or model yet: load a data set, then choose an image above."));
        return page;
    }
    if (m.hasBatch()) {
        page = batchStagePage(m, stage);
        page.title = batchTitle(m, stage, names[stage - 1]);
        return page;
    }
    switch (stage) {
    case 1: page = input(m); break;
    case 2: page = weightedSums(m); break;
    case 3: page = relu(m); break;
    case 4: page = logits(m); break;
    case 5: page = softmax(m); break;
    case 6: page = crossEntropy(m); break;
    default: page = backwardStagePage(m, stage); break;
    }
    page.title = QStringLiteral("%1. %2").arg(stage).arg(names[stage - 1]);
    return page;
}

} // namespace bplab
