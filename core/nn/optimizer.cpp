#include "nn/optimizer.h"

#include "nn/adam.h"
#include "nn/sgd.h"

#include <utility>

namespace bplab {

// The optimisers, by the name TrainConfig::optimizer, the CLI and the snapshots use. Adding one
// is a file that defines its factory, and its line here.

namespace {
struct Registered
{
    const char *name;
    std::unique_ptr<Optimizer> (*make)(const TrainConfig &);
};
constexpr Registered kOptimizers[] = {
        {"sgd", makeSgd},
        {"adam", makeAdam},
};
} // namespace

std::unique_ptr<Optimizer> makeOptimizer(const TrainConfig &config)
{
    for (const Registered &r : kOptimizers)
        if (config.optimizer == r.name)
            return r.make(config);
    return nullptr;
}

bool isOptimizerName(const std::string &name)
{
    for (const Registered &r : kOptimizers)
        if (name == r.name)
            return true;
    return false;
}

std::string optimizerNames()
{
    std::string names;
    for (const Registered &r : kOptimizers)
        names += (names.empty() ? "" : ", ") + std::string(r.name);
    return names;
}

} // namespace bplab
