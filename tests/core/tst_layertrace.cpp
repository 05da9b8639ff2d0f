// explain's trace of a layer list (nn/mlptrace.h, the one trace of every network) against a recomputation of its own: a small
// convolutional network, "conv 2 3x3, pool 2, flatten, dense 4, dropout 0.5" (tanh), written out
// here with plain loops in double (a direct convolution over the padded picture, the first maximum
// of each pooling window, dense sums), forward and backward from the definitions: every layer's
// values and delta, every gradient, the loss and the loss after one SGD step. Also the gradient
// check on a layer list (nn/gradientcheck.h): each drawn weight's backward derivative against its
// central difference.

#include "nn/gradientcheck.h"
#include "nn/mlptrace.h"

#include <QTest>

#include <array>
#include <cmath>

using namespace bplab;

namespace {

constexpr int kC = 2, kK = 3, kP = 14, kFlat = kC * kP * kP, kD = 4;

/** A digit-like image: a ring of ink on a blank background (most pixels 0, as in MNIST). */
std::array<std::uint8_t, kInputs> ringPicture()
{
    std::array<std::uint8_t, kInputs> px {};
    for (int r = 0; r < 28; ++r)
        for (int c = 0; c < 28; ++c) {
            const double d = std::hypot(r - 12.5, c - 14.5);
            if (d > 5 && d < 10)
                px[std::size_t(r * 28 + c)] = std::uint8_t(40 + (r * 11 + c * 17) % 210);
        }
    return px;
}

Architecture convNet()
{
    auto specs = parseLayers("conv 2 3x3, pool 2, flatten, dense 4, dropout 0.5");
    if (!specs)
        qFatal("%s", specs.error().c_str());
    return withLayers(*specs, Activation::Tanh);
}

/** Every value of the network by loops. */
struct Plain
{
    double z1[kC][28][28], a1[kC][28][28], pooled[kC][kP][kP];
    int argY[kC][kP][kP], argX[kC][kP][kP];
    double z2[kD], a2[kD], logits[kOutputs], p[kOutputs], loss;
};

void plainForward(const MlpParamsD &w, const Vec<double> &x, int label, Plain &v)
{
    const auto pixel = [&](int y, int c) { return y < 0 || y > 27 || c < 0 || c > 27 ? 0.0 : x[y * 28 + c]; };
    // z1[o][y][c] = b1[o] + sum_{ky,kx} W1[o][ky][kx] x[y - 1 + ky][c - 1 + kx] (padding 1)
    for (int o = 0; o < kC; ++o)
        for (int y = 0; y < 28; ++y)
            for (int c = 0; c < 28; ++c) {
                double z = w.layers[0].b[o];
                for (int ky = 0; ky < kK; ++ky)
                    for (int kx = 0; kx < kK; ++kx)
                        z += w.layers[0].W(o, ky * kK + kx) * pixel(y - 1 + ky, c - 1 + kx);
                v.z1[o][y][c] = z;
                v.a1[o][y][c] = std::tanh(z);
            }
    // the first maximum of each 2 x 2 window, row by row
    for (int o = 0; o < kC; ++o)
        for (int y = 0; y < kP; ++y)
            for (int c = 0; c < kP; ++c) {
                int by = 2 * y, bx = 2 * c;
                for (int dy = 0; dy < 2; ++dy)
                    for (int dx = 0; dx < 2; ++dx)
                        if (v.a1[o][2 * y + dy][2 * c + dx] > v.a1[o][by][bx]) {
                            by = 2 * y + dy;
                            bx = 2 * c + dx;
                        }
                v.argY[o][y][c] = by;
                v.argX[o][y][c] = bx;
                v.pooled[o][y][c] = v.a1[o][by][bx];
            }
    const double *flat = &v.pooled[0][0][0]; // channel, row, column
    for (int j = 0; j < kD; ++j) {
        double z = w.layers[1].b[j];
        for (int i = 0; i < kFlat; ++i)
            z += w.layers[1].W(j, i) * flat[i];
        v.z2[j] = z;
        v.a2[j] = std::tanh(z); // dropout passes it on unchanged outside training
    }
    double m = -1e300;
    for (int k = 0; k < kOutputs; ++k) {
        double z = w.layers[2].b[k];
        for (int j = 0; j < kD; ++j)
            z += w.layers[2].W(k, j) * v.a2[j];
        v.logits[k] = z;
        m = std::max(m, z);
    }
    double sum = 0;
    for (int k = 0; k < kOutputs; ++k)
        sum += std::exp(v.logits[k] - m);
    for (int k = 0; k < kOutputs; ++k)
        v.p[k] = std::exp(v.logits[k] - m) / sum;
    v.loss = std::log(sum) - (v.logits[label] - m);
}

double worstOf(const Vec<double> &ours, const double *theirs)
{
    double worst = 0;
    for (Eigen::Index i = 0; i < ours.size(); ++i)
        worst = std::max(worst, std::abs(ours[i] - theirs[i]) / std::max(1.0, std::abs(theirs[i])));
    return worst;
}

} // namespace

class TestLayerTrace : public QObject
{
    Q_OBJECT

private slots:
    void withoutLabelEveryDeltaIsZero()
    {
        const Architecture arch = convNet();
        const auto picture = ringPicture();
        const MlpTrace<double> t = explainSample(arch, initMlp(arch, Init::PyTorch, 7).cast<double>(),
                                                 scaleInput<double>(picture.data(), Normalize::None), -1, 0.5);
        QCOMPARE(int(t.hidden.size()), 5);
        for (const HiddenTrace<double> &h : t.hidden) {
            QCOMPARE(h.delta.size(), h.a.size());
            QCOMPARE(h.delta.cwiseAbs().maxCoeff(), 0.0);
        }
        QCOMPARE(t.deltaOut.cwiseAbs().maxCoeff(), 0.0);
        QVERIFY(std::abs(t.probabilities.sum() - 1.0) < 1e-12);
    }

    void traceEqualsLoops()
    {
        const Architecture arch = convNet();
        const MlpParamsD w = initMlp(arch, Init::PyTorch, 7).cast<double>();
        const auto picture = ringPicture();
        const Vec<double> x = scaleInput<double>(picture.data(), Normalize::None);
        const int label = 3;
        const double lr = 0.5;
        const MlpTrace<double> t = explainSample(arch, w, x, label, lr);

        Plain v {};
        plainForward(w, x, label, v);
        // backward: delta_out = p - y; the dropout's dL/da = W3^T delta_out; the dense layer's
        // delta = that .* (1 - a^2); the flatten's and the pooling's dL/da = W2^T delta; the
        // convolution's delta = the pooling's at each window's maximum, 0 elsewhere, .* (1 - a^2)
        double deltaOut[kOutputs], dDrop[kD] {}, delta2[kD], dFlat[kFlat] {}, delta1[kC][28][28] {};
        for (int k = 0; k < kOutputs; ++k)
            deltaOut[k] = v.p[k] - (k == label ? 1.0 : 0.0);
        for (int j = 0; j < kD; ++j) {
            for (int k = 0; k < kOutputs; ++k)
                dDrop[j] += w.layers[2].W(k, j) * deltaOut[k];
            delta2[j] = dDrop[j] * (1 - v.a2[j] * v.a2[j]);
            for (int i = 0; i < kFlat; ++i)
                dFlat[i] += w.layers[1].W(j, i) * delta2[j];
        }
        for (int o = 0; o < kC; ++o)
            for (int y = 0; y < kP; ++y)
                for (int c = 0; c < kP; ++c) {
                    const int ay = v.argY[o][y][c], ax = v.argX[o][y][c];
                    delta1[o][ay][ax] = dFlat[(o * kP + y) * kP + c] * (1 - v.a1[o][ay][ax] * v.a1[o][ay][ax]);
                }
        // dW1[o][ky][kx] = sum_{y,c} delta1[o][y][c] x[y - 1 + ky][c - 1 + kx]; db1[o] = sum delta1[o]
        MlpParamsD g = MlpParamsD::zeros(arch);
        const auto pixel = [&](int y, int c) { return y < 0 || y > 27 || c < 0 || c > 27 ? 0.0 : x[y * 28 + c]; };
        for (int o = 0; o < kC; ++o)
            for (int y = 0; y < 28; ++y)
                for (int c = 0; c < 28; ++c) {
                    g.layers[0].b[o] += delta1[o][y][c];
                    for (int ky = 0; ky < kK; ++ky)
                        for (int kx = 0; kx < kK; ++kx)
                            g.layers[0].W(o, ky * kK + kx) += delta1[o][y][c] * pixel(y - 1 + ky, c - 1 + kx);
                }
        for (int j = 0; j < kD; ++j) {
            g.layers[1].b[j] = delta2[j];
            for (int i = 0; i < kFlat; ++i)
                g.layers[1].W(j, i) = delta2[j] * (&v.pooled[0][0][0])[i];
        }
        for (int k = 0; k < kOutputs; ++k) {
            g.layers[2].b[k] = deltaOut[k];
            for (int j = 0; j < kD; ++j)
                g.layers[2].W(k, j) = deltaOut[k] * v.a2[j];
        }

        QCOMPARE(int(t.hidden.size()), 5);
        QCOMPARE(layerText(t.hidden[0].spec), std::string("conv 2 3x3"));
        QCOMPARE(layerText(t.hidden[4].spec), std::string("dropout 0.5"));
        QCOMPARE(t.hidden[0].shape, (FeatureShape {2, 28, 28, false}));
        const double tol = 1e-12;
        // z where the layer has one (the convolution's and the dense layer's), none elsewhere
        QVERIFY(worstOf(t.hidden[0].z, &v.z1[0][0][0]) < tol);
        QVERIFY(worstOf(t.hidden[3].z, v.z2) < tol);
        QVERIFY(t.hidden[1].z.size() == 0 && t.hidden[2].z.size() == 0 && t.hidden[4].z.size() == 0);
        QVERIFY(worstOf(t.hidden[0].a, &v.a1[0][0][0]) < tol);
        QVERIFY(worstOf(t.hidden[1].a, &v.pooled[0][0][0]) < tol);
        QVERIFY(worstOf(t.hidden[2].a, &v.pooled[0][0][0]) < tol);
        QVERIFY(worstOf(t.hidden[3].a, v.a2) < tol);
        QVERIFY(worstOf(t.hidden[4].a, v.a2) < tol);
        QVERIFY(worstOf(t.hidden[0].delta, &delta1[0][0][0]) < tol);
        QVERIFY(worstOf(t.hidden[1].delta, dFlat) < tol);
        QVERIFY(worstOf(t.hidden[2].delta, dFlat) < tol);
        QVERIFY(worstOf(t.hidden[3].delta, delta2) < tol);
        QVERIFY(worstOf(t.hidden[4].delta, dDrop) < tol);
        QVERIFY(worstOf(t.logits, v.logits) < tol);
        QVERIFY(worstOf(t.probabilities, v.p) < tol);
        QVERIFY(worstOf(t.deltaOut, deltaOut) < tol);
        QVERIFY(std::abs(t.loss - v.loss) < tol);
        for (std::size_t l = 0; l < 3; ++l) {
            const Eigen::Index n = g.layers[l].W.size();
            QVERIFY2(worstOf(Eigen::Map<const Vec<double>>(t.listGradients.layers[l].W.data(), n),
                             g.layers[l].W.data()) < tol,
                     qPrintable(QStringLiteral("dW%1").arg(l + 1)));
            QVERIFY2(worstOf(t.listGradients.layers[l].b, g.layers[l].b.data()) < tol,
                     qPrintable(QStringLiteral("db%1").arg(l + 1)));
        }
        // one plain SGD step: w - lr dL/dw, then the same sample again
        MlpParamsD after = w;
        for (std::size_t l = 0; l < 3; ++l) {
            after.layers[l].W -= lr * g.layers[l].W;
            after.layers[l].b -= lr * g.layers[l].b;
        }
        Plain again {};
        plainForward(after, x, label, again);
        QVERIFY(std::abs(t.lossAfter - again.loss) < tol);
        QVERIFY2(t.lossAfter < t.loss, "the step lowers the sample's loss");
        QCOMPARE(t.label, label);
        QCOMPARE(t.lr, lr);
    }

    void gradientCheckOfALayerList()
    {
        // every drawn weight's backward derivative against its central difference; the weights
        // of a convolution are C_out x (C_in k k): row an output channel, col a kernel tap
        const Architecture arch = convNet();
        const MlpParamsD w = initMlp(arch, Init::PyTorch, 3).cast<double>();
        const auto picture = ringPicture();
        const auto checks = gradientCheck(arch, w, picture.data(), Normalize::Standard, 6, 30);
        QCOMPARE(int(checks.size()), 30);
        for (std::size_t i = 0; i < checks.size(); ++i) {
            const GradientCheck &c = checks[i];
            QCOMPARE(c.layer, int(i % 3) + 1);
            if (c.layer == 1)
                QVERIFY(c.row < 2 && c.col < 9);
            QVERIFY2(c.relativeDifference < 1e-6 || std::abs(c.backprop - c.numerical) < 1e-10,
                     qPrintable(QStringLiteral("W%1[%2][%3]: %4 against %5")
                                        .arg(c.layer)
                                        .arg(c.row)
                                        .arg(c.col)
                                        .arg(c.backprop)
                                        .arg(c.numerical)));
        }
    }
};

QTEST_APPLESS_MAIN(TestLayerTrace)
#include "tst_layertrace.moc"
