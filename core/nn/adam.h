#pragma once
// Adam (Kingma & Ba, 2015) with PyTorch's defaults: beta1 0.9, beta2 0.999, eps 1e-8.

#include "nn/optimizer.h"

#include <memory>

namespace bplab {

/** An Adam optimiser for config's run (what makeOptimizer() builds for "adam"). */
std::unique_ptr<Optimizer> makeAdam(const TrainConfig &config);

} // namespace bplab
