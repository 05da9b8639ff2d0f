#include "convvisuals.h"

#include <nn/layerop.h>

#include <algorithm>
#include <cmath>

namespace bplab {

double weightNormOf(const MlpParamsF &params)
{
    // ||w||_2 = sqrt(sum of every w^2 and b^2)
    double sum = 0;
    for (const Layer<float> &l : params.layers)
        sum += double(l.W.squaredNorm()) + double(l.b.squaredNorm());
    return std::sqrt(sum);
}

std::shared_ptr<const ConvVisuals> convVisualsOf(const Trainer &trainer, const MlpTraceF &trace, SampleInBatch at)
{
    const MlpParamsF &params = trainer.params();
    // A network of dense layers alone has no conv panels.
    if (std::all_of(trace.hidden.begin(), trace.hidden.end(),
                    [](const HiddenTrace<float> &h) { return h.spec.kind == LayerKind::Dense; }))
        return nullptr;
    auto conv = std::make_shared<ConvVisuals>();
    const MlpParamsF &gradients = trainer.gradients();
    const bool haveGradients = trainer.step() > 0 && gradients.layers.size() == params.layers.size();
    int paramLayer = 0;
    for (int i = 0; i < int(trace.hidden.size()); ++i) {
        const HiddenTrace<float> &h = trace.hidden[std::size_t(i)];
        const LayerSpec &spec = h.spec;
        const FeatureShape in = i == 0 ? inputShape() : trace.hidden[std::size_t(i - 1)].shape;
        const std::string name = layerText(spec);
        if (spec.kind == LayerKind::Conv) {
            ConvFilterBank bank;
            bank.name = name;
            bank.layer = i + 1;
            bank.outChannels = h.shape.channels;
            bank.inChannels = in.channels;
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
            maps.channels = h.shape.channels;
            maps.height = h.shape.height;
            maps.width = h.shape.width;
            maps.values.assign(h.a.data(), h.a.data() + h.a.size());
            conv->maps.push_back(std::move(maps));
        }
        if (spec.kind == LayerKind::Dropout && at.trained) {
            DropoutMask mask;
            mask.name = name;
            mask.layer = i + 1;
            mask.rate = spec.rate;
            mask.channels = in.channels;
            mask.height = in.height;
            mask.width = in.width;
            mask.dropped.resize(std::size_t(in.size()));
            // Off where the sample's draw u < p (layerdropout.cpp's rule, the same draw).
            for (int j = 0; j < in.size(); ++j)
                mask.dropped[std::size_t(j)]
                        = dropoutUniform(trainer.activeConfig().seed, at.batch, at.position, j) < spec.rate;
            conv->masks.push_back(std::move(mask));
        }
        if (spec.hasParameters())
            ++paramLayer;
    }
    conv->weightDecay = trainer.activeConfig().weightDecay;
    conv->weightNorm = {std::uint64_t(trainer.step()), weightNormOf(params)};
    return conv;
}

} // namespace bplab
