// The layer list: the --layers parser and its refusals, each layer's gradient against a central
// finite difference (double), a small convolutional network's forward and backward pass against
// a straightforward recomputation written here, dropout's mask, and a dense-only list against
// the dense network's own pass.

#include "nn/kernels.h"
#include "nn/layerpass.h"
#include "testsupport.h"

#include <QTest>
#include <cmath>

using namespace bplab;
using namespace bplab::test;

Q_DECLARE_METATYPE(bplab::Activation)

namespace {

Architecture layered(const std::string &text, Activation f)
{
    auto specs = parseLayers(text);
    if (!specs)
        qFatal("%s", specs.error().c_str());
    return withLayers(*specs, f);
}

/** Inputs uniform in [0, 1) (no ties for the pooling to break), labels 0-9. */
template<class S>
void fillInputs(Mat<S> &X, std::vector<std::uint8_t> &labels, int count, std::uint64_t seed)
{
    labels.resize(std::size_t(count));
    for (int i = 0; i < count; ++i) {
        for (int r = 0; r < X.rows(); ++r)
            X(r, i) = S(dropoutUniform(seed, 7, i, r));
        labels[std::size_t(i)] = std::uint8_t((i * 7 + 3) % 10);
    }
}

MlpParamsD testParams(const Architecture &arch, std::uint64_t seed)
{
    MlpParamsD p = initMlp(arch, Init::PyTorch, seed).cast<double>();
    return p;
}

} // namespace

class TestLayers : public QObject
{
    Q_OBJECT

private slots:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("written");
        QTest::addColumn<int>("parameterLayers");
        QTest::addRow("the issue's") << "conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64, dropout 0.25"
                                     << "conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64, dropout 0.25" << 4;
        QTest::addRow("options") << " conv 4 3x3 stride 2 valid ,flatten,dense 10"
                                 << "conv 4 3x3 stride 2 valid, flatten, dense 10" << 3;
        QTest::addRow("pool alone") << "pool, dense 5" << "pool 2, dense 5" << 2;
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(QString, written);
        QFETCH(int, parameterLayers);
        const auto specs = parseLayers(text.toStdString());
        QVERIFY2(specs.ok(), specs.ok() ? "" : specs.error().c_str());
        QCOMPARE(QString::fromStdString(layersText(*specs)), written);
        const Architecture a = withLayers(*specs, Activation::ReLU);
        QVERIFY(a.layered());
        QVERIFY(validate(a).ok());
        QCOMPARE(a.layerCount(), parameterLayers);
    }

    void shapesAndCosts()
    {
        const Architecture a = layered("conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64, dropout 0.25",
                                       Activation::ReLU);
        // conv 8 5x5 same: 8 x 28 x 28; pool: 8 x 14 x 14; conv 16: 16 x 14 x 14; pool: 16 x 7 x 7
        QCOMPARE(a.layerInputs(0), 25);
        QCOMPARE(a.layerOutputs(0), 8);
        QCOMPARE(a.layerInputs(1), 8 * 25);
        QCOMPARE(a.layerOutputs(1), 16);
        QCOMPARE(a.layerInputs(2), 16 * 7 * 7);
        QCOMPARE(a.layerOutputs(2), 64);
        QCOMPARE(a.layerInputs(3), 64);
        QCOMPARE(a.layerOutputs(3), 10);
        QCOMPARE(a.weightCount(), std::size_t(200 + 3200 + 784 * 64 + 640));
        QCOMPARE(a.biasCount(), std::size_t(8 + 16 + 64 + 10));
        // multiply-adds: 200 x 784 + 3,200 x 196 + 50,176 + 640
        QCOMPARE(a.multiplyAddsPerSample(), std::size_t(200 * 784 + 3200 * 196 + 50176 + 640));
        const auto costs = layerCosts(a.layers, 10);
        QCOMPARE(int(costs.size()), 7);
        QCOMPARE(costs[1].out, (FeatureShape {8, 14, 14, false}));
        QCOMPARE(costs[3].out.size(), 784);
        const MlpParamsF p = MlpParamsF::zeros(a);
        QCOMPARE(p.layers[1].W.rows(), 16);
        QCOMPARE(p.layers[1].W.cols(), 200);
        // a dense-only list is the --hidden network of those widths
        const Architecture d = layered("dense 256, dense 128", Activation::Tanh);
        QVERIFY(!d.layered());
        QCOMPARE(d.hidden, (std::vector<int> {256, 128}));
        // stride 2, valid: (28 - 5) / 2 + 1 = 12
        const auto s = layerShapes(*parseLayers("conv 3 5x5 stride 2 valid"));
        QCOMPARE(s->front(), (FeatureShape {3, 12, 12, false}));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addRow("kernel larger than input")
                << "conv 4 5x5, pool 2, pool 2, pool 2, conv 4 5x5"
                << "--layers: \"conv 4 5x5\" (layer 5): the 5 x 5 kernel is larger than its 3 x 3 input";
        QTest::addRow("pool over 1x1") << "pool 2, pool 2, pool 2, pool 2, pool 2"
                                       << "--layers: \"pool 2\" (layer 5): a 2 x 2 pool over a 1 x 1 map";
        QTest::addRow("0 channels") << "conv 0 3x3"
                                    << "--layers: \"conv 0 3x3\" (layer 1): a convolution needs 1 to 256 channels, "
                                       "not 0";
        QTest::addRow("rate 1") << "dense 5, dropout 1"
                                << "--layers: \"dropout 1\" (layer 2): a dropout rate is at least 0 and below 1 (a "
                                   "rate of 1 drops every value), not 1";
        QTest::addRow("conv after dense") << "dense 5, conv 2 3x3"
                                          << "--layers: \"conv 2 3x3\" (layer 2): a convolution needs a picture, and "
                                             "its input is flat (after a dense or flatten layer)";
        QTest::addRow("unknown") << "conv 2 3x3, lstm 4"
                                 << "--layers: \"lstm 4\" (layer 2): \"lstm\" is not a layer (dense, conv, pool, "
                                    "flatten, dropout)";
        QTest::addRow("even same") << "conv 2 4x4" << "--layers: \"conv 2 4x4\" (layer 1): an even kernel has no "
                                                      "centre to pad around: write \"valid\" or an odd size";
        QTest::addRow("stride 3") << "conv 2 3x3 stride 3"
                                  << "--layers: \"conv 2 3x3 stride 3\" (layer 1): the stride is 1 or 2, not 3";
        QTest::addRow("empty") << "conv 2 3x3,," << "--layers: layer 2 is empty (write layers like \"conv 8 5x5, "
                                                    "pool 2, dense 64\")";
        QTest::addRow("only a line break") << "dense 8,\n\r" << "--layers: layer 2 is empty (write layers like "
                                                              "\"conv 8 5x5, pool 2, dense 64\")";
    }
    void refusals()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto specs = parseLayers(text.toStdString());
        QVERIFY(!specs.ok());
        QCOMPARE(QString::fromStdString(specs.error()), message);
    }

    void gradientCheck_data()
    {
        QTest::addColumn<QString>("layers");
        QTest::addColumn<Activation>("activation");
        QTest::addRow("conv same") << "conv 3 3x3" << Activation::Tanh;
        QTest::addRow("conv stride 2 valid, conv") << "conv 2 5x5 stride 2 valid, conv 3 3x3" << Activation::Sigmoid;
        QTest::addRow("conv valid, conv 5x5 same, conv valid")
                << "conv 2 3x3 stride 2 valid, conv 2 5x5, conv 3 3x3 valid, dense 4" << Activation::Tanh;
        QTest::addRow("conv stride 2 same, pool")
                << "conv 2 3x3 stride 2, pool 2, conv 3 3x3 valid, pool 2, dense 8" << Activation::Tanh;
        QTest::addRow("pool first, flatten") << "pool 2, conv 2 3x3, flatten, dense 6" << Activation::Tanh;
        QTest::addRow("dropout") << "conv 2 3x3 stride 2, pool 2, dense 6, dropout 0.5, dense 5"
                                 << Activation::Sigmoid;
        QTest::addRow("relu") << "conv 2 3x3 stride 2, pool 2, dense 6" << Activation::ReLU;
    }
    void gradientCheck()
    {
        // dL/dw of every parameter against (L(w + h) - L(w - h)) / 2h, in double, with dropout's
        // mask fixed by the context (training on).
        QFETCH(QString, layers);
        QFETCH(Activation, activation);
        const Architecture a = layered(layers.toStdString(), activation);
        const int n = 3;
        LayerPass<double> pass(a, n);
        std::vector<std::uint8_t> labels;
        fillInputs(pass.X, labels, n, 11);
        MlpParamsD p = testParams(a, 5), g = MlpParamsD::zeros(a), scratch = MlpParamsD::zeros(a);
        PassContext ctx;
        ctx.training = true;
        ctx.seed = 3;
        ctx.batch = 9;
        pass.forwardBackward(p, labels.data(), n, g, 0, ctx);
        const auto loss = [&] { return pass.forwardBackward(p, labels.data(), n, scratch, 0, ctx); };
        const double h = 1e-6;
        double worst = 0, largest = 0;
        for (std::size_t l = 0; l < p.layers.size(); ++l) {
            const auto check = [&](double &w, double analytic) {
                const double keep = w;
                w = keep + h;
                const double up = loss();
                w = keep - h;
                const double down = loss();
                w = keep;
                const double numeric = (up - down) / (2 * h);
                worst = std::max(worst, std::abs(numeric - analytic));
                largest = std::max(largest, std::abs(analytic));
            };
            auto &L = p.layers[l];
            // every bias; the weights of every third position (the conv layers' all)
            for (Eigen::Index j = 0; j < L.b.size(); ++j)
                check(L.b(j), g.layers[l].b(j));
            for (Eigen::Index r = 0; r < L.W.rows(); ++r)
                for (Eigen::Index c = 0; c < L.W.cols(); c += L.W.cols() > 100 ? 7 : 1)
                    check(L.W(r, c), g.layers[l].W(r, c));
        }
        QVERIFY2(largest > 1e-4, "the gradient should not vanish");
        // ReLU's and the pooling's kinks are not crossed at these weights; the rest is smooth.
        QVERIFY2(worst < 1e-7 * std::max(1.0, largest), qPrintable(QStringLiteral("worst %1 of %2").arg(worst).arg(largest)));
    }

    void convNetAgainstStraightforwardLoops();

    void dropoutMask()
    {
        // The mask is a function of (seed, batch, sample, neuron) alone: two halves of a batch
        // give the bits of the whole; another batch or seed another mask; about p of the values
        // dropped; evaluation passes everything unchanged.
        const Architecture a = layered("conv 2 3x3 stride 2, dense 200, dropout 0.25", Activation::ReLU);
        const MlpParamsF p = initMlp(a, 4);
        const int n = 8;
        LayerPass<float> whole(a, n), half(a, n);
        std::vector<std::uint8_t> labels;
        fillInputs(whole.X, labels, n, 2);
        PassContext ctx;
        ctx.training = true;
        ctx.seed = 1;
        ctx.batch = 17;
        whole.forward(p, n, ctx);
        const int drop = 2; // the dropout op
        const Mat<float> all = whole.values(drop).leftCols(n);
        // Which values were dropped (the products before may round another way for another
        // batch size, so the pattern is compared, not the values).
        const auto droppedOf = [&](const LayerPass<float> &pass, int count) {
            return Eigen::ArrayXXi(((pass.values(drop).leftCols(count).array() == 0)
                                    && (pass.values(drop - 1).leftCols(count).array() != 0))
                                           .cast<int>());
        };
        const Eigen::ArrayXXi wholeDropped = droppedOf(whole, n);
        QVERIFY(!(wholeDropped.col(0) == wholeDropped.col(1)).all()); // each sample its own mask
        for (int first : {0, 5}) {
            const int count = first == 0 ? 5 : 3;
            half.X.leftCols(count) = whole.X.middleCols(first, count);
            PassContext part = ctx;
            part.firstSample = first;
            half.forward(p, count, part);
            QVERIFY((droppedOf(half, count) == wholeDropped.middleCols(first, count)).all());
        }
        const Mat<float> before = whole.values(drop - 1).leftCols(n);
        int dropped = 0, kept = 0;
        for (Eigen::Index i = 0; i < all.size(); ++i) {
            if (before(i) == 0)
                continue;
            if (all(i) == 0)
                ++dropped;
            else {
                ++kept;
                QCOMPARE(all(i), before(i) * (1.0f / 0.75f));
            }
        }
        const double rate = double(dropped) / double(dropped + kept);
        QVERIFY2(rate > 0.2 && rate < 0.3, qPrintable(QString::number(rate)));
        ctx.batch = 18;
        whole.forward(p, n, ctx);
        QVERIFY(whole.values(drop).leftCols(n) != all);
        ctx.training = false;
        whole.forward(p, n, ctx);
        QVERIFY(whole.values(drop).leftCols(n) == whole.values(drop - 1).leftCols(n));
        // the draw itself: fixed numbers for a fixed key
        QCOMPARE(dropoutUniform(1, 2, 3, 4), dropoutUniform(1, 2, 3, 4));
        QVERIFY(dropoutUniform(1, 2, 3, 4) != dropoutUniform(1, 2, 4, 3));
    }

    void bothKernelsAgree()
    {
        // In float the convolutions run on libxsmm's kernels or Eigen's products: the same values
        // up to the order of the sums.
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
        const Architecture a = layered("conv 3 5x5 stride 2, conv 4 3x3, pool 2, conv 5 3x3 valid, dense 12",
                                       Activation::Tanh);
        const MlpParamsF p = initMlp(a, Init::PyTorch, 6);
        const int n = 5;
        MlpParamsF g[2] = {MlpParamsF::zeros(a), MlpParamsF::zeros(a)};
        Mat<float> logits[2];
        for (int k = 0; k < 2; ++k) {
            setActiveKernels(k == 0 ? Kernels::Eigen : Kernels::Xsmm);
            LayerPass<float> pass(a, n);
            std::vector<std::uint8_t> labels;
            fillInputs(pass.X, labels, n, 8);
            pass.forwardBackward(p, labels.data(), n, g[k], 0, {});
            logits[k] = pass.values(pass.opCount() - 1).leftCols(n);
        }
        setActiveKernels(Kernels::Xsmm);
        QVERIFY((logits[0] - logits[1]).cwiseAbs().maxCoeff() < 1e-5f);
        for (std::size_t l = 0; l < g[0].layers.size(); ++l) {
            const float scale = g[0].layers[l].W.cwiseAbs().maxCoeff();
            QVERIFY(scale > 0);
            QVERIFY2((g[0].layers[l].W - g[1].layers[l].W).cwiseAbs().maxCoeff() < 1e-5f * std::max(1.0f, scale),
                     qPrintable(QStringLiteral("layer %1").arg(l)));
            QVERIFY((g[0].layers[l].b - g[1].layers[l].b).cwiseAbs().maxCoeff() < 1e-5f * std::max(1.0f, scale));
        }
    }

    void floatPassEqualsDouble_data()
    {
        QTest::addColumn<QString>("layers");
        QTest::addRow("odd maps and long rows")
                << "conv 3 3x3, pool 2, conv 4 5x5, pool 2, conv 5 3x3 valid, pool 2, dense 6";
        QTest::addRow("stride 2, valid") << "conv 2 5x5 stride 2 valid, pool 2, conv 3 3x3 stride 2, dense 6";
        QTest::addRow("pool first") << "pool 2, conv 4 3x3, pool 2, dense 6";
    }
    void floatPassEqualsDouble()
    {
        // The float pass (vector code for the pooling, libxsmm's or Eigen's products) against the
        // double one (plain loops, Eigen's products): the same values up to float's rounding, on
        // inputs with ties (a quarter of the pixels 0, others repeated), where only the first
        // maximum of a window may receive its delta.
        QFETCH(QString, layers);
        const Architecture a = layered(layers.toStdString(), Activation::ReLU);
        const MlpParamsF pf = initMlp(a, Init::PyTorch, 12);
        const MlpParamsD pd = pf.cast<double>();
        const int n = 5;
        LayerPass<float> fp(a, n);
        LayerPass<double> dp(a, n);
        std::vector<std::uint8_t> labels;
        fillInputs(dp.X, labels, n, 13);
        for (Eigen::Index i = 0; i < dp.X.size(); ++i)
            dp.X(i) = dp.X(i) < 0.25 ? 0.0 : std::round(dp.X(i) * 8) / 8;
        fp.X = dp.X.cast<float>();
        MlpParamsF gf = MlpParamsF::zeros(a);
        MlpParamsD gd = MlpParamsD::zeros(a);
        for (Kernels k : {Kernels::Xsmm, Kernels::Eigen}) {
            setActiveKernels(k);
            const double lf = fp.forwardBackward(pf, labels.data(), n, gf, 0, {});
            const double ld = dp.forwardBackward(pd, labels.data(), n, gd, 0, {});
            QVERIFY(std::abs(lf - ld) < 1e-5 * std::max(1.0, std::abs(ld)));
            for (std::size_t l = 0; l < gd.layers.size(); ++l) {
                const double scale = std::max(1e-3, gd.layers[l].W.cwiseAbs().maxCoeff());
                const double worst = (gf.layers[l].W.cast<double>() - gd.layers[l].W).cwiseAbs().maxCoeff();
                QVERIFY2(worst < 1e-4 * scale, qPrintable(QStringLiteral("%1 kernels, W%2: %3 of %4")
                                                                 .arg(toString(k))
                                                                 .arg(l + 1)
                                                                 .arg(worst)
                                                                 .arg(scale)));
                QVERIFY((gf.layers[l].b.cast<double>() - gd.layers[l].b).cwiseAbs().maxCoeff() < 1e-4 * scale);
            }
        }
        setActiveKernels(Kernels::Xsmm);
    }

    void denseListEqualsDensePass()
    {
        // "dense 32, dropout 0" runs through the layer pass; its values equal mlp.h's 784-32-10.
        auto specs = parseLayers("dense 32, dropout 0");
        const Architecture a = withLayers(*specs, Activation::Tanh);
        QVERIFY(a.layered());
        Architecture d;
        d.hidden = {32};
        d.activation = Activation::Tanh;
        const MlpParamsD p = testParams(d, 3);
        QVERIFY(p.hasShape(a));
        const int n = 4;
        LayerPass<double> pass(a, n);
        MlpWorkspace<double> ws(d, n);
        std::vector<std::uint8_t> labels;
        fillInputs(pass.X, labels, n, 5);
        ws.X = pass.X;
        MlpParamsD g1 = MlpParamsD::zeros(a), g2 = g1;
        const double l1 = pass.forwardBackward(p, labels.data(), n, g1, 0, {});
        const double l2 = mlpForwardBackward(p, labels.data(), n, ws, g2);
        QVERIFY(std::abs(l1 - l2) < 1e-12);
        for (std::size_t l = 0; l < 2; ++l) {
            QVERIFY((g1.layers[l].W - g2.layers[l].W).cwiseAbs().maxCoeff() < 1e-12);
            QVERIFY((g1.layers[l].b - g2.layers[l].b).cwiseAbs().maxCoeff() < 1e-12);
        }
    }
};

#include "tst_layers_convnet.h"

QTEST_MAIN(TestLayers)
#include "tst_layers.moc"
