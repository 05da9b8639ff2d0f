#include "lesson/lessonplayer.h"

#include "nn/mlptrace.h"
#include "nn/network.h"
#include "nn/networkeval.h"
#include "train/comparison.h"
#include "train/networktrainer.h"
#include "train/trainsubset.h"

#include <map>

namespace bplab {

TrainConfig lessonConfig(const Lesson &l, const TrainConfig &base)
{
    TrainConfig config = l.settings.recipe ? recipeConfig(*l.settings.recipe) : base;
    config.augment = false;
    config.replicas = 1;
    config.trainSubset = l.settings.trainSubset.value_or(0);
    if (l.settings.lr)
        config.lr = *l.settings.lr;
    if (l.settings.batch)
        config.batch = *l.settings.batch;
    if (l.settings.epochs)
        config.epochs = *l.settings.epochs;
    if (l.settings.seed)
        config.seed = *l.settings.seed;
    config.weightDecay = l.settings.weightDecay.value_or(0.0);
    const Architecture network = l.settings.network.value_or(Architecture::source());
    config.network = network;
    config.init = initFor(network);
    return config;
}

std::vector<PlayedClaim> playLesson(const Lesson &l, std::shared_ptr<const DataSplit> data,
                                    const std::function<void(const PlayedClaim &)> &claimChecked,
                                    const std::function<void(const PlayedCell &)> &cellComputed)
{
    std::vector<PlayedClaim> out;
    TrainConfig config = lessonConfig(l, recipeConfig(Recipe::Source));
    const Architecture arch = config.network;
    auto trainer = std::make_unique<NetworkTrainer>(data, config, arch, initMlp(arch, config.init, config.seed));
    // The weights at each batch a step showed: a later step may go back to one and train on
    // from there (a new branch of the timeline).
    std::map<std::size_t, MlpParamsF> shown {{0, trainer->params()}};
    const Dataset trainedOn = balancedSubset(data->train, subsetSize(config.trainSubset, data->train.size()), config.seed);
    std::vector<std::optional<ClaimRun>> runs;
    // Each Compare run's network and its weights after its last epoch: a step_of step's.
    std::vector<std::pair<Architecture, std::shared_ptr<const MlpParamsF>>> runNetworks;
    long long testImage = 0; // the Step view's image: the latest a step named
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
        const LessonStep &s = l.steps[i];
        if (s.lr) {
            config.lr = *s.lr;
            trainer->setLearningRate(*s.lr);
        }
        if (s.timelineAt) {
            const std::size_t k = std::size_t(*s.timelineAt);
            if (k < trainer->step()) {
                // Back to batch k (the batch nearest below it a step showed), a new branch from there.
                auto at = shown.upper_bound(k);
                --at;
                trainer = std::make_unique<NetworkTrainer>(data, config, arch, at->second);
                if (at->first > 0)
                    trainer->startAt(at->first);
            }
            while (trainer->step() < k && !trainer->finished())
                trainer->trainBatch();
            shown[trainer->step()] = trainer->params();
        }
        if (!s.compare.empty()) {
            runs.clear();
            runNetworks.clear();
            for (const CompareChoice &c : s.compare) {
                CompareRun run(data, config, c);
                run.run();
                const CompareProgress p = run.progress();
                runNetworks.emplace_back(c.arch, p.weights);
                if (p.state == CompareProgress::State::Finished && !p.epochs.empty())
                    runs.push_back(ClaimRun {p.epochs.back().testAccuracy, p.epochs.back().testLoss,
                                             p.epochs.back().trainAccuracy});
                else
                    runs.push_back(std::nullopt);
            }
        }
        if (s.testImage)
            testImage = *s.testImage;
        // The Step view's trace of the image at the training's weights and learning rate, or at
        // the weights a Compare run ended with (step_of).
        const int of = s.stepOf.value_or(0);
        const bool ofRun = of > 0 && of <= int(runNetworks.size()) && runNetworks[std::size_t(of - 1)].second;
        if (!s.compute.empty() && cellComputed && (of == 0 || ofRun) && std::size_t(testImage) < data->test.size()) {
            const Architecture &shownArch = ofRun ? runNetworks[std::size_t(of - 1)].first : arch;
            const MlpParamsF &shownParams = ofRun ? *runNetworks[std::size_t(of - 1)].second : trainer->params();
            const std::size_t n = std::size_t(testImage);
            const MlpTraceF trace = explainSample(shownArch, shownParams, scaleInput<float>(data->test.image(n), config.normalize),
                                                  data->test.label(n), float(config.lr));
            for (const HandCellRef &cell : s.compute)
                if (handCellFits(cell, shownArch).empty())
                    cellComputed({int(i), cell, handCellValue(cell, shownArch, shownParams, trace)});
        }
        if (s.claims.empty())
            continue;
        const Evaluation test = evaluateNetwork(arch, trainer->params(), data->test, config.normalize);
        const Evaluation train = evaluateNetwork(arch, trainer->params(), trainedOn, config.normalize);
        ClaimSources sources {&test, &train, runs};
        for (std::size_t c = 0; c < s.claims.size(); ++c) {
            PlayedClaim p {int(i), int(c), checkClaim(s.claims[c], sources)};
            if (claimChecked)
                claimChecked(p);
            out.push_back(std::move(p));
        }
    }
    return out;
}

} // namespace bplab
