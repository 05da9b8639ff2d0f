#pragma once
// A seeded random source whose numbers depend only on the seed: std::mt19937_64 is specified
// bit for bit by the standard, but the std::*_distribution transforms are not, so the transforms
// are written out here (internal to bplab_core).

#include <cmath>
#include <cstdint>
#include <random>

namespace bplab {

/** SplitMix64 finaliser: derives independent seeds from (seed, stream). */
inline std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t stream)
{
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (stream + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

class Rng {
public:
    explicit Rng(std::uint64_t seed) : m_engine(seed) {}

    /** Uniform in [0, 1) with 53 random bits. */
    double uniform01() { return double(m_engine() >> 11) * 0x1.0p-53; }
    /** Uniform in [a, b). */
    double uniform(double a, double b) { return a + (b - a) * uniform01(); }
    /** Standard normal by Box-Muller; u1 in (0, 1] keeps the logarithm finite. */
    double normal()
    {
        if (m_haveSpare) {
            m_haveSpare = false;
            return m_spare;
        }
        const double u1 = 1.0 - uniform01();
        const double u2 = uniform01();
        const double r = std::sqrt(-2.0 * std::log(u1));
        constexpr double kTwoPi = 6.283185307179586476925286766559;
        m_spare = r * std::sin(kTwoPi * u2);
        m_haveSpare = true;
        return r * std::cos(kTwoPi * u2);
    }
    /** Uniform integer in [0, n), unbiased (rejects the top partial range). */
    std::uint64_t below(std::uint64_t n)
    {
        const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % n);
        std::uint64_t v;
        do {
            v = m_engine();
        } while (v >= limit);
        return v % n;
    }

private:
    std::mt19937_64 m_engine;
    double m_spare = 0;
    bool m_haveSpare = false;
};

/** Fisher-Yates: every permutation of [first, first + n) equally likely. */
template <class T>
void shuffle(T *first, std::size_t n, Rng &rng)
{
    for (std::size_t i = n; i > 1; --i) {
        const std::size_t j = std::size_t(rng.below(i));
        std::swap(first[i - 1], first[j]);
    }
}

} // namespace bplab
