// The step model holds exactly the core's trace of one SGD step, and the values of each stage
// (terms, sums, adjustments) agree with it.

#include "stepmodel.h"
#include "testsupport.h"

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
    std::shared_ptr<const ParamsF> m_params;
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
    m_params = std::make_shared<const ParamsF>(initParams(Init::He, 7));
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
    m.setParams(m_params, QStringLiteral("he seed 7"));
    m.setNormalize(Normalize(normalize));
    m.setLearningRate(lr);
    m.setSample(m_pixels.data(), m_label, QStringLiteral("drawn digit"));
    QVERIFY(m.hasTrace());
    const Vec<float> x = scaleInput<float>(m_pixels.data(), Normalize(normalize));
    const StepTrace<float> ref = explainStep(*m_params, x, m_label, lr);
    const TraceF &t = m.before();
    // Stage 1-6: the forward pass.
    QVERIFY(t.input == ref.before.input);
    QVERIFY(t.target == ref.before.target);
    QCOMPARE(t.target[m_label], 1.0f);
    QVERIFY(t.z1 == ref.before.z1);
    QVERIFY(t.a1 == ref.before.a1);
    QVERIFY(t.logits == ref.before.logits);
    QVERIFY(t.exp == ref.before.exp);
    QCOMPARE(t.expSum, ref.before.expSum);
    QVERIFY(t.probabilities == ref.before.probabilities);
    QCOMPARE(t.loss, ref.before.loss);
    QCOMPARE(t.predicted, ref.before.predicted);
    QVERIFY(test::fuzzyEqual(m.lossBase10(), -std::log10(double(t.probabilities[m_label])), 1e-5));
    // Stage 7-10: backward, adjustments, update, forward again.
    QVERIFY(t.delta2 == ref.before.delta2);
    QVERIFY(t.delta1 == ref.before.delta1);
    QVERIFY(m.step().gradients == ref.gradients);
    QVERIFY(m.step().adjustments == ref.adjustments);
    QVERIFY(m.step().after == ref.after);
    QVERIFY(m.after().probabilities == ref.afterTrace.probabilities);
    QCOMPARE(m.after().loss, ref.afterTrace.loss);
    // The model's own weights are untouched.
    QVERIFY(*m.params() == initParams(Init::He, 7));
}

void TestStepModel::weightedSumTermsAddUp()
{
    StepModel m;
    m.setParams(m_params, {});
    m.setSample(m_pixels.data(), m_label, {});
    for (int j : {0, 5, 127}) {
        m.setHiddenNeuron(j);
        const auto top = m.topTerms(8);
        QCOMPARE(top.size(), 8);
        for (int i = 0; i < top.size(); ++i) {
            QCOMPARE(top[i].weight, m_params->W1(j, top[i].input));
            QCOMPARE(top[i].x, m.before().input[top[i].input]);
            QCOMPARE(top[i].product, top[i].weight * top[i].x);
            if (i > 0)
                QVERIFY(std::abs(top[i - 1].product) >= std::abs(top[i].product));
        }
        double topSum = 0;
        for (const auto &t : top)
            topSum += double(t.weight) * double(t.x);
        QVERIFY(test::fuzzyEqual(topSum + m.restOfTerms(8), m.allTerms(), 1e-12, 1e-12));
        // z_j = sum_i w_ji x_i + b_j (the core sums in float, here in double).
        QVERIFY2(test::fuzzyEqual(m.allTerms() + m_params->b1[j], m.before().z1[j], 1e-4, 1e-5),
                 qPrintable(QString::number(m.allTerms())));
    }
    QCOMPARE(m.nonZeroInputs(), int((m.before().input.array() != 0).count()));
    QVERIFY(m.nonZeroInputs() > 50 && m.nonZeroInputs() < 784);
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(test::fuzzyEqual(m.outputWeightedSum(k) + m_params->b2[k], m.before().logits[k], 1e-4, 1e-5));
}

void TestStepModel::hiddenGradientSpelledOut()
{
    StepModel m;
    m.setParams(m_params, {});
    m.setSample(m_pixels.data(), m_label, {});
    int active = 0, inactive = 0;
    for (int j = 0; j < kHidden; ++j) {
        m.setHiddenNeuron(j);
        const QVector<float> terms = m.backTerms();
        QCOMPARE(terms.size(), kOutputs);
        double sum = 0;
        for (int k = 0; k < kOutputs; ++k) {
            QCOMPARE(terms[k], m_params->W2(k, j) * m.before().delta2[k]);
            sum += terms[k];
        }
        // delta_j = (sum_k w_kj delta_k) * relu'(z_j)
        const double expected = m.before().z1[j] > 0 ? sum : 0.0;
        (m.before().z1[j] > 0 ? active : inactive)++;
        QVERIFY(test::fuzzyEqual(expected, m.before().delta1[j], 1e-4, 1e-7));
    }
    QVERIFY(active > 0 && inactive > 0); // both branches of ReLU' are checked
    QCOMPARE(m.zeroedHidden(), inactive);
}

void TestStepModel::updateChangesExactlyTheAdjustedWeights()
{
    StepModel m;
    const float lr = 0.01f;
    m.setParams(m_params, {});
    m.setLearningRate(lr);
    m.setSample(m_pixels.data(), m_label, {});
    const TraceF &t = m.before();
    const StepTrace<float> &s = m.step();
    int changed = 0;
    for (int j = 0; j < kHidden; ++j)
        for (int i = 0; i < kInputs; ++i) {
            // delta_w = -lr * delta_j * x_i, and w_new = w_old + delta_w
            const float adj = s.adjustments.W1(j, i);
            QVERIFY(test::fuzzyEqual(adj, -lr * t.delta1[j] * t.input[i], 1e-5, 1e-12));
            QCOMPARE(s.after.W1(j, i), m_params->W1(j, i) + adj);
            if (s.after.W1(j, i) != m_params->W1(j, i)) {
                ++changed;
                QVERIFY(t.delta1[j] != 0 && t.input[i] != 0);
            }
        }
    QVERIFY(changed > 0);
    for (int k = 0; k < kOutputs; ++k) {
        QVERIFY(test::fuzzyEqual(s.adjustments.b2[k], -lr * t.delta2[k], 1e-6, 1e-12));
        QCOMPARE(s.after.b2[k], m_params->b2[k] + s.adjustments.b2[k]);
        for (int j = 0; j < kHidden; ++j) {
            QVERIFY(test::fuzzyEqual(s.adjustments.W2(k, j), -lr * t.delta2[k] * t.a1[j], 1e-5, 1e-12));
            QCOMPARE(s.after.W2(k, j), m_params->W2(k, j) + s.adjustments.W2(k, j));
        }
    }
    for (int j = 0; j < kHidden; ++j)
        QCOMPARE(s.after.b1[j], m_params->b1[j] + s.adjustments.b1[j]);
}

void TestStepModel::lossDropsForSmallLearningRate()
{
    StepModel m;
    m.setParams(m_params, {});
    m.setLearningRate(0.01f);
    for (int label = 0; label < kOutputs; ++label) {
        m.setSample(m_pixels.data(), label, QStringLiteral("label %1").arg(label));
        QVERIFY2(m.after().loss < m.before().loss,
                 qPrintable(QStringLiteral("label %1: %2 -> %3").arg(label).arg(m.before().loss).arg(m.after().loss)));
        QVERIFY(m.after().probabilities[label] > m.before().probabilities[label]);
    }
}

void TestStepModel::backAfterNextRestoresState()
{
    StepModel m;
    m.setParams(m_params, {});
    m.setSample(m_pixels.data(), m_label, {});
    QSignalSpy spy(&m, &StepModel::stateChanged);
    QSignalSpy traceSpy(&m, &StepModel::traceChanged);
    const auto *before = &m.step();
    const StepTrace<float> copy = m.step();
    for (int stage = 1; stage < 10; ++stage) {
        m.setStage(stage);
        m.next();
        QCOMPARE(m.stage(), stage + 1);
        m.back();
        QCOMPARE(m.stage(), stage);
    }
    QCOMPARE(traceSpy.count(), 0); // navigation never recomputes
    QCOMPARE(&m.step(), before);
    QVERIFY(m.step().after == copy.after && m.before().z1 == copy.before.z1);
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
    QVERIFY(m.topTerms(5).isEmpty());
}

void TestStepModel::recomputesOnlyWhenInputsChange()
{
    StepModel m;
    QSignalSpy spy(&m, &StepModel::traceChanged);
    m.setParams(m_params, QStringLiteral("a"));
    m.setSample(m_pixels.data(), m_label, QStringLiteral("s"));
    QCOMPARE(spy.count(), 2);
    m.setSample(m_pixels.data(), m_label, QStringLiteral("s"));
    m.setParams(m_params, QStringLiteral("a"));
    m.setLearningRate(StepModel::kDefaultLearningRate);
    QCOMPARE(spy.count(), 2);
    const float lossBefore = m.before().loss;
    m.setLearningRate(0.5f);
    QCOMPARE(spy.count(), 3);
    QCOMPARE(m.before().loss, lossBefore); // the forward pass does not depend on lr
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
    const int i = StepModel::findMisclassified(*m_params, data, Normalize::None, 4);
    QVERIFY(i >= 0);
    const auto p = predictProbabilities(*m_params, data.image(std::size_t(i)), Normalize::None);
    const int predicted = int(std::max_element(p.begin(), p.end()) - p.begin());
    QVERIFY(predicted != data.label(std::size_t(i)));
    // All images are the same, so exactly one label in ten is right: from 4 the first wrong is 4
    // unless 4 is the predicted class.
    QCOMPARE(i, predicted == 4 ? 5 : 4);
}

QTEST_MAIN(TestStepModel)
#include "tst_stepmodel.moc"
