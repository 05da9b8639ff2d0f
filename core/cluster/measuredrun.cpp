#include "measuredrun.h"

#include "nn/params.h"

#include <algorithm>
#include <map>

namespace bplab::cluster {

namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
    const double hi = v[mid];
    if (v.size() % 2 == 1)
        return hi;
    const double lo = *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid));
    return 0.5 * (lo + hi);
}

} // namespace

MeasuredSummary summarize(const MeasuredRun &run)
{
    MeasuredSummary s;
    std::map<long long, MeasuredIteration> byStep;
    std::map<double, int> sizes;
    int highestRank = -1;
    for (const MeasuredSpan &span : run.spans) {
        highestRank = std::max(highestRank, span.rank);
        MeasuredIteration &it = byStep[span.step];
        it.step = span.step;
        switch (span.kind) {
        case MeasuredKind::Compute:
            it.computeSeconds = std::max(it.computeSeconds, span.seconds);
            break;
        case MeasuredKind::Wait:
            it.waitSeconds = std::max(it.waitSeconds, span.seconds);
            break;
        case MeasuredKind::AllReduce:
            it.allreduceSeconds = std::max(it.allreduceSeconds, span.seconds);
            it.bytes = std::max(it.bytes, span.bytes);
            ++sizes[span.bytes];
            break;
        }
    }
    s.ranks = run.ranks > 0 ? run.ranks : highestRank + 1;
    std::vector<double> compute, wait, reduce;
    for (const auto &[step, it] : byStep) {
        s.iterations.push_back(it);
        compute.push_back(it.computeSeconds);
        wait.push_back(it.waitSeconds);
        reduce.push_back(it.allreduceSeconds);
    }
    int most = 0;
    for (const auto &[bytes, count] : sizes)
        if (count > most) {
            most = count;
            s.bytesPerAllreduce = bytes;
        }
    s.medianComputeSeconds = median(compute);
    s.medianWaitSeconds = median(wait);
    s.medianAllreduceSeconds = median(reduce);
    if (s.medianAllreduceSeconds > 0) {
        // algbw = bytes / time; busbw = algbw x 2(N-1)/N (nccl-tests, all-reduce)
        s.algbw = s.bytesPerAllreduce / s.medianAllreduceSeconds;
        s.busbw = s.ranks > 1 ? s.algbw * 2.0 * (s.ranks - 1) / s.ranks : 0.0;
    }
    return s;
}

SimConfig sharedMemoryPrediction(int ranks, double bytes, int samplesPerRank)
{
    SimConfig c;
    c.cluster = sharedMemoryHost(std::max(1, ranks));
    c.resident = true;
    c.gpuFlopsPerS = kCpuFlopsPerS;
    c.iterations = 1;
    c.batch = std::max(1, samplesPerRank);
    const double real = double(parameterCount()) * 4.0;
    c.modelScale = bytes > 0 ? bytes / real : 1.0;
    // The compute is that of the real network, whatever the bytes say.
    c.scaleCompute = false;
    return c;
}

MeasuredComparison compareWithSimulation(const MeasuredRun &run)
{
    MeasuredComparison c;
    c.measured = summarize(run);
    c.samplesAssumed = run.samplesPerRank <= 0;
    c.samplesPerRank = c.samplesAssumed ? kDefaultSamplesPerRank : run.samplesPerRank;
    if (c.measured.ranks < 1 || c.measured.iterations.empty())
        return c;
    const SimResult r = simulate(sharedMemoryPrediction(
            c.measured.ranks, c.measured.bytesPerAllreduce, c.samplesPerRank));
    if (r.iterations.empty())
        return c;
    c.predictedComputeSeconds = r.iterations.front().computeSeconds;
    c.predictedAllreduceSeconds = r.iterations.front().allreduceSeconds;
    c.predictedBusbw = r.iterations.front().busbw;
    return c;
}

} // namespace bplab::cluster
