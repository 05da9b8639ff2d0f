// Run under mpirun by tst_mpiexchange: checks MpiExchange and Session on every rank and prints
// one line per rank ("ok rank R ..." or "FAIL rank R: what"); exit code 0 only when all passed.
//   mpiexchange_check BUCKET_BYTES        sums, buckets, timings, checksums, agree()
//   mpiexchange_check BUCKET_BYTES kill R rank R kills itself (SIGKILL) before the all-reduce;
//                                         the others must end instead of hanging (mpirun's abort)
//   mpiexchange_check BUCKET_BYTES stop R rank R stops itself (SIGSTOP): it hangs without dying,
//                                         so only the others' watchdog (5 s here) ends the run

#include "mpiexchange.h"
#include "mpisession.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace bplab;

namespace {

std::uint64_t fnv1a(const std::vector<float> &v)
{
    std::uint64_t h = 1469598103934665603ull;
    const auto *p = reinterpret_cast<const unsigned char *>(v.data());
    for (std::size_t i = 0; i < v.size() * sizeof(float); ++i)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

} // namespace

int main(int argc, char **argv)
{
    const std::size_t bucketBytes = argc > 1 ? std::size_t(std::atoll(argv[1])) : 4096;
    const bool kill = argc > 3 && std::strcmp(argv[2], "kill") == 0;
    const bool stop = argc > 3 && std::strcmp(argv[2], "stop") == 0;
    const int faultRank = kill || stop ? std::atoi(argv[3]) : -1;
    auto started = mpi::Session::start(faultRank >= 0 ? 5.0 : 30.0);
    if (!started) {
        std::printf("FAIL rank ?: %s\n", started.error().c_str());
        return 1;
    }
    mpi::Session &s = **started;
    const int r = s.rank(), n = s.size();
    std::string failure;
    const auto check = [&](bool ok, const std::string &what) {
        if (!ok && failure.empty())
            failure = what;
    };

    mpi::MpiExchange exchange(s, bucketBytes);
    check(exchange.replicas() == n && exchange.firstLocal() == r && exchange.localReplicas() == 1,
          "replicas/firstLocal/localReplicas");
    // Rank r holds (r + 1) x (i mod 97) / 2: every partial sum is exact in float, so the sum
    // over ranks must be exactly n(n+1)/2 x (i mod 97) / 2 on every rank.
    std::vector<std::vector<float>> local(1, std::vector<float>(parameterCount()));
    for (std::size_t i = 0; i < local[0].size(); ++i)
        local[0][i] = float(r + 1) * float(i % 97) * 0.5f;
    double loss = r + 0.25;
    if (faultRank == r)
        std::raise(kill ? SIGKILL : SIGSTOP);
    const Status st = exchange.allReduce(local, loss);
    check(st.ok(), "allReduce: " + st.error());
    for (std::size_t i = 0; i < local[0].size(); ++i)
        if (local[0][i] != float(n * (n + 1) / 2) * float(i % 97) * 0.5f) {
            check(false, "sum at " + std::to_string(i) + " is " + std::to_string(local[0][i]));
            break;
        }
    check(loss == n * (n - 1) / 2.0 + 0.25 * n, "loss sum " + std::to_string(loss));
    const std::size_t perBucket = std::max<std::size_t>(bucketBytes / 4, 1);
    const int buckets = int((parameterCount() + perBucket - 1) / perBucket);
    check(exchange.timings().size() == 1 && exchange.timings()[0].buckets == buckets
                  && exchange.timings()[0].bytes == 407080
                  && exchange.timings()[0].allreduceSeconds() > 0
                  && exchange.timings()[0].waitSeconds() >= 0,
          "timings (buckets " + std::to_string(exchange.timings()[0].buckets) + ", expected "
                  + std::to_string(buckets) + ")");
    const mpi::ExchangeSummary sum = mpi::summarize(exchange.timings(), 0, 1, n);
    check(sum.exchanges == 1 && sum.bytesPerAllreduce == 407080
                  && sum.medianAllreduceSeconds == exchange.timings()[0].allreduceSeconds()
                  && std::abs(sum.busbw - sum.algbw * 2.0 * (n - 1) / n) <= 1e-9 * sum.algbw,
          "summary");

    auto sums = s.allGather(fnv1a(local[0]), "the checksums");
    check(sums.ok(), "allGather: " + sums.error());
    if (sums)
        for (int k = 0; k < n; ++k)
            check((*sums)[std::size_t(k)] == (*sums)[0],
                  "rank " + std::to_string(k) + "'s sum differs from rank 0's");

    // The last rank fails; every rank must get its message.
    const Status mine = r == n - 1 ? Status(Error {"cannot read /no/such/folder"}) : Status();
    const Status agreed = s.agree(mine, "the data check");
    check(!agreed.ok()
                  && agreed.error()
                             == "rank " + std::to_string(n - 1) + ": cannot read /no/such/folder",
          "agree: '" + agreed.error() + "'");
    check(s.agree(Status(), "all well").ok(), "agree on success");

    auto gathered = s.gatherOnRoot(std::vector<double>(std::size_t(r + 1), double(r)), "gather");
    check(gathered.ok(), "gatherOnRoot: " + gathered.error());
    if (gathered && r == 0) {
        check(gathered->size() == std::size_t(n), "gatherOnRoot: ranks");
        for (int k = 0; k < n && k < int(gathered->size()); ++k)
            check((*gathered)[std::size_t(k)] == std::vector<double>(std::size_t(k + 1), double(k)),
                  "gatherOnRoot: rank " + std::to_string(k) + "'s values");
    }

    if (failure.empty())
        std::printf("ok rank %d of %d: %d bucket(s), all-reduce %.1f us\n", r, n, buckets,
                    exchange.timings()[0].allreduceSeconds() * 1e6);
    else
        std::printf("FAIL rank %d: %s\n", r, failure.c_str());
    std::fflush(stdout);
    return failure.empty() ? 0 : 1;
}
