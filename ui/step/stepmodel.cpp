#include "stepmodel.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bplab {

StepModel::StepModel(QObject *parent) : QObject(parent) {}

void StepModel::setParams(std::shared_ptr<const ParamsF> params, const QString &description)
{
    if (params == m_params && description == m_modelDescription)
        return;
    m_params = std::move(params);
    m_modelDescription = description;
    recompute();
}

void StepModel::setSample(const std::uint8_t *pixels, int label, const QString &source)
{
    if (!pixels || label < 0 || label >= kOutputs)
        return;
    std::array<std::uint8_t, kInputs> copy{};
    std::copy(pixels, pixels + kInputs, copy.begin());
    if (copy == m_pixels && label == m_label && source == m_source)
        return;
    // a new sample ends the batch around the old one (setBatch starts a new one)
    m_batchPixels.clear();
    m_batchLabels.clear();
    m_batchSource.clear();
    m_pixels = copy;
    m_label = label;
    m_source = source;
    recompute();
}

void StepModel::setBatch(const std::vector<std::uint8_t> &pixels, const std::vector<int> &labels,
                         const QString &source)
{
    const bool valid = labels.size() >= 2 && pixels.size() >= labels.size() * std::size_t(kInputs)
                       && std::all_of(labels.begin(), labels.end(), [](int l) { return l >= 0 && l < kOutputs; });
    if (!valid) {
        if (m_batchLabels.empty())
            return;
        m_batchPixels.clear();
        m_batchLabels.clear();
        m_batchSource.clear();
        m_batchSample = 0;
        recompute();
        return;
    }
    std::vector<std::uint8_t> copy(pixels.begin(), pixels.begin() + std::ptrdiff_t(labels.size() * kInputs));
    if (copy == m_batchPixels && labels == m_batchLabels && source == m_batchSource)
        return;
    m_batchPixels = std::move(copy);
    m_batchLabels = labels;
    m_batchSource = source;
    m_batchSample = std::clamp(m_batchSample, 0, int(labels.size()) - 1);
    // the single-sample trace is that of the batch's first sample
    std::copy(m_batchPixels.begin(), m_batchPixels.begin() + kInputs, m_pixels.begin());
    m_label = labels.front();
    recompute();
}

void StepModel::setBatchSample(int s)
{
    s = std::clamp(s, 0, std::max(0, batchSize() - 1));
    if (s == m_batchSample)
        return;
    m_batchSample = s;
    emit stateChanged();
}

void StepModel::setNormalize(Normalize normalize)
{
    if (normalize == m_normalize)
        return;
    m_normalize = normalize;
    recompute();
}

void StepModel::setLearningRate(float lr)
{
    if (!(lr >= 0) || lr == m_lr)
        return;
    m_lr = lr;
    recompute();
}

void StepModel::setStage(int stage)
{
    stage = std::clamp(stage, kFirstStage, kLastStage);
    if (stage == m_stage)
        return;
    m_stage = stage;
    emit stateChanged();
}

void StepModel::setHiddenNeuron(int j)
{
    j = std::clamp(j, 0, kHidden - 1);
    if (j == m_hidden)
        return;
    m_hidden = j;
    emit stateChanged();
}

void StepModel::setOutputNeuron(int k)
{
    k = std::clamp(k, 0, kOutputs - 1);
    if (k == m_output)
        return;
    m_output = k;
    emit stateChanged();
}

void StepModel::recompute()
{
    if (!m_params || m_label < 0) {
        m_step.reset();
        m_batchStep.reset();
        emit traceChanged();
        return;
    }
    // The one place the numbers are made: the core's own step (the same as `explain`).
    const Vec<float> x = scaleInput<float>(m_pixels.data(), m_normalize);
    m_step = std::make_shared<const StepTrace<float>>(explainStep(*m_params, x, m_label, m_lr));
    m_batchStep.reset();
    if (!m_batchLabels.empty())
        m_batchStep = std::make_shared<const BatchStep>(
            computeBatchStep(*m_params, m_batchPixels, m_batchLabels, m_normalize, m_lr));
    emit traceChanged();
}

const TraceF &StepModel::shownTrace() const
{
    return hasBatch() ? m_batchStep->before[std::size_t(m_batchSample)] : m_step->before;
}

const TraceF &StepModel::shownAfter() const
{
    return hasBatch() ? m_batchStep->afterTraces[std::size_t(m_batchSample)] : m_step->afterTrace;
}

const std::uint8_t *StepModel::shownPixels() const
{
    return hasBatch() ? batchPixels(m_batchSample) : m_pixels.data();
}

const ParamsF &StepModel::shownAdjustments() const
{
    return hasBatch() ? m_batchStep->adjustments : m_step->adjustments;
}

QVector<StepModel::Term> StepModel::topTerms(int count) const
{
    QVector<Term> terms;
    if (!hasTrace())
        return terms;
    const ParamsF &p = *m_params;
    const Vec<float> &x = shownTrace().input;
    terms.reserve(kInputs);
    for (int i = 0; i < kInputs; ++i) {
        // term_i = w_ji * x_i
        const float w = p.W1(m_hidden, i);
        terms.push_back({i, w, x[i], w * x[i]});
    }
    count = std::clamp(count, 0, kInputs);
    std::partial_sort(terms.begin(), terms.begin() + count, terms.end(), [](const Term &a, const Term &b) {
        const float fa = std::abs(a.product), fb = std::abs(b.product);
        return fa != fb ? fa > fb : a.input < b.input;
    });
    terms.resize(count);
    return terms;
}

double StepModel::allTerms() const
{
    if (!hasTrace())
        return 0;
    double sum = 0;
    for (int i = 0; i < kInputs; ++i)
        sum += double(m_params->W1(m_hidden, i)) * double(shownTrace().input[i]);
    return sum;
}

double StepModel::restOfTerms(int count) const
{
    double top = 0;
    for (const Term &t : topTerms(count))
        top += double(t.weight) * double(t.x);
    return allTerms() - top;
}

int StepModel::nonZeroInputs() const
{
    if (!hasTrace())
        return 0;
    return int((shownTrace().input.array() != 0.0f).count());
}

QVector<float> StepModel::backTerms() const
{
    QVector<float> terms;
    if (!hasTrace())
        return terms;
    for (int k = 0; k < kOutputs; ++k)
        terms.push_back(m_params->W2(k, m_hidden) * shownTrace().delta2[k]); // w_kj * delta_k
    return terms;
}

double StepModel::outputWeightedSum(int k) const
{
    if (!hasTrace() || k < 0 || k >= kOutputs)
        return 0;
    double sum = 0;
    for (int j = 0; j < kHidden; ++j)
        sum += double(m_params->W2(k, j)) * double(shownTrace().a1[j]); // sum_j w_kj a_j
    return sum;
}

int StepModel::zeroedHidden() const
{
    if (!hasTrace())
        return 0;
    return int((shownTrace().z1.array() <= 0.0f).count());
}

double StepModel::lossBase10() const
{
    // log10 p = ln p / ln 10
    return hasTrace() ? double(shownTrace().loss) / std::log(10.0) : 0.0;
}

int StepModel::findMisclassified(const ParamsF &params, const Dataset &data, Normalize normalize, int from)
{
    const int n = int(data.size());
    if (n == 0)
        return -1;
    from = std::clamp(from, 0, n - 1);
    for (int step = 0; step < n; ++step) {
        const int i = (from + step) % n;
        const auto p = predictProbabilities(params, data.image(std::size_t(i)), normalize);
        const int predicted = int(std::max_element(p.begin(), p.end()) - p.begin());
        if (predicted != data.label(std::size_t(i)))
            return i;
    }
    return -1;
}

} // namespace bplab
