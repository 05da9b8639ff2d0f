// The step view shows the model's numbers on each stage, navigates by keys and buttons, selects
// neurons by click, and exports the trace as `explain --json` prints it.

#include "app/clitestutil.h"
#include "dataset.h"
#include "modelfile.h"
#include "networkdiagram.h"
#include "stepview.h"
#include "testsupport.h"
#include "uiformat.h"
#include "valuegrid.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

class TestStepView : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void pagesShowTheTrace();
    void numbersHoverExact();
    void keyboardThroughAllStagesAndBack();
    void windowShortcutsDoNotStealStageKeys();
    void buttonsAndListNavigate();
    void backAfterNextRestoresPage();
    void diagramClickSelectsNeuron();
    void gridsShowModelValues();
    void sizesPanel();
    void jsonExport();
    void csvExport();
    void chooserPicksImages();
    void folderLoadsWhenShown();
    void jsonEqualsCli();
    void grabsEveryStage();

private:
    StepView *m_view = nullptr;
    std::shared_ptr<const ParamsF> m_params;
    std::array<std::uint8_t, kInputs> m_pixels{};
};

static std::array<std::uint8_t, kInputs> syntheticImage()
{
    std::array<std::uint8_t, kInputs> px{};
    for (int r = 0; r < kImageSide; ++r)
        for (int c = 0; c < kImageSide; ++c) {
            const double d = std::hypot(r - 13.5, c - 13.5);
            px[std::size_t(r * kImageSide + c)] = std::uint8_t(std::lround(255 * std::max(0.0, 1.0 - std::abs(d - 8.0) / 3.0)));
        }
    return px;
}

void TestStepView::init()
{
    m_params = std::make_shared<const ParamsF>(initParams(Init::He, 7));
    m_pixels = syntheticImage();
    m_view = new StepView;
    m_view->resize(1100, 720);
    m_view->setModel(m_params, QStringLiteral("untrained (he, seed 7)"));
    m_view->showPixels(m_pixels.data(), 3, QStringLiteral("drawn digit"));
}

void TestStepView::cleanup()
{
    delete m_view;
    m_view = nullptr;
}

void TestStepView::pagesShowTheTrace()
{
    StepModel *m = m_view->model();
    QVERIFY(m->hasTrace());
    const TraceF &t = m->before();
    const StepTrace<float> &s = m->step();
    const auto shows = [this](double v) {
        const QString text = formatSig4(v);
        if (!m_view->pageText().contains(text))
            qWarning("stage %d lacks %s", m_view->model()->stage(), qPrintable(text));
        return m_view->pageText().contains(text);
    };
    m_view->setStage(1);
    QCOMPARE(m_view->pageTitle(), QStringLiteral("1. Input"));
    QVERIFY(m_view->pageText().contains(QStringLiteral("class 3 → output neuron 4")));
    m_view->setStage(2);
    QCOMPARE(m_view->pageTitle(), QStringLiteral("2. Weighted sums"));
    QVERIFY(shows(t.z1[0]) && shows(m->allTerms()) && shows(m->restOfTerms(8)));
    for (const auto &term : m->topTerms(8))
        QVERIFY(shows(term.product) && shows(term.weight));
    m_view->setStage(3);
    QVERIFY(shows(t.a1[0]));
    QVERIFY(m_view->pageText().contains(QStringLiteral("%1 of 128").arg(m->zeroedHidden())));
    m_view->setStage(4);
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(t.logits[k]) && shows(m->outputWeightedSum(k)));
    m_view->setStage(5);
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(t.probabilities[k]) && shows(t.exp[k]));
    QVERIFY(shows(t.expSum));
    m_view->setStage(6);
    QVERIFY(shows(t.loss) && shows(m->lossBase10()) && shows(t.probabilities[3]));
    QVERIFY(m_view->pageText().contains(QStringLiteral("base-10")));
    m_view->setStage(7);
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(t.delta2[k]));
    m_view->setStage(8);
    QVERIFY(shows(t.delta1[0]));
    for (float term : m->backTerms())
        QVERIFY(shows(term));
    m_view->setStage(9);
    QVERIFY(shows(s.adjustments.W2(8, 0)) && shows(s.adjustments.b2[8]) && shows(s.adjustments.b1[0]));
    QVERIFY(m_view->pageText().contains(QStringLiteral("Output neuron 9")));
    m_view->setStage(10);
    QCOMPARE(m_view->pageTitle(), QStringLiteral("10. Update and re-check"));
    QVERIFY(shows(s.after.W2(8, 0)) && shows(m_params->W2(8, 0)) && shows(m->after().loss) && shows(t.loss));
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(m->after().probabilities[k]));
    QVERIFY(m_view->pageText().contains(QStringLiteral("(lower)")));
}

void TestStepView::numbersHoverExact()
{
    m_view->setStage(6);
    const float loss = m_view->model()->before().loss;
    QVERIFY(m_view->pageHtml().contains(QStringLiteral("href=\"v:%1\"").arg(formatExact(loss))));
}

void TestStepView::keyboardThroughAllStagesAndBack()
{
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    for (int stage = 2; stage <= 10; ++stage) {
        QTest::keyClick(m_view, stage % 2 ? Qt::Key_Space : Qt::Key_Right);
        QCOMPARE(m_view->model()->stage(), stage);
        QVERIFY(m_view->pageTitle().startsWith(QString::number(stage) + QLatin1Char('.')));
        QCOMPARE(m_view->stageList()->currentRow(), stage - 1);
    }
    QTest::keyClick(m_view, Qt::Key_Right);
    QCOMPARE(m_view->model()->stage(), 10);
    for (int stage = 9; stage >= 1; --stage) {
        QTest::keyClick(m_view, stage % 2 ? Qt::Key_Left : Qt::Key_Backspace);
        QCOMPARE(m_view->model()->stage(), stage);
    }
    QTest::keyClick(m_view, Qt::Key_Left);
    QCOMPARE(m_view->model()->stage(), 1);
    m_view->setStage(7);
    QTest::keyClick(m_view, Qt::Key_Home);
    QCOMPARE(m_view->model()->stage(), 1);
}

void TestStepView::windowShortcutsDoNotStealStageKeys()
{
    QWidget window;
    auto *action = new QAction(&window);
    action->setShortcuts({QKeySequence(Qt::Key_Space), QKeySequence(Qt::Key_Right)});
    window.addAction(action);
    QSignalSpy triggered(action, &QAction::triggered);
    m_view->setParent(&window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    m_view->setFocus();
    QTest::keyClick(m_view, Qt::Key_Space);
    QTest::keyClick(m_view, Qt::Key_Right);
    QCOMPARE(m_view->model()->stage(), 3);
    QCOMPARE(triggered.count(), 0);
    m_view->setParent(nullptr);
}

void TestStepView::buttonsAndListNavigate()
{
    QVERIFY(!m_view->backButton()->isEnabled());
    QTest::mouseClick(m_view->nextButton(), Qt::LeftButton);
    QCOMPARE(m_view->model()->stage(), 2);
    m_view->stageList()->setCurrentRow(9);
    QCOMPARE(m_view->model()->stage(), 10);
    QVERIFY(!m_view->nextButton()->isEnabled());
    QTest::mouseClick(m_view->backButton(), Qt::LeftButton);
    QCOMPARE(m_view->model()->stage(), 9);
}

void TestStepView::backAfterNextRestoresPage()
{
    for (int stage = 1; stage < 10; ++stage) {
        m_view->setStage(stage);
        const QString title = m_view->pageTitle(), html = m_view->pageHtml();
        QVector<QVector<float>> grids;
        for (ValueGrid *g : m_view->grids())
            grids.push_back(g->isVisibleTo(m_view) ? g->values() : QVector<float>());
        QTest::keyClick(m_view, Qt::Key_Right);
        QVERIFY(m_view->pageHtml() != html);
        QTest::keyClick(m_view, Qt::Key_Left);
        QCOMPARE(m_view->model()->stage(), stage);
        QCOMPARE(m_view->pageTitle(), title);
        QCOMPARE(m_view->pageHtml(), html);
        for (int i = 0; i < grids.size(); ++i)
            QCOMPARE(m_view->grids()[i]->isVisibleTo(m_view) ? m_view->grids()[i]->values() : QVector<float>(), grids[i]);
    }
}

void TestStepView::diagramClickSelectsNeuron()
{
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QSignalSpy spy(m_view, &StepView::hiddenNeuronSelected);
    NetworkDiagram *d = m_view->diagram();
    QTest::mouseClick(d, Qt::LeftButton, {}, d->hiddenCenter(37));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 37);
    QCOMPARE(m_view->model()->hiddenNeuron(), 37);
    m_view->setStage(2);
    QVERIFY(m_view->pageText().contains(QStringLiteral("Hidden neuron 38")));
    QVERIFY(d->hoverText(d->hitAt(d->hiddenCenter(37))).contains(formatExact(m_view->model()->before().z1[37])));
    QTest::mouseClick(d, Qt::LeftButton, {}, d->outputCenter(2));
    QCOMPARE(m_view->model()->outputNeuron(), 2);
    m_view->setSelectedHiddenNeuron(5); // from the app: no echo
    QCOMPARE(m_view->model()->hiddenNeuron(), 5);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(d->highlightedParts(), QStringList{QStringLiteral("hidden")});
    m_view->setStage(5);
    QCOMPARE(d->highlightedParts(), QStringList{QStringLiteral("output")});
}

void TestStepView::gridsShowModelValues()
{
    m_view->setSelectedHiddenNeuron(9);
    m_view->setStage(2);
    ValueGrid *z = m_view->grids()[0];
    ValueGrid *w = m_view->grids()[1];
    const StepModel *m = m_view->model();
    for (int j = 0; j < kHidden; ++j)
        QCOMPARE(z->values()[j], m->before().z1[j]);
    for (int i = 0; i < kInputs; ++i)
        QCOMPARE(w->values()[i], m_params->W1(9, i));
    QVERIFY(w->hoverText(100).contains(formatExact(m_params->W1(9, 100))));
    QCOMPARE(w->range(), m_params->W1.row(9).cwiseAbs().maxCoeff());
    QCOMPARE(w->colorOf(0).name(), QStringLiteral("#f7f7f7")); // diverging, centred on 0
    QVERIFY(w->colorOf(w->range()).red() > w->colorOf(w->range()).blue());
    QVERIFY(w->colorOf(-w->range()).blue() > w->colorOf(-w->range()).red());
    m_view->setStage(9);
    ValueGrid *adj = m_view->grids()[1];
    for (int i = 0; i < kInputs; ++i)
        QCOMPARE(adj->values()[i], m->step().adjustments.W1(9, i));
    // A click on the z grid selects that hidden neuron.
    m_view->setStage(2);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QSignalSpy spy(m_view, &StepView::hiddenNeuronSelected);
    const QPoint cell = [z] {
        for (int y = 0; y < z->height(); ++y)
            for (int x = 0; x < z->width(); ++x)
                if (z->cellAt({x, y}) == 20)
                    return QPoint(x + 2, y + 2);
        return QPoint();
    }();
    QTest::mouseClick(z, Qt::LeftButton, {}, cell);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(m->hiddenNeuron(), 20);
}

void TestStepView::sizesPanel()
{
    const QString s = m_view->sizesText();
    for (const char *n : {"100,352", "101,632", "138", "101,770", "203,264", "406,528", "813,056", "407,080", "6,504,448"})
        QVERIFY2(s.contains(QLatin1String(n)), n);
}

void TestStepView::jsonExport()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("trace.json"));
    QVERIFY(m_view->exportJson(file));
    const QJsonObject o = QJsonDocument::fromJson(readFile(file)).object();
    const QStringList keys{"set", "index", "label", "predicted", "input", "target", "z1", "a1", "logits", "exp",
                           "exp_sum", "probabilities", "loss", "delta2", "delta1", "lr", "loss_after"};
    QCOMPARE(o.keys().size(), keys.size());
    for (const QString &k : keys)
        QVERIFY2(o.contains(k), qPrintable(k));
    // Key order as `explain --json` (QJsonObject sorts, so check the text).
    const QString text = m_view->traceJson();
    int last = -1;
    for (const QString &k : keys) {
        const int at = int(text.indexOf(QLatin1Char('"') + k + QLatin1String("\":")));
        QVERIFY(at > last);
        last = at;
    }
    const StepModel *m = m_view->model();
    QCOMPARE(o.value("set").toString(), QStringLiteral("drawn digit"));
    QCOMPARE(o.value("index").toInt(), -1);
    QCOMPARE(o.value("label").toInt(), 3);
    QCOMPARE(float(o.value("loss").toDouble()), m->before().loss);
    QCOMPARE(float(o.value("loss_after").toDouble()), m->after().loss);
    QCOMPARE(float(o.value("lr").toDouble()), 0.01f);
    const QJsonArray z1 = o.value("z1").toArray();
    QCOMPARE(z1.size(), kHidden);
    for (int j = 0; j < kHidden; ++j)
        QCOMPARE(float(z1[j].toDouble()), m->before().z1[j]);
    QCOMPARE(o.value("input").toArray().size(), kInputs);
    QVERIFY(!m_view->exportJson(dir.filePath(QStringLiteral("no/such/folder/x.json"))));
    QVERIFY(m_view->lastError().contains(QStringLiteral("no/such/folder")));
}

void TestStepView::csvExport()
{
    const QStringList lines = m_view->traceCsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QStringLiteral("quantity,index,value"));
    // header + 4 scalars + input 784 + target, z1, a1, logits, exp, exp_sum, p, loss, delta2, delta1,
    // lr, loss_after, p after, predicted after.
    QCOMPARE(lines.size(), 1 + 4 + 784 + 10 + 128 + 128 + 10 + 10 + 1 + 10 + 1 + 10 + 128 + 1 + 1 + 10 + 1);
    QVERIFY(lines.contains(QStringLiteral("loss,0,%1").arg(formatExact(m_view->model()->before().loss))));
    QVERIFY(lines.contains(QStringLiteral("delta1,127,%1").arg(formatExact(m_view->model()->before().delta1[127]))));
}

void TestStepView::chooserPicksImages()
{
    QTemporaryDir dir;
    QVERIFY(writeSyntheticFolder(dir.path(), 30, 20, 3));
    auto loaded = loadDataFolder(dir.path().toStdString());
    QVERIFY(loaded.ok());
    auto data = std::make_shared<const DataSplit>(std::move(loaded.value()));
    m_view->setDataset(data);
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("test #0"));
    QVERIFY(m_view->showSample(false, 7));
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("train #7"));
    QCOMPARE(m_view->model()->label(), data->train.label(7));
    QCOMPARE(m_view->indexBox()->value(), 7);
    QCOMPARE(m_view->indexBox()->maximum(), 29);
    QVERIFY(std::equal(data->train.image(7), data->train.image(7) + kInputs, m_view->model()->pixels().begin()));
    QVERIFY(!m_view->showSample(true, 20));
    m_view->indexBox()->setValue(12);
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("train #12"));
    m_view->setCurrentTrainingIndex(4);
    auto *button = m_view->findChild<QPushButton *>(QString(), Qt::FindChildrenRecursively);
    Q_UNUSED(button)
    QVERIFY(m_view->showSample(true, 2));
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("test #2"));
}

void TestStepView::folderLoadsWhenShown()
{
    QTemporaryDir dir;
    QVERIFY(writeSyntheticFolder(dir.path(), 30, 20, 3));
    m_view->setDataFolder(dir.path());
    m_view->requestSample(false, 5); // before the data is there
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("drawn digit"));
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("train #5"));
    QCOMPARE(m_view->indexBox()->maximum(), 29);
    m_view->setDataFolder(dir.filePath(QStringLiteral("missing")));
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("train #5")); // kept
}

void TestStepView::jsonEqualsCli()
{
    if (!QFileInfo::exists(QStringLiteral(BPLAB_CLI_PATH)))
        QSKIP("backprop-lab-cli is not built in this build folder");
    QTemporaryDir dir;
    const QString data = dir.filePath(QStringLiteral("data"));
    QVERIFY(writeSyntheticFolder(data, 40, 20, 5));
    const QString modelFile = dir.filePath(QStringLiteral("m.bplab"));
    QVERIFY(saveModel(modelFile.toStdString(), *m_params).ok());
    auto loaded = loadDataFolder(data.toStdString());
    QVERIFY(loaded.ok());
    m_view->setDataset(std::make_shared<const DataSplit>(std::move(loaded.value())));
    m_view->setLearningRate(0.05);
    QVERIFY(m_view->showSample(true, 13));
    const CliRun run = runCli({"explain", "--model", modelFile, "--data", data, "--set", "test", "--index", "13",
                               "--lr", "0.05", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(m_view->traceJson(), QString::fromUtf8(run.out).trimmed());
}

void TestStepView::grabsEveryStage()
{
    // BPLAB_STEP_SHOTS=DIR keeps the pictures for a look.
    const QString shots = qEnvironmentVariable("BPLAB_STEP_SHOTS");
    m_view->resize(1130, 700);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    for (int stage = 1; stage <= 10; ++stage) {
        m_view->setStage(stage);
        QCoreApplication::processEvents();
        const QImage image = m_view->grab().toImage();
        QCOMPARE(image.size(), m_view->size() * image.devicePixelRatio());
        if (!shots.isEmpty())
            QVERIFY(image.save(QStringLiteral("%1/stage-%2.png").arg(shots).arg(stage)));
    }
}

QTEST_MAIN(TestStepView)
#include "teststepview.moc"
