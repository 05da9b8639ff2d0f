#include "train/exchange.h"

#include <algorithm>

namespace bplab {

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
