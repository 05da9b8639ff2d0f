// One sample's trace through any network: every value against a straightforward recomputation
// with loops in double, the default 784-128-10 ReLU network among the others.

#include "architectures.h"
#include "nn/mlptrace.h"
#include "testsupport.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace bplab;
using namespace bplab::test;

Q_DECLARE_METATYPE(bplab::Activation)

namespace {

Vec<double> testInput()
{
    Vec<double> x(kInputs);
    for (int i = 0; i < kInputs; ++i)
        x(i) = (i % 3 == 0) ? 0.0 : double((i * 37) % 256) / 255.0;
    return x;
}

/** f(z) and f'(z) written out, independently of mlp.cpp. */
double f(Activation act, double z)
{
    switch (act) {
    case Activation::ReLU:
        return z > 0 ? z : 0;
    case Activation::LeakyReLU:
        return z > 0 ? z : 0.01 * z;
    case Activation::Sigmoid:
        return 1 / (1 + std::exp(-z));
    case Activation::Tanh:
        return std::tanh(z);
    }
    return 0;
}
double fPrime(Activation act, double z)
{
    switch (act) {
    case Activation::ReLU:
        return z > 0 ? 1 : 0;
    case Activation::LeakyReLU:
        return z > 0 ? 1 : 0.01;
    case Activation::Sigmoid:
        return f(act, z) * (1 - f(act, z));
    case Activation::Tanh:
        return 1 - std::tanh(z) * std::tanh(z);
    }
    return 0;
}

/** Loops over plain vectors: zs and as per layer (the last layer's a are the probabilities). */
struct Naive
{
    std::vector<std::vector<double>> z, a, delta;
    double expSum = 0, loss = 0;
};

Naive naive(Activation act, const MlpParamsD &p, const Vec<double> &x, int label)
{
    Naive n;
    std::vector<double> in(x.data(), x.data() + x.size());
    const std::size_t L = p.layers.size();
    for (std::size_t l = 0; l < L; ++l) {
        const auto &W = p.layers[l].W;
        std::vector<double> z(std::size_t(W.rows())), a(z.size());
        for (Eigen::Index j = 0; j < W.rows(); ++j) {
            double s = p.layers[l].b(j);
            for (Eigen::Index i = 0; i < W.cols(); ++i)
                s += W(j, i) * in[std::size_t(i)];
            z[std::size_t(j)] = s;
            a[std::size_t(j)] = l + 1 < L ? f(act, s) : std::exp(s);
        }
        n.z.push_back(z);
        n.a.push_back(a);
        in = a;
    }
    for (double e : n.a.back())
        n.expSum += e;
    for (double &e : n.a.back())
        e /= n.expSum;
    n.loss = -std::log(n.a.back()[std::size_t(label)]);
    n.delta.resize(L);
    n.delta[L - 1] = n.a[L - 1];
    n.delta[L - 1][std::size_t(label)] -= 1;
    for (std::size_t l = L - 1; l-- > 0;) {
        const auto &W = p.layers[l + 1].W;
        n.delta[l].assign(n.z[l].size(), 0.0);
        for (Eigen::Index j = 0; j < W.cols(); ++j) {
            double s = 0;
            for (Eigen::Index k = 0; k < W.rows(); ++k)
                s += W(k, j) * n.delta[l + 1][std::size_t(k)];
            n.delta[l][std::size_t(j)] = s * fPrime(act, n.z[l][std::size_t(j)]);
        }
    }
    return n;
}

/** Empty when v and w agree to 1e-10 relative; otherwise the first difference. */
QString mismatch(const Vec<double> &v, const std::vector<double> &w, const char *what)
{
    if (std::size_t(v.size()) != w.size())
        return QString("%1: %2 values, expected %3").arg(what).arg(v.size()).arg(w.size());
    for (std::size_t i = 0; i < w.size(); ++i)
        if (!fuzzyEqual(v(Eigen::Index(i)), w[i], 1e-10, 1e-13))
            return QString("%1[%2]: %3, recomputed %4")
                    .arg(what)
                    .arg(i)
                    .arg(v(Eigen::Index(i)), 0, 'g', 17)
                    .arg(w[i], 0, 'g', 17);
    return {};
}

#define COMPARE_VEC(v, w, what)                                                                    \
    do {                                                                                           \
        const QString m = mismatch(v, w, what);                                                    \
        QVERIFY2(m.isEmpty(), qPrintable(m));                                                      \
    } while (false)

} // namespace

class TestMlpTrace : public QObject
{
    Q_OBJECT

private slots:
    void againstRecomputation_data()
    {
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<Activation>("activation");
        QTest::newRow("784-10") << std::vector<int> {} << Activation::Sigmoid;
        QTest::newRow("784-20-10 relu") << std::vector<int> {20} << Activation::ReLU;
        QTest::newRow("784-128-10 relu (the default)") << std::vector<int> {128} << Activation::ReLU;
        QTest::newRow("784-20-12-10 tanh") << std::vector<int> {20, 12} << Activation::Tanh;
        QTest::newRow("784-9-7-10 sigmoid") << std::vector<int> {9, 7} << Activation::Sigmoid;
        QTest::newRow("784-9-7-10 leaky") << std::vector<int> {9, 7} << Activation::LeakyReLU;
    }
    void againstRecomputation()
    {
        QFETCH(std::vector<int>, hidden);
        QFETCH(Activation, activation);
        const Architecture a = arch(hidden, activation);
        MlpParamsD p = initMlp(a, 8).cast<double>();
        for (auto &layer : p.layers)
            for (Eigen::Index j = 0; j < layer.b.size(); ++j)
                layer.b(j) = 0.05 * double(j % 5 - 2);
        const Vec<double> x = testInput();
        const int label = 3;
        const double lr = 0.05;
        const MlpTraceD t = explainSample(a, p, x, label, lr);
        const Naive n = naive(activation, p, x, label);

        QCOMPARE(t.label, label);
        QCOMPARE(t.input, x);
        QCOMPARE(t.target.sum(), 1.0);
        QCOMPARE(t.target(label), 1.0);
        QCOMPARE(t.hidden.size(), hidden.size());
        for (std::size_t l = 0; l < hidden.size(); ++l) {
            COMPARE_VEC(t.hidden[l].z, n.z[l], "z");
            COMPARE_VEC(t.hidden[l].a, n.a[l], "a");
            COMPARE_VEC(t.hidden[l].delta, n.delta[l], "delta");
            // Each layer says what it is: a dense layer of its width, its values a flat list.
            QVERIFY(t.hidden[l].spec == (LayerSpec {LayerKind::Dense, hidden[l]}));
            QVERIFY(t.hidden[l].shape == (FeatureShape {hidden[l], 1, 1, true}));
        }
        COMPARE_VEC(t.logits, n.z.back(), "logits");
        std::vector<double> e;
        for (double z : n.z.back())
            e.push_back(std::exp(z));
        COMPARE_VEC(t.exp, e, "exp");
        QVERIFY(t.expFinite);
        QVERIFY(fuzzyEqual(t.expSum, n.expSum, 1e-12));
        COMPARE_VEC(t.probabilities, n.a.back(), "probabilities");
        QVERIFY(fuzzyEqual(t.loss, n.loss, 1e-12));
        COMPARE_VEC(t.deltaOut, n.delta.back(), "delta_out");
        QCOMPARE(t.lr, lr);
        Eigen::Index best = 0;
        t.probabilities.maxCoeff(&best);
        QCOMPARE(t.predicted, int(best));

        // The loss after w = w - lr * dL/dw, with the gradient written out: dW = delta a_prev^T.
        MlpParamsD after = p;
        for (std::size_t l = 0; l < p.layers.size(); ++l) {
            auto &layer = after.layers[l];
            for (Eigen::Index j = 0; j < layer.W.rows(); ++j) {
                const double d = n.delta[l][std::size_t(j)];
                layer.b(j) -= lr * d;
                for (Eigen::Index i = 0; i < layer.W.cols(); ++i)
                    layer.W(j, i) -= lr * d * (l == 0 ? x(i) : n.a[l - 1][std::size_t(i)]);
            }
        }
        const Naive again = naive(activation, after, x, label);
        QVERIFY(fuzzyEqual(t.lossAfter, again.loss, 1e-9));
        const auto &pAfter = again.a.back();
        QCOMPARE(t.predictedAfter, int(std::max_element(pAfter.begin(), pAfter.end()) - pAfter.begin()));
        QVERIFY(t.lossAfter < t.loss); // one small step down the gradient of this sample's loss
    }

    void withoutLabel()
    {
        const Architecture a = arch({16}, Activation::Tanh);
        const MlpTraceD t = explainSample(a, initMlp(a, 1).cast<double>(), testInput(), -1, 0.1);
        QCOMPARE(t.label, -1);
        QCOMPARE(t.target.sum(), 0.0);
        QCOMPARE(t.loss, 0.0);
        QCOMPARE(t.deltaOut.cwiseAbs().maxCoeff(), 0.0);
        QCOMPARE(t.hidden[0].delta.cwiseAbs().maxCoeff(), 0.0);
        QVERIFY(fuzzyEqual(t.probabilities.sum(), 1.0, 1e-12));
        QVERIFY(t.predicted >= 0 && t.predicted < 10);
    }
};

QTEST_MAIN(TestMlpTrace)
#include "tst_mlptrace.moc"
