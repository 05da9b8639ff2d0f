#pragma once
// Reads a measured run's trace, the Trace Event Format JSON that `backprop-lab-cli train --mpi
// --trace FILE` writes (core/cluster/chrometrace.h): each rank's compute, wait and all-reduce
// spans, per step. Plain values out; it draws nothing.

#include "measuredrun.h"
#include "result.h"

#include <QString>

namespace bplab::clusterview {

/** The measured spans of the file (complete events named compute, wait or allreduce, pid = rank),
 *  or a message that says what is wrong with it (not JSON, a simulated trace, no spans). */
Result<cluster::MeasuredRun> readMeasuredTrace(const QString &path);

/** The same from the file's text (tests). */
Result<cluster::MeasuredRun> parseMeasuredTrace(const QByteArray &json, const QString &name);

} // namespace bplab::clusterview
