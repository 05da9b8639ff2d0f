#pragma once
// How OpenMP's idle threads wait, for the programs (the app and the command line alike).

namespace bplab {

/**
 * OpenMP's threads spin after every parallel region by default (libgomp: some milliseconds). An
 * epoch's evaluation runs on OpenMP: its threads then spin on the cores the next batches' two
 * halves (batchpair.h) need, on a machine with two cores for the whole of a 10,000-image epoch
 * (measured: train --json at 0.6x the app's samples/s, where the app waits passively), and next to
 * a GUI thread they take the core it needs. libgomp reads OMP_WAIT_POLICY once, before main(), so
 * the process restarts itself once (same pid, same arguments) with the passive policy unless the
 * environment chose a policy. Call first thing in main(); returns at once elsewhere than on Linux.
 */
void preferPassiveOpenMpWait(char **argv);

} // namespace bplab
