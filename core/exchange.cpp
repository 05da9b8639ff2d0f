#include "exchange.h"

#include <cstring>

namespace bplab {

void flatten(const ParamsF &p, float *out)
{
    std::memcpy(out, p.W1.data(), std::size_t(p.W1.size()) * sizeof(float));
    out += p.W1.size();
    std::memcpy(out, p.b1.data(), std::size_t(p.b1.size()) * sizeof(float));
    out += p.b1.size();
    std::memcpy(out, p.W2.data(), std::size_t(p.W2.size()) * sizeof(float));
    out += p.W2.size();
    std::memcpy(out, p.b2.data(), std::size_t(p.b2.size()) * sizeof(float));
}

void unflatten(const float *in, ParamsF &p)
{
    if (p.W1.rows() != kHidden || p.W1.cols() != kInputs)
        p = ParamsF::zeros();
    std::memcpy(p.W1.data(), in, std::size_t(p.W1.size()) * sizeof(float));
    in += p.W1.size();
    std::memcpy(p.b1.data(), in, std::size_t(p.b1.size()) * sizeof(float));
    in += p.b1.size();
    std::memcpy(p.W2.data(), in, std::size_t(p.W2.size()) * sizeof(float));
    in += p.W2.size();
    std::memcpy(p.b2.data(), in, std::size_t(p.b2.size()) * sizeof(float));
}

std::vector<float> flatten(const ParamsF &p)
{
    std::vector<float> out(parameterCount());
    flatten(p, out.data());
    return out;
}

} // namespace bplab
