#include "allreduce.h"

#include <algorithm>
#include <cstring>

namespace bplab::cluster {

std::optional<Algorithm> parseAlgorithm(const std::string &s)
{
    if (s == "ring")
        return Algorithm::Ring;
    if (s == "hierarchical")
        return Algorithm::Hierarchical;
    return std::nullopt;
}
std::string toString(Algorithm a)
{
    return a == Algorithm::Hierarchical ? "hierarchical" : "ring";
}
std::string toString(Phase p)
{
    switch (p) {
    case Phase::ReduceScatter:
        return "reduce-scatter";
    case Phase::InterReduceScatter:
        return "inter-reduce-scatter";
    case Phase::InterAllGather:
        return "inter-all-gather";
    case Phase::AllGather:
        return "all-gather";
    }
    return "reduce-scatter";
}

std::size_t chunkBegin(std::size_t n, int parts, int c)
{
    return n * std::size_t(c) / std::size_t(parts);
}

namespace {

int mod(int a, int n)
{
    return ((a % n) + n) % n;
}

/**
 * A ring over `members` (global ranks in ring order) on the range [base, base + len): appends its
 * reduce-scatter (and all-gather unless rsOnly) steps from step `firstStep`; returns steps used.
 */
int appendRing(std::vector<Transfer> &out, const std::vector<int> &members, std::size_t base,
               std::size_t len, int firstStep, Phase rsPhase, Phase agPhase, bool doReduceScatter,
               bool doAllGather)
{
    const int n = int(members.size());
    if (n < 2)
        return 0;
    int step = firstStep;
    auto piece = [&](int c, Transfer &t) {
        t.chunk = c;
        t.offset = base + chunkBegin(len, n, c);
        t.count = chunkBegin(len, n, c + 1) - chunkBegin(len, n, c);
    };
    if (doReduceScatter) {
        for (int s = 0; s < n - 1; ++s, ++step) {
            for (int r = 0; r < n; ++r) {
                Transfer t;
                t.step = step;
                t.phase = rsPhase;
                t.src = members[std::size_t(r)];
                t.dst = members[std::size_t((r + 1) % n)];
                piece(mod(r - s, n), t);
                t.reduce = true;
                out.push_back(t);
            }
        }
    }
    if (doAllGather) {
        for (int s = 0; s < n - 1; ++s, ++step) {
            for (int r = 0; r < n; ++r) {
                Transfer t;
                t.step = step;
                t.phase = agPhase;
                t.src = members[std::size_t(r)];
                t.dst = members[std::size_t((r + 1) % n)];
                piece(mod(r + 1 - s, n), t);
                t.reduce = false;
                out.push_back(t);
            }
        }
    }
    return step - firstStep;
}

} // namespace

Schedule ringSchedule(int ranks, std::size_t values, bool reduceScatterOnly)
{
    Schedule s;
    s.algorithm = Algorithm::Ring;
    s.ranks = std::max(ranks, 1);
    s.values = values;
    std::vector<int> members(std::size_t(s.ranks));
    for (int r = 0; r < s.ranks; ++r)
        members[std::size_t(r)] = r;
    s.steps = appendRing(s.transfers, members, 0, values, 0, Phase::ReduceScatter, Phase::AllGather,
                         true, !reduceScatterOnly);
    return s;
}

Schedule hierarchicalSchedule(int servers, int gpusPerServer, std::size_t values)
{
    Schedule s;
    s.algorithm = Algorithm::Hierarchical;
    const int S = std::max(servers, 1);
    const int G = std::max(gpusPerServer, 1);
    s.ranks = S * G;
    s.values = values;
    auto serverRing = [&](int server) {
        std::vector<int> m(static_cast<std::size_t>(G));
        for (int l = 0; l < G; ++l)
            m[std::size_t(l)] = server * G + l;
        return m;
    };
    // 1. Inside every server at once: reduce-scatter over NVLink (G-1 steps).
    int used = 0;
    for (int srv = 0; srv < S; ++srv)
        used = appendRing(s.transfers, serverRing(srv), 0, values, 0, Phase::ReduceScatter,
                          Phase::AllGather, true, false);
    int step = used;
    // 2. Across servers, per chunk: local rank l holds chunk (l + 1) mod G of its server's sum; the
    //    S ranks with the same l all-reduce that chunk in a ring over their NICs (2(S-1) steps).
    used = 0;
    for (int l = 0; l < G && S > 1; ++l) {
        const int c = G > 1 ? (l + 1) % G : 0;
        const std::size_t begin = chunkBegin(values, G, c);
        const std::size_t len = chunkBegin(values, G, c + 1) - begin;
        std::vector<int> m(static_cast<std::size_t>(S));
        for (int srv = 0; srv < S; ++srv)
            m[std::size_t(srv)] = srv * G + l;
        used = appendRing(s.transfers, m, begin, len, step, Phase::InterReduceScatter,
                          Phase::InterAllGather, true, true);
    }
    step += used;
    // 3. Inside every server: all-gather of the G finished chunks over NVLink (G-1 steps).
    used = 0;
    for (int srv = 0; srv < S; ++srv)
        used = appendRing(s.transfers, serverRing(srv), 0, values, step, Phase::ReduceScatter,
                          Phase::AllGather, false, true);
    step += used;
    s.steps = step;
    // Order by step (the phases above appended server by server).
    std::stable_sort(s.transfers.begin(), s.transfers.end(),
                     [](const Transfer &a, const Transfer &b) { return a.step < b.step; });
    return s;
}

Schedule makeSchedule(Algorithm a, int servers, int gpusPerServer, std::size_t values)
{
    if (a == Algorithm::Hierarchical)
        return hierarchicalSchedule(servers, gpusPerServer, values);
    return ringSchedule(servers * gpusPerServer, values);
}

void applySchedule(const Schedule &schedule, std::vector<std::vector<float>> &buffers)
{
    // Within one step no rank sends a range it also receives, so running the step's transfers one
    // after another equals running them at once.
    for (const Transfer &t : schedule.transfers) {
        const float *src = buffers[std::size_t(t.src)].data() + t.offset;
        float *dst = buffers[std::size_t(t.dst)].data() + t.offset;
        if (t.reduce) {
            for (std::size_t i = 0; i < t.count; ++i)
                dst[i] += src[i];
        } else {
            std::memcpy(dst, src, t.count * sizeof(float));
        }
    }
}

std::vector<RankTraffic> trafficOf(const Schedule &schedule, double bytesPerValue)
{
    std::vector<RankTraffic> out(std::size_t(std::max(schedule.ranks, 0)));
    for (const Transfer &t : schedule.transfers) {
        const double bytes = double(t.count) * bytesPerValue;
        out[std::size_t(t.src)].bytesSent += bytes;
        out[std::size_t(t.src)].messagesSent += 1;
        out[std::size_t(t.dst)].bytesReceived += bytes;
    }
    return out;
}

} // namespace bplab::cluster
