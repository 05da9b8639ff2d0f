#include "trainervisuals.h"

#include "convvisuals.h"

#include <train/losshistory.h>
#include <nn/networkeval.h>
#include <train/networktrainer.h>
#include <replicaexchange.h>

#include <QImage>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {

/** The finite losses of batches from..end with their x. */
void appendLosses(const std::vector<float> &losses, std::size_t from, int perEpoch, QVector<double> &x,
                  QVector<double> &loss)
{
    for (std::size_t i = from; i < losses.size(); ++i) {
        if (!std::isfinite(losses[i]))
            continue;
        x.push_back(batchX(i, perEpoch));
        loss.push_back(double(losses[i]));
    }
}

/** Each sample's class by the weights `network` of `trainer`'s network, in one batched pass: the
 *  weights are read once for the batch, not once per sample (a 784-1024-1024-10 network's 7 MB
 *  per sample made the mosaic the costliest part of a picture). */
std::vector<std::int8_t> classesOf(const Trainer &trainer, const MlpParamsF *network, const Dataset &train,
                                   const std::vector<std::uint32_t> &indices)
{
    Dataset batch;
    batch.rows = train.rows;
    batch.cols = train.cols;
    const std::size_t pixels = std::size_t(train.rows * train.cols);
    batch.pixels.resize(indices.size() * pixels);
    batch.labels.resize(indices.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
        std::copy_n(train.image(indices[i]), pixels, batch.pixels.begin() + std::ptrdiff_t(i * pixels));
        batch.labels[i] = std::uint8_t(train.label(indices[i]));
    }
    SampleAnswers answers;
    evaluateNetwork(trainer.network(), *network, batch, trainer.activeConfig().normalize, &answers);
    return {answers.predicted.begin(), answers.predicted.end()};
}

/** The last batch's classes as its own training pass gave them, where that pass saw what the
 *  mosaic shows (the images as they are, every neuron on): then no second pass is needed. With
 *  --augment the pass saw shifted images, with dropout a thinned network; empty then, and when
 *  the trainer did not keep them. */
std::vector<std::int8_t> trainingPassClasses(const Trainer &trainer, std::size_t count)
{
    if (trainer.activeConfig().augment)
        return {};
    for (const LayerSpec &layer : trainer.network().layers)
        if (layer.kind == LayerKind::Dropout)
            return {};
    const std::vector<std::uint8_t> predicted = trainer.lastBatchPredicted();
    if (predicted.size() != count)
        return {};
    return {predicted.begin(), predicted.end()};
}

/** params - before, layer by layer: what the last update added. */
MlpParamsF differenceOf(const MlpParamsF &params, const MlpParamsF &before)
{
    MlpParamsF d = params;
    for (std::size_t l = 0; l < d.layers.size(); ++l) {
        d.layers[l].W -= before.layers[l].W;
        d.layers[l].b -= before.layers[l].b;
    }
    return d;
}

} // namespace

void SampleWalk::begin(const Trainer &trainer, const Dataset &train)
{
    if (!indices.empty())
        return;
    indices = trainer.inAllData(trainer.nextBatchIndices());
    predicted = classesOf(trainer, &trainer.params(), train, indices);
    shown = 0;
}

void SampleWalk::clear()
{
    indices.clear();
    predicted.clear();
    shown = 0;
}

Progress positionOf(const Trainer &trainer)
{
    Progress p;
    p.step = trainer.step();
    p.totalSteps = trainer.totalSteps();
    p.epochs = trainer.config().epochs;
    p.batchSize = trainer.config().batch;
    p.replicas = trainer.replicas();
    p.batchesPerEpoch = trainer.batchesPerEpoch();
    const std::uint64_t perEpoch = std::uint64_t(std::max(1, p.batchesPerEpoch));
    p.epoch = int(p.step / perEpoch);
    p.batchInEpoch = int(p.step % perEpoch);
    p.learningRate = trainer.activeConfig().lr;
    return p;
}

std::shared_ptr<VisualSnapshot> visualOf(const Trainer &trainer, const Dataset &train, double lr,
                                         const SampleWalk *walk, int sampleInBatch)
{
    auto s = std::make_shared<VisualSnapshot>();
    const Progress at = positionOf(trainer);
    s->weightsStep = at.step;
    s->weightsEpoch = at.step == 0 ? 0 : int((at.step - 1) / std::uint64_t(std::max(1, at.batchesPerEpoch))) + 1;
    const bool oneSample = walk && sampleInBatch >= 0 && std::size_t(sampleInBatch) < walk->indices.size();
    // Indices into the whole training set (the views' data), also when a subset is trained on.
    std::vector<std::uint32_t> indices = oneSample ? walk->indices : trainer.inAllData(trainer.lastBatchIndices());
    const std::size_t index = oneSample ? indices[std::size_t(sampleInBatch)] : indices.empty() ? 0 : indices.front();
    const std::uint8_t *pixels = train.image(index);
    const Normalize normalize = trainer.activeConfig().normalize;
    s->sampleIndex = int(index);
    s->label = train.label(index);
    s->digit = QImage(pixels, kImageSide, kImageSide, kImageSide, QImage::Format_Grayscale8).copy();
    s->network = trainer.network();
    const MlpParamsF *before = trainer.paramsBeforeLastBatch();
    s->trace = explainSample(s->network, trainer.params(), scaleInput<float>(pixels, normalize), s->label, float(lr));
    s->conv = convVisualsOf(trainer, s->trace, oneSample ? SampleInBatch{at.step, sampleInBatch, true}
                                                         : SampleInBatch{at.step - 1, 0, at.step > 0});
    s->predicted = s->trace.predicted;
    // The batch's mosaic: each sample's class by the weights the batch was (or will be) trained
    // from, of the image as it is: the training pass's own where it computed just that (a
    // 784-1024-1024-10 network's second pass was most of a picture's cost), else a pass of its own.
    if (oneSample) {
        s->batchPredicted = walk->predicted;
        s->sampleInBatch = sampleInBatch;
    } else if (before && !indices.empty()) {
        s->batchPredicted = trainingPassClasses(trainer, indices.size());
        if (s->batchPredicted.empty())
            s->batchPredicted = classesOf(trainer, before, train, indices);
    }
    s->batchIndices = std::move(indices);
    s->weights = std::make_shared<const MlpParamsF>(trainer.params());
    s->gradients = std::make_shared<const MlpParamsF>(trainer.gradients());
    // The real adjustment of the last update: -lr * g, -lr * v with momentum, Adam's step.
    s->adjustments = std::make_shared<const MlpParamsF>(
            before ? differenceOf(trainer.params(), *before) : MlpParamsF::zeros(s->network));
    if (trainer.replicas() > 1)
        s->replicas = std::make_shared<const cluster::ReplicaGradients>(cluster::replicaGradients(trainer));
    return s;
}

void showModelFile(VisualSnapshot &s, ParamsPtr weights, const QString &name, const Dataset &train,
                   Normalize normalize)
{
    const std::uint8_t *pixels = train.image(std::size_t(std::max(0, s.sampleIndex)));
    s.network = Architecture::source(); // the file's, whatever network is training
    s.gradients = std::make_shared<const MlpParamsF>(MlpParamsF::zeros(s.network));
    s.adjustments = s.gradients;
    // No step is taken on a file's weights (lr 0): the trace's loss after is its loss.
    s.trace = explainSample(s.network, *weights, scaleInput<float>(pixels, normalize), s.label, 0.0f);
    s.predicted = s.trace.predicted;
    s.weights = std::move(weights);
    s.replicas.reset();
    s.conv.reset(); // the file's network is dense
    s.batchIndices.clear();
    s.batchPredicted.clear();
    s.weightsStep = 0;
    s.weightsEpoch = 0;
    s.atHead = false;
    s.modelFile = name;
}

LossChunkPtr historyChunk(const Trainer &trainer, const Progress &progress)
{
    auto chunk = std::make_shared<LossChunk>();
    chunk->progress = progress;
    const std::vector<float> &losses = trainer.lossHistory();
    chunk->x.reserve(qsizetype(losses.size()));
    chunk->loss.reserve(qsizetype(losses.size()));
    appendLosses(losses, 0, trainer.batchesPerEpoch(), chunk->x, chunk->loss);
    return chunk;
}

std::shared_ptr<AbandonedBranch> abandonedBranch(const Trainer &head, std::uint64_t k, double learningRate)
{
    auto branch = std::make_shared<AbandonedBranch>();
    const int perEpoch = head.batchesPerEpoch();
    branch->fromStep = k;
    branch->fromX = k == 0 ? 0.0 : batchX(k - 1, perEpoch);
    branch->learningRate = learningRate;
    appendLosses(head.lossHistory(), k, perEpoch, branch->x, branch->loss);
    return branch;
}

LiveIterationPtr clusterIterationOf(const Trainer &trainer, const std::optional<cluster::SimConfig> &chosen)
{
    if (!chosen)
        return nullptr;
    auto it = std::make_shared<cluster::LiveIteration>();
    it->step = trainer.step();
    it->replicas = trainer.replicas();
    if (it->step > 0) {
        // The samples each replica had in the last batch (fewer in an epoch's short last batch).
        const int samples = int(trainer.lastBatchIndices().size());
        const int perReplica = (samples + it->replicas - 1) / it->replicas;
        // One iteration of a few ranks: microseconds to simulate, next to a batch's milliseconds.
        cluster::SimConfig c = cluster::liveIterationConfig(*chosen, it->replicas, perReplica);
        c.network = trainer.network(); // the all-reduce carries the trained network's gradient
        it->result = cluster::simulate(c);
    }
    return it;
}

} // namespace bplab
