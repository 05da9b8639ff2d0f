#include "convvisuals.h"

#include <nn/layerop.h>
#include <nn/layerpass.h>

#include <cmath>

namespace bplab {

namespace {

/** The trace's output layer from a one-sample pass: logits, e^z, p, loss and delta_out. */
void fillOutput(const LayerPass<float> &pass, int label, MlpTraceF &t)
{
    const int last = pass.opCount() - 1;
    t.logits = pass.values(last).col(0);
    t.exp = t.logits.array().exp().matrix();
    t.expSum = t.exp.sum();
    t.expFinite = t.exp.allFinite() && std::isfinite(double(t.expSum));
    t.probabilities = pass.probabilities().col(0);
    t.probabilities.maxCoeff(&t.predicted);
    t.target = Vec<float>::Zero(t.probabilities.size());
    if (label >= 0) {
        t.target(label) = 1.0f;
        t.loss = pass.losses()(0);
        // delta_out = p - y
        t.deltaOut = t.probabilities - t.target;
    } else {
        t.deltaOut = Vec<float>::Zero(t.probabilities.size());
    }
}

} // namespace

double weightNormOf(const MlpParamsF &params)
{
    // ||w||_2 = sqrt(sum of every w^2 and b^2)
    double sum = 0;
    for (const Layer<float> &l : params.layers)
        sum += double(l.W.squaredNorm()) + double(l.b.squaredNorm());
    return std::sqrt(sum);
}

MlpTraceF convTraceOf(const Trainer &trainer, const Vec<float> &x, int label, SampleInBatch at,
                      std::shared_ptr<const ConvVisuals> &out)
{
    const Architecture &arch = trainer.network();
    const MlpParamsF &params = trainer.params();
    MlpTraceF t;
    t.label = label >= 0 && label < arch.outputs ? label : -1;
    t.input = x;
    LayerPass<float> pass(arch, 1);
    pass.X.col(0) = x;
    const PassContext evaluation; // training false: dropout passes everything on
    if (t.label >= 0) {
        MlpParamsF grads = MlpParamsF::zeros(arch);
        const std::uint8_t y = std::uint8_t(t.label);
        pass.forwardBackward(params, &y, 1, grads, 1, evaluation);
    } else {
        pass.forward(params, 1, evaluation);
    }
    fillOutput(pass, t.label, t);

    auto conv = std::make_shared<ConvVisuals>();
    const MlpParamsF &gradients = trainer.gradients();
    const bool haveGradients = trainer.step() > 0 && gradients.layers.size() == params.layers.size();
    int paramLayer = 0;
    for (int i = 0; i + 1 < pass.opCount(); ++i) {
        const LayerSpec &spec = arch.layers[std::size_t(i)];
        const LayerOp<float> &op = pass.op(i);
        const std::string name = layerText(spec);
        if (spec.kind == LayerKind::Conv) {
            ConvFilterBank bank;
            bank.name = name;
            bank.layer = i + 1;
            bank.outChannels = op.outShape.channels;
            bank.inChannels = op.inShape.channels;
            bank.kernel = spec.kernel;
            // W is C_out x (C_in k k), row-major: PyTorch's C_out x C_in x k x k as it lies.
            const Layer<float> &L = params.layers[std::size_t(paramLayer)];
            bank.weights.assign(L.W.data(), L.W.data() + L.W.size());
            bank.biases.assign(L.b.data(), L.b.data() + L.b.size());
            if (haveGradients) {
                const Layer<float> &G = gradients.layers[std::size_t(paramLayer)];
                bank.gradients.assign(G.W.data(), G.W.data() + G.W.size());
            }
            conv->filters.push_back(std::move(bank));
        }
        if (spec.kind == LayerKind::Conv || spec.kind == LayerKind::Pool) {
            FeatureMapSet maps;
            maps.name = name;
            maps.layer = i + 1;
            maps.channels = op.outShape.channels;
            maps.height = op.outShape.height;
            maps.width = op.outShape.width;
            const auto column = pass.values(i).col(0);
            maps.values.assign(column.data(), column.data() + column.size());
            conv->maps.push_back(std::move(maps));
        }
        if (spec.kind == LayerKind::Dropout && at.trained) {
            DropoutMask mask;
            mask.name = name;
            mask.layer = i + 1;
            mask.rate = spec.rate;
            mask.channels = op.inShape.channels;
            mask.height = op.inShape.height;
            mask.width = op.inShape.width;
            mask.dropped.resize(std::size_t(op.inShape.size()));
            // Off where the sample's draw u < p (layerdropout.cpp's rule, the same draw).
            for (int j = 0; j < op.inShape.size(); ++j)
                mask.dropped[std::size_t(j)]
                        = dropoutUniform(trainer.activeConfig().seed, at.batch, at.position, j) < spec.rate;
            conv->masks.push_back(std::move(mask));
        }
        if (spec.hasParameters())
            ++paramLayer;
    }
    conv->weightDecay = trainer.activeConfig().weightDecay;
    conv->weightNorm = {std::uint64_t(trainer.step()), weightNormOf(params)};
    out = std::move(conv);
    return t;
}

} // namespace bplab
