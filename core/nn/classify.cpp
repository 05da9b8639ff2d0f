#include "nn/classify.h"

namespace bplab {

std::vector<std::int8_t> classifySamples(const ParamsF &params, const Dataset &data,
                                         const std::vector<std::uint32_t> &indices, Normalize normalize)
{
    const Eigen::Index n = Eigen::Index(indices.size());
    std::vector<std::int8_t> classes(indices.size(), -1);
    if (n == 0)
        return classes;
    Mat<float> X(kInputs, n);
    for (Eigen::Index i = 0; i < n; ++i)
        scaleBytes(data.image(indices[std::size_t(i)]), kInputs, normalize, X.col(i).data());
    // z1 = W1 x + b1, a1 = relu(z1), z2 = W2 a1 + b2
    Mat<float> A1 = ((params.W1 * X).colwise() + params.b1).cwiseMax(0.0f);
    Mat<float> Z2 = (params.W2 * A1).colwise() + params.b2;
    for (Eigen::Index i = 0; i < n; ++i) {
        Eigen::Index k = 0;
        Z2.col(i).maxCoeff(&k);
        classes[std::size_t(i)] = std::int8_t(k);
    }
    return classes;
}

} // namespace bplab
