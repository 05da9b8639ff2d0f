// The step view over a mini-batch (its numbers are the core's batched pass, the per-sample
// gradients average to the step's gradient, the update is -lr times it and lowers the batch's
// loss) and the model-file chooser (the loader's errors shown as it words them). The default
// 784-128-10 ReLU network goes through the layered path every network takes; its samples' numbers
// are still those of the source network's own forward pass.

#include "app/clitestutil.h"
#include "data/dataset.h"
#include "networkdiagram.h"
#include "io/modelfile.h"
#include "io/npz.h"
#include "nn/network.h"
#include "stepview.h"
#include "testsupport.h"
#include "uiformat.h"
#include "valuegrid.h"

#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

class TestStepBatch : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void batchIsTheCoresBatchedPass();
    void perSampleGradientsAverageToTheStep();
    void updateIsMinusLrTimesTheAverageAndLowersTheLoss();
    void pagesShowTheBatchNumbers();
    void clickOnAColumnSelectsSampleAndNeuron();
    void diagramShowsTheSelectedSample();
    void keyboardThroughTheBatchStages();
    void batchOfOneIsTheSingleImage();
    void modelFileIsUsed();
    void modelFileErrorsAreTheLoaders();
    void projectorFontNeedsNoSidewaysScrolling_data();
    void projectorFontNeedsNoSidewaysScrolling();

private:
    void checkEveryPanelInSight(int stage);
    void checkDiagramReadable(int stage);

    StepView *m_view = nullptr;
    std::shared_ptr<const MlpParamsF> m_params;     // the default network's weights
    std::shared_ptr<const MlpParamsF> m_network; // the same weights: what the view steps through
    std::shared_ptr<const DataSplit> m_data;
    QTemporaryDir m_dir;
};

void TestStepBatch::init()
{
    m_params = std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 11));
    m_network = std::make_shared<const MlpParamsF>(*m_params);
    const QString folder = m_dir.filePath(QStringLiteral("data"));
    QVERIFY(writeSyntheticFolder(folder, 30, 20, 4));
    auto loaded = loadDataFolder(folder.toStdString());
    QVERIFY(loaded.ok());
    m_data = std::make_shared<const DataSplit>(std::move(loaded.value()));
    m_view = new StepView;
    m_view->resize(1280, 760);
    m_view->setTrainedNetwork(Architecture::source(), m_network, QStringLiteral("untrained (he, seed 11)"));
    m_view->setDataset(m_data);
    m_view->setBatchSize(8);
    QVERIFY(m_view->showSample(true, 15)); // 15..19, then 0..2 (wraps at the end of the test set)
}

void TestStepBatch::cleanup()
{
    delete m_view;
    m_view = nullptr;
}

void TestStepBatch::batchIsTheCoresBatchedPass()
{
    const StepModel *m = m_view->model();
    QVERIFY(m->hasBatch());
    QCOMPARE(m->batchSize(), 8);
    QCOMPARE(m->batchSource(), QStringLiteral("test #15 to #2"));
    const BatchStep &b = m->batch();
    const int order[] = {15, 16, 17, 18, 19, 0, 1, 2};
    for (int s = 0; s < 8; ++s) {
        const std::size_t i = std::size_t(order[s]);
        QCOMPARE(b.labels[std::size_t(s)], int(m_data->test.label(i)));
        QVERIFY(std::equal(m_data->test.image(i), m_data->test.image(i) + kInputs, m->batchPixels(s)));
        // sample s's values are its own forward pass, the source network's numbers
        const MlpTraceF t = traceSample(Architecture::source(), *m_params,
                                        scaleInput<float>(m_data->test.image(i), Normalize::None), int(m_data->test.label(i)));
        const MlpTraceF &own = b.before[std::size_t(s)];
        for (int j = 0; j < kHidden; j += 9)
            QVERIFY(fuzzyEqual(own.hidden[0].z[j], t.hidden[0].z[j], 1e-5, 1e-5));
        for (int k = 0; k < kOutputs; ++k)
            QVERIFY(fuzzyEqual(own.probabilities[k], t.probabilities[k], 1e-5, 1e-6));
        QVERIFY(fuzzyEqual(own.loss, t.loss, 1e-5, 1e-6));
    }
    // the spelled-out trace is that of the batch's first sample until another is chosen
    QCOMPARE(m->trace().label, b.labels.front());
    // the core's batched mean loss = (1/B) sum of the per-sample losses
    double sum = 0;
    for (const MlpTraceF &t : b.before)
        sum += t.loss;
    QVERIFY(fuzzyEqual(b.meanLoss, sum / 8, 1e-5));
}

void TestStepBatch::perSampleGradientsAverageToTheStep()
{
    m_view->setLearningRate(0.01);
    const BatchStep &b = m_view->model()->batch();
    const Architecture arch = Architecture::source();
    // delta w = -lr (1/B) sum_s gradientsOf(sample s)
    MlpParamsF mean = gradientsOf(arch, b.before.front());
    for (std::size_t s = 1; s < b.before.size(); ++s) {
        const MlpParamsF g = gradientsOf(arch, b.before[s]);
        for (std::size_t l = 0; l < g.layers.size(); ++l) {
            mean.layers[l].W += g.layers[l].W;
            mean.layers[l].b += g.layers[l].b;
        }
    }
    const float step = -0.01f / 8;
    for (std::size_t l = 0; l < mean.layers.size(); ++l) {
        QVERIFY((mean.layers[l].W * step - b.adjustments.layers[l].W).cwiseAbs().maxCoeff() < 1e-8f);
        QVERIFY((mean.layers[l].b * step - b.adjustments.layers[l].b).cwiseAbs().maxCoeff() < 1e-8f);
    }
    QVERIFY(b.adjustments.layers[1].W.cwiseAbs().maxCoeff() > 1e-5f); // not all zero
    // the terms the page writes out sum to B times the step's gradient
    const std::vector<float> terms = perSampleTerms(b, 1, 3, 5);
    QCOMPARE(int(terms.size()), 8);
    QCOMPARE(terms[2], b.before[2].deltaOut[3] * b.before[2].hidden[0].a[5]);
    QVERIFY(fuzzyEqual(step * sumOf(terms), b.adjustments.layers[1].W(3, 5), 1e-4, 1e-10));
}

void TestStepBatch::updateIsMinusLrTimesTheAverageAndLowersTheLoss()
{
    m_view->setLearningRate(0.01);
    const BatchStep &b = m_view->model()->batch();
    QCOMPARE(b.after.layers[0].W(7, 300), m_network->layers[0].W(7, 300) + b.adjustments.layers[0].W(7, 300));
    QCOMPARE(b.after.layers[1].W(4, 9), m_params->layers[1].W(4, 9) + b.adjustments.layers[1].W(4, 9));
    QCOMPARE(b.after.layers[0].b[20], m_params->layers[0].b[20] + b.adjustments.layers[0].b[20]);
    QVERIFY2(b.meanLossAfter < b.meanLoss, qPrintable(QStringLiteral("%1 -> %2").arg(b.meanLoss).arg(b.meanLossAfter)));
    double lossAfter = 0; // each sample's loss after is its pass with the stepped weights
    for (std::size_t s = 0; s < b.before.size(); ++s) {
        QVERIFY(fuzzyEqual(b.before[s].lossAfter, b.afterTraces[s].loss, 1e-5, 1e-7));
        lossAfter += b.before[s].lossAfter;
    }
    QVERIFY(fuzzyEqual(b.meanLossAfter, lossAfter / 8, 1e-5));
}

void TestStepBatch::pagesShowTheBatchNumbers()
{
    const StepModel *m = m_view->model();
    const BatchStep &b = m->batch();
    m_view->setStage(6);
    QVERIFY(m_view->pageTitle().contains(QStringLiteral("batch of 8")));
    QVERIFY2(m_view->pageText().contains(formatSig4(b.meanLoss)), qPrintable(m_view->pageText()));
    QVERIFY(m_view->pageText().contains(formatSig4(b.before[7].loss)));
    QCOMPARE(m_view->grids()[0]->values().size(), 8);
    QCOMPARE(m_view->grids()[0]->values()[3], b.before[3].loss);
    m_view->setStage(2);
    QCOMPARE(m_view->grids()[0]->rows(), kHidden);
    QCOMPARE(m_view->grids()[0]->cols(), 8);
    QCOMPARE(m_view->grids()[0]->values()[5 * 8 + 2], b.before[2].hidden[0].z[5]);
    m_view->setStage(9);
    const int k = m->outputNeuron(), j = m->hiddenNeuron();
    const std::vector<float> terms = perSampleTerms(b, 1, k, j);
    QVERIFY(m_view->pageText().contains(formatSig4(sumOf(terms) / 8))); // dw, the mean
    QVERIFY(m_view->pageText().contains(formatSig4(double(b.adjustments.layers[1].W(k, j)))));
    m_view->setStage(10);
    QVERIFY(m_view->pageText().contains(formatSig4(b.meanLossAfter)));
    QVERIFY(m_view->pageText().contains(formatSig4(double(b.after.layers[1].W(k, j)))));
}

void TestStepBatch::clickOnAColumnSelectsSampleAndNeuron()
{
    m_view->setStage(3);
    ValueGrid *grid = m_view->grids()[0];
    QCOMPARE(grid->rows(), kHidden);
    emit grid->cellClicked(40 * 8 + 6); // row 40 = hidden neuron 41, column 6 = sample 7
    QCOMPARE(m_view->model()->hiddenNeuron(), 40);
    QCOMPARE(m_view->model()->batchSample(), 6);
    QVERIFY(m_view->pageText().contains(formatSig4(double(m_view->model()->batch().before[6].hidden[0].a[40]))));
    m_view->setStage(1); // the mosaic: 8 images to a row of 28x28
    emit m_view->grids()[0]->cellClicked(5 * 224 + 3 * 28 + 4);
    QCOMPARE(m_view->model()->batchSample(), 3);
}

void TestStepBatch::diagramShowsTheSelectedSample()
{
    // Sample 6 of the batch is test image 1 (15..19, 0, 1, 2): the diagram's values are its own
    // forward pass, computed here by the core from the data set, not the first sample's.
    StepModel *m = m_view->model();
    m->setBatchSample(6);
    const Architecture arch = Architecture::source();
    const std::uint8_t *image = m_data->test.image(1);
    const int label = int(m_data->test.label(1));
    const MlpTraceF own = traceSample<float>(arch, *m_network, scaleInput<float>(image, Normalize::None), label);
    const MlpTraceF first = traceSample<float>(arch, *m_network, scaleInput<float>(m_data->test.image(15), Normalize::None),
                                               int(m_data->test.label(15)));
    NetworkDiagram *d = m_view->diagram();
    d->resize(d->sizeHint());
    // a hidden neuron whose z differs between the two samples
    int j = 0;
    while (j < kHidden && formatExact(own.hidden[0].z[j]) == formatExact(first.hidden[0].z[j]))
        ++j;
    QVERIFY(j < kHidden);
    const QString hidden = d->hoverText({NetworkDiagram::Part::Hidden, j});
    QVERIFY2(hidden.contains(QStringLiteral("z = ") + formatExact(own.hidden[0].z[j])), qPrintable(hidden));
    QVERIFY(!hidden.contains(QStringLiteral("z = ") + formatExact(first.hidden[0].z[j]) + QLatin1Char(',')));
    // the brightest pixel of sample 6 shows its byte
    const int i = int(std::max_element(image, image + kInputs) - image);
    QVERIFY(image[i] != m_data->test.image(15)[i]);
    QVERIFY2(d->hoverText({NetworkDiagram::Part::Input, i}).contains(QStringLiteral("byte %1,").arg(image[i])),
             qPrintable(d->hoverText({NetworkDiagram::Part::Input, i})));
    // the output neurons: its probabilities, and after the step the batch's step applied to it
    const MlpTraceF after = traceSample<float>(arch, m->batch().after, scaleInput<float>(image, Normalize::None), label);
    const QString out = d->hoverText({NetworkDiagram::Part::Output, label});
    QVERIFY2(out.contains(QStringLiteral("p = ") + formatExact(own.probabilities[label])), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("p after the step = ") + formatExact(after.probabilities[label])), qPrintable(out));
    QCOMPARE(m->shownLabel(), label);
    // the term list behind the diagram's edges is sample 6's: w_ji * x_i of its own inputs
    for (const StepModel::Term &t : m->topTerms(0, m->hiddenNeuron(), 4))
        QCOMPARE(t.x, own.input[t.input]);
    // and the diagram is redrawn for the chosen sample (its picture changes)
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    const QImage six = d->grab().toImage();
    m->setBatchSample(0);
    QCOMPARE(m->shownLabel(), int(m_data->test.label(15)));
    QVERIFY(d->grab().toImage() != six);
}

void TestStepBatch::keyboardThroughTheBatchStages()
{
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    m_view->setFocus();
    QCOMPARE(m_view->model()->stage(), 1);
    for (int stage = 2; stage <= 10; ++stage) {
        QTest::keyClick(m_view, Qt::Key_Space);
        QCOMPARE(m_view->model()->stage(), stage);
        QVERIFY(m_view->pageTitle().contains(QStringLiteral("batch of 8")));
    }
    QTest::keyClick(m_view, Qt::Key_Home);
    QCOMPARE(m_view->model()->stage(), 1);
}

void TestStepBatch::batchOfOneIsTheSingleImage()
{
    m_view->setBatchSize(1);
    QVERIFY(!m_view->model()->hasBatch());
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("test #15"));
    QVERIFY(!m_view->pageTitle().contains(QStringLiteral("batch")));
    m_view->setBatchSize(64); // more than the 20 test images: the whole set
    QCOMPARE(m_view->model()->batchSize(), 20);
}

void TestStepBatch::modelFileIsUsed()
{
    const MlpParamsF other = initMlp(Architecture::source(), Init::Xavier, 99);
    const QString file = m_dir.filePath(QStringLiteral("other.bplab"));
    QVERIFY(saveModel(file.toStdString(), other).ok());
    QVERIFY(m_view->loadModelFile(file));
    QCOMPARE(m_view->model()->network()->layers[0].W, other.layers[0].W);
    QVERIFY(m_view->chooser()->modelLabel()->text().contains(QStringLiteral("other.bplab")));
    QVERIFY(m_view->chooser()->modelErrorLabel()->isHidden());
    QVERIFY(m_view->model()->hasBatch()); // the batch stays, recomputed with the file's weights
    QCOMPARE(m_view->model()->batch().after.layers[1].W(0, 0),
             other.layers[1].W(0, 0) + m_view->model()->batch().adjustments.layers[1].W(0, 0));
    const QString npz = m_dir.filePath(QStringLiteral("other.npz"));
    QVERIFY(saveNpz(npz.toStdString(), *m_params).ok());
    QVERIFY(m_view->loadModelFile(npz));
    QCOMPARE(m_view->model()->network()->layers[1].W, m_params->layers[1].W);
}

void TestStepBatch::modelFileErrorsAreTheLoaders()
{
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    const QString bad = m_dir.filePath(QStringLiteral("broken.bplab"));
    QVERIFY(saveModel(bad.toStdString(), initMlp(Architecture::source(), Init::He, 1)).ok());
    QFile f(bad);
    QVERIFY(f.open(QIODevice::ReadWrite));
    f.seek(1000);
    f.write("garbage");
    f.close();
    const auto expected = loadAnyModel(bad.toStdString());
    QVERIFY(!expected.ok());
    QVERIFY(!m_view->loadModelFile(bad));
    QCOMPARE(m_view->lastError(), QString::fromStdString(expected.error()));
    QVERIFY(m_view->chooser()->modelErrorLabel()->isVisible());
    QVERIFY(m_view->chooser()->modelErrorLabel()->text().contains(QString::fromStdString(expected.error())));
    QCOMPARE(m_view->model()->network(), m_network); // the previous weights stay
    QVERIFY(!m_view->loadModelFile(m_dir.filePath(QStringLiteral("missing.npz"))));
    QVERIFY(m_view->chooser()->modelErrorLabel()->text().contains(QStringLiteral("missing.npz")));
    m_view->setTrainedNetwork(Architecture::source(), m_network, QStringLiteral("current weights"));
    QVERIFY(m_view->chooser()->modelErrorLabel()->isHidden());
}

void TestStepBatch::checkDiagramReadable(int stage)
{
    // The diagram's layer titles are whole inside it (none cut at an edge, none elided), and each
    // hidden layer's grid is large enough to see from the back of a room: at least 120 px wide
    // and 60 px high, with cells of 6 px or more (its neurons told apart).
    const NetworkDiagram *diagram = m_view->findChild<NetworkDiagram *>();
    const QString where = QStringLiteral("stage %1, compact %2: ").arg(stage).arg(m_view->isCompact());
    const QFontMetrics fm = diagram->fontMetrics();
    for (const QString &title : diagram->layerTitles())
        QVERIFY2(fm.horizontalAdvance(title) <= diagram->width() - 8 && !title.contains(QChar(0x2026)),
                 qPrintable(where + QStringLiteral("\"%1\" is %2 px, the diagram %3")
                                        .arg(title).arg(fm.horizontalAdvance(title)).arg(diagram->width())));
    for (int l = 0; l < int(m_view->model()->arch().hidden.size()); ++l) {
        const QRect grid = diagram->hiddenRect(l);
        QVERIFY2(grid.width() >= 120 && grid.height() >= 60 && diagram->hiddenPitch(l) >= 6,
                 qPrintable(where + QStringLiteral("hidden layer %1's grid %2x%3 px, cells %4 px")
                                        .arg(l + 1).arg(grid.width()).arg(grid.height()).arg(diagram->hiddenPitch(l))));
    }
}

void TestStepBatch::checkEveryPanelInSight(int stage)
{
    // The network diagram and the stage list are in sight at every stage, whatever the font: not
    // inside the scrolling page, inside the view, as tall as they need; the sizes table has room
    // for its rows beside a diagram, or closes the page under a compact one.
    auto *scroll = m_view->findChild<QScrollArea *>(QStringLiteral("stagePage"));
    auto *diagram = m_view->findChild<NetworkDiagram *>();
    auto *sizes = m_view->findChild<QLabel *>(QStringLiteral("sizesPanel"));
    QVERIFY(scroll && diagram && sizes);
    const QString where = QStringLiteral("stage %1, compact %2: ").arg(stage).arg(m_view->isCompact());
    QVERIFY2(diagram->isVisible() && !scroll->widget()->isAncestorOf(diagram), qPrintable(where + "diagram scrolls"));
    const QRect inView(diagram->mapTo(m_view, QPoint()), diagram->size());
    QVERIFY2(m_view->rect().contains(inView) && diagram->height() >= 250,
             qPrintable(where + QStringLiteral("diagram at %1,%2 %3x%4")
                                    .arg(inView.x()).arg(inView.y()).arg(inView.width()).arg(inView.height())));
    QListWidget *list = m_view->stageList();
    for (int i = 0; i < list->count(); ++i)
        QVERIFY2(list->viewport()->rect().contains(list->visualItemRect(list->item(i))),
                 qPrintable(where + QStringLiteral("stage list item %1 out of sight").arg(i + 1)));
    const int rows = QFontMetrics(sizes->font()).lineSpacing();
    if (m_view->isCompact())
        QVERIFY2(scroll->widget()->isAncestorOf(sizes), qPrintable(where + "sizes not on the page"));
    else
        QVERIFY2(sizes->height() >= 5 * rows, qPrintable(where + QStringLiteral("sizes %1 px").arg(sizes->height())));
}

void TestStepBatch::projectorFontNeedsNoSidewaysScrolling_data()
{
    QTest::addColumn<double>("scale");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("compact");
    QTest::addColumn<QString>("hidden"); // "": the default network, 784-128-10 ReLU
    // the step page inside a 1280 or 1920 px window (the sidebar takes the rest)
    QTest::addRow("normal font, 1920") << 1.0 << 1800 << false << QString();
    QTest::addRow("normal font, 1280") << 1.0 << 1160 << false << QString(); // either, by the font: not checked
    QTest::addRow("presentation, 1280") << 1.5 << 1110 << true << QString();
    QTest::addRow("presentation, 1920") << 1.5 << 1700 << false << QString();
    // two wide hidden layers in the compact column: their grids and titles read from the back
    QTest::addRow("presentation, 1280, 256-128 tanh") << 1.5 << 1110 << true << QStringLiteral("256,128");
}

void TestStepBatch::projectorFontNeedsNoSidewaysScrolling()
{
    QFETCH(double, scale);
    QFETCH(int, width);
    QFETCH(bool, compact);
    QFETCH(QString, hidden);
    if (!hidden.isEmpty()) {
        const Architecture arch = *parseArchitecture(hidden.toStdString(), "tanh");
        m_view->setTrainedNetwork(arch, std::make_shared<const MlpParamsF>(initMlp(arch, Init::He, 11)),
                                  QStringLiteral("untrained (he, seed 11)"));
    }
    QFont font = m_view->font();
    font.setPointSizeF(font.pointSizeF() * scale);
    m_view->setFont(font);
    m_view->resize(width, 700);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    if (scale > 1 || width > 1700)
        QCOMPARE(m_view->isCompact(), compact);
    auto *scroll = m_view->findChild<QScrollArea *>(QStringLiteral("stagePage"));
    QVERIFY(scroll);
    for (int batch : {1, 64}) {
        m_view->setBatchSize(batch);
        for (int stage = 1; stage <= std::min(10, m_view->model()->stageCount()); ++stage) {
            m_view->setStage(stage);
            QCoreApplication::processEvents();
            QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
                     qPrintable(QStringLiteral("batch %1 stage %2: page needs %3 px, has %4")
                                    .arg(batch).arg(stage).arg(scroll->widget()->minimumSizeHint().width())
                                    .arg(scroll->viewport()->width())));
            // (the scroll bars follow the layout a few events later)
            QTRY_VERIFY2_WITH_TIMEOUT(!scroll->horizontalScrollBar()->isVisible(),
                     qPrintable(QStringLiteral("batch %1 stage %2: page %3 px (minimum %4), viewport %5, compact %6")
                                    .arg(batch).arg(stage).arg(scroll->widget()->width())
                                    .arg(scroll->widget()->minimumSizeHint().width())
                                    .arg(scroll->viewport()->width()).arg(m_view->isCompact())), 1000);
            // Compact: the stage's pictures open the page, above the formulas; else below them.
            if (scale > 1 || width > 1700) {
                const QLabel *formula = m_view->findChild<QLabel *>(QStringLiteral("stageFormula"));
                QVERIFY(formula);
                for (const ValueGrid *g : m_view->grids())
                    if (!g->isHidden())
                        QVERIFY2((g->mapTo(scroll->widget(), QPoint()).y() < formula->y()) == compact,
                                 qPrintable(QStringLiteral("stage %1: a picture at %2, the formulas at %3")
                                                    .arg(stage).arg(g->mapTo(scroll->widget(), QPoint()).y())
                                                    .arg(formula->y())));
            }
            checkEveryPanelInSight(stage);
            checkDiagramReadable(stage);
            // BPLAB_STEP_SHOTS=DIR keeps the pictures for a look.
            if (const QString shots = qEnvironmentVariable("BPLAB_STEP_SHOTS"); !shots.isEmpty())
                QVERIFY(m_view->grab().save(QStringLiteral("%1/%2-b%3-s%4.png").arg(shots, QTest::currentDataTag())
                                                .arg(batch).arg(stage)));
        }
    }
}

QTEST_MAIN(TestStepBatch)
#include "tst_stepbatch.moc"
