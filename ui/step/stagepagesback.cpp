#include "stagepagesback.h"

#include "stagehtml.h"
#include "stepmodel.h"

#include <QCoreApplication>

#include <cmath>

namespace bplab {

using namespace html;

namespace {

// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }

StagePage outputGradients(const StepModel &m)
{
    const TraceF &t = m.before();
    StagePage page;
    QString h = p(tr("The backward pass starts at the outputs: <b>%1 = %2 &minus; %3</b> (probability minus target).")
                      .arg(sub("&delta;", "k"), sub("p", "k"), sub("y", "k")));
    QVector<QStringList> rows;
    for (int k = 0; k < kOutputs; ++k)
        rows.push_back({QString::number(k + 1), QString::number(k), num(t.probabilities[k]), QStringLiteral("&minus;"),
                        num(t.target[k]), QStringLiteral("="), num(t.delta2[k])});
    h += table({tr("neuron k"), tr("class"), sub("p", "k"), QString(), sub("y", "k"), QString(), sub("&delta;", "k")}, rows,
               t.label);
    h += note(tr("Only the target neuron (%1) gets a negative &delta;: its probability should rise, the others' fall. "
                 "The loss value itself is not needed here.").arg(t.label + 1));
    page.html = h;
    return page;
}

StagePage hiddenGradients(const StepModel &m)
{
    const TraceF &t = m.before();
    const int j = m.hiddenNeuron();
    const QString J = QString::number(j + 1);
    StagePage page;
    QString h = p(tr("Each hidden neuron collects the output gradients through its 10 outgoing weights:<br>"
                     "<b>%1 = (&Sigma;<sub>k</sub> %2 %3) &middot; ReLU'(%4)</b>, ReLU'(z) = 1 if z &gt; 0, else 0")
                      .arg(sub("&delta;", "j"), sub("w", "k,j"), sub("&delta;", "k"), sub("z", "j")));
    h += p(tr("Hidden neuron <b>%1</b>:").arg(J));
    const QVector<float> terms = m.backTerms();
    QVector<QStringList> rows;
    double sum = 0;
    for (int k = 0; k < kOutputs; ++k) {
        sum += double(terms[k]);
        rows.push_back({QString::number(k + 1), num(m.params()->W2(k, j)), QStringLiteral("&times;"), num(t.delta2[k]),
                        QStringLiteral("="), num(terms[k])});
    }
    h += table({tr("neuron k"), sub("w", QStringLiteral("k,") + J), QString(), sub("&delta;", "k"), QString(), tr("term")}, rows);
    const bool active = t.z1[j] > 0;
    h += p(tr("&Sigma; = %1; %2 = %3 so ReLU' = %4 &rArr; <b>%5 = %6</b>")
               .arg(num(sum), sub("z", J), num(t.z1[j]), active ? QStringLiteral("1") : QStringLiteral("0"),
                    sub("&delta;", J), num(t.delta1[j])));
    if (!active)
        h += note(tr("This neuron output 0 in the forward pass, so its gradient is 0 whatever the sum."));
    h += meanDeltaText(1, double(t.delta1.cwiseAbs().mean()), double(t.delta2.cwiseAbs().mean()));
    page.html = h;
    GridSpec g = hiddenGrid(m, toVector(t.delta1), QStringLiteral("delta"), tr("&delta; of all 128 hidden neurons (crossed: ReLU' = 0)"));
    g.caption = tr("delta of all 128 hidden neurons (crossed: ReLU' = 0)");
    for (int i = 0; i < kHidden; ++i)
        if (t.z1[i] <= 0)
            g.marked.insert(i);
    page.grids = {g};
    return page;
}

StagePage adjustments(const StepModel &m)
{
    const TraceF &t = m.before();
    const StepTrace<float> &s = m.step();
    const int j = m.hiddenNeuron(), k = m.outputNeuron();
    const QString J = QString::number(j + 1), K = QString::number(k + 1);
    const QString lr = num(m.learningRate());
    StagePage page;
    QString h = p(tr("<b>&Delta;w = &minus;lr &middot; &delta; &middot; input</b> (lr = %1): the neuron's gradient times the "
                     "value on that weight; biases have input 1.").arg(lr));
    // Output neuron k: its 128 weights from the hidden layer.
    const QVector<float> outAdj = rowOf(s.adjustments.W2, k);
    h += p(tr("<b>Output neuron %1</b> (click one in the diagram), %2 = %3, over its 128 inputs %4:")
               .arg(K, sub("&delta;", K), num(t.delta2[k]), sub("a", "j")));
    h += p(tr("from hidden neuron %1: %2 = &minus;%3 &middot; %4 &middot; %5 = <b>%6</b>")
               .arg(J, sub("&Delta;w", K + QStringLiteral(",") + J), lr, op(t.delta2[k]), op(t.a1[j]),
                    num(s.adjustments.W2(k, j))));
    h += p(tr("bias: %1 = &minus;%2 &middot; %3 &middot; 1 = <b>%4</b>").arg(sub("&Delta;b", K), lr, op(t.delta2[k]),
                                                                        num(s.adjustments.b2[k])));
    // Hidden neuron j: its 784 weights from the pixels.
    const QVector<float> hidAdj = rowOf(s.adjustments.W1, j);
    const int i = largestInRow(s.adjustments.W1, j);
    const QString I = QString::number(i + 1);
    h += p(tr("<b>Hidden neuron %1</b>, %2 = %3, over its 784 inputs %4; the largest, input %5 (pixel %6, %7):")
               .arg(J, sub("&delta;", J), num(t.delta1[j]), sub("x", "i"), I).arg(i / kImageSide).arg(i % kImageSide));
    h += p(tr("%1 = &minus;%2 &middot; %3 &middot; %4 = <b>%5</b>")
               .arg(sub("&Delta;w", J + QStringLiteral(",") + I), lr, op(t.delta1[j]), op(t.input[i]), num(hidAdj[i])));
    h += p(tr("bias: %1 = &minus;%2 &middot; %3 &middot; 1 = <b>%4</b>").arg(sub("&Delta;b", J), lr, op(t.delta1[j]),
                                                                        num(s.adjustments.b1[j])));
    if (t.delta1[j] == 0)
        h += note(tr("&delta; = 0 (ReLU' = 0): none of this neuron's 784 weights changes."));
    page.html = h;

    GridSpec out = hiddenGrid(m, outAdj, QStringLiteral("Δw"), tr("Δw of output neuron %1's 128 weights").arg(K));
    page.grids = {out, weightImage(hidAdj, QStringLiteral("Δw"), tr("Δw of hidden neuron %1's 784 weights").arg(J), i)};
    return page;
}

StagePage update(const StepModel &m)
{
    const TraceF &t = m.before();
    const TraceF &a = m.after();
    const StepTrace<float> &s = m.step();
    const ParamsF &w = *m.params();
    const int j = m.hiddenNeuron(), k = m.outputNeuron();
    const QString J = QString::number(j + 1);
    const int i = largestInRow(s.adjustments.W1, j);
    StagePage page;
    QString h = p(tr("<b>%1 = %2 + &Delta;w</b> for every weight and bias at once:").arg(sub("w", "new"), sub("w", "old")));
    h += updateTable(w, s.adjustments, s.after, k, j, i);
    const bool lower = a.loss < t.loss;
    h += p(tr("Then the forward pass again on the same image with the new weights: loss L = &minus;ln %1 before "
              "<b>%2</b>, after <b>%3</b> (%4); predicted class %5 &rarr; %6.")
               .arg(sub("p", "target"), num(t.loss), num(a.loss), lower ? tr("lower") : tr("not lower"))
               .arg(t.predicted).arg(a.predicted));
    QVector<QStringList> probs;
    for (int c = 0; c < kOutputs; ++c)
        probs.push_back({QString::number(c + 1), QString::number(c), num(t.probabilities[c]), num(a.probabilities[c])});
    h += table({tr("neuron"), tr("class"), tr("p before"), tr("p after")}, probs, t.label);
    if (!lower)
        h += note(tr("With a large learning rate one step can overshoot; try a smaller one."));
    page.html = h;
    page.grids = {weightImage(rowOf(s.after.W1, j), tr("w new"),
                              tr("hidden neuron %1's 784 weights after the step").arg(J), i)};
    return page;
}

} // namespace

StagePage backwardStagePage(const StepModel &m, int stage)
{
    switch (stage) {
    case 7: return outputGradients(m);
    case 8: return hiddenGradients(m);
    case 9: return adjustments(m);
    default: return update(m);
    }
}

} // namespace bplab
