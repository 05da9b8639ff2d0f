#include "stepmodel.h"

#include "stagepages.h"

#include "lesson/lessonanswer.h"
#include "nn/network.h" // scaleInput
#include "nn/networkeval.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bplab {

StepModel::StepModel(QObject *parent) : QObject(parent) {}

void StepModel::setNetwork(const Architecture &arch, std::shared_ptr<const MlpParamsF> params,
                           const QString &description)
{
    if (!params || !params->hasShape(arch))
        return;
    if (params == m_network && arch == m_arch && description == m_modelDescription)
        return;
    m_network = std::move(params);
    m_arch = arch;
    m_modelDescription = description;
    recompute();
}

int StepModel::stageCount() const { return int(stagesOf(m_arch).size()); }

int StepModel::hiddenLimit() const
{
    // The widest layer before the output layer: a dense layer's neurons, a convolution's values.
    int widest = 0;
    if (const auto shapes = layerShapes(m_arch.body()); shapes.ok())
        for (const FeatureShape &s : shapes.value())
            widest = std::max(widest, s.size());
    return widest;
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
                         const QString &source, const QStringList &names)
{
    m_batchNames = names.size() == qsizetype(labels.size()) ? names : QStringList();
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
    if (!hasModel()) // asked for before any weights: kept for the network they come with
        m_pendingStage = stage;
    stage = std::clamp(stage, kFirstStage, stageCount());
    if (stage == m_stage)
        return;
    m_stage = stage;
    emit stateChanged();
}

void StepModel::setHiddenNeuron(int j)
{
    j = std::clamp(j, 0, std::max(0, hiddenLimit() - 1));
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
    // A network of another shape has fewer or more stages and neurons: what is selected stays in range.
    const int stage = std::clamp(m_pendingStage > 0 && hasModel() ? m_pendingStage : m_stage, kFirstStage, stageCount());
    if (hasModel())
        m_pendingStage = 0;
    const int hidden = std::clamp(m_hidden, 0, std::max(0, hiddenLimit() - 1));
    const bool moved = stage != m_stage || hidden != m_hidden;
    m_stage = stage;
    m_hidden = hidden;
    m_trace.reset();
    m_afterTrace.reset();
    m_adjustments.reset();
    m_after.reset();
    m_batch.reset();
    if (!hasModel() || m_label < 0) {
        emit traceChanged();
        if (moved)
            emit stateChanged();
        return;
    }
    // The one place the numbers are made: the core's own step (the same as `explain`).
    const Vec<float> x = scaleInput<float>(m_pixels.data(), m_normalize);
    // One image: explainSample's forward and backward pass, its step and the loss after it; the
    // weights after the step by the core's rule and the image's pass with them.
    auto trace = std::make_shared<MlpTraceF>(explainSample(m_arch, *m_network, x, m_label, m_lr));
    const MlpParamsF gradients = gradientsOf(m_arch, *trace);
    m_adjustments = std::make_shared<const MlpParamsF>(adjustmentsOf(gradients, m_lr));
    auto after = std::make_shared<MlpParamsF>(*m_network);
    sgdUpdate(gradients, m_lr, *after);
    m_afterTrace = std::make_shared<const MlpTraceF>(traceSample<float>(m_arch, *after, x, m_label));
    m_after = std::move(after);
    m_trace = std::move(trace);
    if (!m_batchLabels.empty() && denseLayers())
        m_batch = std::make_shared<const BatchStep>(
                computeBatchStep(m_arch, *m_network, m_batchPixels, m_batchLabels, m_normalize, m_lr));
    emit traceChanged();
    if (moved)
        emit stateChanged();
}

void StepModel::addTo(AnswerSources &sources) const
{
    if (hasTrace())
        sources.trace = &trace();
}

QString StepModel::shownSampleSource() const
{
    return hasBatch() && m_batchSample < m_batchNames.size() ? m_batchNames[m_batchSample] : m_source;
}

const MlpTraceF &StepModel::trace() const
{
    return hasBatch() ? m_batch->before[std::size_t(m_batchSample)] : *m_trace;
}

const MlpTraceF &StepModel::after() const
{
    return hasBatch() ? m_batch->afterTraces[std::size_t(m_batchSample)] : *m_afterTrace;
}

const std::uint8_t *StepModel::shownPixels() const
{
    return hasBatch() ? batchPixels(m_batchSample) : m_pixels.data();
}

const MlpParamsF &StepModel::adjustments() const { return hasBatch() ? m_batch->adjustments : *m_adjustments; }

const MlpParamsF &StepModel::afterWeights() const { return hasBatch() ? m_batch->after : *m_after; }

const Vec<float> &StepModel::layerInput(int l) const
{
    return weightLayerInput(trace(), l);
}

QVector<StepModel::Term> StepModel::topTerms(int l, int j, int count) const
{
    QVector<Term> terms;
    if (!hasTrace())
        return terms;
    const RowMat<float> &W = m_network->layers[std::size_t(l)].W;
    const Vec<float> &x = layerInput(l);
    const int n = int(x.size());
    terms.reserve(n);
    for (int i = 0; i < n; ++i) {
        // term_i = w_ji * in_i
        const float w = W(j, i);
        terms.push_back({i, w, x[i], w * x[i]});
    }
    count = std::clamp(count, 0, n);
    std::partial_sort(terms.begin(), terms.begin() + count, terms.end(), [](const Term &a, const Term &b) {
        const float fa = std::abs(a.product), fb = std::abs(b.product);
        return fa != fb ? fa > fb : a.input < b.input;
    });
    terms.resize(count);
    return terms;
}

double StepModel::allTerms(int l, int j) const
{
    if (!hasTrace())
        return 0;
    const RowMat<float> &W = m_network->layers[std::size_t(l)].W;
    const Vec<float> &x = layerInput(l);
    double sum = 0;
    for (int i = 0; i < x.size(); ++i)
        sum += double(W(j, i)) * double(x[i]);
    return sum;
}

double StepModel::restOfTerms(int l, int j, int count) const
{
    double top = 0;
    for (const Term &t : topTerms(l, j, count))
        top += double(t.weight) * double(t.x);
    return allTerms(l, j) - top;
}

int StepModel::zeroInputs(int l) const
{
    return hasTrace() ? int((layerInput(l).array() == 0.0f).count()) : 0;
}

QVector<float> StepModel::backTerms(int l, int j) const
{
    QVector<float> terms;
    if (!hasTrace())
        return terms;
    const MlpTraceF &t = trace();
    const bool last = l + 1 == int(t.hidden.size());
    const Vec<float> &deltaNext = last ? t.deltaOut : t.hidden[std::size_t(l + 1)].delta;
    const RowMat<float> &W = m_network->layers[std::size_t(l + 1)].W;
    for (int k = 0; k < deltaNext.size(); ++k)
        terms.push_back(W(k, j) * deltaNext[k]); // w_kj * delta_k
    return terms;
}

double StepModel::lossBase10() const
{
    // log10 p = ln p / ln 10
    return hasTrace() ? double(trace().loss) / std::log(10.0) : 0.0;
}

namespace {
/** First image from `from` on (wrapping) whose argmax of `probabilities` is not its label. */
template<class Probabilities>
int firstWrong(const Dataset &data, int from, const Probabilities &probabilities)
{
    const int n = int(data.size());
    if (n == 0)
        return -1;
    from = std::clamp(from, 0, n - 1);
    for (int step = 0; step < n; ++step) {
        const int i = (from + step) % n;
        const auto p = probabilities(data.image(std::size_t(i)));
        const int predicted = int(std::max_element(p.begin(), p.end()) - p.begin());
        if (predicted != data.label(std::size_t(i)))
            return i;
    }
    return -1;
}
} // namespace

int StepModel::findMisclassified(const Dataset &data, int from) const
{
    if (!m_network)
        return -1;
    return firstWrong(data, from, [&](const std::uint8_t *pixels) {
        return networkProbabilities(m_arch, *m_network, pixels, m_normalize);
    });
}

} // namespace bplab
