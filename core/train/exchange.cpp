#include "train/exchange.h"

#include <algorithm>
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

void flatten(const MlpParamsF &p, float *out)
{
    for (const Layer<float> &l : p.layers) {
        out = std::copy_n(l.W.data(), l.W.size(), out); // RowMat: row-major already
        out = std::copy_n(l.b.data(), l.b.size(), out);
    }
}

void unflatten(const float *in, MlpParamsF &p)
{
    for (Layer<float> &l : p.layers) {
        std::copy_n(in, l.W.size(), l.W.data());
        in += l.W.size();
        std::copy_n(in, l.b.size(), l.b.data());
        in += l.b.size();
    }
}

std::vector<float> flatten(const MlpParamsF &p)
{
    std::size_t n = 0;
    for (const Layer<float> &l : p.layers)
        n += std::size_t(l.W.size() + l.b.size());
    std::vector<float> out(n);
    flatten(p, out.data());
    return out;
}

} // namespace bplab
