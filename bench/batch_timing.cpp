// Per-batch times of the training step (gather, forward + backward, SGD update) at batch 64, with
// 1 and 2 threads: the update outside (Sgd::update), fused in place (forwardBackwardUpdate), or the
// Trainer's path (forwardBackwardStep: each half gathers its columns and steps its parameters
// into second buffers, with the finiteness check). Prints each
// variant's epoch time and its batch-time percentiles: on a machine shared with other programs the
// low percentiles show what a batch costs when it is not interrupted, and the last weight printed
// shows that every variant computes the same bits.
// Build (from the repository, after building bplab_core in BUILD):
//   g++ -O3 -DNDEBUG -march=native -fopenmp -std=c++20 -DEIGEN_DONT_PARALLELIZE \
//       -DEIGEN_STACK_ALLOCATION_LIMIT=1048576 -DEIGEN_MAX_ALIGN_BYTES=64 -Icore -isystem /usr/include/eigen3 \
//       bench/batch_timing.cpp BUILD/core/libbplab_core.a -lz -lxsmm -lxsmmnoblas -ldl -o batch_timing
// (the libxsmm libraries only when the core was built with them: "libxsmm" in its CMake log).
// Run: [BPLAB_KERNELS=eigen|xsmm] batch_timing DATA_FOLDER [rounds]

#include "nn/batch.h"
#include "train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace bplab;

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: batch_timing DATA_FOLDER [rounds]\n");
        return 1;
    }
    auto split = loadDataFolder(argv[1]);
    if (!split) {
        std::fprintf(stderr, "%s\n", split.error().c_str());
        return 2;
    }
    const Dataset &train = split.value().train;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
    constexpr int kBatch = 64, kBatches = 938; // one 60,000-sample epoch
    if (train.size() < std::size_t(kBatch) + 1)
        return 2;
    for (int r = 0; r < rounds; ++r)
        for (int fused = 0; fused < 3; ++fused)
            for (int threads = 1; threads <= 2; ++threads) {
                setTrainingThreads(threads);
                BatchWorkspace ws(kBatch);
                ParamsF params = initParams(Init::He, 1), grads = ParamsF::zeros(), velocity = ParamsF::zeros();
                ParamsF next = ParamsF::zeros();
                Sgd sgd;
                std::vector<std::uint32_t> order(train.size());
                epochOrder(1, 0, order);
                std::vector<std::uint8_t> labels(kBatch);
                std::vector<double> us;
                const auto e0 = std::chrono::steady_clock::now();
                for (int b = 0; b < kBatches; ++b) {
                    const auto t0 = std::chrono::steady_clock::now();
                    const std::size_t first = (std::size_t(b) * kBatch) % (train.size() - kBatch);
                    for (int c = 0; c < kBatch; ++c)
                        labels[std::size_t(c)] = train.labels[order[first + std::size_t(c)]];
                    if (fused == 2) {
                        const BatchSamples samples{&train, order.data() + first, Normalize::None};
                        const SgdTarget target{0.1f, 0.0f, &velocity, &velocity, &next};
                        if (forwardBackwardStep(params, labels.data(), kBatch, ws, grads, target, &samples).finite)
                            std::swap(params, next);
                        us.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e6);
                        continue;
                    }
                    gatherBatch(train, order.data() + first, kBatch, Normalize::None, ws);
                    if (fused) {
                        forwardBackwardUpdate(params, labels.data(), kBatch, ws, grads, 0.1f, 0.0f, velocity);
                    } else {
                        forwardBackwardBatch(params, labels.data(), kBatch, ws, grads);
                        sgd.update(grads, params, 0.1f, 0.0f);
                    }
                    us.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e6);
                }
                const double epoch = std::chrono::duration<double>(std::chrono::steady_clock::now() - e0).count();
                std::sort(us.begin(), us.end());
                const auto pct = [&](int p) { return us[us.size() * std::size_t(p) / 100]; };
                std::printf("%s, %d thread%s: epoch %.3f s; batch us min %.0f p10 %.0f p50 %.0f p90 %.0f "
                            "(p10 x %d = %.3f s); W1(3,300) = %.9g\n",
                            fused == 2 ? "trainer step" : fused ? "fused update" : "Sgd::update ", threads, threads > 1 ? "s" : " ", epoch,
                            us[0], pct(10), pct(50), pct(90), kBatches, pct(10) * kBatches * 1e-6,
                            double(params.W1(3, 300)));
            }
    return 0;
}
