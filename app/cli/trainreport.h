#pragma once
// What train prints, the same for the source network and any other: an epoch's line or JSON
// object, a divergence's JSON object and the final line.

#include "train/divergence.h"
#include "train/trainevents.h"

#include <atomic>
#include <csignal>
#include <cstddef>

namespace bplab::cli {

class MpiTraining;

/** Ctrl-C and SIGTERM set stopFlag() while a guard lives (the run stops after its current batch);
 *  the previous handlers come back with the guard's end. The flag keeps its value after it. */
class StopOnSignal
{
public:
    StopOnSignal();
    ~StopOnSignal();
    StopOnSignal(const StopOnSignal &) = delete;
    StopOnSignal &operator=(const StopOnSignal &) = delete;
    static std::atomic<bool> &stopFlag();

private:
    void (*m_previousInt)(int) = nullptr;
    void (*m_previousTerm)(int) = nullptr;
};

/** One epoch: a readable line, or with json one object {"epoch", "train_loss", "train_eval_loss",
 *  "train_accuracy", "test_loss", "test_accuracy", "seconds", "samples_per_second",
 *  "training_threads"}; with an active --mpi run (mpi may be null) also its all-reduce. */
void printEpoch(const EpochReport &r, int epochs, bool json, int threads, MpiTraining *mpi);

/** The divergence as JSON fields, numbered as the epoch lines (1-based epoch, 1-based batch in
 *  it): {"divergence": {"epoch", "batch", "quantity", "rate", "suggested_rate"}}, the same object
 *  as the app's --report. */
void printDivergence(const Divergence &d);

/** "final: test loss 0.2650, test accuracy 92.51% (9,251 of 10,000) after 2 epochs". */
void printFinal(double loss, double accuracy, std::size_t testCount, int epochsDone);

} // namespace bplab::cli
