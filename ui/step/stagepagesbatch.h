#pragma once
// What the pages add over a mini-batch: each stage's matrix of the whole batch (one sample per
// column, the selected neuron's row written out), the per-sample losses and their mean, and for
// the weight adjustments the per-sample terms whose mean is the step.

#include "stagepages.h"

#include <functional>
#include <vector>

namespace bplab {

/** Adds the batch's part of stage s to the page of the sample spelled out (m.hasBatch()):
 *  before it for the passes' matrices, after it for the adjustments' terms. */
void addBatch(const StepModel &m, const NetworkStage &s, StagePage &page);

/** "5. SoftMax (batch of 64)": stage `stage` named `name` over the model's mini-batch. */
QString batchTitle(const StepModel &m, int stage, const QString &name);
/** "Mini-batch of B = ... images (...); sample s ... is spelled out." */
QString batchHeader(const StepModel &m);
/** A per-sample value for every sample, 16 to a row; a click chooses the sample spelled out. */
GridSpec perSampleGrid(const std::vector<float> &values, int sample, const QString &name, const QString &caption);
/** The batch's images, 8 to a row; a click chooses the sample spelled out. */
GridSpec batchMosaic(const StepModel &m);
/** Rows x B matrix m (columns 0..B-1) as a grid; the selected cell is (row, sample); a click on
 *  a cell chooses its column's sample and what rowSelects says of its row. */
GridSpec matrixGrid(const Eigen::Ref<const Mat<float>> &m, int rows, int b, int selectedRow, int sample,
                    const QString &name, const QString &caption, int cellSize, RowSelects rowSelects);
/** "base<sup>(s)</sup>": the value of sample s. */
QString ofSample(const QString &base);
/** "name: (1) v1  (2) v2 ..." for every sample as one paragraph that wraps to the page's width
 *  (any window, any font: 64 values take a few lines, never a sideways scroll); each sample's
 *  number stays with its value, the spelled-out sample is bold. */
QString perSampleList(const StepModel &m, const QString &name, const std::function<QString(int)> &cell);
/** The sum of the per-sample terms, the first few written out: "t1 + t2 + ... + (the other n) = sum". */
QString termSum(const std::vector<float> &terms);

} // namespace bplab
