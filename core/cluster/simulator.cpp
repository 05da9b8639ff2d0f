#include "simulator.h"

#include "nn/params.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bplab::cluster {

std::string toString(PhaseKind k)
{
    switch (k) {
    case PhaseKind::PcieCopy:
        return "pcie";
    case PhaseKind::Forward:
        return "forward";
    case PhaseKind::Backward:
        return "backward";
    case PhaseKind::AllReduce:
        return "allreduce";
    case PhaseKind::Update:
        return "update";
    case PhaseKind::Snapshot:
        return "snapshot";
    case PhaseKind::Failure:
        return "failure";
    case PhaseKind::Recovery:
        return "recovery";
    }
    return "forward";
}

// Forward: W_l a_{l-1} for every layer, one multiply-add per weight.
double forwardFlopsPerSample(const Architecture &network)
{
    return 2.0 * double(network.weightCount());
}
// Backward: dW_l = delta_l a_{l-1}^T for every layer and W_l^T delta_l for all but the first.
double backwardFlopsPerSample(const Architecture &network)
{
    return double(network.trainingFlopsPerSample()) - forwardFlopsPerSample(network);
}

namespace {

constexpr double kNoTime = -std::numeric_limits<double>::infinity();

struct Prepared
{
    int step;
    int src;
    int dst;
    int hops;
    int link[2];
    double bytes;
    int index; // into the bucket's Schedule
};

struct BucketPlan
{
    std::size_t offset = 0;
    std::size_t count = 0;
    Schedule schedule;
    std::vector<Prepared> transfers;
};

class Engine
{
public:
    Engine(const SimConfig &c, SimResult &r, const Topology &topo)
        : m_c(c)
        , m_r(r)
        , m_topo(topo)
    {
        m_free.assign(topo.links().size(), 0.0);
    }

    /** Sends bytes along path from time depart; returns the arrival time (cut-through per hop). */
    double send(const int *path, int hops, double bytes, double depart)
    {
        double prevStart = depart, prevEnd = kNoTime, prevLat = 0;
        for (int h = 0; h < hops; ++h) {
            const int id = path[h];
            const Link &l = m_topo.links()[std::size_t(id)];
            const double dur = bytes / l.bytesPerS;
            // first byte enters the hop when the previous one delivered it and the link is free
            const double s = std::max(prevStart + prevLat, m_free[std::size_t(id)]);
            // the last byte leaves no earlier than the previous hop delivered it
            const double e = std::max(s + dur, prevEnd + prevLat);
            occupy(id, e - dur, e, bytes);
            prevStart = s;
            prevEnd = e;
            prevLat = l.latencyS;
        }
        return (hops > 0 ? prevEnd : depart) + prevLat;
    }

    void occupy(int id, double start, double end, double bytes)
    {
        m_free[std::size_t(id)] = end;
        LinkStats &st = m_r.linkStats[std::size_t(id)];
        st.bytes += bytes;
        st.busySeconds += end - start;
        if (end <= start)
            return;
        auto &iv = m_r.busy[std::size_t(id)];
        if (!iv.empty() && start <= iv.back().second)
            iv.back().second = std::max(iv.back().second, end);
        else
            iv.emplace_back(start, end);
    }

private:
    const SimConfig &m_c;
    SimResult &m_r;
    const Topology &m_topo;
    std::vector<double> m_free;
};

std::vector<BucketPlan> planBuckets(const SimConfig &c, const Topology &topo, std::size_t values)
{
    // DDP fills buckets in reverse parameter order (the order the backward pass produces them).
    const std::size_t cap
            = std::max<std::size_t>(1, std::size_t(std::max(c.bucketCapBytes, 4.0) / 4.0));
    std::vector<BucketPlan> plans;
    std::size_t hi = values;
    while (hi > 0) {
        const std::size_t n = std::min(cap, hi);
        BucketPlan p;
        p.offset = hi - n;
        p.count = n;
        // Buckets of equal size share one schedule.
        bool reused = false;
        for (const BucketPlan &q : plans) {
            if (q.count == n) {
                p.schedule = q.schedule;
                p.transfers = q.transfers;
                reused = true;
                break;
            }
        }
        if (!reused) {
            p.schedule = makeSchedule(c.algorithm, topo.config().servers,
                                      topo.config().gpusPerServer, n);
            p.transfers.reserve(p.schedule.transfers.size());
            for (std::size_t i = 0; i < p.schedule.transfers.size(); ++i) {
                const Transfer &t = p.schedule.transfers[i];
                const std::vector<int> path = topo.path(t.src, t.dst);
                Prepared q {t.step, t.src, t.dst, int(path.size()), {-1, -1}, double(t.count) * 4.0,
                            int(i)};
                for (std::size_t h = 0; h < path.size() && h < 2; ++h)
                    q.link[h] = path[h];
                p.transfers.push_back(q);
            }
        }
        plans.push_back(std::move(p));
        hi -= n;
    }
    return plans;
}

} // namespace

SimResult simulate(const SimConfig &config)
{
    SimResult r;
    r.config = config;
    SimConfig &c = r.config;
    c.iterations = std::max(c.iterations, 0);
    c.batch = std::max(c.batch, 1);
    c.modelScale = c.modelScale > 0 ? c.modelScale : 1.0;
    c.gpuFlopsPerS = c.gpuFlopsPerS > 0 ? c.gpuFlopsPerS : 19.5e12;
    c.storageBytesPerS = c.storageBytesPerS > 0 ? c.storageBytesPerS : 2e9;
    const Topology topo(c.cluster);
    c.cluster = topo.config();
    const int n = topo.ranks();

    r.links = topo.links();
    r.linkStats.assign(r.links.size(), {});
    r.busy.assign(r.links.size(), {});
    r.gradientValues = c.network.parameterCount();
    r.gradientBytes = double(r.gradientValues) * 4.0;
    const std::size_t values = std::max<std::size_t>(
            1, std::size_t(std::llround(double(r.gradientValues) * c.modelScale)));
    r.timedGradientBytes = double(values) * 4.0;

    const std::vector<BucketPlan> plans = planBuckets(c, topo, values);
    for (const BucketPlan &p : plans)
        r.buckets.emplace_back(p.offset, p.count);
    // Traffic of one iteration's all-reduce, per rank.
    r.rankTrafficPerIteration.assign(std::size_t(n), {});
    for (const BucketPlan &p : plans) {
        const auto t = trafficOf(p.schedule, 4.0);
        for (int k = 0; k < n; ++k) {
            r.rankTrafficPerIteration[std::size_t(k)].bytesSent += t[std::size_t(k)].bytesSent;
            r.rankTrafficPerIteration[std::size_t(k)].bytesReceived
                    += t[std::size_t(k)].bytesReceived;
            r.rankTrafficPerIteration[std::size_t(k)].messagesSent
                    += t[std::size_t(k)].messagesSent;
        }
    }

    const double computeScale = c.scaleCompute ? c.modelScale : 1.0;
    const double fwd = forwardFlopsPerSample(c.network) * c.batch * computeScale / c.gpuFlopsPerS;
    const double bwd = backwardFlopsPerSample(c.network) * c.batch * computeScale / c.gpuFlopsPerS;
    // w = w - lr * g: one multiply-add per value.
    const double upd = 2.0 * double(values) / c.gpuFlopsPerS;
    const double batchBytes = double(c.batch) * kInputs * std::max(c.inputBytesPerValue, 1);
    r.snapshotSeconds = r.timedGradientBytes / c.storageBytesPerS;
    const double busFactor = n > 1 ? 2.0 * (n - 1) / n : 0.0;

    Engine eng(c, r, topo);
    const std::size_t un = static_cast<std::size_t>(n);
    std::vector<double> pcieEnd(un), cur(un), next(un);
    double now = 0;
    int completed = 0, lastSnapshot = 0;
    bool failed = false, dropped = false, recorded = false;
    std::size_t firstOfSnapshotWindow = 0; // index into r.iterations of iteration lastSnapshot
    auto phase = [&](PhaseKind k, int it, double a, double b) {
        r.phases.push_back({k, it, a, b});
    };

    while (completed < c.iterations) {
        const int it = completed;
        IterationStats st;
        st.iteration = it;
        st.start = now;
        // PCIe: every GPU copies its mini-batch from its server's DRAM.
        double pcieLast = now;
        for (int k = 0; k < n; ++k) {
            if (c.resident) {
                pcieEnd[std::size_t(k)] = now;
            } else {
                const int id = topo.pcieDown(k);
                pcieEnd[std::size_t(k)] = eng.send(&id, 1, batchBytes, now);
            }
            pcieLast = std::max(pcieLast, pcieEnd[std::size_t(k)]);
        }
        st.pcieSeconds = pcieLast - now;
        if (!c.resident)
            phase(PhaseKind::PcieCopy, it, now, pcieLast);
        const double computeFirst = *std::min_element(pcieEnd.begin(), pcieEnd.end());
        phase(PhaseKind::Forward, it, computeFirst, pcieLast + fwd);
        phase(PhaseKind::Backward, it, computeFirst + fwd, pcieLast + fwd + bwd);

        // Buckets in order; a rank starts bucket b + 1 after its bucket b (one NCCL stream).
        const bool record = !recorded && it == c.recordIteration;
        double firstDepart = std::numeric_limits<double>::infinity(), lastArrival = kNoTime;
        std::vector<double> done(un);
        for (int k = 0; k < n; ++k)
            done[std::size_t(k)] = pcieEnd[std::size_t(k)] + fwd;
        for (std::size_t b = 0; b < plans.size(); ++b) {
            const BucketPlan &p = plans[b];
            // The backward pass produces values from the end: this bucket is complete when the
            // fraction (values - offset) / values of the backward pass has run.
            const double frac = double(values - p.offset) / double(values);
            for (int k = 0; k < n; ++k) {
                const double ready = pcieEnd[std::size_t(k)] + fwd + bwd * frac;
                cur[std::size_t(k)] = std::max(ready, b == 0 ? ready : done[std::size_t(k)]);
            }
            next = cur;
            int step = p.transfers.empty() ? 0 : p.transfers.front().step;
            for (const Prepared &t : p.transfers) {
                if (t.step != step) {
                    cur = next;
                    step = t.step;
                }
                const double depart = cur[std::size_t(t.src)];
                double arrival;
                if (!dropped && it == c.dropPacketAt
                    && topo.serverOf(t.src) != topo.serverOf(t.dst)) {
                    // The first network message of this iteration is lost once: sent, timed out,
                    // sent again.
                    dropped = true;
                    const double first = eng.send(t.link, t.hops, t.bytes, depart);
                    arrival = eng.send(t.link, t.hops, t.bytes,
                                       std::max(first, depart + c.retransmitSeconds));
                } else {
                    arrival = eng.send(t.link, t.hops, t.bytes, depart);
                }
                next[std::size_t(t.dst)] = std::max(next[std::size_t(t.dst)], arrival);
                firstDepart = std::min(firstDepart, depart);
                lastArrival = std::max(lastArrival, arrival);
                if (record) {
                    TimedTransfer tt;
                    tt.bucket = int(b);
                    tt.transfer = p.schedule.transfers[std::size_t(t.index)];
                    tt.transfer.offset += p.offset;
                    tt.bytes = t.bytes;
                    tt.path.assign(t.link, t.link + t.hops);
                    tt.depart = depart;
                    tt.arrival = arrival;
                    r.recorded.push_back(std::move(tt));
                }
            }
            cur = next;
            for (int k = 0; k < n; ++k)
                done[std::size_t(k)] = cur[std::size_t(k)];
        }
        if (record)
            recorded = true;
        double end = now;
        for (int k = 0; k < n; ++k) {
            const double bwdEnd = pcieEnd[std::size_t(k)] + fwd + bwd;
            end = std::max(end, std::max(done[std::size_t(k)], bwdEnd) + upd);
        }
        if (lastArrival > kNoTime) {
            st.allreduceSeconds = lastArrival - firstDepart;
            phase(PhaseKind::AllReduce, it, firstDepart, lastArrival);
        }
        phase(PhaseKind::Update, it, end - upd, end);
        st.computeSeconds = fwd + bwd + upd;
        st.seconds = end - now;
        if (st.allreduceSeconds > 0) {
            st.algbw = r.timedGradientBytes / st.allreduceSeconds;
            st.busbw = st.algbw * busFactor;
        }
        now = end;
        for (int k = 0; k < n; ++k) {
            r.rankTrafficTotal.resize(std::size_t(n));
            r.rankTrafficTotal[std::size_t(k)].bytesSent
                    += r.rankTrafficPerIteration[std::size_t(k)].bytesSent;
            r.rankTrafficTotal[std::size_t(k)].bytesReceived
                    += r.rankTrafficPerIteration[std::size_t(k)].bytesReceived;
            r.rankTrafficTotal[std::size_t(k)].messagesSent
                    += r.rankTrafficPerIteration[std::size_t(k)].messagesSent;
        }

        if (!failed && it == c.failAt) {
            // The iteration's collective never completes: roll back to the last snapshot.
            failed = true;
            st.failed = true;
            st.lost = true;
            r.lostIterations = it - lastSnapshot;
            double lost = st.seconds;
            for (std::size_t i = firstOfSnapshotWindow; i < r.iterations.size(); ++i) {
                r.iterations[i].lost = true;
                lost += r.iterations[i].seconds;
            }
            phase(PhaseKind::Failure, it, st.start, end);
            const double restore = lastSnapshot > 0 ? r.snapshotSeconds : 0.0;
            phase(PhaseKind::Recovery, it, end, end + c.restartSeconds + restore);
            now = end + c.restartSeconds + restore;
            lost += c.restartSeconds + restore;
            r.lostSeconds = lost;
            r.iterations.push_back(st);
            completed = lastSnapshot;
            firstOfSnapshotWindow = r.iterations.size();
            continue;
        }
        ++completed;
        if (c.snapshotEvery > 0 && completed % c.snapshotEvery == 0) {
            st.snapshotSeconds = r.snapshotSeconds;
            phase(PhaseKind::Snapshot, it, now, now + r.snapshotSeconds);
            now += r.snapshotSeconds;
            ++r.snapshots;
            lastSnapshot = completed;
            r.iterations.push_back(st);
            firstOfSnapshotWindow = r.iterations.size();
            continue;
        }
        r.iterations.push_back(st);
    }
    r.totalSeconds = now;
    for (LinkStats &s : r.linkStats)
        s.utilization = now > 0 ? s.busySeconds / now : 0.0;
    // Young: the snapshot interval that minimises expected lost work, sqrt(2 x cost x MTBF).
    r.youngIntervalSeconds = std::sqrt(2.0 * r.snapshotSeconds * std::max(c.mtbfSeconds, 0.0));
    double sum = 0;
    int cnt = 0;
    for (const IterationStats &s : r.iterations) {
        if (!s.failed) {
            sum += s.seconds;
            ++cnt;
        }
    }
    if (cnt > 0 && sum > 0)
        r.youngIntervalIterations = r.youngIntervalSeconds / (sum / cnt);
    return r;
}

UtilizationTimeline utilizationTimeline(const SimResult &result, int bins)
{
    return utilizationTimeline(result, bins, 0.0, result.totalSeconds);
}

UtilizationTimeline utilizationTimeline(const SimResult &result, int bins, double from, double to)
{
    UtilizationTimeline tl;
    bins = std::max(bins, 1);
    const double span = to - from;
    tl.binSeconds = span > 0 ? span / bins : 0.0;
    tl.times.resize(std::size_t(bins));
    for (int b = 0; b < bins; ++b)
        tl.times[std::size_t(b)] = from + b * tl.binSeconds;
    tl.links.assign(result.busy.size(), std::vector<double>(std::size_t(bins), 0.0));
    if (tl.binSeconds <= 0)
        return tl;
    for (std::size_t l = 0; l < result.busy.size(); ++l) {
        std::vector<double> &u = tl.links[l];
        // The busy intervals are sorted and disjoint: start at the first that ends after `from`.
        const auto &iv = result.busy[l];
        auto it = std::lower_bound(
                iv.begin(), iv.end(), from,
                [](const std::pair<double, double> &p, double t) { return p.second <= t; });
        for (; it != iv.end() && it->first < to; ++it) {
            const double a = std::max(it->first, from);
            const double e = std::min(it->second, to);
            int b = std::clamp(int((a - from) / tl.binSeconds), 0, bins - 1);
            double t = a;
            while (t < e && b < bins) {
                const double binEnd = b == bins - 1 ? e : from + (b + 1) * tl.binSeconds;
                const double piece = std::min(e, binEnd) - t;
                u[std::size_t(b)] += piece / tl.binSeconds;
                t = std::min(e, binEnd);
                ++b;
            }
        }
    }
    return tl;
}

} // namespace bplab::cluster
