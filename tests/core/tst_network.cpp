// The network's maths: sizes, SoftMax and cross-entropy on hand-computed values, the gradient
// against central finite differences in double, initialisation and input scaling.

#include "nn/network.h"
#include "testsupport.h"

#include <QTest>
#include <cmath>

using namespace bplab;
using namespace bplab::test;

namespace {

/** Parameters that make the logits equal to z: all weights 0, b2 = z. */
ParamsD logitsParams(const std::array<double, 10> &z)
{
    ParamsD p = ParamsD::zeros();
    for (int k = 0; k < 10; ++k)
        p.b2(k) = z[std::size_t(k)];
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
ParamsD testParams()
{
    ParamsD p = initParams(Init::He, 42).cast<double>();
    for (int j = 0; j < kHidden; ++j)
        p.b1(j) = 0.01 * ((j % 7) - 3);
    for (int k = 0; k < kOutputs; ++k)
        p.b2(k) = 0.02 * (k - 4.5);
    return p;
}

double lossAt(const ParamsD &p, const Vec<double> &x, int label)
{
    return forwardTrace(p, x, label).loss;
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
        ParamsF p = ParamsF::zeros();
        QCOMPARE(std::size_t(p.W1.size() + p.W2.size()), weightCount());
        QCOMPARE(std::size_t(p.b1.size() + p.b2.size()), biasCount());
    }

    void softmaxHandComputed()
    {
        // z = (2, 1, 0.1, 0, ..., 0): e^z sums to 18.2125088..., p_0 = 0.4057132..., L = 0.9021087.
        const ParamsD p = logitsParams({2, 1, 0.1, 0, 0, 0, 0, 0, 0, 0});
        const TraceD t = forwardTrace(p, testInput(), 0);
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
        QVERIFY(fuzzyEqual(t.delta2(0), 0.4057132469572099 - 1.0, 1e-14));
        QVERIFY(fuzzyEqual(t.delta2(1), 0.14925356256646974, 1e-14));
        // Label 2: L = -ln 0.0606820 = 2.8021087.
        QVERIFY(fuzzyEqual(forwardTrace(p, testInput(), 2).loss, 2.8021086572022122, 1e-14));
    }

    void crossEntropyOfTheSourcesExample()
    {
        // p_true = 0.181: -ln 0.181 = 1.709 (the source's 0.734 is neither ln nor log10 = 0.742).
        std::array<double, 10> z{};
        z.fill(std::log(0.819 / 9));
        z[4] = std::log(0.181);
        const TraceD t = forwardTrace(logitsParams(z), testInput(), 4);
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
        const TraceD t = forwardTrace(logitsParams(z), testInput(), 1);
        QVERIFY(!t.expFinite);
        QVERIFY(t.probabilities.allFinite());
        const double p0 = 1 / (1 + std::exp(-1.0) + 8 * std::exp(-1000.0));
        QVERIFY(fuzzyEqual(t.probabilities(0), p0, 1e-14));
        QVERIFY(fuzzyEqual(t.probabilities(1), p0 * std::exp(-1.0), 1e-14));
        QVERIFY(fuzzyEqual(t.loss, 1.0 + std::log(1 + std::exp(-1.0)), 1e-14));
        // A label whose probability underflows to 0 still has a finite loss: ln(sum) - (z_2 - max).
        const TraceD far = forwardTrace(logitsParams(z), testInput(), 2);
        QCOMPARE(far.probabilities(2), 0.0);
        QVERIFY(fuzzyEqual(far.loss, 1000.0 + std::log(1 + std::exp(-1.0)), 1e-14));
        // The same in float, where e^89 already overflows.
        ParamsF pf = ParamsF::zeros();
        pf.b2(3) = 100.0f;
        const TraceF tf = forwardTrace(pf, Vec<float>(Vec<float>::Zero(kInputs)), 3);
        QVERIFY(!tf.expFinite);
        QCOMPARE(tf.probabilities(3), 1.0f);
        QCOMPARE(tf.loss, 0.0f);
    }

    void traceWithoutLabel()
    {
        const TraceD t = forwardTrace(testParams(), testInput(), -1);
        QCOMPARE(t.label, -1);
        QCOMPARE(t.loss, 0.0);
        QVERIFY(t.delta1.isZero());
        QVERIFY(t.delta2.isZero());
        QVERIFY(gradientsOf(t) == ParamsD::zeros());
        QVERIFY(t.predicted >= 0 && t.predicted < 10);
    }

    void forwardValues()
    {
        const ParamsD p = testParams();
        const Vec<double> x = testInput();
        const TraceD t = forwardTrace(p, x, 7);
        // z1_j = sum_i W1_ji x_i + b1_j, written out for one neuron.
        double z = p.b1(5);
        for (int i = 0; i < kInputs; ++i)
            z += p.W1(5, i) * x(i);
        QVERIFY(fuzzyEqual(t.z1(5), z, 1e-12));
        for (int j = 0; j < kHidden; ++j)
            QCOMPARE(t.a1(j), std::max(0.0, t.z1(j)));
        QVERIFY((t.a1.array() > 0).count() > 10);
        QVERIFY((t.a1.array() == 0).count() > 10);
        Eigen::Index best = 0;
        t.probabilities.maxCoeff(&best);
        QCOMPARE(t.predicted, int(best));
        QCOMPARE(t.target(7), 1.0);
        QCOMPARE(t.target.sum(), 1.0);
        // delta1 = (W2^T delta2) .* relu'(z1)
        for (int j = 0; j < kHidden; ++j) {
            const double back = p.W2.col(j).dot(t.delta2);
            QVERIFY(fuzzyEqual(t.delta1(j), t.z1(j) > 0 ? back : 0.0, 1e-12));
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
        const ParamsD p = testParams();
        const Vec<double> x = testInput();
        const TraceD t = forwardTrace(p, x, label);
        // No hidden neuron may sit at the ReLU's kink, where the derivative is undefined.
        QVERIFY(t.z1.cwiseAbs().minCoeff() > 1e-4);
        const ParamsD g = gradientsOf(t);
        const double h = 1e-5;

        // dL/dw by central differences: (L(w + h) - L(w - h)) / 2h.
        ParamsD q = p;
        auto numeric = [&](auto member, Eigen::Index r, Eigen::Index c) {
            const double w = (q.*member)(r, c);
            (q.*member)(r, c) = w + h;
            const double up = lossAt(q, x, label);
            (q.*member)(r, c) = w - h;
            const double down = lossAt(q, x, label);
            (q.*member)(r, c) = w;
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
        Mat<double> aW2 = g.W2, nW2(kOutputs, kHidden);
        for (int r = 0; r < kOutputs; ++r)
            for (int c = 0; c < kHidden; ++c)
                nW2(r, c) = numeric(&ParamsD::W2, r, c);
        groups.push_back({"W2", aW2, nW2});
        Mat<double> ab2 = g.b2, nb2(kOutputs, 1);
        for (int r = 0; r < kOutputs; ++r)
            nb2(r, 0) = numeric(&ParamsD::b2, r, 0);
        groups.push_back({"b2", ab2, nb2});
        Mat<double> ab1 = g.b1, nb1(kHidden, 1);
        for (int r = 0; r < kHidden; ++r)
            nb1(r, 0) = numeric(&ParamsD::b1, r, 0);
        groups.push_back({"b1", ab1, nb1});
        Mat<double> aW1(400, 1), nW1(400, 1);
        for (int s = 0; s < 400; ++s) {
            const int r = (s * 53) % kHidden, c = (s * 389 + 101) % kInputs;
            aW1(s, 0) = g.W1(r, c);
            nW1(s, 0) = numeric(&ParamsD::W1, r, c);
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
        QCOMPARE(g.W1.col(0).cwiseAbs().maxCoeff(), 0.0);
    }

    void gradientsAreOuterProducts()
    {
        const TraceD t = forwardTrace(testParams(), testInput(), 2);
        const ParamsD g = gradientsOf(t);
        QVERIFY(fuzzyEqual(g.W1(9, 10), t.delta1(9) * t.input(10), 1e-15));
        QVERIFY(fuzzyEqual(g.W2(3, 17), t.delta2(3) * t.a1(17), 1e-15));
        QVERIFY(g.b1 == t.delta1);
        QVERIFY(g.b2 == t.delta2);
    }

    void explainStepLowersTheLoss()
    {
        const ParamsD p = testParams();
        const StepTrace<double> s = explainStep(p, testInput(), 6, 0.1);
        // delta_w = -lr * gradient; w_new = w_old + delta_w
        QVERIFY(fuzzyEqual(s.adjustments.W2(6, 3), -0.1 * s.gradients.W2(6, 3), 1e-15));
        QVERIFY(fuzzyEqual(s.after.W2(6, 3), p.W2(6, 3) + s.adjustments.W2(6, 3), 1e-15));
        QVERIFY(fuzzyEqual(s.after.b1(0), p.b1(0) - 0.1 * s.gradients.b1(0), 1e-15));
        QVERIFY(s.afterTrace.loss < s.before.loss);
        QVERIFY(s.afterTrace.probabilities(6) > s.before.probabilities(6));
        const StepTrace<float> f = explainStep(p.cast<float>(), Vec<float>(testInput().cast<float>()), 6, 0.1f);
        QVERIFY(fuzzyEqual(f.before.loss, s.before.loss, 1e-5));
        QVERIFY2(std::abs(f.afterTrace.loss - s.afterTrace.loss) < 1e-4,
                 qPrintable(QString("%1 vs %2").arg(f.afterTrace.loss).arg(s.afterTrace.loss)));
    }

    void initialisation()
    {
        const ParamsF a = initParams(Init::He, 1), b = initParams(Init::He, 1), c = initParams(Init::He, 2);
        QVERIFY(a == b);
        QVERIFY(!(a == c));
        // He: N(0, 2 / fan_in), biases 0.
        const double mean = a.W1.cast<double>().mean();
        const double sd = std::sqrt((a.W1.cast<double>().array() - mean).square().mean());
        QVERIFY2(std::abs(mean) < 0.002, qPrintable(QString::number(mean)));
        QVERIFY2(fuzzyEqual(sd, std::sqrt(2.0 / 784), 0.02), qPrintable(QString::number(sd)));
        const double sd2 = std::sqrt(a.W2.cast<double>().array().square().mean());
        QVERIFY2(fuzzyEqual(sd2, std::sqrt(2.0 / 128), 0.08), qPrintable(QString::number(sd2)));
        QVERIFY(a.b1.isZero() && a.b2.isZero());

        // PyTorch: U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for weights and biases.
        const ParamsF t = initParams(Init::PyTorch, 1);
        const float bound1 = 1.0f / 28.0f, bound2 = 1.0f / std::sqrt(128.0f);
        QVERIFY(t.W1.cwiseAbs().maxCoeff() <= bound1);
        QVERIFY(t.W1.cwiseAbs().maxCoeff() > 0.99f * bound1);
        QVERIFY(t.b1.cwiseAbs().maxCoeff() <= bound1 && !t.b1.isZero());
        QVERIFY(t.W2.cwiseAbs().maxCoeff() <= bound2 && t.b2.cwiseAbs().maxCoeff() <= bound2 && !t.b2.isZero());
        QVERIFY(fuzzyEqual(std::sqrt(t.W1.cast<double>().array().square().mean()), bound1 / std::sqrt(3.0), 0.02));

        // Xavier (Glorot uniform): U(-a, a), a = sqrt(6 / (fan_in + fan_out)); biases 0.
        const ParamsF x = initParams(Init::Xavier, 1);
        const float a1 = float(std::sqrt(6.0 / (784 + 128)));
        QVERIFY(x.W1.cwiseAbs().maxCoeff() <= a1 && x.W1.cwiseAbs().maxCoeff() > 0.99f * a1);
        QVERIFY(x.b1.isZero() && x.b2.isZero());
        QVERIFY(!(x.W1 == t.W1));
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
        const ParamsF p = initParams(Init::He, 5);
        const auto probs = predictProbabilities(p, px.data(), Normalize::None);
        double sum = 0;
        for (float v : probs) {
            QVERIFY(v >= 0 && v <= 1);
            sum += v;
        }
        QVERIFY(fuzzyEqual(sum, 1.0, 1e-6));
        const TraceF t = forwardTrace(p, scaleInput<float>(px.data(), Normalize::None), -1);
        QCOMPARE(probs[3], t.probabilities(3));
    }
};

QTEST_MAIN(TestNetwork)
#include "tst_network.moc"
