// The network's answer in the Dataset view: each row's predicted class, probability and loss,
// the filters "misclassified only" and "predicted class" (exactly the images that qualify), the
// orders by loss and by confidence, and the view computing the answers from the weights it is given.

#include "datasetfixture.h"
#include "datasetmodel.h"
#include "datasetview.h"
#include "imagedelegate.h"
#include "testsupport.h"

#include <nn/networkeval.h>
#include <train/networktrainer.h>

#include <QCheckBox>
#include <QComboBox>
#include <QListView>
#include <QThreadPool>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

namespace {

/** Answers for the 12 training images: image i predicted as kPredicted[i] with p = 0.5 + i / 100
 *  and loss = (12 - i) / 10 (so the loss order is the index order, the confidence order its reverse). */
const std::vector<std::uint8_t> kPredicted{3, 1, 1, 2, 9, 1, 0, 3, 2, 5, 9, 3};

std::shared_ptr<const SetAnswers> trainAnswers()
{
    auto a = std::make_shared<SetAnswers>();
    a->labels = kTrainLabels;
    const std::size_t n = kTrainLabels.size();
    a->samples.predicted = kPredicted;
    a->samples.probabilities.assign(n * kOutputs, 0.0f);
    a->samples.losses.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        a->samples.probabilities[i * kOutputs + kPredicted[i]] = 0.5f + float(i) / 100;
        a->samples.losses[i] = float(12 - int(i)) / 10;
        ++a->summary.confusion[kTrainLabels[i]][kPredicted[i]];
    }
    a->summary.count = n;
    return a;
}

QList<int> shownIndices(const DatasetModel &m)
{
    QList<int> out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.imageIndex(r);
    return out;
}

} // namespace

/** The training's network as the views are given it: the default network with these weights. */
static OtherNetwork trained(std::shared_ptr<const MlpParamsF> weights)
{
    OtherNetwork n;
    n.arch = Architecture::source();
    n.weights = std::move(weights);
    return n;
}

class TestDatasetAnswers : public QObject
{
    Q_OBJECT

private slots:
    void rolesGiveTheAnswer()
    {
        DatasetModel m;
        m.setDataSplit(fixtureSplit());
        QCOMPARE(m.data(m.index(0), DatasetModel::PredictedRole).toInt(), -1); // no answers yet
        m.setAnswers(nullptr, trainAnswers());
        QVERIFY(m.answers());
        QCOMPARE(m.data(m.index(6), DatasetModel::PredictedRole).toInt(), 0);
        QCOMPARE(m.data(m.index(6), DatasetModel::ConfidenceRole).toFloat(), 0.56f);
        QCOMPARE(m.data(m.index(6), DatasetModel::LossRole).toFloat(), 0.6f);
        QVERIFY(m.data(m.index(6), Qt::ToolTipRole).toString().contains(QStringLiteral("the network says 0")));
        // Answers that do not fit the set are refused; the test set has none.
        m.setTestSet(true);
        QVERIFY(!m.answers());
        m.setTestSet(false);
        m.setAnswers(trainAnswers(), nullptr); // 12 answers for the 3 test images
        QVERIFY(!m.answers());
    }

    void misclassifiedOnly()
    {
        DatasetModel m;
        m.setDataSplit(fixtureSplit());
        m.setAnswers(nullptr, trainAnswers());
        m.setMisclassifiedOnly(true);
        QList<int> expected;
        for (int i = 0; i < 12; ++i)
            if (kPredicted[std::size_t(i)] != kTrainLabels[std::size_t(i)])
                expected << i;
        QCOMPARE(expected, QList<int>({1, 6, 9}));
        QCOMPARE(shownIndices(m), expected);
        QCOMPARE(m.rowOf(6), 1);
        QCOMPARE(m.rowOf(0), -1);
        // With the class filter too: the mistakes among the 2s.
        m.setClassFilter(2);
        QCOMPARE(shownIndices(m), QList<int>({6}));
    }

    void predictedClass()
    {
        DatasetModel m;
        m.setDataSplit(fixtureSplit());
        m.setAnswers(nullptr, trainAnswers());
        m.setPredictedFilter(1);
        QCOMPARE(shownIndices(m), QList<int>({1, 2, 5}));
        m.setClassFilter(0); // true 0, predicted 1: image 1 only
        QCOMPARE(shownIndices(m), QList<int>({1}));
        m.setClassFilter(-1);
        m.setPredictedFilter(-1);
        QCOMPARE(m.rowCount(), 12);
    }

    void sortByLossAndConfidence()
    {
        DatasetModel m;
        m.setDataSplit(fixtureSplit());
        m.setAnswers(nullptr, trainAnswers());
        m.setSortOrder(DatasetModel::SortOrder::LossHighFirst);
        QCOMPARE(shownIndices(m), QList<int>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
        m.setSortOrder(DatasetModel::SortOrder::ConfidenceHighFirst);
        QCOMPARE(shownIndices(m), QList<int>({11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
        for (int i = 0; i < 12; ++i)
            QCOMPARE(m.imageIndex(m.rowOf(i)), i);
        // Sorted mistakes: the surest wrong answer first.
        m.setMisclassifiedOnly(true);
        QCOMPARE(shownIndices(m), QList<int>({9, 6, 1}));
    }

    void viewComputesAnswersFromWeights()
    {
        DatasetView view;
        view.resize(1280, 800);
        view.setDataset(fixtureSplit());
        QVERIFY(!view.wrongOnlyBox()->isEnabled());
        const QSize plain = view.delegate()->cellSize(view.grid()->font());
        const auto weights = std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 2));
        view.setWeights(trained(weights), QStringLiteral("weights after batch 9"));
        QVERIFY(!view.model()->answers()); // hidden: nothing computed yet
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Computed off the GUI thread: the window says so meanwhile, and the filters wait.
        QTRY_VERIFY(view.wrongOnlyBox()->isEnabled());
        QVERIFY(view.delegate()->answerLine());
        QVERIFY(view.delegate()->cellSize(view.grid()->font()).height() > plain.height());
        // The answers are the network's: one forward pass per image agrees.
        const Dataset &train = view.model()->dataSplit()->train;
        int wrong = 0;
        for (std::size_t i = 0; i < train.size(); ++i) {
            const auto p = networkProbabilities(Architecture::source(), *weights, train.image(i), Normalize::None);
            const int argmax = int(std::max_element(p.begin(), p.end()) - p.begin());
            QCOMPARE(view.model()->data(view.model()->index(int(i)), DatasetModel::PredictedRole).toInt(), argmax);
            wrong += argmax != train.label(i);
        }
        view.wrongOnlyBox()->setChecked(true);
        QCOMPARE(view.model()->rowCount(), wrong);
        // The test set's answers come when it is shown.
        view.setTestSet(true);
        QTRY_VERIFY(view.model()->answers());
        QCOMPARE(view.model()->answers()->size(), std::size_t(3));
        // Jumping to an image the filters hide clears them.
        view.setTestSet(false);
        view.wrongOnlyBox()->setChecked(true);
        int rightOne = -1;
        for (std::size_t i = 0; i < train.size() && rightOne < 0; ++i)
            if (view.model()->answers()->predicted(i) == train.label(i))
                rightOne = int(i);
        QVERIFY(rightOne >= 0); // these weights answer some images right
        QVERIFY(view.jumpTo(rightOne));
        QVERIFY(!view.wrongOnlyBox()->isChecked());
        QCOMPARE(view.selectedIndex(), rightOne);
        // No weights: the answers go, and so do their filters' effect.
        view.setWeights(trained(nullptr), QString());
        QVERIFY(!view.model()->answers());
        QCOMPARE(view.model()->rowCount(), 12);
    }

    // Weights replaced while the answers of the old ones are being computed: the old answers never
    // reach the grid, the new ones do.
    void answersOfReplacedWeightsAreDropped()
    {
        DatasetView view;
        view.resize(1280, 800);
        view.setDataset(fixtureSplit());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const Dataset &train = view.model()->dataSplit()->train;
        const auto predictions = [&train](const MlpParamsF &weights) {
            QList<int> classes;
            for (std::size_t i = 0; i < train.size(); ++i) {
                const auto p = networkProbabilities(Architecture::source(), weights, train.image(i), Normalize::None);
                classes << int(std::max_element(p.begin(), p.end()) - p.begin());
            }
            return classes;
        };
        const auto shown = [&view, &train] {
            QList<int> classes;
            for (std::size_t i = 0; i < train.size(); ++i)
                classes << view.model()->answers()->predicted(i);
            return classes;
        };
        const auto first = std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 2));
        const auto second = std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 3));
        QVERIFY(predictions(*first) != predictions(*second)); // else the test could not tell
        view.setWeights(trained(first), QStringLiteral("first"));
        view.setWeights(trained(second), QStringLiteral("second"));
        QTRY_VERIFY(view.model()->answers());
        QCOMPARE(shown(), predictions(*second));
        // The first computation's result, had it been kept, has arrived by now.
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
        QCOMPARE(shown(), predictions(*second));
    }

    // A run of the Compare view chosen in the Network box: every image shows that network's answer,
    // its next epoch's weights replace them, and without runs the training's weights answer again.
    void aCompareRunAnswers()
    {
        DatasetView view;
        view.resize(1280, 800);
        view.setDataset(fixtureSplit());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto training = std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 2));
        view.setWeights(trained(training), QStringLiteral("weights after batch 9"));
        QTRY_VERIFY(view.model()->answers());
        QVERIFY(!view.networkBox()->isVisible());
        const Dataset &train = view.model()->dataSplit()->train;
        const auto shown = [&view, &train] {
            QList<int> classes;
            for (std::size_t i = 0; i < train.size(); ++i)
                classes << view.model()->answers()->predicted(i);
            return classes;
        };
        const QList<int> trainingAnswers = shown();

        OtherNetwork linear;
        linear.label = "784-10";
        linear.arch.hidden = {};
        linear.weights = std::make_shared<const MlpParamsF>(initMlp(linear.arch, 4));
        linear.run = 1;
        const auto answersOf = [&train](const OtherNetwork &n) {
            QList<int> classes;
            for (std::size_t i = 0; i < train.size(); ++i) {
                const auto p = networkProbabilities(n.arch, *n.weights, train.image(i), n.normalize);
                classes << int(std::max_element(p.begin(), p.end()) - p.begin());
            }
            return classes;
        };
        QVERIFY(answersOf(linear) != trainingAnswers); // else the test could not tell
        view.setOtherNetworks({linear});
        QVERIFY(view.networkBox()->isVisible());
        QCOMPARE(view.networkBox()->count(), 2);
        QCOMPARE(shown(), trainingAnswers); // nothing chosen yet
        view.networkBox()->setCurrentIndex(1);
        emit view.networkBox()->activated(1);
        QTRY_VERIFY(view.model()->answers() && shown() == answersOf(linear));
        // New training weights do not change what the run answers.
        view.setWeights(trained(std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 5))), QStringLiteral("later"));
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
        QVERIFY(view.model()->answers());
        QCOMPARE(shown(), answersOf(linear));
        // The run's next epoch.
        linear.weights = std::make_shared<const MlpParamsF>(initMlp(linear.arch, 6));
        QVERIFY(answersOf(linear) != shown());
        view.setOtherNetworks({linear});
        QTRY_VERIFY(view.model()->answers() && shown() == answersOf(linear));
        // Runs cleared: the training's weights again.
        view.setWeights(trained(training), QStringLiteral("weights after batch 9"));
        view.setOtherNetworks({});
        QVERIFY(!view.networkBox()->isVisible());
        QTRY_VERIFY(view.model()->answers() && shown() == trainingAnswers);
    }
};

QTEST_MAIN(TestDatasetAnswers)
#include "tst_datasetanswers.moc"
