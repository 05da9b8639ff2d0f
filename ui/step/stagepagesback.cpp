// The backward pass and the step, from the core's MlpTrace: the output gradients, each hidden
// layer's gradients with the terms of its backward sum, the adjustments with two weights worked
// through, and the update with the selected neurons' weights before and after.

#include "stagepagesback.h"

#include "stagehtml.h"
#include "stagepagesbatch.h"
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

constexpr int kBackTerms = 10; // terms of a backward sum written out (all ten outputs)

QString activationName(Activation f) { return QString::fromStdString(displayName(f)); }

QVector<float> values(const Vec<float> &v) { return QVector<float>(v.data(), v.data() + v.size()); }

double meanAbs(const Eigen::Ref<const Mat<float>> &m)
{
    return m.size() ? double(m.cwiseAbs().cast<double>().sum()) / double(m.size()) : 0.0;
}

StagePage outputGradientsPage(const StepModel &m)
{
    const MlpTraceF &t = m.trace();
    StagePage page;
    const QString delta = ofLayer("&delta;", int(m.arch().hidden.size()) + 1, "k"); // the output layer's
    QString h = p(tr("The backward pass starts at the outputs: <b>%1 = %2 &minus; %3</b> (probability minus target).")
                      .arg(delta, sub("p", "k"), sub("y", "k")));
    QVector<QStringList> rows;
    for (int k = 0; k < kOutputs; ++k)
        rows.push_back({QString::number(k + 1), QString::number(k), num(t.probabilities[k]), QStringLiteral("&minus;"),
                        num(t.target[k]), QStringLiteral("="), num(t.deltaOut[k])});
    h += table({tr("neuron k"), tr("class"), sub("p", "k"), QString(), sub("y", "k"), QString(), delta}, rows, t.label);
    h += note(tr("Only the target neuron (%1) gets a negative &delta;: its probability should rise, the others' fall. "
                 "The loss value itself is not needed here.").arg(t.label + 1));
    page.html = h;
    GridSpec g = layerGrid(values(t.deltaOut), QStringLiteral("delta"), tr("output neuron %1"), tr("delta of the 10 outputs"),
                           m.outputNeuron());
    g.selectsOutput = true;
    page.grids = {g};
    return page;
}

StagePage hiddenGradientsPage(const StepModel &m, int l)
{
    const MlpTraceF &t = m.trace();
    const HiddenTrace<float> &ht = t.hidden[std::size_t(l)];
    const Activation f = m.arch().activation;
    const int n = l + 1, next = n + 1, j = neuronIn(m, l);
    const QString J = QString::number(j + 1);
    const bool lastHidden = l + 1 == int(m.arch().hidden.size());
    const Vec<float> &deltaNext = lastHidden ? t.deltaOut : t.hidden[std::size_t(l + 1)].delta;
    const RowMat<float> &wNext = m.network()->layers[std::size_t(l + 1)].W;
    const QVector<float> terms = m.backTerms(l, j); // w_kj delta_k
    double back = 0;
    for (float term : terms)
        back += double(term);
    const float slope = derivativeAt(f, ht.z[j], ht.a[j]);
    StagePage page;
    QString h = p(tr("The error flows back through the weights of layer %1, times the slope of the %2:<br>"
                     "<b>%3 = (&Sigma;<sub>k</sub> %4 %5) &middot; f'(%6)</b>, with %7")
                      .arg(next).arg(activationName(f))
                      .arg(ofLayer("&delta;", n, "j"), ofLayer("w", next, "k,j"), ofLayer("&delta;", next, "k"),
                           ofLayer("z", n, "j"), derivativeFormula(f)));
    // The terms of neuron j's backward sum, the largest first when the next layer is wider than ten.
    std::vector<int> order(std::size_t(terms.size()));
    std::iota(order.begin(), order.end(), 0);
    const int shown = std::min(int(order.size()), kBackTerms);
    if (int(order.size()) > kBackTerms)
        std::partial_sort(order.begin(), order.begin() + shown, order.end(),
                          [&](int a, int b) { return std::abs(terms[a]) > std::abs(terms[b]); });
    h += p(tr("Hidden neuron <b>%1</b>:").arg(J));
    QVector<QStringList> rows;
    double shownSum = 0;
    for (int r = 0; r < shown; ++r) {
        const int k = order[std::size_t(r)];
        shownSum += double(terms[k]);
        rows.push_back({QString::number(k + 1), num(wNext(k, j)), QStringLiteral("&times;"), num(deltaNext[k]),
                        QStringLiteral("="), num(terms[k])});
    }
    h += table({tr("neuron k"), ofLayer("w", next, QStringLiteral("k,") + J), QString(), ofLayer("&delta;", next, "k"),
                QString(), tr("term")},
               rows);
    if (shown < terms.size())
        h += p(tr("+ the other %1 terms: %2").arg(terms.size() - shown).arg(num(back - shownSum)));
    h += p(tr("Neuron %1: &Sigma;<sub>k</sub> %2 %3 over the %4 neurons of layer %5 = %6; f'(%7) = %8 &rArr; <b>%9 = %10</b>")
               .arg(J, ofLayer("w", next, "k," + J), ofLayer("&delta;", next, "k")).arg(deltaNext.size()).arg(next)
               .arg(num(back), num(ht.z[j]), num(slope), ofLayer("&delta;", n, J), num(ht.delta[j])));
    if (f == Activation::ReLU && ht.z[j] <= 0)
        h += note(tr("This neuron output 0 in the forward pass, so its gradient is 0 whatever the sum."));
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

/** One image's adjustments of two weights spelled out: from the selected (last) hidden neuron to
 *  the selected output, and the first layer's of the selected neuron from the input it moves
 *  most, each with its bias. */
QString workedAdjustments(const StepModel &m, int firstInput)
{
    const MlpTraceF &t = m.trace();
    const MlpParamsF &adj = m.adjustments();
    const int L = int(m.arch().hidden.size());
    const int k = m.outputNeuron();
    const QString K = QString::number(k + 1), lr = num(m.learningRate());
    const Vec<float> &in = m.layerInput(L);
    const RowMat<float> &outAdj = adj.layers[std::size_t(L)].W;
    QString h;
    if (L > 0) {
        const int j = neuronIn(m, L - 1);
        const QString J = QString::number(j + 1);
        h += p(tr("<b>Output neuron %1</b> (click one in the diagram), %2 = %3, over its %4 inputs %5:")
                       .arg(K, ofLayer("&delta;", L + 1, K), num(t.deltaOut[k])).arg(in.size()).arg(ofLayer("a", L, "j")));
        h += p(tr("from hidden neuron %1: %2 = &minus;%3 &middot; %4 &middot; %5 = <b>%6</b>")
                       .arg(J, ofLayer("&Delta;w", L + 1, K + QStringLiteral(",") + J), lr, op(t.deltaOut[k]), op(in[j]),
                            num(outAdj(k, j))));
        h += p(tr("bias: %1 = &minus;%2 &middot; %3 &middot; 1 = <b>%4</b>")
                       .arg(ofLayer("&Delta;b", L + 1, K), lr, op(t.deltaOut[k]), num(adj.layers[std::size_t(L)].b[k])));
    }
    // The first layer: the selected neuron's weight on the pixel it moves most.
    const int j = L > 0 ? neuronIn(m, 0) : k;
    const float delta = L > 0 ? t.hidden.front().delta[j] : t.deltaOut[k];
    const QString J = QString::number(j + 1), I = QString::number(firstInput + 1);
    if (L > 0)
        h += p(tr("<b>Hidden neuron %1</b>, %2 = %3, over its 784 inputs %4; the largest, input %5 (pixel %6, %7):")
                       .arg(J, ofLayer("&delta;", 1, J), num(delta), sub("x", "i"), I)
                       .arg(firstInput / kImageSide).arg(firstInput % kImageSide));
    else // no hidden layer: the output neuron's weights are on the pixels
        h += p(tr("<b>Output neuron %1</b> (click one in the diagram), %2 = %3, over its %4 inputs %5:")
                       .arg(K, ofLayer("&delta;", 1, K), num(delta)).arg(kInputs).arg(sub("x", "i")));
    h += p(tr("%1 = &minus;%2 &middot; %3 &middot; %4 = <b>%5</b>")
                   .arg(ofLayer("&Delta;w", 1, J + QStringLiteral(",") + I), lr, op(delta), op(t.input[firstInput]),
                        num(adj.layers.front().W(j, firstInput))));
    h += p(tr("bias: %1 = &minus;%2 &middot; %3 &middot; 1 = <b>%4</b>")
                   .arg(ofLayer("&Delta;b", 1, J), lr, op(delta), num(adj.layers.front().b[j])));
    if (delta == 0 && L > 0 && m.arch().activation == Activation::ReLU)
        h += note(tr("&delta; = 0 (ReLU' = 0): none of this neuron's 784 weights changes."));
    return h;
}

StagePage adjustmentsPage(const StepModel &m)
{
    const MlpTraceF &t = m.trace();
    const MlpParamsF &adj = m.adjustments();
    const int L = int(m.arch().hidden.size());
    StagePage page;
    QString h = m.hasBatch()
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
    // The first layer's adjustments of one neuron, as the 28 x 28 picture of its input weights.
    const int j = L == 0 ? m.outputNeuron() : neuronIn(m, 0);
    const RowMat<float> &d0 = adj.layers.front().W;
    const int i = largestInRow(d0, j);
    if (!m.hasBatch()) // the batch's pages work their own two weights through
        h += workedAdjustments(m, i);
    if (L > 1)
        h += note(tr("Compare the layers: with the sigmoid or tanh the first layer's adjustments are often far smaller "
                     "than the last one's."));
    page.html = h;
    GridSpec picture = weightImage(rowOf(d0, j), QStringLiteral("delta w"),
                                   tr("\u0394w of the 784 input weights of neuron %1 of layer 1").arg(j + 1), i);
    page.grids = {picture};
    if (L > 0 && !m.hasBatch()) {
        // The selected output's adjustments from the last hidden layer, one cell per hidden neuron.
        const int k = m.outputNeuron();
        GridSpec out = layerGrid(rowOf(adj.layers[std::size_t(L)].W, k), QStringLiteral("Δw"), tr("hidden neuron %1"),
                                 tr("Δw of output neuron %1's %2 weights").arg(k + 1).arg(m.arch().hidden.back()),
                                 neuronIn(m, L - 1));
        out.selectsHidden = L == 1;
        page.grids.push_front(out);
    }
    return page;
}

/** "w_new = w_old + delta w" for the selected neurons, last layer first: each layer's weight from
 *  the selected neuron before it (the first layer's from the input it moves most) and its bias. */
QString updateTable(const StepModel &m)
{
    const MlpParamsF &w = *m.network(), &adj = m.adjustments(), &after = m.afterWeights();
    const int L = int(m.arch().hidden.size());
    QVector<QStringList> rows;
    const auto row = [](const QString &name, float before, float d, float now) {
        return QStringList{name, num(before), QStringLiteral("+"), op(d), QStringLiteral("="), num(now)};
    };
    for (int l = L; l >= 0; --l) {
        const int r = l == L ? m.outputNeuron() : neuronIn(m, l);
        const int c = l == 0 ? largestInRow(adj.layers.front().W, r) : neuronIn(m, l - 1);
        const std::size_t s = std::size_t(l);
        const QString suffix = l == L ? tr(" (output)") : tr(" (hidden)");
        const QString index = QStringLiteral("%1,%2").arg(r + 1).arg(c + 1);
        rows.push_back(row(ofLayer("w", l + 1, index), w.layers[s].W(r, c), adj.layers[s].W(r, c), after.layers[s].W(r, c)));
        rows.push_back(row(ofLayer("b", l + 1, QString::number(r + 1)) + suffix, w.layers[s].b[r], adj.layers[s].b[r],
                           after.layers[s].b[r]));
    }
    return table({tr("weight"), sub("w", "old"), QString(), QStringLiteral("&Delta;w"), QString(), sub("w", "new")}, rows);
}

StagePage updatePage(const StepModel &m)
{
    const MlpTraceF &t = m.trace();
    const MlpTraceF &a = m.after();
    const int L = int(m.arch().hidden.size());
    StagePage page;
    QString h = p(tr("<b>%1 = %2 + &Delta;w</b> for every weight and bias; then %3 again:")
                      .arg(sub("w", "new"), sub("w", "old"),
                           m.hasBatch() ? tr("the same %1 images").arg(m.batchSize()) : tr("the same image")));
    h += updateTable(m);
    const float pBefore = t.probabilities[t.label];
    const float pAfter = a.probabilities[t.label];
    if (m.hasBatch()) {
        // The batch's step: its mean loss, and this sample's, with the new weights.
        const BatchStep &b = m.batch();
        const int s = m.batchSample();
        int lower = 0;
        std::vector<float> change;
        for (const MlpTraceF &x : b.before) {
            change.push_back(x.lossAfter - x.loss);
            lower += x.lossAfter < x.loss;
        }
        h += p(tr("Mean loss of the batch: <b>%1 &rarr; %2</b>. Sample %3: %4 &rarr; %5; the target's probability "
                  "%6 &rarr; %7.")
                       .arg(num(b.meanLoss), num(b.meanLossAfter)).arg(s + 1)
                       .arg(num(t.loss), num(t.lossAfter), num(pBefore), num(pAfter)));
        h += p(tr("%1 of the %2 losses went down.").arg(lower).arg(b.size));
        h += note(b.meanLossAfter < b.meanLoss ? tr("One small step downhill for the batch: its mean loss fell.")
                                               : tr("The batch's mean loss did not fall: the step was too large."));
        page.html = h;
        page.grids = {perSampleGrid(change, s, tr("loss change"),
                                    tr("each sample's loss after minus before, 16 to a row"))};
        return page;
    }
    const bool lower = t.lossAfter < t.loss;
    h += p(tr("Then the forward pass again on the same image with the new weights: loss L = &minus;ln %1 before "
              "<b>%2</b>, after <b>%3</b> (%4); predicted class %5 &rarr; %6.")
               .arg(sub("p", "target"), num(t.loss), num(t.lossAfter), lower ? tr("lower") : tr("not lower"))
               .arg(t.predicted).arg(a.predicted));
    QVector<QStringList> probs;
    for (int c = 0; c < kOutputs; ++c)
        probs.push_back({QString::number(c + 1), QString::number(c), num(t.probabilities[c]), num(a.probabilities[c])});
    h += table({tr("neuron"), tr("class"), tr("p before"), tr("p after")}, probs, t.label);
    h += note(lower ? tr("One small step downhill: the loss fell.")
                    : tr("The loss did not fall: the step was too large for this image."));
    page.html = h;
    // The first layer's selected neuron after the step, as the picture of its input weights.
    const int j = L == 0 ? m.outputNeuron() : neuronIn(m, 0);
    const RowMat<float> &w0 = m.afterWeights().layers.front().W;
    page.grids = {weightImage(rowOf(w0, j), tr("w new"), tr("hidden neuron %1's 784 weights after the step").arg(j + 1),
                              largestInRow(m.adjustments().layers.front().W, j))};
    return page;
}

} // namespace

StagePage backwardStagePage(const StepModel &m, const NetworkStage &stage)
{
    switch (stage.kind) {
    case Kind::OutputGradients: return outputGradientsPage(m);
    case Kind::HiddenGradients: return hiddenGradientsPage(m, stage.layer);
    case Kind::Adjustments: return adjustmentsPage(m);
    default: return updatePage(m);
    }
}

} // namespace bplab
