#include "train/losshistory.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace bplab {

double batchX(std::size_t step, int batchesPerEpoch)
{
    const auto n = std::size_t(batchesPerEpoch > 1 ? batchesPerEpoch : 1);
    return double(step / n) + double(step % n + 1) / double(n);
}

namespace {

template <class T>
void appendNumber(std::string &out, T value)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

} // namespace

bool LossHistory::appendBatch(double x, float loss)
{
    if (!std::isfinite(loss) || !std::isfinite(x))
        return false;
    // Grows by doubling, never shrinks: one allocation per doubling, no per-batch work.
    m_x.push_back(x);
    m_loss.push_back(loss);
    m_maxLoss = std::max(m_maxLoss, double(loss));
    m_maxX = std::max(m_maxX, x);
    return true;
}

bool LossHistory::appendEpoch(double x, double testLoss, double testAccuracyPercent, double trainLoss,
                              double trainAccuracyPercent)
{
    if (!std::isfinite(x) || !std::isfinite(testLoss) || !std::isfinite(testAccuracyPercent))
        return false;
    Epoch e {x, testLoss, testAccuracyPercent};
    if (std::isfinite(trainLoss) && std::isfinite(trainAccuracyPercent)) {
        e.trainLoss = trainLoss;
        e.trainAccuracyPercent = trainAccuracyPercent;
        m_maxLoss = std::max(m_maxLoss, trainLoss);
    }
    m_epochs.push_back(e);
    m_maxLoss = std::max(m_maxLoss, testLoss);
    m_maxX = std::max(m_maxX, x);
    return true;
}

void LossHistory::truncateAfter(double x)
{
    // x values are fractions of an epoch: a tolerance far below one batch's width.
    const double limit = x + 1e-9;
    const auto end = std::upper_bound(m_x.begin(), m_x.end(), limit);
    m_loss.resize(std::size_t(end - m_x.begin()));
    m_x.erase(end, m_x.end());
    while (!m_epochs.empty() && m_epochs.back().x > limit)
        m_epochs.pop_back();
    m_maxX = m_x.empty() ? 0 : m_x.back();
    m_maxLoss = 0;
    for (float l : m_loss)
        m_maxLoss = std::max(m_maxLoss, double(l));
    for (const Epoch &e : m_epochs) {
        m_maxLoss = std::max(m_maxLoss, e.testLoss);
        if (e.hasTrain())
            m_maxLoss = std::max(m_maxLoss, e.trainLoss);
        m_maxX = std::max(m_maxX, e.x);
    }
}

void LossHistory::clear()
{
    std::vector<double>().swap(m_x);
    std::vector<float>().swap(m_loss);
    std::vector<Epoch>().swap(m_epochs);
    m_maxX = 0;
    m_maxLoss = 0;
}

std::size_t LossHistory::bytes() const
{
    return m_x.capacity() * sizeof(double) + m_loss.capacity() * sizeof(float);
}

double LossHistory::movingAverage(std::size_t i) const
{
    const std::size_t first = i + 1 > kMovingAverageSpan ? i + 1 - kMovingAverageSpan : 0;
    double sum = 0;
    for (std::size_t j = first; j <= i; ++j)
        sum += double(m_loss[j]);
    return sum / double(i - first + 1);
}

void LossHistory::visiblePoints(double lower, double upper, int pixels, int pointsPerPixel,
                                std::vector<Point> &batch, std::vector<Point> &average) const
{
    batch.clear();
    average.clear();
    pixels = std::max(pixels, 1);
    const std::size_t total = m_loss.size();
    std::size_t i0 = std::size_t(std::lower_bound(m_x.begin(), m_x.end(), lower) - m_x.begin());
    std::size_t i1 = std::size_t(std::upper_bound(m_x.begin(), m_x.end(), upper) - m_x.begin());
    i0 = i0 > 0 ? i0 - 1 : 0;
    i1 = std::min(total, i1 + 1);
    // The running window sum of the moving average at i0 - 1.
    const std::size_t span = kMovingAverageSpan;
    double sum = 0;
    for (std::size_t j = i0 >= span ? i0 - span : 0; j < i0; ++j)
        sum += double(m_loss[j]);
    const auto averageAt = [&](std::size_t i) {
        // sum over loss[i - span + 1 .. i]
        sum += double(m_loss[i]);
        if (i >= span)
            sum -= double(m_loss[i - span]);
        return sum / double(std::min(i + 1, span));
    };

    const std::size_t n = i1 > i0 ? i1 - i0 : 0;
    if (n <= std::size_t(pointsPerPixel) * std::size_t(pixels)) {
        batch.reserve(n);
        average.reserve(n);
        for (std::size_t i = i0; i < i1; ++i) {
            batch.push_back({m_x[i], double(m_loss[i])});
            average.push_back({m_x[i], averageAt(i)});
        }
        return;
    }
    batch.reserve(2 * std::size_t(pixels) + 4);
    average.reserve(2 * std::size_t(pixels) + 4);
    struct Extremes
    {
        Point lo, hi;
        bool loFirst = true;
    };
    const auto flush = [](std::vector<Point> &out, const Extremes &e) {
        out.push_back(e.loFirst ? e.lo : e.hi);
        if (e.lo.x != e.hi.x || e.lo.y != e.hi.y)
            out.push_back(e.loFirst ? e.hi : e.lo);
    };
    const double perPixel = pixels / std::max(upper - lower, 1e-300);
    constexpr long kNone = std::numeric_limits<long>::min();
    long column = kNone;
    Extremes b, a;
    for (std::size_t i = i0; i < i1; ++i) {
        const Point pb {m_x[i], double(m_loss[i])};
        const Point pa {m_x[i], averageAt(i)};
        const long c = long(std::floor((m_x[i] - lower) * perPixel));
        if (c != column) {
            if (column != kNone) {
                flush(batch, b);
                flush(average, a);
            }
            column = c;
            b = {pb, pb, true};
            a = {pa, pa, true};
            continue;
        }
        for (auto [e, p] : {std::pair {&b, pb}, std::pair {&a, pa}}) {
            if (p.y < e->lo.y) {
                e->lo = p;
                e->loFirst = false; // the new low comes after the high
            } else if (p.y > e->hi.y) {
                e->hi = p;
                e->loFirst = true;
            }
        }
    }
    if (column != kNone) {
        flush(batch, b);
        flush(average, a);
    }
}

std::string LossHistory::csv() const
{
    std::string s = "kind,step,epoch,batch_loss,moving_average,test_loss,test_accuracy_percent,"
                    "train_eval_loss,train_accuracy_percent\n";
    std::size_t b = 0, e = 0;
    const std::size_t nb = m_loss.size(), ne = m_epochs.size();
    // Merged in x order; an epoch's row follows the batches that end at its x.
    while (b < nb || e < ne) {
        if (b < nb && (e >= ne || m_x[b] <= m_epochs[e].x)) {
            s += "batch,";
            appendNumber(s, b + 1);
            s += ',';
            appendNumber(s, m_x[b]);
            s += ',';
            appendNumber(s, m_loss[b]);
            s += ',';
            appendNumber(s, movingAverage(b));
            s += ",,,,\n";
            ++b;
        } else {
            s += "test,,";
            appendNumber(s, m_epochs[e].x);
            s += ",,,";
            appendNumber(s, m_epochs[e].testLoss);
            s += ',';
            appendNumber(s, m_epochs[e].testAccuracyPercent);
            s += ',';
            if (m_epochs[e].hasTrain()) {
                appendNumber(s, m_epochs[e].trainLoss);
                s += ',';
                appendNumber(s, m_epochs[e].trainAccuracyPercent);
            } else {
                s += ',';
            }
            s += '\n';
            ++e;
        }
    }
    return s;
}

} // namespace bplab
