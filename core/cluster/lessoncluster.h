#pragma once
// The cluster quantities a lesson's question asks for, from the timing simulation at the Data
// parallel page's defaults (A100 NVLink, 200 Gb/s NICs, PCIe Gen4, 25 MiB buckets, the real
// 101,770-value gradient). For lessonanswer.h's AnswerSources::clusterSeconds.

#include "lesson/lesson.h"

namespace bplab::cluster {

/** Seconds of one all-reduce of the gradient (snapshot false), or of one snapshot of the
 *  training state (true), on that cluster. */
double lessonClusterSeconds(const LessonCluster &c, bool snapshot);

} // namespace bplab::cluster
