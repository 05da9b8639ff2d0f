// Step through with a network of any architecture: the stages follow its layers, each page
// shows the core's own numbers (explainSample), the activation's formulas are its own, the diagram
// draws every layer, the exports keep the explain contract, and a Compare run or a model file of
// any network can be chosen.

#include "batchstep.h"
#include "nn/mlptrace.h"
#include "io/modelfile.h"
#include "networkchoice.h"
#include "networkdiagram.h"
#include "train/networktrainer.h"
#include "stagepages.h"
#include "steparch.h"
#include "stepview.h"
#include "testsupport.h"
#include "uiformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>

using namespace bplab;
using test::arch;

class TestStepNetwork : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void stagesFollowTheLayers_data();
    void stagesFollowTheLayers();
    void pagesShowTheCoreTrace();
    void slopesAreTheActivationsOwn();
    void sourceArchitectureKeepsItsStages();
    void jsonAndCsvExports();
    void diagramDrawsEveryLayer();
    void aCompareRunIsSteppedThrough();
    void aModelFileOfAnyNetwork();
    void misclassifiedAsksTheNetwork();
    void aMiniBatchOfAnotherNetwork();
    void aStageAskedForBeforeTheWeights();
    void theBatchAsMatrices();

private:
    void show(const Architecture &arch, std::uint64_t seed = 5);
    /** The page's plain text at stage `stage`. */
    QString textAt(int stage);

    StepView *m_view = nullptr;
    std::shared_ptr<const MlpParamsF> m_params;
    std::array<std::uint8_t, kInputs> m_pixels{};
    static constexpr int kLabel = 3;
};

namespace {

/** B samples, each a stroke of its own, and their labels. */
void batchOf(int B, std::vector<std::uint8_t> &pixels, std::vector<int> &labels)
{
    pixels.assign(std::size_t(B) * kInputs, 0);
    labels.clear();
    for (int s = 0; s < B; ++s) {
        for (int i = 0; i < kInputs; ++i)
            pixels[std::size_t(s) * kInputs + std::size_t(i)] = (i / kImageSide + s * i % kImageSide) % (s + 4) == 0 ? 200 : 0;
        labels.push_back((3 + 2 * s) % kOutputs);
    }
}

/** The explainSample the page should show, computed here from the same inputs. */
MlpTraceF expected(const Architecture &a, const MlpParamsF &params, const std::array<std::uint8_t, kInputs> &px,
                   int label, float lr)
{
    return explainSample(a, params, scaleInput<float>(px.data(), Normalize::None), label, lr);
}
} // namespace

void TestStepNetwork::init()
{
    for (int i = 0; i < kInputs; ++i) // a diagonal stroke
        m_pixels[std::size_t(i)] = (i / kImageSide - i % kImageSide + 2) / 5 == 0 ? 230 : 0;
    m_view = new StepView;
    m_view->resize(1200, 760);
    m_view->showPixels(m_pixels.data(), kLabel, QStringLiteral("drawn digit"));
}

void TestStepNetwork::cleanup()
{
    delete m_view;
    m_view = nullptr;
}

void TestStepNetwork::show(const Architecture &a, std::uint64_t seed)
{
    m_params = std::make_shared<const MlpParamsF>(initMlp(a, seed));
    m_view->model()->setNetwork(a, m_params, QStringLiteral("test network"));
}

QString TestStepNetwork::textAt(int stage)
{
    m_view->setStage(stage);
    return m_view->pageText();
}

void TestStepNetwork::stagesFollowTheLayers_data()
{
    QTest::addColumn<QVector<int>>("hidden");
    QTest::addColumn<int>("activation");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("784-10") << QVector<int>{} << int(Activation::ReLU)
                            << QStringList{"Input", "Logits", "SoftMax", "Cross-entropy", "Output gradients",
                                           "Weight adjustments", "Update and re-check"};
    QTest::newRow("784-16-10 sigmoid") << QVector<int>{16} << int(Activation::Sigmoid)
                                       << QStringList{"Input", "Weighted sums", "Sigmoid", "Logits", "SoftMax",
                                                      "Cross-entropy", "Output gradients", "Hidden gradients",
                                                      "Weight adjustments", "Update and re-check"};
    QTest::newRow("784-24-12-10 tanh")
            << QVector<int>{24, 12} << int(Activation::Tanh)
            << QStringList{"Input", "Weighted sums 1", "Tanh 1", "Weighted sums 2", "Tanh 2", "Logits", "SoftMax",
                           "Cross-entropy", "Output gradients", "Hidden gradients 2", "Hidden gradients 1",
                           "Weight adjustments", "Update and re-check"};
}

void TestStepNetwork::stagesFollowTheLayers()
{
    QFETCH(QVector<int>, hidden);
    QFETCH(int, activation);
    QFETCH(QStringList, names);
    show(arch(std::vector<int>(hidden.begin(), hidden.end()), Activation(activation)));
    QVERIFY(m_view->model()->hasTrace());
    QCOMPARE(m_view->model()->stageCount(), names.size());
    QListWidget *list = m_view->stageList();
    QCOMPARE(list->count(), names.size());
    for (int i = 0; i < names.size(); ++i)
        QCOMPARE(list->item(i)->text(), QStringLiteral("%1  %2").arg(i + 1).arg(names[i]));
    // Next walks to the last stage and stops there.
    for (int i = 1; i < names.size(); ++i)
        m_view->nextButton()->click();
    QCOMPARE(m_view->model()->stage(), int(names.size()));
    QVERIFY(!m_view->nextButton()->isEnabled());
    QCOMPARE(m_view->pageTitle(), QStringLiteral("%1. %2").arg(names.size()).arg(names.back()));
    // The sizes table is the network's.
    const Architecture a = m_view->model()->arch();
    QVERIFY(m_view->sizesText().contains(QLocale().toString(qulonglong(a.parameterCount()))));
    QVERIFY(m_view->sizesText().contains(QStringLiteral("W%1 10").arg(a.layerCount())));
}

void TestStepNetwork::pagesShowTheCoreTrace()
{
    const Architecture a = arch({24, 12}, Activation::Tanh);
    show(a);
    m_view->setLearningRate(0.25);
    const MlpTraceF t = expected(a, *m_params, m_pixels, kLabel, 0.25f);
    m_view->setSelectedHiddenNeuron(5);
    const auto shows = [](const QString &text, float v) { return text.contains(formatSig4(double(v))); };
    // Weighted sums 2 (stage 4): z of neuron 6 of layer 2; Tanh 2 (stage 5): its a.
    QVERIFY2(shows(textAt(4), t.hidden[1].z[5]), qPrintable(m_view->pageText()));
    QVERIFY(shows(textAt(5), t.hidden[1].a[5]));
    QVERIFY(textAt(5).contains(QStringLiteral("tanh(")));
    // Logits (6): the selected output neuron's z; SoftMax (7) every p; the loss (8).
    QVERIFY(shows(textAt(6), t.logits[m_view->model()->outputNeuron()]));
    const QString softmax = textAt(7);
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(softmax, t.probabilities[k]));
    QVERIFY(shows(textAt(8), t.loss));
    // Hidden gradients 2 (10) and 1 (11): delta of neuron 6 of each layer.
    QVERIFY(shows(textAt(10), t.hidden[1].delta[5]));
    QVERIFY(shows(textAt(11), t.hidden[0].delta[5]));
    // Update (13): the loss after the step on this image.
    QVERIFY(shows(textAt(13), t.lossAfter));
    // The grids hold the layer's values: delta of layer 1 at stage 11.
    m_view->setStage(11);
    const QVector<float> grid = m_view->grids().front()->values();
    for (int j = 0; j < 24; ++j)
        QCOMPARE(grid[j], t.hidden[0].delta[j]);
}

void TestStepNetwork::slopesAreTheActivationsOwn()
{
    const Architecture a = arch({16}, Activation::Sigmoid);
    show(a);
    const MlpTraceF t = expected(a, *m_params, m_pixels, kLabel, m_view->model()->learningRate());
    m_view->setSelectedHiddenNeuron(2);
    const QString sigmoid = textAt(3);
    QVERIFY2(sigmoid.contains(QStringLiteral("a = 1 / (1 + e")), qPrintable(sigmoid));
    QVERIFY(sigmoid.contains(QStringLiteral("f'(z) = a (1 \u2212 a)")));
    const float a2 = t.hidden[0].a[2];
    QVERIFY(sigmoid.contains(formatSig4(double(a2 * (1 - a2)))));
    // The hidden gradient multiplies by that slope: delta_j = (sum_k w_kj delta_k) a (1 - a).
    const RowMat<float> &w2 = m_params->layers[1].W;
    double back = 0;
    for (int k = 0; k < kOutputs; ++k)
        back += double(w2(k, 2)) * double(t.deltaOut[k]);
    QVERIFY(std::abs(back * a2 * (1 - a2) - t.hidden[0].delta[2]) < 1e-6);
    QVERIFY(textAt(8).contains(formatSig4(double(t.hidden[0].delta[2]))));
    // The slope grid is f'(z) of every neuron.
    m_view->setStage(3);
    const QVector<float> slopes = m_view->grids()[1]->values();
    for (int j = 0; j < 16; ++j)
        QCOMPARE(slopes[j], derivativeAt(Activation::Sigmoid, t.hidden[0].z[j], t.hidden[0].a[j]));
    QCOMPARE(derivativeAt(Activation::ReLU, -1.0f, 0.0f), 0.0f);
    QCOMPARE(derivativeAt(Activation::ReLU, 2.0f, 2.0f), 1.0f);
    QCOMPARE(derivativeAt(Activation::Tanh, 0.5f, 0.5f), 0.75f);
    QCOMPARE(derivativeAt(Activation::LeakyReLU, -1.0f, -0.01f), float(kLeakySlope));
    QVERIFY(derivativeFormula(Activation::Tanh).contains(QStringLiteral("1 &minus; a<sup>2</sup>")));
}

void TestStepNetwork::sourceArchitectureKeepsItsStages()
{
    const Architecture source = Architecture::source();
    show(source); // the default network: the same pages as every network, its ten stages
    QCOMPARE(m_view->model()->arch(), source);
    QCOMPARE(m_view->model()->stageCount(), 10);
    QVERIFY(m_view->model()->hasTrace());
    QCOMPARE(m_view->model()->network(), m_params);
    QCOMPARE(m_view->stageList()->item(2)->text(), QStringLiteral("3  ReLU"));
    // Another network, then the source's again: ten stages, stage kept in range.
    show(arch({8}, Activation::Tanh));
    m_view->setStage(10);
    show(arch({}, Activation::ReLU));
    QCOMPARE(m_view->model()->stage(), 7);
    m_view->setTrainedNetwork(source, std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 1)),
                              QStringLiteral("source"));
    QCOMPARE(m_view->model()->arch(), source);
    QCOMPARE(m_view->stageList()->count(), 10);
    QCOMPARE(m_view->stageList()->item(2)->text(), QStringLiteral("3  ReLU"));
}

void TestStepNetwork::jsonAndCsvExports()
{
    const Architecture a = arch({24, 12}, Activation::Tanh);
    show(a);
    const MlpTraceF t = expected(a, *m_params, m_pixels, kLabel, m_view->model()->learningRate());
    const QJsonObject o = QJsonDocument::fromJson(m_view->traceJson().toUtf8()).object();
    QCOMPARE(o.value("network").toString(), QStringLiteral("784-24-12-10 tanh"));
    const QJsonArray hidden = o.value("hidden").toArray();
    QCOMPARE(hidden.size(), 2);
    for (int l = 0; l < 2; ++l)
        for (const char *key : {"z", "a", "delta"}) {
            const QJsonArray v = hidden[l].toObject().value(key).toArray();
            const Vec<float> &want = key[0] == 'z' ? t.hidden[std::size_t(l)].z
                                     : key[0] == 'a' ? t.hidden[std::size_t(l)].a
                                                     : t.hidden[std::size_t(l)].delta;
            QCOMPARE(v.size(), want.size());
            for (int j = 0; j < v.size(); ++j)
                QCOMPARE(float(v[j].toDouble()), want[j]);
        }
    QCOMPARE(float(o.value("loss_after").toDouble()), t.lossAfter);
    const QString csv = m_view->traceCsv();
    QVERIFY(csv.contains(QStringLiteral("network,0,\"784-24-12-10 tanh\"")));
    QVERIFY(csv.contains(QStringLiteral("delta2,11,")));
    QVERIFY(!csv.contains(QStringLiteral("delta2,12,")));
    QTemporaryDir dir;
    QVERIFY(m_view->exportTo(dir.filePath("trace.json")));
    QVERIFY(m_view->exportTo(dir.filePath("trace.csv")));
}

void TestStepNetwork::diagramDrawsEveryLayer()
{
    const Architecture a = arch({24, 12}, Activation::Tanh);
    show(a);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    NetworkDiagram *d = m_view->diagram();
    const MlpTraceF t = expected(a, *m_params, m_pixels, kLabel, m_view->model()->learningRate());
    for (int l = 0; l < 2; ++l) {
        const int j = a.hidden[std::size_t(l)] - 1; // each layer's last neuron
        const NetworkDiagram::Hit hit = d->hitAt(d->layerCenter(l, j));
        QCOMPARE(int(hit.part), int(NetworkDiagram::Part::Hidden));
        QCOMPARE(hit.layer, l);
        QCOMPARE(hit.index, j);
        QVERIFY(d->hoverText(hit).contains(formatExact(t.hidden[std::size_t(l)].z[j])));
    }
    // A click selects the neuron; the diagram highlights the stage's layer.
    QTest::mouseClick(d, Qt::LeftButton, {}, d->layerCenter(1, 7));
    QCOMPARE(m_view->model()->hiddenNeuron(), 7);
    m_view->setStage(4); // Weighted sums 2
    QCOMPARE(d->highlightedParts(), QStringList{QStringLiteral("hidden2")});
    QVERIFY(d->accessibleSummary().contains(QStringLiteral("24 and 12 tanh neurons")));
    // The selected neuron's edges: to each output a line in its weight's colour (red positive,
    // blue negative; dashed when negative), here along the line to the output of the largest |w|.
    const RowMat<float> &W3 = m_params->layers[2].W;
    int k = 0;
    W3.col(7).cwiseAbs().maxCoeff(&k);
    const QImage image = d->grab().toImage();
    const QPointF from = d->layerCenter(1, 7), to = d->outputCenter(k);
    int onLine = 0;
    for (int i = 6; i <= 18; ++i) { // 30% to 90% of the way, clear of the neurons
        const QColor c = image.pixelColor((from + (to - from) * (i / 20.0)).toPoint() * image.devicePixelRatio());
        onLine += W3(k, 7) > 0 ? c.red() > c.blue() + 60 : c.blue() > c.red() + 60;
    }
    QVERIFY2(onLine >= 3, qPrintable(QStringLiteral("w = %1: %2 of 13 points in its colour").arg(W3(k, 7)).arg(onLine)));
    // A wide layer is still drawn inside the widget.
    show(arch({1024}, Activation::ReLU));
    const QPoint last = d->layerCenter(0, 1023);
    QVERIFY(d->rect().contains(last));
    QCOMPARE(d->hitAt(last).index, 1023);
    QVERIFY(!d->grab().isNull());
}

void TestStepNetwork::aCompareRunIsSteppedThrough()
{
    StepChooser *chooser = m_view->chooser();
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    const auto training = std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 3));
    int asked = 0;
    connect(chooser, &StepChooser::currentWeightsRequested, this, [&] {
        ++asked;
        m_view->setTrainedNetwork(Architecture::source(), training, QStringLiteral("training"));
    });
    m_view->setTrainedNetwork(Architecture::source(), training, QStringLiteral("training"));
    QVERIFY(!chooser->networkBox()->isVisible()); // no runs: no box

    const Architecture a = arch({16}, Activation::Sigmoid);
    OtherNetwork run{"sigmoid", a, std::make_shared<const MlpParamsF>(initMlp(a, 9)), Normalize::None, 2};
    chooser->setNetworks({run});
    QVERIFY(chooser->networkBox()->isVisible());
    QCOMPARE(m_view->model()->network(), training); // listed, not chosen
    chooser->chooseRun(2);
    QCOMPARE(m_view->model()->arch(), a);
    QCOMPARE(m_view->model()->network(), run.weights);
    QVERIFY(m_view->model()->modelDescription().contains(QStringLiteral("Compare run 2")));
    QVERIFY(m_view->showsOwnModel()); // the training's weights do not replace it
    QVERIFY(chooser->batchBox()->isEnabled()); // its mini-batch too
    QCOMPARE(m_view->stageList()->item(2)->text(), QStringLiteral("3  Sigmoid"));
    // The run's next epoch: its new weights are stepped through.
    run.weights = std::make_shared<const MlpParamsF>(initMlp(a, 10));
    chooser->setNetworks({run});
    QCOMPARE(m_view->model()->network(), run.weights);
    // "Current weights": the training's again.
    const int before = asked;
    m_view->findChild<QPushButton *>(QStringLiteral("useCurrentWeights"))->click();
    QVERIFY(asked > before);
    QCOMPARE(m_view->model()->arch(), Architecture::source());
    QCOMPARE(m_view->model()->network(), training);
    QVERIFY(chooser->batchBox()->isEnabled());
    // The run cleared while chosen: back to the training's weights.
    chooser->chooseRun(2);
    QCOMPARE(m_view->model()->arch(), a);
    chooser->setNetworks({});
    QCOMPARE(m_view->model()->arch(), Architecture::source());
    QCOMPARE(m_view->model()->network(), training);
}

void TestStepNetwork::aModelFileOfAnyNetwork()
{
    QTemporaryDir dir;
    const Architecture a = arch({32, 16}, Activation::Sigmoid);
    const MlpParamsF params = initMlp(a, 4);
    const QString file = dir.filePath("net.bplab");
    QVERIFY(saveNetworkModel(file.toStdString(), a, params).ok());
    QVERIFY(m_view->loadModelFile(file));
    QCOMPARE(m_view->model()->arch(), a);
    QCOMPARE(*m_view->model()->network(), params);
    QVERIFY(m_view->model()->modelDescription().contains(QStringLiteral("784-32-16-10 sigmoid")));
    QCOMPARE(m_view->stageList()->count(), 13);
    QVERIFY(m_view->showsOwnModel());
    // The source network's file goes back to its ten stages.
    const QString source = dir.filePath("source.bplab");
    QVERIFY(saveModel(source.toStdString(), initMlp(Architecture::source(), Init::He, 2)).ok());
    QVERIFY(m_view->loadModelFile(source));
    QCOMPARE(m_view->model()->arch(), Architecture::source());
    QCOMPARE(*m_view->model()->network(), initMlp(Architecture::source(), Init::He, 2));
    QCOMPARE(m_view->stageList()->count(), 10);
}

void TestStepNetwork::misclassifiedAsksTheNetwork()
{
    const Architecture a = arch({8}, Activation::Tanh);
    show(a, 11);
    Dataset data;
    for (int n = 0; n < 20; ++n) {
        std::array<std::uint8_t, kInputs> px = m_pixels;
        px[std::size_t(n * 30)] = 255; // each image a little different
        data.pixels.insert(data.pixels.end(), px.begin(), px.end());
        data.labels.push_back(std::uint8_t(n % 10));
    }
    int want = -1;
    for (int i = 4; i < 24 && want < 0; ++i) {
        const int at = i % 20;
        const auto p = networkProbabilities(a, *m_params, data.image(std::size_t(at)), Normalize::None);
        if (int(std::max_element(p.begin(), p.end()) - p.begin()) != data.label(std::size_t(at)))
            want = at;
    }
    QVERIFY(want >= 0);
    QCOMPARE(m_view->model()->findMisclassified(data, 4), want);
}


void TestStepNetwork::aMiniBatchOfAnotherNetwork()
{
    // Five samples: the batch's step is the mean of the samples' own gradients, its pages spell
    // out the sample chosen, and the losses after are those of the new weights.
    const Architecture a = arch({24, 12}, Activation::Tanh);
    show(a);
    m_view->setLearningRate(0.5);
    constexpr int B = 5;
    std::vector<std::uint8_t> pixels(std::size_t(B) * kInputs);
    std::vector<int> labels;
    QStringList names;
    batchOf(B, pixels, labels);
    for (int s = 0; s < B; ++s)
        names << QStringLiteral("test #%1").arg(40 + s);
    StepModel *model = m_view->model();
    model->setBatch(pixels, labels, QStringLiteral("test #40 to #44"), names);
    QVERIFY(model->hasBatch());
    const BatchStep &b = model->batch();
    QCOMPARE(b.size, B);
    std::vector<MlpTraceF> own;
    double meanLoss = 0;
    MlpParamsF mean = MlpParamsF::zeros(a);
    for (int s = 0; s < B; ++s) {
        std::array<std::uint8_t, kInputs> px {};
        std::copy_n(pixels.begin() + std::ptrdiff_t(s) * kInputs, kInputs, px.begin());
        own.push_back(expected(a, *m_params, px, labels[std::size_t(s)], 0.5f));
        meanLoss += double(own.back().loss) / B;
        const MlpParamsF g = gradientsOf(a, own.back());
        for (std::size_t l = 0; l < mean.layers.size(); ++l) {
            mean.layers[l].W += g.layers[l].W / float(B);
            mean.layers[l].b += g.layers[l].b / float(B);
        }
    }
    QVERIFY(std::abs(b.meanLoss - meanLoss) < 1e-5);
    MlpParamsF after = *m_params;
    for (std::size_t l = 0; l < mean.layers.size(); ++l) {
        QVERIFY((model->adjustments().layers[l].W + 0.5f * mean.layers[l].W).cwiseAbs().maxCoeff() < 1e-6f);
        QVERIFY((model->adjustments().layers[l].b + 0.5f * mean.layers[l].b).cwiseAbs().maxCoeff() < 1e-6f);
        after.layers[l].W -= 0.5f * mean.layers[l].W;
        after.layers[l].b -= 0.5f * mean.layers[l].b;
    }
    double meanAfter = 0;
    for (int s = 0; s < B; ++s) {
        const MlpTraceF t = explainSample(a, after, own[std::size_t(s)].input, labels[std::size_t(s)], 0.5f);
        QVERIFY(std::abs(b.before[std::size_t(s)].lossAfter - t.loss) < 1e-5f);
        meanAfter += double(t.loss) / B;
    }
    QVERIFY(std::abs(b.meanLossAfter - meanAfter) < 1e-5);

    // Sample 3 chosen: every page, the diagram and the questions follow its trace.
    const auto shows = [](const QString &text, float v) { return text.contains(formatSig4(double(v))); };
    model->setBatchSample(2);
    QCOMPARE(model->trace().label, labels[2]);
    QVERIFY(std::equal(pixels.begin() + 2 * kInputs, pixels.begin() + 3 * kInputs, model->shownPixels())); // the diagram's
    QCOMPARE(model->shownSampleSource(), QStringLiteral("test #42"));
    QVERIFY(textAt(1).contains(QStringLiteral("test #42, sample 3 of the batch")));
    // The exports are of that sample, named by its own index.
    const QJsonObject o = QJsonDocument::fromJson(m_view->traceJson().toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("index")).toInteger(), 42);
    QCOMPARE(o.value(QStringLiteral("label")).toInt(), labels[2]);
    QVERIFY(shows(textAt(8), own[2].loss));
    QVERIFY(m_view->pageText().contains(formatSig4(b.meanLoss)));
    QCOMPARE(m_view->pageTitle(), QStringLiteral("8. Cross-entropy (batch of 5)"));
    QCOMPARE(m_view->grids().front()->values().size(), B); // the five losses: a click chooses
    QVERIFY(shows(textAt(10), own[2].hidden[1].delta[0]));
    const QString update = textAt(13);
    QVERIFY2(update.contains(formatSig4(b.meanLossAfter)) && shows(update, b.before[2].lossAfter), qPrintable(update));
    // Back to one image: the image's own step again.
    model->setBatch({}, {}, {});
    QVERIFY(!model->hasBatch());
    QCOMPARE(m_view->pageTitle(), QStringLiteral("13. Update and re-check"));
}

void TestStepNetwork::aStageAskedForBeforeTheWeights()
{
    // --stage 12 at start: the weights of a 784-24-12-10 network arrive after it; the stage was
    // clamped to the source network's 10.
    auto *view = new StepView;
    const auto done = qScopeGuard([view] { delete view; });
    view->showPixels(m_pixels.data(), kLabel, QStringLiteral("drawn digit"));
    view->setStage(12);
    const Architecture a = arch({24, 12}, Activation::Tanh);
    view->model()->setNetwork(a, std::make_shared<const MlpParamsF>(initMlp(a, 5)), QStringLiteral("test network"));
    QCOMPARE(view->model()->stage(), 12);
    // Once it has weights, a stage past the last is the last.
    view->setStage(20);
    QCOMPARE(view->model()->stage(), 13);
}

void TestStepNetwork::theBatchAsMatrices()
{
    // The batch's pages show its matrices, one sample per column, from the samples' own traces;
    // a click on a cell chooses its column's sample and its row's neuron; the adjustments write
    // out a weight's per-sample terms, whose mean times -lr is the batch's adjustment.
    const Architecture a = arch({24, 12}, Activation::Tanh);
    show(a);
    m_view->setLearningRate(0.5);
    constexpr int B = 4;
    std::vector<std::uint8_t> pixels;
    std::vector<int> labels;
    batchOf(B, pixels, labels);
    StepModel *model = m_view->model();
    model->setBatch(pixels, labels, QStringLiteral("test #40 to #43"));
    const BatchStep &b = model->batch();
    const auto matrixIs = [&](int rows, const std::function<float(const MlpTraceF &, int)> &value) {
        const ValueGrid *g = m_view->grids().front();
        if (g->values().size() != rows * B)
            return false;
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < B; ++c)
                if (g->values()[r * B + c] != value(b.before[std::size_t(c)], r))
                    return false;
        return true;
    };
    textAt(4); // Weighted sums 2: Z(2), 12 x 4
    QVERIFY(matrixIs(12, [](const MlpTraceF &t, int r) { return t.hidden[1].z[r]; }));
    QVERIFY(m_view->pageText().contains(QStringLiteral("(12 \u00d7 24)(24 \u00d7 4) = 12 \u00d7 4")));
    emit m_view->grids().front()->cellClicked(7 * B + 2); // row 8: neuron 8, column 3: sample 3
    QCOMPARE(model->batchSample(), 2);
    QCOMPARE(model->hiddenNeuron(), 7);
    QVERIFY(m_view->pageText().contains(QStringLiteral("Row 8 of Z(2)")));
    QVERIFY(textAt(3).contains(QStringLiteral("A(1) = f(Z(1))"))); // Tanh 1: A(1), 24 x 4
    QVERIFY(matrixIs(24, [](const MlpTraceF &t, int r) { return t.hidden[0].a[r]; }));
    textAt(7); // SoftMax: P
    QVERIFY(matrixIs(kOutputs, [](const MlpTraceF &t, int r) { return t.probabilities[r]; }));
    emit m_view->grids().front()->cellClicked(4 * B + 1); // row 5: output neuron 5, sample 2
    QCOMPARE(model->outputNeuron(), 4);
    QCOMPARE(model->batchSample(), 1);
    textAt(11); // Hidden gradients 1: Delta(1), each sample's own (unscaled) deltas
    QVERIFY(matrixIs(24, [](const MlpTraceF &t, int r) { return t.hidden[0].delta[r]; }));

    // Weight adjustments: w(3) from hidden-2 neuron 8 to output 5, term by term.
    const QString page = textAt(12);
    std::vector<float> terms;
    for (const MlpTraceF &t : b.before)
        terms.push_back(t.deltaOut[4] * t.hidden[1].a[7]);
    const double mean = sumOf(terms) / B;
    QVERIFY2(page.contains(QStringLiteral("w(3)5,8: the 4 terms")), qPrintable(page));
    QVERIFY(page.contains(formatSig4(double(terms[3]))));
    QVERIFY(page.contains(formatSig4(mean)));
    const float adjustment = b.adjustments.layers[2].W(4, 7);
    QVERIFY(std::abs(adjustment + 0.5 * mean) < 1e-6);
    QVERIFY(page.contains(formatSig4(double(adjustment))));
    QCOMPARE(m_view->grids().front()->values().size(), B); // the four terms, a click chooses

    // A layer of 200: the band of 128 rows that holds the selected neuron, the clicks mapped back.
    show(arch({200}, Activation::ReLU));
    model->setBatch(pixels, labels, QStringLiteral("test #40 to #43"));
    model->setHiddenNeuron(150);
    textAt(2);
    const ValueGrid *band = m_view->grids().front();
    QCOMPARE(band->values().size(), 72 * B); // neurons 129-200
    QVERIFY2(band->caption().contains(QStringLiteral("rows 129-200 shown")), qPrintable(band->caption()));
    QCOMPARE(band->values()[(150 - 128) * B + 1], model->batch().before[1].hidden[0].z[150]);
    // Its cells are named by neuron and sample, for the hover and a screen reader.
    QVERIFY2(band->hoverText((150 - 128) * B + 1).startsWith(QStringLiteral("neuron 151, sample 2: z = ")),
             qPrintable(band->hoverText((150 - 128) * B + 1)));
    emit m_view->grids().front()->cellClicked(2 * B + 3);
    QCOMPARE(model->hiddenNeuron(), 130);
    QCOMPARE(model->batchSample(), 3);
}

QTEST_MAIN(TestStepNetwork)
#include "tst_stepnetwork.moc"
