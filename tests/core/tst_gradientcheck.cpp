// The gradient check (nn/gradientcheck.h) against a recomputation of its own: a plain forward
// pass written out here (loops, no Eigen products, the loss from the logits) gives each checked
// weight's central difference again, and the backward pass's derivative must agree with it to 1e-4
// relative, for networks without a hidden layer, with one and with three, and every activation.
// The weights drawn: every layer's share, in W1 only columns whose pixel has ink, the same for the
// same seed.

#include "nn/gradientcheck.h"
#include "nn/mlp.h"

#include <QTest>

#include <array>
#include <cmath>
#include <set>

using namespace bplab;

Q_DECLARE_METATYPE(bplab::Activation)

namespace {

/** A digit-like image: a ring of ink on a blank background (most pixels 0, as in MNIST). */
std::array<std::uint8_t, kInputs> ringImage()
{
    std::array<std::uint8_t, kInputs> px {};
    for (int r = 0; r < 28; ++r)
        for (int c = 0; c < 28; ++c) {
            const double d = std::hypot(r - 13.5, c - 13.5);
            if (d > 6 && d < 10)
                px[std::size_t(r * 28 + c)] = std::uint8_t(60 + (r * 7 + c * 13) % 190);
        }
    return px;
}

double activation(Activation f, double z)
{
    switch (f) {
    case Activation::ReLU: return z > 0 ? z : 0;
    case Activation::Sigmoid: return 1 / (1 + std::exp(-z));
    case Activation::Tanh: return std::tanh(z);
    case Activation::LeakyReLU: return z > 0 ? z : 0.01 * z;
    }
    return z;
}

/** -ln softmax(z)[label] of the network, by plain loops. */
double plainLoss(const Architecture &arch, const MlpParamsD &p, const std::vector<double> &x, int label)
{
    std::vector<double> a = x;
    for (std::size_t l = 0; l < p.layers.size(); ++l) {
        const RowMat<double> &W = p.layers[l].W;
        std::vector<double> z(std::size_t(W.rows()));
        for (Eigen::Index j = 0; j < W.rows(); ++j) {
            double s = p.layers[l].b[j];
            for (Eigen::Index i = 0; i < W.cols(); ++i)
                s += W(j, i) * a[std::size_t(i)];
            z[std::size_t(j)] = s;
        }
        if (l + 1 == p.layers.size()) {
            double m = z[0];
            for (double v : z)
                m = std::max(m, v);
            double sum = 0;
            for (double v : z)
                sum += std::exp(v - m);
            return m + std::log(sum) - z[std::size_t(label)];
        }
        for (double &v : z)
            v = activation(arch.activation, v);
        a = std::move(z);
    }
    return 0;
}

} // namespace

class TestGradientCheck : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithAPlainRecomputation_data();
    void agreesWithAPlainRecomputation();
    void drawsAcrossEveryLayerAndInkedPixels();
};

void TestGradientCheck::agreesWithAPlainRecomputation_data()
{
    QTest::addColumn<QString>("hidden");
    QTest::addColumn<Activation>("activation");
    QTest::addColumn<int>("label");
    QTest::newRow("784-10") << QString() << Activation::ReLU << 3;
    QTest::newRow("784-128-10 ReLU") << QStringLiteral("128") << Activation::ReLU << 7;
    QTest::newRow("784-32-10 sigmoid") << QStringLiteral("32") << Activation::Sigmoid << 0;
    QTest::newRow("784-24-16-12-10 tanh") << QStringLiteral("24,16,12") << Activation::Tanh << 9;
    QTest::newRow("784-20-20-10 leaky ReLU") << QStringLiteral("20,20") << Activation::LeakyReLU << 4;
}

void TestGradientCheck::agreesWithAPlainRecomputation()
{
    QFETCH(QString, hidden);
    QFETCH(Activation, activation);
    QFETCH(int, label);
    Architecture arch;
    arch.hidden.clear();
    for (const QString &w : hidden.split(QLatin1Char(','), Qt::SkipEmptyParts))
        arch.hidden.push_back(w.toInt());
    arch.activation = activation;
    MlpParamsD params = initMlp(arch, 11).cast<double>();
    for (auto &layer : params.layers) // biases off 0, so that they count too
        for (Eigen::Index j = 0; j < layer.b.size(); ++j)
            layer.b[j] = 0.02 * double(j % 5 - 2);
    const auto px = ringImage();
    const std::vector<GradientCheck> checks = gradientCheck(arch, params, px.data(), Normalize::None, label, 20);
    QCOMPARE(checks.size(), std::size_t(20));
    std::vector<double> x(kInputs);
    for (int i = 0; i < kInputs; ++i)
        x[std::size_t(i)] = px[std::size_t(i)] / 255.0;
    QVERIFY(std::abs(sampleLoss(params, arch, Vec<double>::Map(x.data(), kInputs), label) - plainLoss(arch, params, x, label)) < 1e-12);
    int nonZero = 0;
    for (const GradientCheck &c : checks) {
        const QString where = QStringLiteral("W%1[%2][%3]").arg(c.layer).arg(c.row).arg(c.col);
        QCOMPARE(c.h, kGradientCheckStep);
        MlpParamsD shifted = params;
        double &w = shifted.layers[std::size_t(c.layer - 1)].W(c.row, c.col);
        const double original = w;
        w = original + c.h;
        const double plus = plainLoss(arch, shifted, x, label);
        w = original - c.h;
        const double minus = plainLoss(arch, shifted, x, label);
        const double numerical = (plus - minus) / (2 * c.h);
        // The check's own difference is this one, to the rounding of two passes (each loss to
        // about 1e-16 relative, divided by 2h).
        QVERIFY2(std::abs(c.numerical - numerical) <= 1e-6 * std::abs(numerical) + 1e-10,
                 qPrintable(QStringLiteral("%1: %2 against %3").arg(where).arg(c.numerical, 0, 'g', 12).arg(numerical, 0, 'g', 12)));
        // The backward pass agrees with it.
        QVERIFY2(relativeDifference(c.backprop, numerical) <= 1e-4,
                 qPrintable(QStringLiteral("%1: backprop %2, numerical %3").arg(where).arg(c.backprop, 0, 'g', 12).arg(numerical, 0, 'g', 12)));
        QCOMPARE(c.relativeDifference, relativeDifference(c.backprop, c.numerical));
        nonZero += c.backprop != 0;
    }
    // Enough of them are real derivatives, not 0 = 0.
    QVERIFY2(nonZero >= 10, qPrintable(QString::number(nonZero)));
}

void TestGradientCheck::drawsAcrossEveryLayerAndInkedPixels()
{
    Architecture arch;
    arch.hidden = {16, 12};
    const MlpParamsD params = initMlp(arch, 5).cast<double>();
    const auto px = ringImage();
    const std::vector<GradientCheck> a = gradientCheck(arch, params, px.data(), Normalize::None, 2, 30);
    const std::vector<GradientCheck> b = gradientCheck(arch, params, px.data(), Normalize::None, 2, 30);
    const std::vector<GradientCheck> other = gradientCheck(arch, params, px.data(), Normalize::None, 2, 30, 99);
    QCOMPARE(a.size(), std::size_t(30));
    std::set<int> layers;
    bool differs = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        layers.insert(a[i].layer);
        QCOMPARE(a[i].layer, int(i % 3) + 1);
        QCOMPARE(a[i].row, b[i].row);
        QCOMPARE(a[i].col, b[i].col);
        QCOMPARE(a[i].backprop, b[i].backprop);
        differs = differs || a[i].row != other[i].row || a[i].col != other[i].col;
        const int inputs = a[i].layer == 1 ? kInputs : arch.hidden[std::size_t(a[i].layer - 2)];
        const int outputs = a[i].layer == 3 ? kOutputs : arch.hidden[std::size_t(a[i].layer - 1)];
        QVERIFY(a[i].row >= 0 && a[i].row < outputs);
        QVERIFY(a[i].col >= 0 && a[i].col < inputs);
        if (a[i].layer == 1)
            QVERIFY2(px[std::size_t(a[i].col)] != 0, qPrintable(QString::number(a[i].col)));
    }
    QCOMPARE(layers, (std::set<int> {1, 2, 3}));
    QVERIFY(differs); // another seed, other weights
    QVERIFY(gradientCheck(arch, params, px.data(), Normalize::None, 2, 0).empty());
}

QTEST_MAIN(TestGradientCheck)
#include "tst_gradientcheck.moc"
