#include "train/comparison.h"

#include "nn/mlp.h"
#include "train/networktrainer.h"
#include "train/trainsubset.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bplab {

namespace {

// "784-32-10", or a layer list as --layers spells it ("dense 128, dropout 0.25").
std::string widths(const Architecture &arch)
{
    if (arch.layered())
        return layersText(arch.layers);
    std::string s = std::to_string(arch.inputs);
    for (int w : arch.hidden)
        s += "-" + std::to_string(w);
    return s + "-" + std::to_string(arch.outputs);
}

std::string number(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

template <class F>
bool differs(const std::vector<CompareChoice> &runs, F field)
{
    return std::any_of(runs.begin(), runs.end(), [&](const CompareChoice &c) { return field(c) != field(runs.front()); });
}

} // namespace

bool hasFirstLayerMap(const Architecture &arch)
{
    const std::vector<LayerSpec> body = arch.body();
    return body.empty() || body.front().kind == LayerKind::Dense;
}

Dataset shiftedDigits(const Dataset &digits, int shift)
{
    // out(r, c) = in(r - shift, c - shift), 0 outside the image.
    Dataset out = digits;
    const int rows = digits.rows, cols = digits.cols;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        const std::uint8_t *in = digits.image(i);
        std::uint8_t *o = out.pixels.data() + i * std::size_t(rows * cols);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                const int sr = r - shift, sc = c - shift;
                o[r * cols + c] = sr >= 0 && sr < rows && sc >= 0 && sc < cols ? in[sr * cols + sc] : 0;
            }
    }
    return out;
}

std::string methodName(const CompareChoice &c)
{
    return c.adam ? "Adam" : c.momentum > 0 ? "momentum " + number(c.momentum) : "plain SGD";
}

std::vector<std::vector<LabelPart>> runLabelParts(const std::vector<CompareChoice> &all)
{
    using Kind = LabelPart::Kind;
    // A model file is named by its file; the trained runs by what differs between them.
    std::vector<CompareChoice> runs;
    for (const CompareChoice &c : all)
        if (c.fileName.empty())
            runs.push_back(c);
    const bool shape = differs(runs, [](const CompareChoice &c) { return widths(c.arch); });
    // A network without a hidden layer has no activation to name (-1): beside one that has, the
    // other's activation is named.
    const auto activation = [](const CompareChoice &c) { return c.arch.hasHiddenLayers() ? int(c.arch.activation) : -1; };
    const bool act = differs(runs, activation);
    const bool lr = differs(runs, [](const CompareChoice &c) { return c.lr; });
    const bool method = differs(runs, [](const CompareChoice &c) { return methodName(c); });
    const bool decay = differs(runs, [](const CompareChoice &c) { return c.weightDecay; });
    // Accuracies on moved digits are never left implicit: a shifted test is named even when every
    // run has it.
    const bool shift = differs(runs, [](const CompareChoice &c) { return c.testShift; })
                       || std::any_of(runs.begin(), runs.end(), [](const CompareChoice &c) { return c.testShift != 0; });
    const bool epochs = differs(runs, [](const CompareChoice &c) { return c.epochs; });
    const bool from = differs(runs, [](const CompareChoice &c) { return c.fromStep; });
    std::vector<std::vector<LabelPart>> labels;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const CompareChoice &c = all[i];
        std::vector<LabelPart> parts;
        if (!c.fileName.empty()) {
            parts.push_back({Kind::File, c.fileName});
        } else {
            if (shape)
                parts.push_back({Kind::Widths, widths(c.arch)});
            if (act && c.arch.hasHiddenLayers())
                parts.push_back({Kind::Activation, {}, 0, c.arch.activation});
            if (lr)
                parts.push_back({Kind::Rate, {}, c.lr});
            if (method)
                parts.push_back({Kind::Method, {}, c.adam ? 0.0 : c.momentum, Activation::ReLU, c.adam});
            if (decay)
                parts.push_back({Kind::WeightDecay, {}, c.weightDecay});
            if (shift)
                parts.push_back({Kind::TestShift, {}, double(c.testShift)});
            if (epochs)
                parts.push_back({Kind::Epochs, {}, double(c.epochs)});
            if (from)
                parts.push_back({Kind::FromBatch, {}, double(c.fromStep)});
            if (parts.empty())
                parts.push_back({Kind::Run, {}, double(i + 1)});
        }
        labels.push_back(std::move(parts));
    }
    // Two runs that differ in nothing named are told apart by their number.
    std::vector<std::vector<LabelPart>> named = labels;
    for (std::size_t j = 0; j < labels.size(); ++j)
        for (std::size_t i = 0; i < j; ++i)
            if (labels[i] == labels[j]) {
                named[j].push_back({Kind::SameAs, {}, double(j + 1)});
                break;
            }
    return named;
}

std::vector<std::string> runLabels(const std::vector<CompareChoice> &all)
{
    using Kind = LabelPart::Kind;
    std::vector<std::string> out;
    for (const std::vector<LabelPart> &parts : runLabelParts(all)) {
        std::string label;
        for (const LabelPart &p : parts) {
            const bool count = p.kind == Kind::Epochs || p.kind == Kind::FromBatch || p.kind == Kind::Run
                               || p.kind == Kind::SameAs || p.kind == Kind::TestShift;
            const std::string n = count ? std::to_string(static_cast<long long>(p.value)) : number(p.value);
            if (p.kind == Kind::SameAs) {
                label += " (run " + n + ")";
                continue;
            }
            label += label.empty() ? "" : ", ";
            switch (p.kind) {
            case Kind::File:
            case Kind::Widths: label += p.text; break;
            case Kind::Activation: label += displayName(p.activation); break;
            case Kind::Rate: label += "lr " + n; break;
            case Kind::Method: label += p.adam ? "Adam" : p.value > 0 ? "momentum " + n : "plain SGD"; break;
            case Kind::WeightDecay: label += p.value > 0 ? "weight decay " + n : "no weight decay"; break;
            case Kind::TestShift: label += p.value != 0 ? "test shifted " + n + " px" : "test unshifted"; break;
            case Kind::Epochs: label += n + (p.value == 1 ? " epoch" : " epochs"); break;
            case Kind::FromBatch: label += "from batch " + n; break;
            case Kind::Run: label += "run " + n; break;
            case Kind::SameAs: break;
            }
        }
        out.push_back(std::move(label));
    }
    return out;
}

std::array<double, kOutputs> classAccuracies(const std::array<std::array<int, kOutputs>, kOutputs> &confusion)
{
    std::array<double, kOutputs> out {};
    for (int t = 0; t < kOutputs; ++t) {
        long total = 0;
        for (int p = 0; p < kOutputs; ++p)
            total += confusion[std::size_t(t)][std::size_t(p)];
        out[std::size_t(t)] = total == 0 ? -1.0 : 100.0 * confusion[std::size_t(t)][std::size_t(t)] / double(total);
    }
    return out;
}

bool stepsAsTraining(const TrainConfig &training, const CompareChoice &choice)
{
    if (choice.arch != training.network)
        return false;
    if (choice.adam)
        return training.optimizer == "adam";
    return training.optimizer == "sgd" && training.momentum != 0 && choice.momentum == training.momentum;
}

CompareRun::CompareRun(std::shared_ptr<const DataSplit> data, const TrainConfig &base, const CompareChoice &choice)
    : m_data(std::move(data))
    , m_choice(choice)
    , m_config(base)
{
    if (choice.testShift != 0 && m_data) {
        auto shifted = std::make_shared<DataSplit>(*m_data);
        shifted->test = shiftedDigits(m_data->test, choice.testShift);
        m_data = std::move(shifted);
    }
    m_config.lr = choice.lr;
    m_config.momentum = choice.adam ? 0.0 : choice.momentum;
    m_config.epochs = std::max(1, choice.epochs);
    m_config.optimizer = choice.adam ? "adam" : "sgd";
    m_config.weightDecay = choice.weightDecay;
    m_config.network = choice.arch;
    m_config.init = initFor(choice.arch);
    const std::size_t train = subsetSize(m_config.trainSubset, m_data->train.size());
    m_config.batch = int(std::clamp<std::size_t>(std::size_t(std::max(1, m_config.batch)), 1, std::max<std::size_t>(1, train)));
}

CompareRun::CompareRun(std::shared_ptr<const DataSplit> data, const TrainConfig &base, const CompareChoice &choice,
                       std::shared_ptr<const MlpParamsF> start,
                       std::shared_ptr<const NetworkOptimizerState> optimizer)
    : CompareRun(std::move(data), base, choice)
{
    if (start && start->hasShape(choice.arch))
        m_start = std::move(start);
    // The training's state means the same to this run only when it steps the same way.
    if (m_start && optimizer && stepsAsTraining(base, choice) && optimizer->first.hasShape(choice.arch)
        && (!choice.adam || optimizer->second.hasShape(choice.arch)))
        m_optimizer = std::move(optimizer);
}

void CompareRun::run()
{
    if (!m_choice.fileName.empty()) {
        evaluateFile();
        return;
    }
    NetworkTrainer trainer(m_data, m_config, m_choice.arch,
                           m_start ? *m_start : initMlp(m_choice.arch, m_config.init, m_config.seed));
    if (m_start)
        trainer.startAt(m_choice.fromStep);
    if (m_optimizer)
        trainer.setOptimizerState(m_optimizer->first, m_choice.adam ? &m_optimizer->second : nullptr,
                                  m_optimizer->steps);
    // The first layer's gradient per pixel: a dense first layer's outputs x 784 weights (none
    // for a convolution, whose kernels have no weight per pixel).
    const int neurons = hasFirstLayerMap(m_choice.arch) ? m_choice.arch.layerOutputs(0) : 0;
    {
        const std::lock_guard lock(m_mutex);
        m_progress.state = CompareProgress::State::Training;
        m_progress.totalSteps = trainer.totalSteps();
        m_progress.step = trainer.step();
        m_progress.firstLayerNeurons = neurons;
    }
    // The epoch's sums: sum over batches of RMS(dW1), and of |dW1| per weight.
    double rmsSum = 0;
    int batches = 0;
    RowMat<float> absSum = RowMat<float>::Zero(neurons, neurons > 0 ? m_choice.arch.inputs : 0);
    while (!trainer.finished()) {
        if (m_stop.load()) {
            const std::lock_guard lock(m_mutex);
            m_progress.state = CompareProgress::State::Stopped;
            return;
        }
        NetworkBatch b = trainer.trainBatch();
        std::shared_ptr<std::vector<float>> map;
        std::shared_ptr<const MlpParamsF> weights;
        if (!b.divergence) {
            // One pass over dL/dW1: its squares for the RMS, its magnitudes into the epoch's sums.
            const RowMat<float> &g = trainer.gradients().layers.front().W;
            const float *gi = g.data();
            float *sum = absSum.data();
            const bool mapped = absSum.size() == g.size();
            double squares = 0;
            for (Eigen::Index i = 0; i < g.size(); ++i) {
                squares += double(gi[i]) * gi[i];
                if (mapped)
                    sum[i] += std::abs(gi[i]);
            }
            rmsSum += std::sqrt(squares / double(g.size()));
            ++batches;
            if (b.epochEnded) {
                weights = std::make_shared<const MlpParamsF>(trainer.params());
                if (neurons > 0) {
                    map = std::make_shared<std::vector<float>>(absSum.data(), absSum.data() + absSum.size());
                    for (float &v : *map)
                        v /= float(batches);
                }
            }
        }
        const std::lock_guard lock(m_mutex);
        if (b.divergence) {
            m_progress.state = CompareProgress::State::Diverged;
            m_progress.message = b.divergence->message;
            return;
        }
        m_progress.step = b.step + 1;
        m_progress.losses.appendBatch(batchX(b.step, trainer.batchesPerEpoch()), float(b.loss));
        if (b.epochEnded) {
            m_progress.seconds += b.epochEnded->seconds;
            m_progress.epochs.push_back(std::move(*b.epochEnded));
            m_progress.firstLayerGradient.push_back(rmsSum / batches);
            m_progress.firstLayerMap = std::move(map);
            m_progress.weights = std::move(weights);
            rmsSum = 0;
            batches = 0;
            absSum.setZero();
        }
    }
    const std::lock_guard lock(m_mutex);
    m_progress.state = CompareProgress::State::Finished;
}

void CompareRun::evaluateFile()
{
    // A model file's network: its test and training sets evaluated once, as an epoch's end would.
    CompareProgress p;
    p.state = CompareProgress::State::Finished;
    p.firstLayerNeurons = hasFirstLayerMap(m_choice.arch) ? m_choice.arch.layerOutputs(0) : 0;
    if (m_start) {
        EpochReport e;
        const Evaluation test = evaluateNetwork(m_choice.arch, *m_start, m_data->test, m_config.normalize);
        e.testLoss = test.loss;
        e.testAccuracy = test.accuracy;
        e.confusion = test.confusion;
        const Evaluation train = evaluateNetwork(m_choice.arch, *m_start, m_data->train, m_config.normalize);
        e.trainEvalLoss = train.loss;
        e.trainAccuracy = train.accuracy;
        p.epochs.push_back(e);
        p.weights = m_start;
    } else {
        p.state = CompareProgress::State::Diverged;
        p.message = m_choice.fileName + ": its weights do not fit " + describe(m_choice.arch);
    }
    const std::lock_guard lock(m_mutex);
    m_progress = std::move(p);
}

CompareProgress CompareRun::progress() const
{
    const std::lock_guard lock(m_mutex);
    return m_progress;
}

} // namespace bplab
