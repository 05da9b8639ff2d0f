#pragma once
// The loss curve as plain data: every finite batch loss at its fractional epoch x (ascending),
// its moving average, each finished epoch's test loss and accuracy (and the training set's, when
// measured), the points a plot of a given width needs, and the whole history as CSV. The plot
// only draws what this holds.

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace bplab {

/** Where batch `step` (0-based, counted over the whole run) lies on a loss plot's x axis:
 *  x = epoch + (batch + 1) / batchesPerEpoch, so that epoch e ends at x = e + 1. */
double batchX(std::size_t step, int batchesPerEpoch);

class LossHistory
{
public:
    /** Batches in the moving average (fewer at the start). */
    static constexpr std::size_t kMovingAverageSpan = 50;

    struct Point
    {
        double x = 0, y = 0;
    };
    struct Epoch
    {
        double x = 0, testLoss = 0, testAccuracyPercent = 0;
        /** The whole training (sub)set at the epoch's weights; NaN when not measured. */
        double trainLoss = std::numeric_limits<double>::quiet_NaN();
        double trainAccuracyPercent = std::numeric_limits<double>::quiet_NaN();
        bool hasTrain() const { return trainLoss == trainLoss && trainAccuracyPercent == trainAccuracyPercent; }
    };

    /** A batch's loss at x (epoch + (batch + 1) / batchesPerEpoch); false, and nothing kept, when
     *  either is NaN or infinite (such a point is never drawn, shown or exported). */
    bool appendBatch(double x, float loss);
    /** An epoch's test loss and accuracy, and the training set's when both are finite (else the
     *  epoch is kept without them). False, and nothing kept, when a test number is not finite. */
    bool appendEpoch(double x, double testLoss, double testAccuracyPercent,
                     double trainLoss = std::numeric_limits<double>::quiet_NaN(),
                     double trainAccuracyPercent = std::numeric_limits<double>::quiet_NaN());
    /** Empty again, with the memory given back (a new run starts small). */
    void clear();
    /** Forgets the batches and epochs after x (a new branch of the training starts there). */
    void truncateAfter(double x);

    std::size_t batchCount() const { return m_loss.size(); }
    std::size_t epochCount() const { return m_epochs.size(); }
    const std::vector<double> &x() const { return m_x; }
    const std::vector<float> &loss() const { return m_loss; }
    const std::vector<Epoch> &epochs() const { return m_epochs; }
    /** average_i = mean(loss[i - span + 1 .. i]), in double. */
    double movingAverage(std::size_t i) const;
    double maxX() const { return m_maxX; }
    /** The largest batch, test or training-set loss. */
    double maxLoss() const { return m_maxLoss; }
    /** Memory the batch history holds. */
    std::size_t bytes() const;

    /**
     * The batch losses and their moving average with x in [lower, upper] (and one point beyond
     * each edge, so that lines run to the border), for a plot `pixels` columns wide: every point
     * when there are at most pointsPerPixel per column, else each column's lowest and highest
     * point in x order (what a line through every point would cover).
     */
    void visiblePoints(double lower, double upper, int pixels, int pointsPerPixel,
                       std::vector<Point> &batch, std::vector<Point> &average) const;

    /** kind,step,epoch,batch_loss,moving_average,test_loss,test_accuracy_percent,train_eval_loss,
     *  train_accuracy_percent; an epoch's row follows the batches that end at its x; an empty field
     *  is a number not measured. Numbers in their shortest exact form. */
    std::string csv() const;

private:
    std::vector<double> m_x;
    std::vector<float> m_loss;
    std::vector<Epoch> m_epochs;
    double m_maxX = 0;
    double m_maxLoss = 0;
};

} // namespace bplab
