#pragma once
// train --mpi: the parts of `mpirun -np N backprop-lab-cli train --mpi` that the in-process run
// does not have. MPI's start and end, the exchange for the trainer (one replica per rank), rank 0
// as the only rank that prints and writes files, one rank's failure reaching all ranks, the
// weights' checksum compared across ranks at each epoch's end, the measured all-reduce numbers of
// --json, and the --trace file. Without MPI in the build, --mpi exits with code 2 and says so.

#include "command.h"
#include "jsonwriter.h"

#include "train/exchange.h"
#include "train/trainevents.h"

#include <memory>
#include <string>
#include <vector>

namespace bplab::cli {

void addMpiOptions(Command &cmd);
/** The --help text of the options above. */
extern const char *kMpiDetails;

class MpiTraining
{
public:
    MpiTraining();
    ~MpiTraining(); // MPI_Finalize
    MpiTraining(const MpiTraining &) = delete;
    MpiTraining &operator=(const MpiTraining &) = delete;

    /** Reads the --mpi options; with --mpi starts MPI and silences every rank but 0. Returns -1
     *  to go on, else the exit code (after the message). */
    int start(const Command &cmd);
    bool active() const;
    /** This process prints and writes files: rank 0, or any run without --mpi. */
    bool root() const;
    int ranks() const;
    /** The trainer's exchange (one replica per rank); null without --mpi. */
    std::shared_ptr<GradientExchange> exchange() const;

    /**
     * A step that may fail on one rank only (reading the data, a snapshot): every rank passes
     * its exit code (-1: went well). Returns -1 when all went well, else an exit code on every
     * rank, and rank 0 prints the failing rank's message. Without --mpi returns code as it is.
     */
    int agree(const Command &cmd, int code, const char *what);
    /** A resumed run needs as many ranks as the snapshot's replicas. -1: fine. */
    int checkReplicas(const Command &cmd, int snapshotReplicas);
    /** Every rank, just before the first batch: the exchange's clock starts (after a barrier)
     *  and its steps count from `step` (a resumed run's). -1: fine. */
    int startAt(const Command &cmd, std::size_t step);

    /**
     * At an epoch's end: every rank's checksum of its weights (FNV-1a over the flat parameters)
     * against rank 0's. Returns -1 when all are equal, else 2 after naming the diverged rank.
     */
    int checkWeights(const Command &cmd, const std::vector<float> &weights, int epoch);
    /** --json's measured numbers of the epoch just ended (rank 0's exchanges). */
    void addEpochJson(JsonObject &o);
    /** The readable line's measured numbers. */
    QString epochText() const;

    /** Gathers every rank's exchange timings and, on rank 0, writes --trace (with
     *  samplesPerRank, each rank's batch, as the trace's "batch"). Every rank must call it.
     *  -1: fine (or no --trace). */
    int finish(const Command &cmd, int samplesPerRank);

private:
    struct State;
    std::unique_ptr<State> m;
};

} // namespace bplab::cli
