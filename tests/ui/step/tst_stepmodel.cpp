// The step model holds exactly the core's trace of one SGD step, and the values of each stage
// (terms, sums, adjustments) agree with it. The default 784-128-10 ReLU network goes through the
// layered path every network takes; its numbers are still the source network's own step's.

#include "stepmodel.h"
#include "testsupport.h"

#include "nn/network.h"
#include "nn/networkeval.h"

#include <QSignalSpy>
#include <QtTest>

using namespace bplab;

class TestStepModel : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void traceEqualsCore_data();
    void traceEqualsCore();
    void weightedSumTermsAddUp();
    void hiddenGradientSpelledOut();
    void updateChangesExactlyTheAdjustedWeights();
    void lossDropsForSmallLearningRate();
    void backAfterNextRestoresState();
    void stageAndSelectionAreClamped();
    void recomputesOnlyWhenInputsChange();
    void misclassifiedIsWrong();

private:
    std::shared_ptr<const MlpParamsF> m_params;   // the default network's weights
    std::shared_ptr<const MlpParamsF> m_network; // the same weights
    std::array<std::uint8_t, kInputs> m_pixels{};
    int m_label = 3;
};

// A synthetic digit: a bright ring with a soft edge on black, deterministic.
static std::array<std::uint8_t, kInputs> syntheticImage()
{
    std::array<std::uint8_t, kInputs> px{};
    for (int r = 0; r < kImageSide; ++r)
        for (int c = 0; c < kImageSide; ++c) {
            const double d = std::hypot(r - 13.5, c - 13.5);
            const double v = std::max(0.0, 1.0 - std::abs(d - 8.0) / 3.0);
            px[std::size_t(r * kImageSide + c)] = std::uint8_t(std::lround(255 * v));
        }
    return px;
}

void TestStepModel::init()
{
    m_params = std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 7));
    m_network = std::make_shared<const MlpParamsF>(*m_params);
    m_pixels = syntheticImage();
}

void TestStepModel::traceEqualsCore_data()
{
    QTest::addColumn<int>("normalize");
    QTest::addColumn<float>("lr");
    QTest::newRow("x/255, lr 0.01") << int(Normalize::None) << 0.01f;
    QTest::newRow("standard, lr 0.1") << int(Normalize::Standard) << 0.1f;
}

void TestStepModel::traceEqualsCore()
{
    QFETCH(int, normalize);
    QFETCH(float, lr);
    StepModel m;
    m.setNetwork(Architecture::source(), m_network, QStringLiteral("he seed 7"));
    m.setNormalize(Normalize(normalize));
    m.setLearningRate(lr);
    m.setSample(m_pixels.data(), m_label, QStringLiteral("drawn digit"));
    QVERIFY(m.hasTrace());
    QCOMPARE(m.stageCount(), 10);
    const Vec<float> x = scaleInput<float>(m_pixels.data(), Normalize(normalize));
    const MlpTraceF ref = explainSample(Architecture::source(), *m_network, x, m_label, lr);
    const MlpTraceF &t = m.trace();
    // Stages 1-6: the forward pass, the core's layered trace value for value.
    QVERIFY(t.input == ref.input);
    QVERIFY(t.target == ref.target);
    QCOMPARE(t.target[m_label], 1.0f);
    QVERIFY(t.hidden[0].z == ref.hidden[0].z);
    QVERIFY(t.hidden[0].a == ref.hidden[0].a);
    QVERIFY(t.logits == ref.logits);
    QVERIFY(t.exp == ref.exp);
    QCOMPARE(t.expSum, ref.expSum);
    QVERIFY(t.probabilities == ref.probabilities);
    QCOMPARE(t.loss, ref.loss);
    QCOMPARE(t.predicted, ref.predicted);
    QVERIFY(test::fuzzyEqual(m.lossBase10(), -std::log10(double(t.probabilities[m_label])), 1e-5));
    // Stages 7-10: backward, adjustments, update, forward again.
    QVERIFY(t.deltaOut == ref.deltaOut);
    QVERIFY(t.hidden[0].delta == ref.hidden[0].delta);
    QCOMPARE(t.lossAfter, ref.lossAfter);
    QVERIFY(m.adjustments() == adjustmentsOf(gradientsOf(Architecture::source(), ref), lr));
    QCOMPARE(m.after().loss, ref.lossAfter); // the pass with the stepped weights is the core's
    // w_new = w_old + delta_w, every layer
    for (std::size_t l = 0; l < 2; ++l)
        QVERIFY(m.afterWeights().layers[l].W.isApprox(m_params->layers[l].W + m.adjustments().layers[l].W, 1e-6f));
    // The model's own weights are untouched.
    QVERIFY(*m.network() == initMlp(Architecture::source(), Init::He, 7));
}

void TestStepModel::weightedSumTermsAddUp()
{
    StepModel m;
    m.setNetwork(Architecture::source(), m_network, {});
    m.setSample(m_pixels.data(), m_label, {});
    const RowMat<float> &W1 = m_network->layers[0].W;
    for (int j : {0, 5, 127}) {
        const auto top = m.topTerms(0, j, 8);
        QCOMPARE(top.size(), 8);
        for (int i = 0; i < top.size(); ++i) {
            QCOMPARE(top[i].weight, W1(j, top[i].input));
            QCOMPARE(top[i].x, m.trace().input[top[i].input]);
            QCOMPARE(top[i].product, top[i].weight * top[i].x);
            if (i > 0)
                QVERIFY(std::abs(top[i - 1].product) >= std::abs(top[i].product));
        }
        double topSum = 0;
        for (const auto &t : top)
            topSum += double(t.weight) * double(t.x);
        QVERIFY(test::fuzzyEqual(topSum + m.restOfTerms(0, j, 8), m.allTerms(0, j), 1e-12, 1e-12));
        // z_j = sum_i w_ji x_i + b_j (the core sums in float, here in double).
        QVERIFY2(test::fuzzyEqual(m.allTerms(0, j) + m_network->layers[0].b[j], m.trace().hidden[0].z[j], 1e-4, 1e-5),
                 qPrintable(QString::number(m.allTerms(0, j))));
    }
    const int zeros = int((m.trace().input.array() == 0).count());
    QCOMPARE(m.zeroInputs(0), zeros);
    QVERIFY(zeros > 0 && zeros < 784 - 50);
    QCOMPARE(m.zeroInputs(1), int((m.trace().hidden[0].a.array() == 0).count()));
    for (int k = 0; k < kOutputs; ++k) // the output layer: sum_j w_kj a_j + b_k = z_k
        QVERIFY(test::fuzzyEqual(m.allTerms(1, k) + m_network->layers[1].b[k], m.trace().logits[k], 1e-4, 1e-5));
}

void TestStepModel::hiddenGradientSpelledOut()
{
    StepModel m;
    m.setNetwork(Architecture::source(), m_network, {});
    m.setSample(m_pixels.data(), m_label, {});
    const MlpTraceF &t = m.trace();
    int active = 0, inactive = 0;
    for (int j = 0; j < kHidden; ++j) {
        const QVector<float> terms = m.backTerms(0, j);
        QCOMPARE(terms.size(), kOutputs);
        double sum = 0;
        for (int k = 0; k < kOutputs; ++k) {
            QCOMPARE(terms[k], m_network->layers[1].W(k, j) * t.deltaOut[k]);
            sum += terms[k];
        }
        // delta_j = (sum_k w_kj delta_k) * relu'(z_j)
        const double expected = t.hidden[0].z[j] > 0 ? sum : 0.0;
        (t.hidden[0].z[j] > 0 ? active : inactive)++;
        QVERIFY(test::fuzzyEqual(expected, t.hidden[0].delta[j], 1e-4, 1e-7));
    }
    QVERIFY(active > 0 && inactive > 0); // both branches of ReLU' are checked
}

void TestStepModel::updateChangesExactlyTheAdjustedWeights()
{
    StepModel m;
    const float lr = 0.01f;
    m.setNetwork(Architecture::source(), m_network, {});
    m.setLearningRate(lr);
    m.setSample(m_pixels.data(), m_label, {});
    const MlpTraceF &t = m.trace();
    const Layer<float> &adj1 = m.adjustments().layers[0], &adj2 = m.adjustments().layers[1];
    const Layer<float> &w1 = m_network->layers[0], &w2 = m_network->layers[1];
    const Layer<float> &new1 = m.afterWeights().layers[0], &new2 = m.afterWeights().layers[1];
    int changed = 0;
    for (int j = 0; j < kHidden; ++j)
        for (int i = 0; i < kInputs; ++i) {
            // delta_w = -lr * delta_j * x_i, and w_new = w_old + delta_w
            const float adj = adj1.W(j, i);
            QVERIFY(test::fuzzyEqual(adj, -lr * t.hidden[0].delta[j] * t.input[i], 1e-5, 1e-12));
            QCOMPARE(new1.W(j, i), w1.W(j, i) + adj);
            if (new1.W(j, i) != w1.W(j, i)) {
                ++changed;
                QVERIFY(t.hidden[0].delta[j] != 0 && t.input[i] != 0);
            }
        }
    QVERIFY(changed > 0);
    for (int k = 0; k < kOutputs; ++k) {
        QVERIFY(test::fuzzyEqual(adj2.b[k], -lr * t.deltaOut[k], 1e-6, 1e-12));
        QCOMPARE(new2.b[k], w2.b[k] + adj2.b[k]);
        for (int j = 0; j < kHidden; ++j) {
            QVERIFY(test::fuzzyEqual(adj2.W(k, j), -lr * t.deltaOut[k] * t.hidden[0].a[j], 1e-5, 1e-12));
            QCOMPARE(new2.W(k, j), w2.W(k, j) + adj2.W(k, j));
        }
    }
    for (int j = 0; j < kHidden; ++j)
        QCOMPARE(new1.b[j], w1.b[j] + adj1.b[j]);
}

void TestStepModel::lossDropsForSmallLearningRate()
{
    StepModel m;
    m.setNetwork(Architecture::source(), m_network, {});
    m.setLearningRate(0.01f);
    for (int label = 0; label < kOutputs; ++label) {
        m.setSample(m_pixels.data(), label, QStringLiteral("label %1").arg(label));
        QVERIFY2(m.after().loss < m.trace().loss,
                 qPrintable(QStringLiteral("label %1: %2 -> %3").arg(label).arg(m.trace().loss).arg(m.after().loss)));
        QVERIFY(m.after().probabilities[label] > m.trace().probabilities[label]);
        QCOMPARE(m.after().loss, m.trace().lossAfter);
    }
}

void TestStepModel::backAfterNextRestoresState()
{
    StepModel m;
    m.setNetwork(Architecture::source(), m_network, {});
    m.setSample(m_pixels.data(), m_label, {});
    QSignalSpy spy(&m, &StepModel::stateChanged);
    QSignalSpy traceSpy(&m, &StepModel::traceChanged);
    const auto *before = &m.trace();
    const MlpTraceF copy = m.trace();
    for (int stage = 1; stage < 10; ++stage) {
        m.setStage(stage);
        m.next();
        QCOMPARE(m.stage(), stage + 1);
        m.back();
        QCOMPARE(m.stage(), stage);
    }
    QCOMPARE(traceSpy.count(), 0); // navigation never recomputes
    QCOMPARE(&m.trace(), before);
    QVERIFY(m.trace().hidden[0].z == copy.hidden[0].z && m.trace().lossAfter == copy.lossAfter);
    QCOMPARE(m.hiddenNeuron(), StepModel::kDefaultHidden);
    QCOMPARE(m.outputNeuron(), StepModel::kDefaultOutput);
    QVERIFY(spy.count() > 0);
}

void TestStepModel::stageAndSelectionAreClamped()
{
    StepModel m;
    QCOMPARE(m.stage(), 1);
    m.back();
    QCOMPARE(m.stage(), 1);
    m.setStage(42);
    QCOMPARE(m.stage(), 10);
    m.next();
    QCOMPARE(m.stage(), 10);
    m.home();
    QCOMPARE(m.stage(), 1);
    m.setHiddenNeuron(500);
    QCOMPARE(m.hiddenNeuron(), 127);
    m.setOutputNeuron(-3);
    QCOMPARE(m.outputNeuron(), 0);
    QVERIFY(!m.hasTrace());
    QVERIFY(m.topTerms(0, 0, 5).isEmpty());
}

void TestStepModel::recomputesOnlyWhenInputsChange()
{
    StepModel m;
    QSignalSpy spy(&m, &StepModel::traceChanged);
    m.setNetwork(Architecture::source(), m_network, QStringLiteral("a"));
    m.setSample(m_pixels.data(), m_label, QStringLiteral("s"));
    QCOMPARE(spy.count(), 2);
    m.setSample(m_pixels.data(), m_label, QStringLiteral("s"));
    m.setNetwork(Architecture::source(), m_network, QStringLiteral("a"));
    m.setLearningRate(StepModel::kDefaultLearningRate);
    QCOMPARE(spy.count(), 2);
    const float lossBefore = m.trace().loss;
    m.setLearningRate(0.5f);
    QCOMPARE(spy.count(), 3);
    QCOMPARE(m.trace().loss, lossBefore); // the forward pass does not depend on lr
    QVERIFY(m.after().loss != lossBefore);
    m.setSample(m_pixels.data(), 11, QStringLiteral("bad label")); // refused
    QCOMPARE(spy.count(), 3);
    QCOMPARE(m.label(), m_label);
}

void TestStepModel::misclassifiedIsWrong()
{
    Dataset data;
    data.pixels.resize(20 * kInputs);
    data.labels.resize(20);
    for (int n = 0; n < 20; ++n) {
        std::copy(m_pixels.begin(), m_pixels.end(), data.pixels.begin() + n * kInputs);
        data.labels[std::size_t(n)] = std::uint8_t(n % 10);
    }
    StepModel m;
    QCOMPARE(m.findMisclassified(data, 4), -1); // no model yet
    m.setNetwork(Architecture::source(), m_network, {});
    const int i = m.findMisclassified(data, 4);
    QVERIFY(i >= 0);
    const auto p = networkProbabilities(Architecture::source(), *m_network, data.image(std::size_t(i)), Normalize::None);
    const int predicted = int(std::max_element(p.begin(), p.end()) - p.begin());
    QVERIFY(predicted != data.label(std::size_t(i)));
    // All images are the same, so exactly one label in ten is right: from 4 the first wrong is 4
    // unless 4 is the predicted class.
    QCOMPARE(i, predicted == 4 ? 5 : 4);
}

QTEST_MAIN(TestStepModel)
#include "tst_stepmodel.moc"
