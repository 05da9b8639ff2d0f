// What the timeline costs: trains a run, recording every batch in a Timeline, then shows random past
// batches again (replay from the nearest checkpoint) and prints the memory held, the interval K,
// the recording's cost per batch and the replay's time per batch shown (median, 99th percentile),
// and checks every replay against the weights the run had then.
// Build (from the repository, after building bplab_core in BUILD), as bench/batch_timing.cpp:
//   g++ -O3 -DNDEBUG -march=native -fopenmp -std=c++20 -DEIGEN_DONT_PARALLELIZE \
//       -DEIGEN_STACK_ALLOCATION_LIMIT=1048576 -DEIGEN_MAX_ALIGN_BYTES=64 -Icore -isystem /usr/include/eigen3 \
//       bench/timeline_replay.cpp BUILD/core/libbplab_core.a -lz -lxsmm -lxsmmnoblas -ldl -o timeline_replay
// Run: timeline_replay DATA_FOLDER [epochs (10)] [shows (200)] [hidden widths (128: the source's)]
//   e.g. timeline_replay ../shared/data/mnist 10 200 1024,1024 for the widest network (ReLU)

#include "train/networktrainer.h"
#include "train/timeline.h"
#include "train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using namespace bplab;
using Clock = std::chrono::steady_clock;

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: timeline_replay DATA_FOLDER [epochs] [shows] [hidden widths]\n");
        return 1;
    }
    auto loaded = loadDataFolder(argv[1]);
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().c_str());
        return 2;
    }
    auto data = std::make_shared<const DataSplit>(std::move(*loaded));
    TrainConfig config = sourceRecipe();
    config.epochs = argc > 2 ? std::atoi(argv[2]) : 10;
    const int shows = argc > 3 ? std::atoi(argv[3]) : 200;
    if (argc > 4) {
        const auto hidden = parseHidden(argv[4]);
        if (!hidden) {
            std::fprintf(stderr, "%s\n", hidden.error().c_str());
            return 2;
        }
        config = withNetwork(config, *hidden, Activation::ReLU);
    }
    const auto weightsOf = [](const Trainer &t) { return t.params(); };

    Trainer head(data, config);
    Timeline timeline;
    timeline.start(head);
    std::vector<MlpParamsF> kept; // every 50th batch's weights, to check the replays against
    double trainSeconds = 0, recordSeconds = 0;
    while (!head.finished()) {
        const auto t0 = Clock::now();
        head.trainBatch();
        const auto t1 = Clock::now();
        timeline.recordBatch(head);
        recordSeconds += std::chrono::duration<double>(Clock::now() - t1).count();
        trainSeconds += std::chrono::duration<double>(t1 - t0).count();
        if (head.step() % 50 == 0)
            kept.push_back(weightsOf(head));
    }
    const std::size_t batches = head.step();
    std::printf("%s\n", describe(config.network).c_str());
    std::printf("%zu batches in %.3f s; recording %.1f us a batch (%.2f%% of training)\n", batches,
                trainSeconds, recordSeconds / double(batches) * 1e6, 100 * recordSeconds / trainSeconds);
    std::printf("checkpoints %zu every %llu batches, %.1f MiB of %.0f MiB\n", timeline.checkpointCount(),
                static_cast<unsigned long long>(timeline.interval()), double(timeline.bytes()) / (1 << 20),
                double(timeline.budgetBytes()) / (1 << 20));

    Trainer replay(data, config);
    std::mt19937 rng(1);
    std::vector<double> ms;
    int wrong = 0;
    for (int i = 0; i < shows; ++i) {
        const std::uint64_t k = 1 + rng() % batches;
        const auto t0 = Clock::now();
        if (!timeline.replayTo(k, head, replay))
            return 2;
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    for (std::size_t j = 0; j < kept.size(); ++j) {
        timeline.replayTo(50 * (j + 1), head, replay);
        wrong += weightsOf(replay) == kept[j] ? 0 : 1;
    }
    std::sort(ms.begin(), ms.end());
    std::printf("showing a past batch: median %.2f ms, p99 %.2f ms, max %.2f ms (%d shows; about %.0f us "
                "a batch replayed)\n",
                ms[ms.size() / 2], ms[ms.size() * 99 / 100], ms.back(), shows,
                ms[ms.size() / 2] * 1000 / (double(timeline.interval()) / 2));
    std::printf("replays checked bit for bit: %zu, differing: %d\n", kept.size(), wrong);
    return wrong == 0 ? 0 : 1;
}
