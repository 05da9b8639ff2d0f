// A lesson question's answer is computed from what the app computes (one sample's trace, for any
// network, or the cluster simulation), never written in the lesson.

#include "lesson/lessonanswer.h"
#include "lessoncluster.h"
#include "nn/mlptrace.h"
#include "nn/network.h"
#include "testsupport.h"

#include <QtTest>

#include <string>

using namespace bplab;

class TestLessonAnswer : public QObject
{
    Q_OBJECT

private slots:
    void answersComeFromTheTrace()
    {
        const MlpParamsF p = initMlp(Architecture::source(), Init::He, 3);
        Vec<float> x(kInputs);
        for (int i = 0; i < kInputs; ++i)
            x[i] = float((i * 37) % 255) / 255.0f;
        const MlpTraceF step = explainSample(Architecture::source(), p, x, 4, 0.1f);
        AnswerSources src;
        src.trace = &step;

        LessonQuestion q;
        q.quantity = Quantity::ArgmaxP;
        auto a = trueAnswer(q, src);
        QVERIFY(a.ok());
        QCOMPARE(a->value, double(step.predicted));
        QVERIFY(*isRightAnswer(q, *a, std::to_string(step.predicted)));
        QVERIFY(!*isRightAnswer(q, *a, std::to_string((step.predicted + 1) % 10)));
        QVERIFY(!isRightAnswer(q, *a, "seven").ok());

        q.quantity = Quantity::Z1;
        q.index = 5;
        q.digits = 2;
        a = trueAnswer(q, src);
        QCOMPARE(a->value, double(step.hidden[0].z[5]));
        char text[32];
        std::snprintf(text, sizeof text, "%.2f", double(step.hidden[0].z[5]));
        QCOMPARE(a->text, std::string(text));
        QVERIFY(*isRightAnswer(q, *a, text));
        std::snprintf(text, sizeof text, "%.2f", double(step.hidden[0].z[5]) + 0.02);
        QVERIFY(!*isRightAnswer(q, *a, text));

        q.quantity = Quantity::SignDelta2;
        q.index = 4; // the true class: p - 1 < 0
        a = trueAnswer(q, src);
        QCOMPARE(a->text, std::string("-"));
        QVERIFY(*isRightAnswer(q, *a, "-"));
        QVERIFY(!*isRightAnswer(q, *a, "+"));

        q.quantity = Quantity::LossAfterLower;
        a = trueAnswer(q, src);
        const bool lower = step.lossAfter < step.loss;
        QCOMPARE(a->text, std::string(lower ? "yes" : "no"));
        QVERIFY(*isRightAnswer(q, *a, lower ? "Yes" : "no"));

        q.quantity = Quantity::TestAccuracy;
        QVERIFY(!trueAnswer(q, src).ok()); // no evaluation given
        Evaluation ev;
        ev.count = 100;
        ev.accuracy = 80;
        ev.confusion[4][9] = 7;
        src.evaluation = &ev;
        q.tolerancePercent = 5;
        a = trueAnswer(q, src);
        QVERIFY(*isRightAnswer(q, *a, "83"));
        QVERIFY(!*isRightAnswer(q, *a, "85"));
        q.quantity = Quantity::TrainAccuracy; // from the training set's evaluation, not the test set's
        QVERIFY(!trueAnswer(q, src).ok());
        Evaluation onTrain;
        onTrain.count = 500;
        onTrain.accuracy = 99.5;
        src.trainEvaluation = &onTrain;
        a = trueAnswer(q, src);
        QCOMPARE(a->value, 99.5);
        QCOMPARE(a->text, std::string("99.5 %"));
        QVERIFY(*isRightAnswer(q, *a, "100"));
        QVERIFY(!*isRightAnswer(q, *a, "80"));
        q.quantity = Quantity::ConfusionCount;
        q.trueClass = 4;
        q.predictedClass = 9;
        q.tolerancePercent = 0;
        a = trueAnswer(q, src);
        QCOMPARE(a->value, 7.0);
        QVERIFY(*isRightAnswer(q, *a, "7"));
        QVERIFY(!*isRightAnswer(q, *a, "8"));

        q.quantity = Quantity::AllReduceTime;
        QVERIFY(!trueAnswer(q, src).ok());
        src.clusterSeconds = [](const LessonCluster &c, bool snapshot) { return snapshot ? 1.0 : 1e-6 * c.servers; };
        q.cluster.servers = 2;
        q.tolerancePercent = 10;
        a = trueAnswer(q, src);
        QCOMPARE(a->value, 2.0);
        QCOMPARE(a->text, std::string("2.00 \u00b5s"));
        QVERIFY(*isRightAnswer(q, *a, "2,1"));
        QVERIFY(!*isRightAnswer(q, *a, "2.5"));
    }

    void anotherNetworksTraceAnswersToo()
    {
        // A 784-24-12-10 sigmoid network: z1, a1 and delta1 are its first hidden layer's, delta2
        // its outputs', the loss after the step its own.
        Architecture arch;
        arch.hidden = {24, 12};
        arch.activation = Activation::Sigmoid;
        const MlpParamsF params = initMlp(arch, 6);
        Vec<float> x(kInputs);
        for (int i = 0; i < kInputs; ++i)
            x[i] = float((i * 53) % 255) / 255.0f;
        const MlpTraceF t = explainSample(arch, params, x, 2, 0.5f);
        AnswerSources src;
        src.trace = &t;
        LessonQuestion q;
        q.digits = 4;
        const auto value = [&](Quantity quantity, int index) {
            q.quantity = quantity;
            q.index = index;
            const Result<TrueAnswer> a = trueAnswer(q, src);
            return a.ok() ? a->value : std::nan("");
        };
        QCOMPARE(value(Quantity::Z1, 7), double(t.hidden[0].z[7]));
        QCOMPARE(value(Quantity::A1, 23), double(t.hidden[0].a[23]));
        QCOMPARE(value(Quantity::SignDelta1, 3), t.hidden[0].delta[3] > 0 ? 1.0 : t.hidden[0].delta[3] < 0 ? -1.0 : 0.0);
        QCOMPARE(value(Quantity::SignDelta2, 2), -1.0); // the true class: p - 1 < 0
        QCOMPARE(value(Quantity::ArgmaxP, 0), double(t.predicted));
        QCOMPARE(value(Quantity::Loss, 0), double(t.loss));
        QCOMPARE(value(Quantity::LossAfterLower, 0), t.lossAfter < t.loss ? 1.0 : 0.0);
        // Neuron 25 is not in a layer of 24; a network without a hidden layer has no z1.
        q.quantity = Quantity::Z1;
        q.index = 24;
        QVERIFY2(trueAnswer(q, src).error().find("hidden neuron 25 is not in") != std::string::npos,
                 trueAnswer(q, src).error().c_str());
        // The second hidden layer's, when the question names it.
        q.layer = 1;
        QCOMPARE(value(Quantity::Z1, 11), double(t.hidden[1].z[11]));
        QCOMPARE(value(Quantity::A1, 5), double(t.hidden[1].a[5]));
        QCOMPARE(value(Quantity::SignDelta1, 4), t.hidden[1].delta[4] > 0 ? 1.0 : t.hidden[1].delta[4] < 0 ? -1.0 : 0.0);
        q.quantity = Quantity::Z1;
        q.index = 12;
        QCOMPARE(trueAnswer(q, src).error(), std::string("hidden neuron 13 is not in this network's hidden layer 2"));
        q.layer = 2;
        q.index = 0;
        QCOMPARE(trueAnswer(q, src).error(), std::string("this network has no hidden layer 3"));
        q.layer = 0;
        Architecture linear;
        linear.hidden = {};
        const MlpTraceF l = explainSample(linear, initMlp(linear, 1), x, 2, 0.5f);
        src.trace = &l;
        q.index = 0;
        QCOMPARE(trueAnswer(q, src).error(), std::string("this network has no hidden layer"));
        q.quantity = Quantity::P;
        q.index = 2;
        QCOMPARE(trueAnswer(q, src)->value, double(l.probabilities[2]));
    }

    void clusterAnswersComeFromTheSimulation()
    {
        // 2 x 8 GPUs: the hierarchical all-reduce sends less over the slow NICs than the ring.
        LessonCluster ring {2, 8, false}, hierarchical {2, 8, true};
        const double ringS = cluster::lessonClusterSeconds(ring, false);
        const double hierS = cluster::lessonClusterSeconds(hierarchical, false);
        QVERIFY2(ringS > 0 && hierS > 0 && hierS < ringS, qPrintable(QStringLiteral("%1 %2").arg(ringS).arg(hierS)));
        // A snapshot writes the 407,080 bytes of the weights at 2 GB/s: 203.54 us.
        QVERIFY(test::fuzzyEqual(cluster::lessonClusterSeconds(ring, true), 407080 / 2e9, 1e-9));
        LessonQuestion q;
        q.quantity = Quantity::SnapshotTime;
        q.tolerancePercent = 10;
        AnswerSources src;
        src.clusterSeconds = cluster::lessonClusterSeconds;
        auto a = trueAnswer(q, src);
        QVERIFY(a.ok());
        QCOMPARE(a->text, std::string("204 \u00b5s"));
        QVERIFY(*isRightAnswer(q, *a, "190"));
    }
};

QTEST_MAIN(TestLessonAnswer)
#include "tst_lessonanswer.moc"
