// The step view shows the model's numbers on each stage, navigates by keys and buttons, selects
// neurons by click, and exports the trace as `explain --json` prints it.

#include "app/clitestutil.h"
#include "data/dataset.h"
#include "io/modelfile.h"
#include "nn/network.h"
#include "networkdiagram.h"
#include "panelaccessible.h"
#include "softmaxpanel.h"
#include "stepview.h"
#include "testsupport.h"
#include "uiformat.h"
#include "valuegrid.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
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
    void arrowsMoveTheSelectedNeuronNotTheStage();
    void stageTextAndTableForAScreenReader();
    void buttonsAndListNavigate();
    void backAfterNextRestoresPage();
    void diagramClickSelectsNeuron();
    void gridsShowModelValues();
    void sizesPanel();
    void jsonExport();
    void csvExport();
    void chooserPicksImages();
    void folderLoadsWhenShown();
    void displayedValuesMatchHandComputation();
    void jsonMatchesHandComputationAndCli();
    void grabsEveryStage();

private:
    StepView *m_view = nullptr;
    std::shared_ptr<const MlpParamsF> m_params;     // the default network's weights
    std::shared_ptr<const MlpParamsF> m_network; // the same weights: what the view steps through
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
    installPanelAccessibility(); // as the app does, before any widget: the panels' interfaces
    m_params = std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 7));
    m_network = std::make_shared<const MlpParamsF>(*m_params);
    m_pixels = syntheticImage();
    m_view = new StepView;
    m_view->resize(1100, 720);
    m_view->setTrainedNetwork(Architecture::source(), m_network, QStringLiteral("untrained (he, seed 7)"));
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
    const MlpTraceF &t = m->trace();
    const Layer<float> &adj1 = m->adjustments().layers[0], &adj2 = m->adjustments().layers[1];
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
    QVERIFY(shows(t.hidden[0].z[0]) && shows(m->allTerms(0, 0)) && shows(m->restOfTerms(0, 0, 8)));
    for (const auto &term : m->topTerms(0, 0, 8))
        QVERIFY(shows(term.product) && shows(term.weight));
    // The table of terms names each input's pixel, as the source's page did.
    const int first = m->topTerms(0, 0, 1).front().input;
    QVERIFY(m_view->pageText().contains(QStringLiteral("(%1, %2)").arg(first / kImageSide).arg(first % kImageSide)));
    QVERIFY(m_view->pageText().contains(QStringLiteral("%1 of them are 0 because x = 0").arg(m->zeroInputs(0))));
    m_view->setStage(3);
    QCOMPARE(m_view->pageTitle(), QStringLiteral("3. ReLU"));
    QVERIFY(shows(t.hidden[0].a[0]));
    QVERIFY(m_view->pageText().contains(QStringLiteral("%1 of 128").arg(int((t.hidden[0].z.array() <= 0).count()))));
    m_view->setStage(4);
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(t.logits[k]) && shows(m->allTerms(1, k)));
    m_view->setStage(5);
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(t.probabilities[k]) && shows(t.exp[k]));
    QVERIFY(shows(t.expSum));
    m_view->setStage(6);
    QVERIFY(shows(t.loss) && shows(m->lossBase10()) && shows(t.probabilities[3]));
    QVERIFY(m_view->pageText().contains(QStringLiteral("base-10")));
    m_view->setStage(7);
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(t.deltaOut[k]));
    m_view->setStage(8);
    QVERIFY(shows(t.hidden[0].delta[0]));
    for (float term : m->backTerms(0, 0))
        QVERIFY(shows(term));
    m_view->setStage(9);
    QVERIFY(shows(adj2.W(8, 0)) && shows(adj2.b[8]) && shows(adj1.b[0]));
    QVERIFY(m_view->pageText().contains(QStringLiteral("Output neuron 9")));
    m_view->setStage(10);
    QCOMPARE(m_view->pageTitle(), QStringLiteral("10. Update and re-check"));
    QVERIFY(shows(m->afterWeights().layers[1].W(8, 0)) && shows(m_params->layers[1].W(8, 0)) && shows(m->after().loss)
            && shows(t.loss));
    for (int k = 0; k < kOutputs; ++k)
        QVERIFY(shows(m->after().probabilities[k]));
    QVERIFY(m_view->pageText().contains(QStringLiteral("(lower)")));
}

void TestStepView::numbersHoverExact()
{
    m_view->setStage(6);
    const float loss = m_view->model()->trace().loss;
    QVERIFY(m_view->pageHtml().contains(QStringLiteral("href=\"v:%1\"").arg(formatExact(loss))));
}

void TestStepView::keyboardThroughAllStagesAndBack()
{
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    // Space or Ctrl+Right on, Backspace or Ctrl+Left back; the plain arrows belong to the panels
    // and change no stage.
    for (int stage = 2; stage <= 10; ++stage) {
        if (stage % 2)
            QTest::keyClick(m_view, Qt::Key_Space);
        else
            QTest::keyClick(m_view, Qt::Key_Right, Qt::ControlModifier);
        QCOMPARE(m_view->model()->stage(), stage);
        QVERIFY(m_view->pageTitle().startsWith(QString::number(stage) + QLatin1Char('.')));
        QCOMPARE(m_view->stageList()->currentRow(), stage - 1);
    }
    QTest::keyClick(m_view, Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(m_view->model()->stage(), 10);
    for (int stage = 9; stage >= 1; --stage) {
        if (stage % 2)
            QTest::keyClick(m_view, Qt::Key_Left, Qt::ControlModifier);
        else
            QTest::keyClick(m_view, Qt::Key_Backspace);
        QCOMPARE(m_view->model()->stage(), stage);
    }
    QTest::keyClick(m_view, Qt::Key_Left, Qt::ControlModifier);
    QCOMPARE(m_view->model()->stage(), 1);
    QTest::keyClick(m_view, Qt::Key_Right);
    QTest::keyClick(m_view, Qt::Key_Down);
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
    QTest::keyClick(m_view, Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(m_view->model()->stage(), 3);
    QTest::keyClick(m_view, Qt::Key_Right); // neither a stage nor the window's Right
    QCOMPARE(m_view->model()->stage(), 3);
    QCOMPARE(triggered.count(), 0);
    m_view->setParent(nullptr);
}

// A keyboard-only or blind student answers "z1 of hidden neuron 5": Tab to the z grid or the
// diagram, arrows to the neuron, and the grid says its value. Real key events, inside a window
// whose Right would train a batch (the timeline's key at the latest batch).
void TestStepView::arrowsMoveTheSelectedNeuronNotTheStage()
{
    QWidget window;
    auto *train = new QAction(&window);
    train->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_Down)});
    window.addAction(train);
    QSignalSpy trained(train, &QAction::triggered);
    installPanelAccessibility(); // as the app does: the grids' descriptions
    m_view->setParent(&window);
    const auto giveBack = qScopeGuard([this] { m_view->setParent(nullptr); }); // cleanup() deletes it
    window.resize(1100, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    m_view->setStage(2);
    m_view->setSelectedHiddenNeuron(0);
    QSignalSpy selected(m_view, &StepView::hiddenNeuronSelected);

    ValueGrid *z = m_view->grids()[0];
    QCOMPARE(z->values().size(), kHidden); // stage 2's first picture: z1 of the 128 hidden neurons
    z->setFocus(Qt::TabFocusReason);
    QVERIFY(z->hasFocus());
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(z, Qt::Key_Right);
    QCOMPARE(m_view->model()->hiddenNeuron(), 4); // hidden neuron 5
    QCOMPARE(m_view->model()->stage(), 2);
    QCOMPARE(trained.count(), 0);
    QCOMPARE(selected.count(), 4);
    QVERIFY(m_view->pageText().contains(QStringLiteral("Hidden neuron 5")));
    // What a screen reader reads of the focused grid starts with that neuron's z.
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(z);
    QVERIFY(iface);
    const QString z5 = formatExact(m_view->model()->trace().hidden[0].z[4]);
    QVERIFY2(iface->text(QAccessible::Description).startsWith(QStringLiteral("neuron 5: z = %1").arg(z5)),
             qPrintable(iface->text(QAccessible::Description)));
    QTest::keyClick(z, Qt::Key_Down); // one row of the 16 x 8 grid on
    QCOMPARE(m_view->model()->hiddenNeuron(), 4 + z->cols());
    QTest::keyClick(z, Qt::Key_Up);
    QCOMPARE(m_view->model()->hiddenNeuron(), 4);

    // The diagram: Left and Right the neighbour, Down a row of its grid of circles.
    NetworkDiagram *d = m_view->diagram();
    d->setFocus(Qt::TabFocusReason);
    QVERIFY(d->hasFocus());
    QTest::keyClick(d, Qt::Key_Right);
    QCOMPARE(m_view->model()->hiddenNeuron(), 5);
    QTest::keyClick(d, Qt::Key_Left);
    QTest::keyClick(d, Qt::Key_Left);
    QCOMPARE(m_view->model()->hiddenNeuron(), 3);
    QTest::keyClick(d, Qt::Key_Down);
    QVERIFY(m_view->model()->hiddenNeuron() > 3);
    QCOMPARE(m_view->model()->stage(), 2);
    QCOMPARE(trained.count(), 0);
}

// The stage's text is reached with Tab and read with its sub- and superscripts; SoftMax is a table.
void TestStepView::stageTextAndTableForAScreenReader()
{
    installPanelAccessibility();
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    auto *formula = m_view->findChild<QLabel *>(QStringLiteral("stageFormula"));
    QVERIFY(formula);
    QVERIFY(m_view->tabOrder().contains(formula));
    QVERIFY(formula->focusPolicy() & Qt::TabFocus);
    m_view->setStage(5);
    QVERIFY2(formula->accessibleName().contains(QStringLiteral("p_k = e^(z_k) / Σ_k e^(z_k)")),
             qPrintable(formula->accessibleName()));
    SoftmaxPanel *table = m_view->softmaxPanel();
    QVERIFY(table->isVisible());
    QVERIFY(m_view->tabOrder().contains(table));
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(table);
    QCOMPARE(iface->role(), QAccessible::Table);
    QCOMPARE(iface->tableInterface()->rowCount(), 10);
    QCOMPARE(iface->tableInterface()->cellAt(0, 3)->text(QAccessible::Name), table->probabilityText(0));
    m_view->setStage(6);
    QVERIFY(!table->isVisible());

    // What is read of the text follows the stage (not the page read before).
    m_view->setStage(2);
    QVERIFY2(formula->accessibleName().contains(QStringLiteral("z^(1)_j = Σ_i w^(1)_j,i x_i + b^(1)_j")),
             qPrintable(formula->accessibleName()));
    QVERIFY(!formula->accessibleName().contains(QStringLiteral("Σ_k e^(z_k)")));
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
        QTest::keyClick(m_view, Qt::Key_Right, Qt::ControlModifier);
        QVERIFY(m_view->pageHtml() != html);
        QTest::keyClick(m_view, Qt::Key_Left, Qt::ControlModifier);
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
    QVERIFY(d->hoverText(d->hitAt(d->hiddenCenter(37))).contains(formatExact(m_view->model()->trace().hidden[0].z[37])));
    QTest::mouseClick(d, Qt::LeftButton, {}, d->outputCenter(2));
    QCOMPARE(m_view->model()->outputNeuron(), 2);
    m_view->setSelectedHiddenNeuron(5); // from the app: no echo
    QCOMPARE(m_view->model()->hiddenNeuron(), 5);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(d->highlightedParts(), QStringList{QStringLiteral("hidden1")}); // its one hidden layer, as every network's
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
        QCOMPARE(z->values()[j], m->trace().hidden[0].z[j]);
    for (int i = 0; i < kInputs; ++i)
        QCOMPARE(w->values()[i], m_params->layers[0].W(9, i));
    QVERIFY(w->hoverText(100).contains(formatExact(m_params->layers[0].W(9, 100))));
    QCOMPARE(w->range(), m_params->layers[0].W.row(9).cwiseAbs().maxCoeff());
    QCOMPARE(w->colorOf(0).name(), QStringLiteral("#f7f7f7")); // diverging, centred on 0
    QVERIFY(w->colorOf(w->range()).red() > w->colorOf(w->range()).blue());
    QVERIFY(w->colorOf(-w->range()).blue() > w->colorOf(-w->range()).red());
    m_view->setStage(9);
    ValueGrid *adj = m_view->grids()[1];
    for (int i = 0; i < kInputs; ++i)
        QCOMPARE(adj->values()[i], m->adjustments().layers[0].W(9, i));
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
    QVERIFY(m_view->exportTo(file));
    const QJsonObject o = QJsonDocument::fromJson(readFile(file)).object();
    // The explain contract of every network: the default one's hidden layer is hidden[0].
    const QStringList keys{"set", "index", "label", "predicted", "network", "input", "target", "hidden",
                           "logits", "exp", "exp_sum", "probabilities", "loss", "delta_out", "lr", "loss_after"};
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
    QCOMPARE(o.value("network").toString(), QStringLiteral("784-128-10 ReLU"));
    QCOMPARE(float(o.value("loss").toDouble()), m->trace().loss);
    QCOMPARE(float(o.value("loss_after").toDouble()), m->after().loss);
    QCOMPARE(float(o.value("lr").toDouble()), 0.01f);
    const QJsonArray hidden = o.value("hidden").toArray();
    QCOMPARE(hidden.size(), 1);
    const QJsonArray z1 = hidden[0].toObject().value("z").toArray();
    QCOMPARE(z1.size(), kHidden);
    for (int j = 0; j < kHidden; ++j)
        QCOMPARE(float(z1[j].toDouble()), m->trace().hidden[0].z[j]);
    QCOMPARE(o.value("input").toArray().size(), kInputs);
    QVERIFY(!m_view->exportTo(dir.filePath(QStringLiteral("no/such/folder/x.json"))));
    QVERIFY(m_view->lastError().contains(QStringLiteral("no/such/folder")));
}

void TestStepView::csvExport()
{
    const QStringList lines = m_view->traceCsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QStringLiteral("quantity,index,value"));
    // header + 5 scalars (set, index, network, label, predicted) + input 784 + target, z1, a1, delta1,
    // logits, exp, exp_sum, p, loss, delta_out, lr, loss_after: every network's rows.
    QCOMPARE(lines.size(), 1 + 5 + 784 + 10 + 128 + 128 + 128 + 10 + 10 + 1 + 10 + 1 + 10 + 1 + 1);
    QVERIFY(lines.contains(QStringLiteral("loss,0,%1").arg(formatExact(m_view->model()->trace().loss))));
    QVERIFY(lines.contains(QStringLiteral("delta1,127,%1").arg(formatExact(m_view->model()->trace().hidden[0].delta[127]))));
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
    QCOMPARE(m_view->chooser()->indexBox()->value(), 7);
    QCOMPARE(m_view->chooser()->indexBox()->maximum(), 29);
    QVERIFY(std::equal(data->train.image(7), data->train.image(7) + kInputs, m_view->model()->pixels().begin()));
    QVERIFY(!m_view->showSample(true, 20));
    m_view->chooser()->indexBox()->setValue(12);
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
    QCOMPARE(m_view->chooser()->indexBox()->maximum(), 29);
    m_view->setDataFolder(dir.filePath(QStringLiteral("missing")));
    QCOMPARE(m_view->model()->sampleSource(), QStringLiteral("train #5")); // kept
}

/** One SGD step on one image worked out here in double precision from the weights alone, as a
 *  student would with a calculator (no core function): the values the view must show. */
struct HandStep {
    std::vector<double> x, z1, a1, z2, e, p, d2, d1;
    double expSum = 0, loss = 0, lossAfter = 0;
};

static HandStep handForward(const MlpParamsF &w, const std::vector<double> &x, int label)
{
    HandStep h;
    h.x = x;
    for (int j = 0; j < kHidden; ++j) {
        double z = w.layers[0].b[j]; // z_j = sum_i w_ji x_i + b_j
        for (int i = 0; i < kInputs; ++i)
            z += double(w.layers[0].W(j, i)) * x[std::size_t(i)];
        h.z1.push_back(z);
        h.a1.push_back(std::max(0.0, z)); // a_j = max(0, z_j)
    }
    for (int k = 0; k < kOutputs; ++k) {
        double z = w.layers[1].b[k]; // z_k = sum_j w_kj a_j + b_k
        for (int j = 0; j < kHidden; ++j)
            z += double(w.layers[1].W(k, j)) * h.a1[std::size_t(j)];
        h.z2.push_back(z);
        h.e.push_back(std::exp(z));
        h.expSum += h.e.back();
    }
    for (int k = 0; k < kOutputs; ++k)
        h.p.push_back(h.e[std::size_t(k)] / h.expSum); // p_k = e^z_k / sum
    h.loss = -std::log(h.p[std::size_t(label)]);       // L = -ln p_target
    for (int k = 0; k < kOutputs; ++k)
        h.d2.push_back(h.p[std::size_t(k)] - (k == label ? 1.0 : 0.0)); // delta_k = p_k - y_k
    for (int j = 0; j < kHidden; ++j) {
        double sum = 0; // delta_j = (sum_k w_kj delta_k) * relu'(z_j)
        for (int k = 0; k < kOutputs; ++k)
            sum += double(w.layers[1].W(k, j)) * h.d2[std::size_t(k)];
        h.d1.push_back(h.z1[std::size_t(j)] > 0 ? sum : 0.0);
    }
    return h;
}

static HandStep handStep(const MlpParamsF &w, const std::uint8_t *pixels, int label, double lr)
{
    std::vector<double> x;
    for (int i = 0; i < kInputs; ++i)
        x.push_back(pixels[i] / 255.0); // x = byte / 255
    HandStep h = handForward(w, x, label);
    // w_new = w_old - lr * delta * input, every weight and bias
    MlpParamsF next = w;
    for (int k = 0; k < kOutputs; ++k) {
        for (int j = 0; j < kHidden; ++j)
            next.layers[1].W(k, j) = float(w.layers[1].W(k, j) - lr * h.d2[std::size_t(k)] * h.a1[std::size_t(j)]);
        next.layers[1].b[k] = float(w.layers[1].b[k] - lr * h.d2[std::size_t(k)]);
    }
    for (int j = 0; j < kHidden; ++j) {
        for (int i = 0; i < kInputs; ++i)
            next.layers[0].W(j, i) = float(w.layers[0].W(j, i) - lr * h.d1[std::size_t(j)] * x[std::size_t(i)]);
        next.layers[0].b[j] = float(w.layers[0].b[j] - lr * h.d1[std::size_t(j)]);
    }
    h.lossAfter = handForward(next, x, label).loss;
    return h;
}

/** A float of the model against the double worked out by hand. */
static bool near(double shown, double hand) { return fuzzyEqual(shown, hand, 2e-4, 2e-6); }

/** The numbers on the page as shown: (the exact value of its link, the 4-digit text). */
static QVector<QPair<double, double>> shownNumbers(const QString &html)
{
    static const QRegularExpression link(QStringLiteral("<a href=\"v:([^\"]+)\"[^>]*>([^<]+)</a>"));
    QVector<QPair<double, double>> out;
    for (auto it = link.globalMatch(html); it.hasNext();) {
        const auto m = it.next();
        out.push_back({m.captured(1).toDouble(), m.captured(2).toDouble()});
    }
    return out;
}

void TestStepView::displayedValuesMatchHandComputation()
{
    // Every check below compares what the page shows with the hand computation, never with the
    // view's own trace: a wrong formula, index or neuron in the view makes it fail.
    const double lr = 0.05;
    m_view->setLearningRate(lr);
    const HandStep h = handStep(*m_params, m_pixels.data(), 3, lr);
    const auto showsAll = [this](const std::vector<double> &values, const char *what) {
        const QVector<QPair<double, double>> shown = shownNumbers(m_view->pageHtml());
        for (std::size_t i = 0; i < values.size(); ++i) {
            const double v = values[i];
            const bool found = std::any_of(shown.begin(), shown.end(), [v](const QPair<double, double> &n) {
                // the exact value and its 4 significant digits both agree with the hand value
                return near(n.first, v) && std::abs(n.second - v) <= 5e-4 * std::abs(v) + 2e-6;
            });
            if (!found) {
                qWarning("stage %d does not show %s[%zu] = %.9g", m_view->model()->stage(), what, i, v);
                return false;
            }
        }
        return true;
    };
    const int j = 5, k = 6; // hidden neuron 6, output neuron 7: not the defaults
    m_view->model()->setHiddenNeuron(j);
    m_view->model()->setOutputNeuron(k);
    m_view->setStage(2);
    QVERIFY(showsAll({h.z1[j]}, "z1"));
    m_view->setStage(3);
    QVERIFY(showsAll({h.a1[j]}, "a1"));
    m_view->setStage(4);
    QVERIFY(showsAll(h.z2, "logits"));
    m_view->setStage(5);
    // p and e^z in SoftMax's table (a table for a screen reader too), at its 4 significant digits.
    const SoftmaxPanel *table = m_view->softmaxPanel();
    QVERIFY(table->isVisibleTo(m_view));
    QCOMPARE(table->rowCount(), kOutputs);
    for (int c = 0; c < kOutputs; ++c) {
        const double p = QLocale().toDouble(table->probabilityText(c)), e = QLocale().toDouble(table->expText(c));
        const double hp = h.p[std::size_t(c)], he = h.e[std::size_t(c)];
        QVERIFY2(std::abs(p - hp) <= 5e-4 * std::abs(hp) + 2e-6, qPrintable(table->rowText(c)));
        QVERIFY2(std::abs(e - he) <= 5e-4 * std::abs(he) + 2e-6, qPrintable(table->rowText(c)));
    }
    QVERIFY(showsAll({h.expSum}, "exp sum"));
    m_view->setStage(6);
    QVERIFY(showsAll({h.loss, h.loss / std::log(10.0)}, "loss"));
    m_view->setStage(7);
    QVERIFY(showsAll(h.d2, "delta2"));
    m_view->setStage(8);
    QVERIFY(showsAll({h.d1[j], h.z1[j]}, "delta1"));
    std::vector<double> back;
    for (int c = 0; c < kOutputs; ++c)
        back.push_back(double(m_params->layers[1].W(c, j)) * h.d2[std::size_t(c)]); // w_kj delta_k
    QVERIFY(showsAll(back, "w_kj delta_k"));
    m_view->setStage(9);
    // delta w_kj = -lr delta_k a_j; delta b_k = -lr delta_k; delta b_j = -lr delta_j
    QVERIFY(showsAll({-lr * h.d2[k] * h.a1[j], -lr * h.d2[k], -lr * h.d1[j]}, "adjustments"));
    m_view->setStage(10);
    QVERIFY(showsAll({double(m_params->layers[1].W(k, j)), double(m_params->layers[1].W(k, j)) - lr * h.d2[k] * h.a1[j]}, "w_kj"));
    QVERIFY(showsAll({h.loss, h.lossAfter}, "loss before and after"));
    QVERIFY(h.lossAfter < h.loss);
}

void TestStepView::jsonMatchesHandComputationAndCli()
{
    QTemporaryDir dir;
    const QString data = dir.filePath(QStringLiteral("data"));
    QVERIFY(writeSyntheticFolder(data, 40, 20, 5));
    auto loaded = loadDataFolder(data.toStdString());
    QVERIFY(loaded.ok());
    const auto split = std::make_shared<const DataSplit>(std::move(loaded.value()));
    m_view->setDataset(split);
    m_view->setLearningRate(0.05);
    QVERIFY(m_view->showSample(true, 13));
    // The export against the hand computation, value by value.
    const int label = int(split->test.label(13));
    const HandStep h = handStep(*m_params, split->test.image(13), label, 0.05);
    const QJsonObject o = QJsonDocument::fromJson(m_view->traceJson().toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("set")).toString(), QStringLiteral("test"));
    QCOMPARE(o.value(QStringLiteral("index")).toInt(), 13);
    QCOMPARE(o.value(QStringLiteral("label")).toInt(), label);
    const QJsonObject hidden = o.value(QStringLiteral("hidden")).toArray().at(0).toObject();
    const auto matches = [&o, &hidden](const char *key, const std::vector<double> &hand) {
        const QString name = QLatin1String(key);
        const QJsonArray a = name.startsWith(QLatin1String("hidden.")) ? hidden.value(name.mid(7)).toArray()
                                                                       : o.value(name).toArray();
        if (a.size() != qsizetype(hand.size()))
            return false;
        for (qsizetype i = 0; i < a.size(); ++i)
            if (!near(a[i].toDouble(), hand[std::size_t(i)])) {
                qWarning("%s[%lld]: exported %.9g, by hand %.9g", key, qlonglong(i), a[i].toDouble(), hand[std::size_t(i)]);
                return false;
            }
        return true;
    };
    QVERIFY(matches("input", h.x));
    QVERIFY(matches("hidden.z", h.z1));
    QVERIFY(matches("hidden.a", h.a1));
    QVERIFY(matches("logits", h.z2));
    QVERIFY(matches("probabilities", h.p));
    QVERIFY(matches("delta_out", h.d2));
    QVERIFY(matches("hidden.delta", h.d1));
    QVERIFY(near(o.value(QStringLiteral("loss")).toDouble(), h.loss));
    QVERIFY(near(o.value(QStringLiteral("loss_after")).toDouble(), h.lossAfter));
    const int predicted = int(std::max_element(h.p.begin(), h.p.end()) - h.p.begin());
    QCOMPARE(o.value(QStringLiteral("predicted")).toInt(), predicted);

    // And the same text as `explain --json` for the same model file, image and rate.
    if (!QFileInfo::exists(QStringLiteral(BPLAB_CLI_PATH)))
        QSKIP("backprop-lab-cli is not built in this build folder");
    const QString modelFile = dir.filePath(QStringLiteral("m.bplab"));
    QVERIFY(saveModel(modelFile.toStdString(), *m_params).ok());
    const CliRun run = runCli({"explain", "--model", modelFile, "--data", data, "--set", "test", "--index", "13",
                               "--lr", "0.05", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // The CLI and the view write one trace of one network type: the same keys, and every value the
    // view exports is the CLI's (up to float rounding).
    const QJsonObject cli = QJsonDocument::fromJson(run.out).object();
    QVERIFY(!cli.isEmpty());
    QCOMPARE(cli.keys(), o.keys());
    const auto same = [](const QJsonValue &a, const QJsonValue &b, const auto &self) -> bool {
        if (a.isArray() != b.isArray() || a.isObject() != b.isObject())
            return false;
        if (a.isArray()) {
            const QJsonArray x = a.toArray(), y = b.toArray();
            if (x.size() != y.size())
                return false;
            for (qsizetype i = 0; i < x.size(); ++i)
                if (!self(x[i], y[i], self))
                    return false;
            return true;
        }
        if (a.isObject()) {
            const QJsonObject x = a.toObject(), y = b.toObject();
            if (x.keys() != y.keys())
                return false;
            for (const QString &key : x.keys())
                if (!self(x.value(key), y.value(key), self))
                    return false;
            return true;
        }
        return a.isDouble() ? fuzzyEqual(a.toDouble(), b.toDouble(), 1e-4, 1e-6) : a == b;
    };
    for (const QString &key : o.keys())
        QVERIFY2(same(o.value(key), cli.value(key), same), qPrintable(key));
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
#include "tst_stepview.moc"
