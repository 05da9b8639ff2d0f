#pragma once
// Helpers shared by the test executables.

#include <cmath>
#include <string>

namespace bplab::test {

/** |a - b| <= rel * max(|a|, |b|) + abs: a relative compare that tolerates values near zero. */
inline bool fuzzyEqual(double a, double b, double rel = 1e-6, double abs = 1e-12)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b)) + abs;
}

/** The real MNIST folder beside the repository (../shared/data/mnist), or "" when absent. */
std::string sharedMnistFolder();

} // namespace bplab::test

#include <filesystem>
inline std::string bplab::test::sharedMnistFolder()
{
#ifdef BPLAB_SHARED_MNIST
    std::error_code ec;
    if (std::filesystem::exists(std::string(BPLAB_SHARED_MNIST) + "/t10k-images-idx3-ubyte.gz", ec))
        return BPLAB_SHARED_MNIST;
#endif
    return {};
}
