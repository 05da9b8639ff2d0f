// The default 784-128-10 ReLU network's maths through the one trace of every network: sizes,
// SoftMax and cross-entropy on hand-computed values, the values written out neuron by neuron,
// the gradient against central finite differences in double, initialisation and input scaling.

#include "nn/mlptrace.h"
#include "nn/network.h"
#include "nn/networkeval.h"
#include "testsupport.h"

#include <QTest>
#include <cmath>

using namespace bplab;
using namespace bplab::test;

namespace {

const Architecture kDefault = Architecture::source();

/** Parameters that make the logits equal to z: all weights 0, b2 = z. */
MlpParamsD logitsParams(const std::array<double, 10> &z)
{
    MlpParamsD p = MlpParamsD::zeros(kDefault);
    for (int k = 0; k < 10; ++k)
        p.layers[1].b(k) = z[std::size_t(k)];
    return p;
}

/** A deterministic input with values in [0, 1]; a third of the pixels are 0, as in MNIST. */
Vec<double> testInput()
{
    Vec<double> x(kInputs);
    for (int i = 0; i < kInputs; ++i)
        x(i) = (i % 3 == 0) ? 0.0 : double((i * 37) % 256) / 255.0;
    return x;
}

/** Parameters in double with non-zero biases, from the He initialisation. */
MlpParamsD testParams()
{
    MlpParamsD p = initMlp(kDefault, Init::He, 42).cast<double>();
    for (int j = 0; j < kHidden; ++j)
        p.layers[0].b(j) = 0.01 * ((j % 7) - 3);
    for (int k = 0; k < kOutputs; ++k)
        p.layers[1].b(k) = 0.02 * (k - 4.5);
    return p;
}

template<class S>
MlpTrace<S> traceOf(const MlpParams<S> &p, const Vec<S> &x, int label)
{
    return traceSample(kDefault, p, x, label);
}

double lossAt(const MlpParamsD &p, const Vec<double> &x, int label)
{
    return traceOf(p, x, label).loss;
}

} // namespace

class TestNetwork : public QObject {
    Q_OBJECT

private slots:
    void sizes()
    {
        QCOMPARE(hiddenWeightCount(), std::size_t(100352));
        QCOMPARE(outputWeightCount(), std::size_t(1280));
        QCOMPARE(weightCount(), std::size_t(101632));
        QCOMPARE(biasCount(), std::size_t(138));
        QCOMPARE(parameterCount(), std::size_t(101770));
        QCOMPARE(weightBytes(4), std::size_t(406528));
        QCOMPARE(weightBytes(2), std::size_t(203264));
        QCOMPARE(weightBytes(8), std::size_t(813056));
        QCOMPARE(parameterBytes(4), std::size_t(407080));
        QCOMPARE(multiplyAddsPerSample(), std::size_t(101632));
        QCOMPARE(multiplyAddsPerBatch(64), std::size_t(6504448));
        // The source's split of the batch figure: 6,422,528 (hidden) + 81,920 (output).
        QCOMPARE(hiddenWeightCount() * 64, std::size_t(6422528));
        QCOMPARE(outputWeightCount() * 64, std::size_t(81920));
        // Its "64 x 138" is 8,832, not 768.
        QCOMPARE(64 * biasCount(), std::size_t(8832));
        MlpParamsF p = MlpParamsF::zeros(kDefault);
        QCOMPARE(std::size_t(p.layers[0].W.size() + p.layers[1].W.size()), weightCount());
        QCOMPARE(std::size_t(p.layers[0].b.size() + p.layers[1].b.size()), biasCount());
    }

    void softmaxHandComputed()
    {
        // z = (2, 1, 0.1, 0, ..., 0): e^z sums to 18.2125088..., p_0 = 0.4057132..., L = 0.9021087.
        const MlpParamsD p = logitsParams({2, 1, 0.1, 0, 0, 0, 0, 0, 0, 0});
        const MlpTraceD t = traceOf(p, testInput(), 0);
        QVERIFY(fuzzyEqual(t.expSum, 18.212508845465344, 1e-14));
        QVERIFY(fuzzyEqual(t.exp(0), std::exp(2.0), 1e-15));
        QVERIFY(fuzzyEqual(t.probabilities(0), 0.4057132469572099, 1e-14));
        QVERIFY(fuzzyEqual(t.probabilities(1), 0.14925356256646974, 1e-14));
        QVERIFY(fuzzyEqual(t.probabilities(2), 0.06068197014772183, 1e-14));
        QVERIFY(fuzzyEqual(t.probabilities(3), 0.05490731718979979, 1e-14));
        QVERIFY(fuzzyEqual(t.probabilities.sum(), 1.0, 1e-15));
        QVERIFY(fuzzyEqual(t.loss, 0.9021086572022124, 1e-14));
        QCOMPARE(t.predicted, 0);
        QVERIFY(t.expFinite);
        // delta2 = p - y
        QVERIFY(fuzzyEqual(t.deltaOut(0), 0.4057132469572099 - 1.0, 1e-14));
        QVERIFY(fuzzyEqual(t.deltaOut(1), 0.14925356256646974, 1e-14));
        // Label 2: L = -ln 0.0606820 = 2.8021087.
        QVERIFY(fuzzyEqual(traceOf(p, testInput(), 2).loss, 2.8021086572022122, 1e-14));
    }

    void crossEntropyOfTheSourcesExample()
    {
        // p_true = 0.181: -ln 0.181 = 1.709 (the source's 0.734 is neither ln nor log10 = 0.742).
        std::array<double, 10> z{};
        z.fill(std::log(0.819 / 9));
        z[4] = std::log(0.181);
        const MlpTraceD t = traceOf(logitsParams(z), testInput(), 4);
        QVERIFY(fuzzyEqual(t.probabilities(4), 0.181, 1e-13));
        QVERIFY(fuzzyEqual(t.loss, 1.7092582477163114, 1e-13));
        QCOMPARE(std::round(t.loss * 1000) / 1000, 1.709);
        QCOMPARE(std::round(-std::log10(t.probabilities(4)) * 1000) / 1000, 0.742);
        QVERIFY(std::abs(t.loss - 0.734) > 0.9);
    }

    void softmaxIsStable()
    {
        // e^1000 overflows; the probabilities and the loss must not.
        std::array<double, 10> z{};
        z[0] = 1000;
        z[1] = 999;
        const MlpTraceD t = traceOf(logitsParams(z), testInput(), 1);
        QVERIFY(!t.expFinite);
        QVERIFY(t.probabilities.allFinite());
        const double p0 = 1 / (1 + std::exp(-1.0) + 8 * std::exp(-1000.0));
        QVERIFY(fuzzyEqual(t.probabilities(0), p0, 1e-14));
        QVERIFY(fuzzyEqual(t.probabilities(1), p0 * std::exp(-1.0), 1e-14));
        QVERIFY(fuzzyEqual(t.loss, 1.0 + std::log(1 + std::exp(-1.0)), 1e-14));
        // A label whose probability underflows to 0 still has a finite loss: ln(sum) - (z_2 - max).
        const MlpTraceD far = traceOf(logitsParams(z), testInput(), 2);
        QCOMPARE(far.probabilities(2), 0.0);
        QVERIFY(fuzzyEqual(far.loss, 1000.0 + std::log(1 + std::exp(-1.0)), 1e-14));
        // The same in float, where e^89 already overflows.
        MlpParamsF pf = MlpParamsF::zeros(kDefault);
        pf.layers[1].b(3) = 100.0f;
        const MlpTraceF tf = traceOf(pf, Vec<float>(Vec<float>::Zero(kInputs)), 3);
        QVERIFY(!tf.expFinite);
        QCOMPARE(tf.probabilities(3), 1.0f);
        QCOMPARE(tf.loss, 0.0f);
    }

    void traceWithoutLabel()
    {
        const MlpTraceD t = traceOf(testParams(), testInput(), -1);
        QCOMPARE(t.label, -1);
        QCOMPARE(t.loss, 0.0);
        QVERIFY(t.hidden[0].delta.isZero());
        QVERIFY(t.deltaOut.isZero());
        QVERIFY(gradientsOf(kDefault, t) == MlpParamsD::zeros(kDefault));
        QVERIFY(t.predicted >= 0 && t.predicted < 10);
    }

    void forwardValues()
    {
        const MlpParamsD p = testParams();
        const Vec<double> x = testInput();
        const MlpTraceD t = traceOf(p, x, 7);
        const HiddenTrace<double> &h = t.hidden[0];
        // z1_j = sum_i W1_ji x_i + b1_j, written out for one neuron.
        double z = p.layers[0].b(5);
        for (int i = 0; i < kInputs; ++i)
            z += p.layers[0].W(5, i) * x(i);
        QVERIFY(fuzzyEqual(h.z(5), z, 1e-12));
        for (int j = 0; j < kHidden; ++j)
            QCOMPARE(h.a(j), std::max(0.0, h.z(j)));
        QVERIFY((h.a.array() > 0).count() > 10);
        QVERIFY((h.a.array() == 0).count() > 10);
        // z2_k = sum_j W2_kj a1_j + b2_k, for one output
        double z2 = p.layers[1].b(4);
        for (int j = 0; j < kHidden; ++j)
            z2 += p.layers[1].W(4, j) * h.a(j);
        QVERIFY(fuzzyEqual(t.logits(4), z2, 1e-12));
        Eigen::Index best = 0;
        t.probabilities.maxCoeff(&best);
        QCOMPARE(t.predicted, int(best));
        QCOMPARE(t.target(7), 1.0);
        QCOMPARE(t.target.sum(), 1.0);
        // delta1 = (W2^T delta2) .* relu'(z1)
        for (int j = 0; j < kHidden; ++j) {
            const double back = p.layers[1].W.col(j).dot(t.deltaOut);
            QVERIFY(fuzzyEqual(h.delta(j), h.z(j) > 0 ? back : 0.0, 1e-12));
        }
    }

    void gradientCheck_data()
    {
        QTest::addColumn<int>("label");
        QTest::newRow("label 3") << 3;
        QTest::newRow("label 8") << 8;
    }
    void gradientCheck()
    {
        QFETCH(int, label);
        const MlpParamsD p = testParams();
        const Vec<double> x = testInput();
        const MlpTraceD t = traceOf(p, x, label);
        // No hidden neuron may sit at the ReLU's kink, where the derivative is undefined.
        QVERIFY(t.hidden[0].z.cwiseAbs().minCoeff() > 1e-4);
        const MlpParamsD gl = gradientsOf(kDefault, t);
        const Layer<double> &g1 = gl.layers[0], &g2 = gl.layers[1];
        const double h = 1e-5;

        // dL/dw by central differences: (L(w + h) - L(w - h)) / 2h (a bias: column 0 of b).
        MlpParamsD q = p;
        auto numeric = [&](std::size_t l, bool bias, Eigen::Index r, Eigen::Index c) {
            double &v = bias ? q.layers[l].b(r) : q.layers[l].W(r, c);
            const double w = v;
            v = w + h;
            const double up = lossAt(q, x, label);
            v = w - h;
            const double down = lossAt(q, x, label);
            v = w;
            return (up - down) / (2 * h);
        };
        struct Group {
            const char *name;
            Mat<double> analytic;
            Mat<double> numeric;
        };
        std::vector<Group> groups;
        // W2, b1, b2 completely; W1 on 400 entries spread over all rows and columns (all 100,352
        // would take minutes under the sanitizers), including entries whose input is 0.
        Mat<double> aW2 = g2.W, nW2(kOutputs, kHidden);
        for (int r = 0; r < kOutputs; ++r)
            for (int c = 0; c < kHidden; ++c)
                nW2(r, c) = numeric(1, false, r, c);
        groups.push_back({"W2", aW2, nW2});
        Mat<double> ab2 = g2.b, nb2(kOutputs, 1);
        for (int r = 0; r < kOutputs; ++r)
            nb2(r, 0) = numeric(1, true, r, 0);
        groups.push_back({"b2", ab2, nb2});
        Mat<double> ab1 = g1.b, nb1(kHidden, 1);
        for (int r = 0; r < kHidden; ++r)
            nb1(r, 0) = numeric(0, true, r, 0);
        groups.push_back({"b1", ab1, nb1});
        Mat<double> aW1(400, 1), nW1(400, 1);
        for (int s = 0; s < 400; ++s) {
            const int r = (s * 53) % kHidden, c = (s * 389 + 101) % kInputs;
            aW1(s, 0) = g1.W(r, c);
            nW1(s, 0) = numeric(0, false, r, c);
        }
        groups.push_back({"W1", aW1, nW1});

        for (const Group &grp : groups) {
            const double rel = (grp.analytic - grp.numeric).norm() / (grp.analytic.norm() + grp.numeric.norm());
            QVERIFY2(grp.analytic.norm() > 1e-6, grp.name); // a zero gradient would prove nothing
            QVERIFY2(rel < 1e-6, qPrintable(QString("%1: relative error %2").arg(grp.name).arg(rel)));
            // Element by element, wherever the gradient is not tiny.
            for (Eigen::Index i = 0; i < grp.analytic.size(); ++i) {
                const double a = grp.analytic(i), n = grp.numeric(i);
                if (std::abs(a) > 1e-4)
                    QVERIFY2(std::abs(a - n) / std::abs(a) < 1e-6,
                             qPrintable(QString("%1[%2]: %3 vs %4").arg(grp.name).arg(i).arg(a).arg(n)));
                else
                    QVERIFY2(std::abs(a - n) < 1e-9,
                             qPrintable(QString("%1[%2]: %3 vs %4").arg(grp.name).arg(i).arg(a).arg(n)));
            }
        }
        // W1's gradient is delta1 x^T: zero where the input pixel is 0.
        QCOMPARE(g1.W.col(0).cwiseAbs().maxCoeff(), 0.0);
    }

    void gradientsAreOuterProducts()
    {
        const MlpTraceD t = traceOf(testParams(), testInput(), 2);
        const MlpParamsD g = gradientsOf(kDefault, t);
        // dW1 = delta1 x^T, db1 = delta1, dW2 = delta2 a1^T, db2 = delta2
        QVERIFY(fuzzyEqual(g.layers[0].W(9, 10), t.hidden[0].delta(9) * t.input(10), 1e-15));
        QVERIFY(fuzzyEqual(g.layers[1].W(3, 17), t.deltaOut(3) * t.hidden[0].a(17), 1e-15));
        QVERIFY(g.layers[0].b == t.hidden[0].delta);
        QVERIFY(g.layers[1].b == t.deltaOut);
    }

    void explainStepLowersTheLoss()
    {
        const MlpParamsD p = testParams();
        const MlpTraceD s = explainSample(kDefault, p, testInput(), 6, 0.1);
        // delta_w = -lr * gradient; w_new = w_old + delta_w: the loss after is the new weights'
        const MlpParamsD g = gradientsOf(kDefault, s);
        const MlpParamsD d = adjustmentsOf(g, 0.1);
        QVERIFY(fuzzyEqual(d.layers[1].W(6, 3), -0.1 * g.layers[1].W(6, 3), 1e-15));
        MlpParamsD after = p;
        for (std::size_t l = 0; l < after.layers.size(); ++l) {
            after.layers[l].W += d.layers[l].W;
            after.layers[l].b += d.layers[l].b;
        }
        const MlpTraceD again = traceOf(after, testInput(), 6);
        QCOMPARE(s.lossAfter, again.loss);
        QCOMPARE(s.predictedAfter, again.predicted);
        QVERIFY(s.lossAfter < s.loss);
        QVERIFY(again.probabilities(6) > s.probabilities(6));
        const MlpTraceF f = explainSample(kDefault, p.cast<float>(), Vec<float>(testInput().cast<float>()), 6, 0.1f);
        QVERIFY(fuzzyEqual(f.loss, s.loss, 1e-5));
        QVERIFY2(std::abs(f.lossAfter - s.lossAfter) < 1e-4,
                 qPrintable(QString("%1 vs %2").arg(f.lossAfter).arg(s.lossAfter)));
    }

    void initialisation()
    {
        const MlpParamsF a = initMlp(kDefault, Init::He, 1), b = initMlp(kDefault, Init::He, 1), c = initMlp(kDefault, Init::He, 2);
        QVERIFY(a == b);
        QVERIFY(!(a == c));
        // He: N(0, 2 / fan_in), biases 0.
        const double mean = a.layers[0].W.cast<double>().mean();
        const double sd = std::sqrt((a.layers[0].W.cast<double>().array() - mean).square().mean());
        QVERIFY2(std::abs(mean) < 0.002, qPrintable(QString::number(mean)));
        QVERIFY2(fuzzyEqual(sd, std::sqrt(2.0 / 784), 0.02), qPrintable(QString::number(sd)));
        const double sd2 = std::sqrt(a.layers[1].W.cast<double>().array().square().mean());
        QVERIFY2(fuzzyEqual(sd2, std::sqrt(2.0 / 128), 0.08), qPrintable(QString::number(sd2)));
        QVERIFY(a.layers[0].b.isZero() && a.layers[1].b.isZero());

        // PyTorch: U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for weights and biases.
        const MlpParamsF t = initMlp(kDefault, Init::PyTorch, 1);
        const float bound1 = 1.0f / 28.0f, bound2 = 1.0f / std::sqrt(128.0f);
        QVERIFY(t.layers[0].W.cwiseAbs().maxCoeff() <= bound1);
        QVERIFY(t.layers[0].W.cwiseAbs().maxCoeff() > 0.99f * bound1);
        QVERIFY(t.layers[0].b.cwiseAbs().maxCoeff() <= bound1 && !t.layers[0].b.isZero());
        QVERIFY(t.layers[1].W.cwiseAbs().maxCoeff() <= bound2 && t.layers[1].b.cwiseAbs().maxCoeff() <= bound2 && !t.layers[1].b.isZero());
        QVERIFY(fuzzyEqual(std::sqrt(t.layers[0].W.cast<double>().array().square().mean()), bound1 / std::sqrt(3.0), 0.02));

        // Xavier (Glorot uniform): U(-a, a), a = sqrt(6 / (fan_in + fan_out)); biases 0.
        const MlpParamsF x = initMlp(kDefault, Init::Xavier, 1);
        const float a1 = float(std::sqrt(6.0 / (784 + 128)));
        QVERIFY(x.layers[0].W.cwiseAbs().maxCoeff() <= a1 && x.layers[0].W.cwiseAbs().maxCoeff() > 0.99f * a1);
        QVERIFY(x.layers[0].b.isZero() && x.layers[1].b.isZero());
        QVERIFY(!(x.layers[0].W == t.layers[0].W));
    }

    void inputScaling()
    {
        std::vector<std::uint8_t> px(kInputs, 0);
        px[1] = 255;
        px[2] = 51;
        const Vec<float> x = scaleInput<float>(px.data(), Normalize::None);
        QCOMPARE(x(0), 0.0f);
        QCOMPARE(x(1), 1.0f);
        QCOMPARE(x(2), 0.2f);
        const Vec<double> s = scaleInput<double>(px.data(), Normalize::Standard);
        QVERIFY(fuzzyEqual(s(0), -0.424212917883804, 1e-12));
        QVERIFY(fuzzyEqual(s(1), (1 - 0.1307) / 0.3081, 1e-12));
        const Vec<float> sf = scaleInput<float>(px.data(), Normalize::Standard);
        QVERIFY(fuzzyEqual(sf(1), s(1), 1e-6));
        QCOMPARE(inputTable(Normalize::None)[255], 1.0f);
        QCOMPARE(toString(Normalize::Standard), std::string("standard"));
        QCOMPARE(toString(Init::PyTorch), std::string("pytorch"));
        QCOMPARE(parseInit("xavier"), std::optional<Init>(Init::Xavier));
        QVERIFY(!parseInit("lecun").has_value());
        QCOMPARE(parseNormalize("none"), std::optional<Normalize>(Normalize::None));
    }

    void predictProbabilitiesSumToOne()
    {
        std::vector<std::uint8_t> px(kInputs);
        for (int i = 0; i < kInputs; ++i)
            px[std::size_t(i)] = std::uint8_t((i * 13) % 256);
        const MlpParamsF p = initMlp(kDefault, Init::He, 5);
        const auto probs = networkProbabilities(kDefault, p, px.data(), Normalize::None);
        double sum = 0;
        for (float v : probs) {
            QVERIFY(v >= 0 && v <= 1);
            sum += v;
        }
        QVERIFY(fuzzyEqual(sum, 1.0, 1e-6));
        const MlpTraceF t = traceOf(p, scaleInput<float>(px.data(), Normalize::None), -1);
        QCOMPARE(probs[3], t.probabilities(3));
    }
};

QTEST_MAIN(TestNetwork)
#include "tst_network.moc"
