#include "heldterm.h"

#include "stepmodel.h"

#include <algorithm>

namespace bplab {

QVector<float> heldTermValues(const StepModel &m, const StepTermHold &term, QVector<double> &sums)
{
    QVector<float> values;
    if (!m.hasTrace() || m.stage() < firstStageShowing(term, m.arch()))
        return values;
    const MlpTraceF &t = m.trace();
    const int hidden = int(t.hidden.size());
    const int l = std::clamp(term.layer, 0, std::max(0, hidden - 1));
    const int i = term.index;
    const auto inRange = [](const Vec<float> &v, int k) { return k >= 0 && k < int(v.size()); };
    switch (term.quantity) {
    case Quantity::Z1:
        if (hidden > 0 && inRange(t.hidden[std::size_t(l)].z, i)) {
            values << t.hidden[std::size_t(l)].z[i];
            sums << m.allTerms(l, i); // z = that sum + b
        }
        break;
    case Quantity::A1:
        if (hidden > 0 && inRange(t.hidden[std::size_t(l)].a, i))
            values << t.hidden[std::size_t(l)].a[i];
        break;
    case Quantity::SignDelta1:
        if (hidden > 0 && inRange(t.hidden[std::size_t(l)].delta, i))
            values << t.hidden[std::size_t(l)].delta[i];
        break;
    case Quantity::Logit:
        if (inRange(t.logits, i)) {
            values << t.logits[i];
            sums << m.allTerms(hidden, i);
        }
        break;
    case Quantity::P:
        if (inRange(t.probabilities, i))
            values << t.probabilities[i];
        break;
    case Quantity::SignDelta2:
        if (inRange(t.deltaOut, i))
            values << t.deltaOut[i];
        break;
    case Quantity::ArgmaxP:
        for (Eigen::Index k = 0; k < t.probabilities.size(); ++k)
            values << t.probabilities[k];
        break;
    case Quantity::Loss:
        values << t.loss;
        sums << double(m.lossBase10()); // the base-10 figure is the loss over ln 10
        break;
    case Quantity::LossAfterLower:
        values << t.lossAfter;
        break;
    default:
        break;
    }
    return values;
}

} // namespace bplab
