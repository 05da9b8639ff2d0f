#include "contrast.h"

#include <QRgba64>

#include <array>
#include <climits>
#include <cmath>
#include <utility>
#include <vector>

namespace bplab {

namespace {

double linear(double channel)
{
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

/** linear() of a 16-bit channel as QColor reads it (channel / 65535 as a float), from a table of
 *  the 256 values of 8-bit colours (every colour the panels draw; a paint asks for thousands),
 *  else computed: the same value either way. */
double linearChannel(quint16 channel)
{
    const auto asFloat = [](quint16 c) { return double(float(c) / float(USHRT_MAX)); };
    static const auto table = [&asFloat] {
        std::array<double, 256> t{};
        for (int v = 0; v < 256; ++v)
            t[std::size_t(v)] = linear(asFloat(quint16(v * 257)));
        return t;
    }();
    if (channel % 257 == 0)
        return table[channel / 257];
    return linear(asFloat(channel));
}

QColor mix(const QColor &a, const QColor &b, double f)
{
    // f = 0 -> a, f = 1 -> b, per sRGB channel.
    auto ch = [f](int x, int y) { return int(std::lround(x + f * (y - x))); };
    return QColor(ch(a.red(), b.red()), ch(a.green(), b.green()), ch(a.blue(), b.blue()));
}

// withContrast() and faintest() search 24 mixes, each costing two luminances: the panels ask for the
// same few colours on every paint (several times a second while training), so each answer is kept.
// Per thread (exports paint off the GUI thread), forgotten in full when a new palette's colours
// would make the list long.
struct Question
{
    int kind;
    quint64 a, b;
    double ratio;
    bool operator==(const Question &) const = default;
};

template <class Compute>
QColor remembered(const Question &q, Compute compute)
{
    thread_local std::vector<std::pair<Question, QColor>> answers;
    for (const auto &[question, answer] : answers)
        if (question == q)
            return answer;
    if (answers.size() >= 128)
        answers.clear();
    answers.emplace_back(q, compute());
    return answers.back().second;
}

quint64 key(const QColor &c)
{
    return quint64(c.rgba64());
}

QColor searchWithContrast(const QColor &fg, const QColor &bg, double ratio);
QColor searchFaintest(const QColor &ink, const QColor &bg, double ratio);

} // namespace

double relativeLuminance(const QColor &c)
{
    // L = 0.2126 R + 0.7152 G + 0.0722 B of the linearised channels
    const QRgba64 rgb = c.toRgb().rgba64();
    return 0.2126 * linearChannel(rgb.red()) + 0.7152 * linearChannel(rgb.green())
           + 0.0722 * linearChannel(rgb.blue());
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor over(const QColor &fg, const QColor &bg)
{
    return mix(bg.toRgb(), fg.toRgb(), fg.alphaF());
}

QColor withContrast(const QColor &fg, const QColor &bg, double ratio)
{
    return remembered({0, key(fg), key(bg), ratio}, [&] { return searchWithContrast(fg, bg, ratio); });
}

QColor faintest(const QColor &ink, const QColor &bg, double ratio)
{
    return remembered({1, key(ink), key(bg), ratio}, [&] { return searchFaintest(ink, bg, ratio); });
}

namespace {

QColor searchWithContrast(const QColor &fg, const QColor &bg, double ratio)
{
    const QColor start = over(fg, bg);
    if (contrastRatio(start, bg) >= ratio)
        return start;
    const QColor end = contrastRatio(Qt::black, bg) >= contrastRatio(Qt::white, bg) ? QColor(Qt::black)
                                                                                    : QColor(Qt::white);
    // The ratio grows monotonically along the mix; 24 halvings find its least step to 1/2^24.
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 24; ++i) {
        const double f = 0.5 * (lo + hi);
        (contrastRatio(mix(start, end, f), bg) >= ratio ? hi : lo) = f;
    }
    QColor c = mix(start, end, hi);
    // Rounding to 8 bits may land a hair short: one more step of the channels.
    for (double f = hi; contrastRatio(c, bg) < ratio && f < 1.0; f = std::min(1.0, f + 1.0 / 255))
        c = mix(start, end, f);
    return c;
}

QColor searchFaintest(const QColor &ink, const QColor &bg, double ratio)
{
    const QColor solid = over(ink, bg);
    if (contrastRatio(solid, bg) < ratio)
        return solid;
    double lo = 0.0, hi = 1.0; // the share of bg in the mix; lo always passes
    for (int i = 0; i < 24; ++i) {
        const double f = 0.5 * (lo + hi);
        (contrastRatio(mix(solid, bg, f), bg) >= ratio ? lo : hi) = f;
    }
    QColor c = mix(solid, bg, lo);
    for (double f = lo; contrastRatio(c, bg) < ratio && f > 0.0; f = std::max(0.0, f - 1.0 / 255))
        c = mix(solid, bg, f);
    return c;
}

} // namespace

QColor textOn(const QColor &fill)
{
    return contrastRatio(Qt::black, fill) >= contrastRatio(Qt::white, fill) ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace bplab
