#pragma once
// TestLayers::convNetAgainstStraightforwardLoops: "conv 2 3x3, pool 2, conv 3 3x3 stride 2 valid,
// dense 5" (ReLU) computed again here with plain nested loops over pixels, one sample at a time,
// straight from the definitions: forward values, the loss, and every gradient.

#include <array>

inline void TestLayers::convNetAgainstStraightforwardLoops()
{
    const Architecture a = layered("conv 2 3x3, pool 2, conv 3 3x3 stride 2 valid, dense 5", Activation::ReLU);
    const int n = 2;
    LayerPass<double> pass(a, n);
    std::vector<std::uint8_t> labels;
    fillInputs(pass.X, labels, n, 21);
    const MlpParamsD p = testParams(a, 9);
    MlpParamsD g = MlpParamsD::zeros(a);
    const double loss = pass.forwardBackward(p, labels.data(), n, g, 0, {});

    const auto relu = [](double z) { return z > 0 ? z : 0.0; };
    const auto &W1 = p.layers[0].W, &W2 = p.layers[1].W, &W3 = p.layers[2].W, &W4 = p.layers[3].W;
    const auto &b1 = p.layers[0].b, &b2 = p.layers[1].b, &b3 = p.layers[2].b, &b4 = p.layers[3].b;
    MlpParamsD e = MlpParamsD::zeros(a); // the expected gradients
    double lossSum = 0, worstValue = 0;
    for (int s = 0; s < n; ++s) {
        const auto x = [&](int y, int c) { return y < 0 || y >= 28 || c < 0 || c >= 28 ? 0.0 : pass.X(y * 28 + c, s); };
        // conv 1: 2 x 28 x 28, padding 1
        static double z1[2][28][28], a1[2][28][28], p1[2][14][14], z2[3][6][6], a2[3][6][6];
        static int arg[2][14][14][2];
        for (int o = 0; o < 2; ++o)
            for (int y = 0; y < 28; ++y)
                for (int c = 0; c < 28; ++c) {
                    double z = b1(o);
                    for (int ky = 0; ky < 3; ++ky)
                        for (int kx = 0; kx < 3; ++kx)
                            z += W1(o, ky * 3 + kx) * x(y - 1 + ky, c - 1 + kx);
                    z1[o][y][c] = z;
                    a1[o][y][c] = relu(z);
                    worstValue = std::max(worstValue, std::abs(pass.values(0)((o * 28 + y) * 28 + c, s) - relu(z)));
                }
        // pool: the first maximum of each 2 x 2 window
        for (int o = 0; o < 2; ++o)
            for (int y = 0; y < 14; ++y)
                for (int c = 0; c < 14; ++c) {
                    int by = 2 * y, bx = 2 * c;
                    for (int dy = 0; dy < 2; ++dy)
                        for (int dx = 0; dx < 2; ++dx)
                            if (a1[o][2 * y + dy][2 * c + dx] > a1[o][by][bx]) {
                                by = 2 * y + dy;
                                bx = 2 * c + dx;
                            }
                    p1[o][y][c] = a1[o][by][bx];
                    arg[o][y][c][0] = by;
                    arg[o][y][c][1] = bx;
                    worstValue = std::max(worstValue, std::abs(pass.values(1)((o * 14 + y) * 14 + c, s) - p1[o][y][c]));
                }
        // conv 2: 3 x 6 x 6, stride 2, no padding
        for (int o = 0; o < 3; ++o)
            for (int y = 0; y < 6; ++y)
                for (int c = 0; c < 6; ++c) {
                    double z = b2(o);
                    for (int ci = 0; ci < 2; ++ci)
                        for (int ky = 0; ky < 3; ++ky)
                            for (int kx = 0; kx < 3; ++kx)
                                z += W2(o, ci * 9 + ky * 3 + kx) * p1[ci][2 * y + ky][2 * c + kx];
                    z2[o][y][c] = z;
                    a2[o][y][c] = relu(z);
                    worstValue = std::max(worstValue, std::abs(pass.values(2)((o * 6 + y) * 6 + c, s) - relu(z)));
                }
        // dense 5 over the 108 values in channel, row, column order; the output layer; SoftMax
        std::array<double, 108> f {};
        for (int o = 0; o < 3; ++o)
            for (int y = 0; y < 6; ++y)
                for (int c = 0; c < 6; ++c)
                    f[std::size_t((o * 6 + y) * 6 + c)] = a2[o][y][c];
        std::array<double, 5> z3 {}, a3 {};
        for (int j = 0; j < 5; ++j) {
            z3[j] = b3(j);
            for (int i = 0; i < 108; ++i)
                z3[j] += W3(j, i) * f[std::size_t(i)];
            a3[j] = relu(z3[j]);
        }
        std::array<double, 10> z4 {}, prob {};
        double sum = 0, top = -1e300;
        for (int k = 0; k < 10; ++k) {
            z4[k] = b4(k);
            for (int j = 0; j < 5; ++j)
                z4[k] += W4(k, j) * a3[j];
            top = std::max(top, z4[k]);
        }
        for (int k = 0; k < 10; ++k)
            sum += std::exp(z4[k] - top);
        for (int k = 0; k < 10; ++k) {
            prob[k] = std::exp(z4[k] - top) / sum;
            worstValue = std::max(worstValue, std::abs(pass.probabilities()(k, s) - prob[k]));
        }
        const int label = labels[std::size_t(s)];
        lossSum += -std::log(prob[std::size_t(label)]);

        // backwards, for the mean over n samples
        std::array<double, 10> d4 {};
        for (int k = 0; k < 10; ++k)
            d4[k] = (prob[k] - (k == label ? 1.0 : 0.0)) / n;
        std::array<double, 5> d3 {};
        for (int k = 0; k < 10; ++k) {
            e.layers[3].b(k) += d4[k];
            for (int j = 0; j < 5; ++j) {
                e.layers[3].W(k, j) += d4[k] * a3[j];
                d3[j] += W4(k, j) * d4[k];
            }
        }
        std::array<double, 108> df {};
        for (int j = 0; j < 5; ++j) {
            d3[j] = z3[j] > 0 ? d3[j] : 0.0;
            e.layers[2].b(j) += d3[j];
            for (int i = 0; i < 108; ++i) {
                e.layers[2].W(j, i) += d3[j] * f[std::size_t(i)];
                df[std::size_t(i)] += W3(j, i) * d3[j];
            }
        }
        static double dp1[2][14][14], da1[2][28][28];
        for (auto &plane : dp1)
            for (auto &row : plane)
                for (double &v : row)
                    v = 0;
        for (auto &plane : da1)
            for (auto &row : plane)
                for (double &v : row)
                    v = 0;
        for (int o = 0; o < 3; ++o)
            for (int y = 0; y < 6; ++y)
                for (int c = 0; c < 6; ++c) {
                    const double d = z2[o][y][c] > 0 ? df[std::size_t((o * 6 + y) * 6 + c)] : 0.0;
                    e.layers[1].b(o) += d;
                    for (int ci = 0; ci < 2; ++ci)
                        for (int ky = 0; ky < 3; ++ky)
                            for (int kx = 0; kx < 3; ++kx) {
                                e.layers[1].W(o, ci * 9 + ky * 3 + kx) += d * p1[ci][2 * y + ky][2 * c + kx];
                                dp1[ci][2 * y + ky][2 * c + kx] += W2(o, ci * 9 + ky * 3 + kx) * d;
                            }
                }
        for (int o = 0; o < 2; ++o)
            for (int y = 0; y < 14; ++y)
                for (int c = 0; c < 14; ++c)
                    da1[o][arg[o][y][c][0]][arg[o][y][c][1]] += dp1[o][y][c];
        for (int o = 0; o < 2; ++o)
            for (int y = 0; y < 28; ++y)
                for (int c = 0; c < 28; ++c) {
                    const double d = z1[o][y][c] > 0 ? da1[o][y][c] : 0.0;
                    e.layers[0].b(o) += d;
                    for (int ky = 0; ky < 3; ++ky)
                        for (int kx = 0; kx < 3; ++kx)
                            e.layers[0].W(o, ky * 3 + kx) += d * x(y - 1 + ky, c - 1 + kx);
                }
    }
    QVERIFY2(worstValue < 1e-12, qPrintable(QString::number(worstValue)));
    QVERIFY(std::abs(loss - lossSum / n) < 1e-12);
    for (std::size_t l = 0; l < 4; ++l) {
        const double dW = (g.layers[l].W - e.layers[l].W).cwiseAbs().maxCoeff();
        const double db = (g.layers[l].b - e.layers[l].b).cwiseAbs().maxCoeff();
        QVERIFY2(dW < 1e-12 && db < 1e-12, qPrintable(QStringLiteral("layer %1: %2 %3").arg(l).arg(dW).arg(db)));
        QVERIFY(e.layers[l].W.cwiseAbs().maxCoeff() > 1e-6);
    }
}
