// Per-batch times of the trainer's step (forwardBackwardStep: gather, forward, backward, fused SGD
// step) and of each of its phases, as percentiles over many batches: on a machine shared with
// other programs a mean is mostly the others' load, while the 25th percentile is close to what a
// batch costs when nothing interrupts it. The phases are bench's (kernels.h: the five products,
// gather, bias and ReLU, SoftMax, the backward pass's element-wise work, the SGD step, the halves'
// meeting), each averaged over the training threads; "batch" is the whole step's wall time. The
// last weight printed shows that builds and thread counts compute the same bits.
// Build (from the repository, after building bplab_core in BUILD), as one command:
//   g++ -O3 -DNDEBUG -march=native -fopenmp -std=c++20 -DEIGEN_DONT_PARALLELIZE
//       -DEIGEN_STACK_ALLOCATION_LIMIT=1048576 -DEIGEN_MAX_ALIGN_BYTES=64 -Icore -isystem /usr/include/eigen3
//       bench/phase_timing.cpp BUILD/core/libbplab_core.a -lz -lxsmm -lxsmmnoblas -ldl -o
//       phase_timing
// (the libxsmm libraries only when the core was built with them: "libxsmm" in its CMake log).
// Run: [BPLAB_KERNELS=eigen|xsmm] phase_timing DATA_FOLDER THREADS [BATCHES] [SAMPLES]
// The training set is tiled to SAMPLES (default 60,000, as bench does); BATCHES defaults to three
// epochs of batch 64.

#include "nn/batch.h"
#include "train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace bplab;

namespace {

Dataset tiled(const Dataset &source, std::size_t count)
{
    Dataset out;
    out.rows = source.rows;
    out.cols = source.cols;
    const std::size_t pixels = std::size_t(source.rows) * std::size_t(source.cols);
    out.pixels.resize(count * pixels);
    out.labels.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t from = i % source.size();
        std::copy_n(source.image(from), pixels, out.pixels.data() + i * pixels);
        out.labels[i] = source.labels[from];
    }
    return out;
}

double percentile(std::vector<double> v, int p)
{
    std::sort(v.begin(), v.end());
    return v[v.size() * std::size_t(p) / 100];
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: phase_timing DATA_FOLDER THREADS [BATCHES] [SAMPLES]\n");
        return 1;
    }
    auto split = loadDataFolder(argv[1]);
    if (!split) {
        std::fprintf(stderr, "%s\n", split.error().c_str());
        return 2;
    }
    constexpr int kBatch = 64;
    const int threads = std::atoi(argv[2]);
    const int batches = argc > 3 ? std::atoi(argv[3]) : 3 * 938;
    const Dataset train
            = tiled(split.value().train, argc > 4 ? std::size_t(std::atol(argv[4])) : 60000);
    if (train.size() <= std::size_t(kBatch))
        return 2;
    setTrainingThreads(threads);
    BatchWorkspace ws(kBatch);
    // Three weight buffers rotate, as in the Trainer (the divergence guard keeps the last two).
    ParamsF params = initParams(Init::He, 1), next = ParamsF::zeros(), previous = ParamsF::zeros();
    ParamsF grads = ParamsF::zeros(), velocity = ParamsF::zeros();
    std::vector<std::uint32_t> order(train.size());
    epochOrder(1, 0, order);
    std::vector<std::uint8_t> labels(kBatch);
    std::vector<double> batch;
    std::vector<std::vector<double>> parts(kGemmCount + kPhaseCount);
    setGemmProfiling(true);
    for (int b = 0; b < batches; ++b) {
        const std::size_t first = (std::size_t(b) * kBatch) % (train.size() - kBatch);
        for (int c = 0; c < kBatch; ++c)
            labels[std::size_t(c)] = train.labels[order[first + std::size_t(c)]];
        const BatchSamples samples {&train, order.data() + first, Normalize::None};
        const SgdTarget target {0.01f, 0.0f, &velocity, &velocity, &next};
        resetGemmProfile();
        const auto t0 = std::chrono::steady_clock::now();
        if (forwardBackwardStep(params, labels.data(), kBatch, ws, grads, target, &samples)
                    .finite) {
            std::swap(previous, params);
            std::swap(params, next);
        }
        batch.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()
                        * 1e6);
        const GemmProfile p = gemmProfile();
        for (int i = 0; i < kGemmCount; ++i)
            parts[std::size_t(i)].push_back(p.seconds[i] * 1e6 / threads);
        for (int i = 0; i < kPhaseCount; ++i)
            parts[std::size_t(kGemmCount + i)].push_back(p.phaseSeconds[i] * 1e6 / threads);
    }
    std::printf("%d thread(s), %d batches of %d, %s kernels; us per batch (p25 / p50):\n", threads,
                batches, kBatch, toString(activeKernels()));
    double sum = 0;
    for (int i = 0; i < kGemmCount + kPhaseCount; ++i) {
        const char *name
                = i < kGemmCount ? gemmFormula(GemmId(i)) : phaseName(PhaseId(i - kGemmCount));
        const double p25 = percentile(parts[std::size_t(i)], 25);
        sum += p25;
        std::printf("  %-22s %7.1f %7.1f\n", name, p25, percentile(parts[std::size_t(i)], 50));
    }
    std::printf("  %-22s %7.1f\n", "sum of the p25s", sum);
    std::printf("  %-22s %7.1f %7.1f  (p10 %.1f, p90 %.1f)\n", "batch", percentile(batch, 25),
                percentile(batch, 50), percentile(batch, 10), percentile(batch, 90));
    std::printf("W1(3,300) = %.9g\n", double(params.W1(3, 300)));
    return 0;
}
