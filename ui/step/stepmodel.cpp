#include "stepmodel.h"

#include "lesson/lessonanswer.h"
#include "train/networktrainer.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bplab {

StepModel::StepModel(QObject *parent) : QObject(parent) {}

void StepModel::setParams(std::shared_ptr<const ParamsF> params, const QString &description)
{
    if (params == m_params && description == m_modelDescription && !m_network)
        return;
    m_params = std::move(params);
    m_network.reset();
    m_arch = Architecture::source();
    m_modelDescription = description;
    recompute();
}

void StepModel::setNetwork(const Architecture &arch, std::shared_ptr<const MlpParamsF> params,
                           const QString &description)
{
    if (!params || !params->hasShape(arch))
        return;
    if (arch == Architecture::source()) {
        setParams(std::make_shared<const ParamsF>(toSourceParams(*params)), description);
        return;
    }
    if (params == m_network && arch == m_arch && description == m_modelDescription)
        return;
    m_network = std::move(params);
    m_params.reset();
    m_arch = arch;
    m_modelDescription = description;
    recompute();
}

int StepModel::stageCount() const
{
    return m_network ? 7 + 3 * int(m_arch.hidden.size()) : kLastStage;
}

int StepModel::hiddenLimit() const
{
    int widest = 0;
    for (int w : m_arch.hidden)
        widest = std::max(widest, w);
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
    // Another network has fewer or more stages and neurons: what is selected stays in range.
    const int stage = std::clamp(m_pendingStage > 0 && hasModel() ? m_pendingStage : m_stage, kFirstStage, stageCount());
    if (hasModel())
        m_pendingStage = 0;
    const int hidden = std::clamp(m_hidden, 0, std::max(0, hiddenLimit() - 1));
    const bool moved = stage != m_stage || hidden != m_hidden;
    m_stage = stage;
    m_hidden = hidden;
    m_step.reset();
    m_batchStep.reset();
    m_networkTrace.reset();
    m_networkAdjustments.reset();
    m_networkBatch.reset();
    if (!hasModel() || m_label < 0) {
        emit traceChanged();
        if (moved)
            emit stateChanged();
        return;
    }
    // The one place the numbers are made: the core's own step (the same as `explain`).
    const Vec<float> x = scaleInput<float>(m_pixels.data(), m_normalize);
    if (m_network) {
        // One image: explainSample's forward and backward pass, its step and the loss after it.
        auto trace = std::make_shared<MlpTraceF>(explainSample(m_arch, *m_network, x, m_label, m_lr));
        m_networkAdjustments = std::make_shared<const MlpParamsF>(adjustmentsOf(gradientsOf(m_arch, *trace), m_lr));
        m_networkTrace = std::move(trace);
        if (!m_batchLabels.empty())
            m_networkBatch = std::make_shared<const NetworkBatchStep>(
                    computeNetworkBatchStep(m_arch, *m_network, m_batchPixels, m_batchLabels, m_normalize, m_lr));
        emit traceChanged();
        if (moved)
            emit stateChanged();
        return;
    }
    m_step = std::make_shared<const StepTrace<float>>(explainStep(*m_params, x, m_label, m_lr));
    if (!m_batchLabels.empty())
        m_batchStep = std::make_shared<const BatchStep>(
            computeBatchStep(*m_params, m_batchPixels, m_batchLabels, m_normalize, m_lr));
    emit traceChanged();
    if (moved)
        emit stateChanged();
}

void StepModel::addTo(AnswerSources &sources) const
{
    if (hasTrace())
        sources.step = m_step.get();
    if (hasNetworkTrace())
        sources.networkStep = &networkTrace();
}

QString StepModel::shownSampleSource() const
{
    return stepsBatch() && m_batchSample < m_batchNames.size() ? m_batchNames[m_batchSample]
                                                                                    : m_source;
}

const MlpTraceF &StepModel::networkTrace() const
{
    return hasNetworkBatch() ? m_networkBatch->before[std::size_t(m_batchSample)] : *m_networkTrace;
}

const MlpParamsF &StepModel::networkAdjustments() const
{
    return hasNetworkBatch() ? m_networkBatch->adjustments : *m_networkAdjustments;
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
    return stepsBatch() ? batchPixels(m_batchSample) : m_pixels.data();
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

int StepModel::findMisclassified(const ParamsF &params, const Dataset &data, Normalize normalize, int from)
{
    return firstWrong(data, from, [&](const std::uint8_t *pixels) {
        return predictProbabilities(params, pixels, normalize);
    });
}

int StepModel::findMisclassified(const Dataset &data, int from) const
{
    if (m_params)
        return findMisclassified(*m_params, data, m_normalize, from);
    if (!m_network)
        return -1;
    return firstWrong(data, from, [&](const std::uint8_t *pixels) {
        return networkProbabilities(m_arch, *m_network, pixels, m_normalize);
    });
}

} // namespace bplab
