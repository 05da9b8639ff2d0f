// By hand in the Step view: each stage's cells are the core trace's values for the selected
// neurons (every network), a cell is blank on the page until typed or revealed, an answer is
// judged within the stated tolerance and then shown with the value, a score per stage, and all
// of it from the keyboard.

#include "byhandpanel.h"
#include "handcells.h"
#include "nn/mlptrace.h"
#include "networkdiagram.h"
#include "nn/network.h"
#include "softmaxpanel.h"
#include "stagepages.h"
#include "steparch.h"
#include "stepview.h"
#include "stepworksheet.h"
#include "uiformat.h"
#include "valuegrid.h"
#include "worksheet.h"

#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace bplab;
using test::arch;

class TestStepByHand : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void cellsAreTheTrace_data();
    void cellsAreTheTrace();
    void toleranceAndNumbers();
    void blankUntilAnswered();
    void revealAndTheSoftmaxTable();
    void theKeyboardStaysInThePanel();
    void aNewSampleForgetsTheAnswers();
    void fromTheKeyboardAlone();
    void theSumOfTheTermsIsBlankToo_data();
    void theSumOfTheTermsIsBlankToo();
    void aHeldTermIsBlankFromItsStageOn();
    void computeByHandSelectsTheCells();
    void aWorksheetOfTheShownImage();

private:
    void show(const Architecture &arch);
    QVector<HandCell> cellsAt(int stage) { return handCells(*m_view->model(), stage); }

    StepView *m_view = nullptr;
    std::shared_ptr<const MlpParamsF> m_params;
    std::array<std::uint8_t, kInputs> m_pixels{};
    static constexpr int kLabel = 3;
};

namespace {
/** The link target num() gives a sum of terms (a double) on the page. */
QString linkOf(double v) { return QStringLiteral("\"v:%1\"").arg(formatExact(v + 0.0)); }
/** The link target num() gives a value on the page (its closing quote: a double's longer text
 *  may start with the same digits). */
QString linkOf(float v) { return QStringLiteral("\"v:%1\"").arg(formatExact(v + 0.0f)); }
} // namespace

void TestStepByHand::init()
{
    for (int i = 0; i < kInputs; ++i) // a diagonal stroke
        m_pixels[std::size_t(i)] = (i / kImageSide - i % kImageSide + 2) / 5 == 0 ? 230 : 0;
    m_view = new StepView;
    m_view->resize(1200, 760);
    m_view->showPixels(m_pixels.data(), kLabel, QStringLiteral("drawn digit"));
    show(Architecture::source());
}

void TestStepByHand::cleanup()
{
    delete m_view;
    m_view = nullptr;
}

void TestStepByHand::show(const Architecture &a)
{
    m_params = std::make_shared<const MlpParamsF>(initMlp(a, 5));
    m_view->model()->setNetwork(a, m_params, QStringLiteral("test network"));
}

void TestStepByHand::cellsAreTheTrace_data()
{
    QTest::addColumn<QVector<int>>("hidden");
    QTest::addColumn<int>("activation");
    QTest::newRow("784-10") << QVector<int>{} << int(Activation::Sigmoid);
    QTest::newRow("784-128-10 ReLU (the default)") << QVector<int>{128} << int(Activation::ReLU);
    QTest::newRow("784-24-12-10 tanh") << QVector<int>{24, 12} << int(Activation::Tanh);
}

void TestStepByHand::cellsAreTheTrace()
{
    QFETCH(QVector<int>, hidden);
    QFETCH(int, activation);
    const Architecture a = arch(std::vector<int>(hidden.begin(), hidden.end()), Activation(activation));
    show(a);
    StepModel *m = m_view->model();
    m->setHiddenNeuron(6);
    m->setOutputNeuron(2);
    const float lr = m->learningRate();
    // The trace computed here from the same inputs, not read from the model.
    const MlpTraceF t = explainSample(a, *m_params, scaleInput<float>(m_pixels.data(), Normalize::None), kLabel, lr);
    const int L = int(hidden.size()), j = std::min(6, L > 0 ? hidden.back() - 1 : 0), k = 2;
    const std::vector<NetworkStage> stages = stagesOf(a);
    for (int s = 1; s <= int(stages.size()); ++s) {
        const QVector<HandCell> cells = cellsAt(s);
        const NetworkStage st = stages[std::size_t(s - 1)];
        QCOMPARE(cells.isEmpty(), st.kind == NetworkStage::Kind::Input);
        const float v = cells.isEmpty() ? 0.0f : cells.front().value;
        const auto near = [](float x, float y) { return std::abs(x - y) <= 1e-6f * std::max(1.0f, std::abs(y)); };
        // One notation: a cell's key is its name on worksheets and in lessons' "compute" lists,
        // and that name's value (handCellValue) is the cell's (Delta w on stage 9, not dL/dw).
        for (const HandCell &c : cells) {
            const Result<HandCellRef> ref = parseHandCell(c.key.toStdString());
            if (c.key.startsWith(QLatin1String("slope")) || c.key.startsWith(QLatin1String("Deltab")))
                continue; // f'(z) and Delta b have no such name
            QVERIFY2(ref.ok(), qPrintable(c.key));
            QCOMPARE(QString::fromStdString(handCellText(*ref)), c.key);
            QVERIFY2(near(c.value, handCellValue(*ref, a, *m_params, t)), qPrintable(c.key));
        }
        switch (st.kind) {
        case NetworkStage::Kind::Input: break;
        case NetworkStage::Kind::WeightedSums: QVERIFY(near(v, t.hidden[std::size_t(st.layer)].z[6])); break;
        case NetworkStage::Kind::Activation: {
            const HiddenTrace<float> &h = t.hidden[std::size_t(st.layer)];
            QVERIFY(near(v, h.a[6]));
            const float slope = Activation(activation) == Activation::Tanh ? 1 - h.a[6] * h.a[6] : h.z[6] > 0 ? 1.0f : 0.0f;
            QVERIFY2(near(cells[1].value, slope), qPrintable(QString::number(cells[1].value)));
            break;
        }
        case NetworkStage::Kind::Logits: QVERIFY(near(v, t.logits[k])); break;
        case NetworkStage::Kind::SoftMax: QVERIFY(near(v, t.probabilities[k])); break;
        case NetworkStage::Kind::Loss: QVERIFY(near(v, t.loss)); break;
        case NetworkStage::Kind::OutputGradients: QVERIFY(near(v, t.probabilities[k] - (k == kLabel ? 1.0f : 0.0f))); break;
        case NetworkStage::Kind::HiddenGradients: QVERIFY(near(v, t.hidden[std::size_t(st.layer)].delta[6])); break;
        case NetworkStage::Kind::Adjustments: {
            // the output layer's weight from hidden neuron j (784-10: from the pixel it moves most)
            int from = j;
            if (L == 0)
                for (int i = 0; i < kInputs; ++i)
                    if (std::abs(t.deltaOut[k] * t.input[i]) > std::abs(t.deltaOut[k] * t.input[from]))
                        from = i;
            const float in = L == 0 ? t.input[from] : t.hidden.back().a[j];
            QVERIFY2(near(v, -lr * t.deltaOut[k] * in), qPrintable(QStringLiteral("%1 against %2").arg(v).arg(-lr * t.deltaOut[k] * in)));
            QVERIFY(near(cells[1].value, -lr * t.deltaOut[k]));
            break;
        }
        case NetworkStage::Kind::Update: {
            const QVector<HandCell> adjustments = cellsAt(s - 1);
            const int from = L == 0 ? int(cells.front().key.section(QLatin1Char(':'), 2).toInt()) - 1 : j;
            QVERIFY(near(v, m_params->layers.back().W(k, from) + adjustments.front().value));
            break;
        }
        }
    }
}

void TestStepByHand::toleranceAndNumbers()
{
    QVERIFY(isHandRight(0.973, 0.97312)); // 3 significant digits
    QVERIFY(isHandRight(-0.0123, -0.012318));
    QVERIFY(!isHandRight(0.96, 0.97312));
    QVERIFY(!isHandRight(0.0124, -0.012318)); // the sign counts
    QVERIFY(isHandRight(0, 0));
    QVERIFY(!isHandRight(0.001, 0));
    QCOMPARE(handTolerance(2.0), 0.01);
    QCOMPARE(parseHandNumber(QStringLiteral(" 0.5 ")).value_or(-1), 0.5);
    QCOMPARE(parseHandNumber(QStringLiteral("0,5")).value_or(-1), 0.5);
    QCOMPARE(parseHandNumber(QStringLiteral("\u22121.5e-3")).value_or(-1), -0.0015);
    QVERIFY(!parseHandNumber(QStringLiteral("z")));
    QVERIFY(!parseHandNumber(QString()));
}

void TestStepByHand::blankUntilAnswered()
{
    ByHandPanel *hand = m_view->byHand();
    m_view->setStage(2); // the weighted sums of the hidden layer
    const HandCell z = cellsAt(2).front();
    const QString exact = linkOf(z.value);
    QVERIFY(m_view->pageHtml().contains(exact)); // shown while the mode is off
    hand->setOn(true);
    QVERIFY2(!m_view->pageHtml().contains(exact), qPrintable(m_view->pageHtml()));
    QVERIFY(m_view->pageHtml().contains(QStringLiteral("<b>?</b>")));
    ValueGrid *zGrid = m_view->grids().front();
    QVERIFY(std::isnan(zGrid->values()[StepModel::kDefaultHidden]));
    // Nor does the diagram tell it (its hover and what a screen reader reads of it).
    const QString said = m_view->diagram()->accessibleSummary();
    QVERIFY2(said.contains(QStringLiteral("z = ?")) && !said.contains(formatExact(z.value)), qPrintable(said));
    QCOMPARE(hand->cellCount(), 1);
    QCOMPARE(hand->scoreText(), QStringLiteral("This stage: 0 of 1 right"));

    // A wrong answer: said so, with how it is computed, but not the value: the page keeps it
    // blank and the field takes another try; the right one then shows it.
    QVERIFY(!hand->answer(0, QStringLiteral("so")));
    QVERIFY(!m_view->pageHtml().contains(exact));
    QVERIFY(hand->answer(0, QString::number(double(z.value) + 1.0)));
    QVERIFY2(hand->verdictText(0).startsWith(QStringLiteral("Wrong")), qPrintable(hand->verdictText(0)));
    QVERIFY(hand->verdictText(0).contains(QStringLiteral("the bias")));
    QVERIFY(!hand->verdictText(0).contains(formatHandValue(z.value)));
    QVERIFY(!m_view->pageHtml().contains(exact));
    QVERIFY(std::isnan(zGrid->values()[StepModel::kDefaultHidden]));
    QVERIFY(hand->answerEdit(0)->isEnabled());
    QCOMPARE(hand->scoreText(), QStringLiteral("This stage: 0 of 1 right"));
    QVERIFY(hand->answer(0, QString::number(double(z.value), 'g', 4)));
    QVERIFY2(hand->verdictText(0).startsWith(QStringLiteral("Right")), qPrintable(hand->verdictText(0)));
    QVERIFY(m_view->pageHtml().contains(exact));
    QVERIFY(!std::isnan(zGrid->values()[StepModel::kDefaultHidden]));
    QVERIFY(!hand->answerEdit(0)->isEnabled());
    QCOMPARE(hand->scoreText(), QStringLiteral("This stage: 1 of 1 right"));

    // Another neuron is another cell, blank again; three significant digits are right.
    m_view->model()->setHiddenNeuron(4);
    const HandCell z5 = cellsAt(2).front();
    QVERIFY(z5.key != z.key);
    QVERIFY(!m_view->pageHtml().contains(linkOf(z5.value)));
    QVERIFY(hand->answer(0, QString::number(double(z5.value), 'g', 3)));
    QVERIFY2(hand->verdictText(0).startsWith(QStringLiteral("Right")), qPrintable(hand->verdictText(0)));
    QCOMPARE(hand->scoreText(), QStringLiteral("This stage: 1 of 1 right"));
    QVERIFY(m_view->pageHtml().contains(linkOf(z5.value)));
    // Back to the first neuron: its answer is kept.
    m_view->model()->setHiddenNeuron(StepModel::kDefaultHidden);
    QVERIFY(hand->verdictText(0).startsWith(QStringLiteral("Right")));
    // The mode off shows every value.
    hand->setOn(false);
    m_view->setStage(3);
    QVERIFY(m_view->pageHtml().contains(linkOf(cellsAt(3).front().value)));
}

void TestStepByHand::revealAndTheSoftmaxTable()
{
    ByHandPanel *hand = m_view->byHand();
    hand->setOn(true);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    m_view->setStage(5); // SoftMax: its table would give p away
    QCOMPARE(hand->cellCount(), 1);
    QVERIFY(!m_view->softmaxPanel()->isVisible());
    hand->reveal(0);
    QVERIFY2(hand->verdictText(0).startsWith(QStringLiteral("Revealed: p_9 = ")), qPrintable(hand->verdictText(0)));
    QVERIFY(m_view->softmaxPanel()->isVisible());
    QCOMPARE(hand->scoreText(), QStringLiteral("This stage: 0 of 1 right"));
    QVERIFY(hand->pendingValues().isEmpty());
    m_view->setStage(1);
    QCOMPARE(hand->cellCount(), 0);
    QCOMPARE(hand->scoreText(), QStringLiteral("Nothing to compute at this stage."));
}

void TestStepByHand::theKeyboardStaysInThePanel()
{
    // Typed from the keyboard alone: a wrong value, then the right one (Return checks); the field
    // done, the keys stay in the panel, and the next stage's cell takes them.
    ByHandPanel *hand = m_view->byHand();
    hand->setOn(true);
    m_view->show();
    m_view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_view));
    m_view->setStage(5);
    QLineEdit *p = hand->answerEdit(0);
    p->setFocus();
    QTRY_VERIFY(p->hasFocus());
    const float value = cellsAt(5).front().value;
    QTest::keyClicks(p, QString::number(double(value) + 0.25));
    QTest::keyClick(p, Qt::Key_Return);
    QVERIFY(hand->verdictText(0).startsWith(QStringLiteral("Wrong")));
    QVERIFY(p->hasFocus() && p->hasSelectedText()); // the next try replaces it
    QTest::keyClicks(p, QString::number(double(value), 'g', 4));
    QTest::keyClick(p, Qt::Key_Return);
    QVERIFY(hand->verdictText(0).startsWith(QStringLiteral("Right")));
    QVERIFY2(hand->isAncestorOf(QApplication::focusWidget()),
             qPrintable(QApplication::focusWidget() ? QApplication::focusWidget()->objectName() : QStringLiteral("none")));
    // Ctrl+Right, the view's next-stage key, from the panel (the switch would move the focus):
    // the loss, whose cell takes the keys.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(m_view->model()->stage(), 6);
    QTRY_VERIFY(hand->answerEdit(0) && hand->answerEdit(0)->hasFocus());
    QTest::keyClick(hand->answerEdit(0), Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(m_view->model()->stage(), 7);
}

void TestStepByHand::aNewSampleForgetsTheAnswers()
{
    ByHandPanel *hand = m_view->byHand();
    hand->setOn(true);
    m_view->setStage(6); // the loss
    hand->reveal(0);
    QVERIFY(hand->pendingValues().isEmpty());
    m_pixels[400] = 255;
    m_view->showPixels(m_pixels.data(), 7, QStringLiteral("drawn digit"));
    QCOMPARE(hand->pendingValues().size(), 1);
    QVERIFY(hand->verdictText(0).isEmpty());
}

void TestStepByHand::fromTheKeyboardAlone()
{
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    m_view->setStage(2);
    auto *formula = m_view->findChild<QLabel *>(QStringLiteral("stageFormula"));
    auto *toggle = m_view->findChild<QCheckBox *>(QStringLiteral("byHandSwitch"));
    QVERIFY(formula && toggle);
    QVERIFY(m_view->tabOrder().contains(toggle));
    formula->setFocus(Qt::TabFocusReason);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), toggle);
    QTest::keyClick(toggle, Qt::Key_Space);
    QVERIFY(m_view->byHand()->isOn());
    QCOMPARE(m_view->model()->stage(), 2); // Space switched, it did not step
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QLineEdit *edit = m_view->byHand()->answerEdit(0);
    QCOMPARE(QApplication::focusWidget(), edit);
    QVERIFY(edit->accessibleName().startsWith(QStringLiteral("Your value of z^(1)_1")));
    // Typing keeps the stage: Space, Backspace and the arrows edit the text.
    QTest::keyClicks(edit, QStringLiteral("1 "));
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClick(edit, Qt::Key_Left);
    QCOMPARE(m_view->model()->stage(), 2);
    const float z = cellsAt(2).front().value;
    QTest::keyClicks(edit, QString::number(double(z), 'g', 4));
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY2(m_view->byHand()->verdictText(0).startsWith(QStringLiteral("Right")), qPrintable(m_view->byHand()->verdictText(0)));
    QCOMPARE(m_view->model()->stage(), 2);
    // BPLAB_STEP_SHOTS=DIR keeps the pictures for a look: stage 2 answered, stage 5 still blank.
    if (const QString shots = qEnvironmentVariable("BPLAB_STEP_SHOTS"); !shots.isEmpty()) {
        QTest::qWait(100); // the page's new height reaches the scroll area
        QVERIFY(m_view->grab().save(shots + QStringLiteral("/byhand-2.png")));
        m_view->setStage(5);
        QTest::qWait(100);
        QVERIFY(m_view->grab().save(shots + QStringLiteral("/byhand-5.png")));
    }
}

// "= Σ of all 784 terms S, + bias b = z": S + b is z, so S is blank while z is computed (the
// logits' table writes each output's S too).
void TestStepByHand::theSumOfTheTermsIsBlankToo_data()
{
    QTest::addColumn<int>("stage");
    QTest::addColumn<int>("layer"); // weight layer, 0-based
    QTest::newRow("hidden z") << 2 << 0;
    QTest::newRow("logit") << 4 << 1;
}

void TestStepByHand::theSumOfTheTermsIsBlankToo()
{
    QFETCH(int, stage);
    QFETCH(int, layer);
    m_view->setStage(stage);
    const StepModel *m = m_view->model();
    const int j = layer == 0 ? m->hiddenNeuron() : m->outputNeuron();
    const QString sum = linkOf(m->allTerms(layer, j));
    QVERIFY2(m_view->pageHtml().contains(sum), qPrintable(m_view->pageHtml()));
    m_view->byHand()->setOn(true);
    QVERIFY2(!m_view->pageHtml().contains(sum), qPrintable(m_view->pageHtml()));
    QVERIFY(!m_view->pageText().contains(formatSig4(m->allTerms(layer, j)) + QLatin1Char(',')));
    m_view->byHand()->reveal(0);
    QVERIFY(m_view->pageHtml().contains(sum));
}

// A lesson's open question: its term blank from the first stage showing it, on the page, in the
// grids and the diagram (what a screen reader reads), and shown again without the hold.
void TestStepByHand::aHeldTermIsBlankFromItsStageOn()
{
    const StepModel *m = m_view->model();
    m_view->model()->setHiddenNeuron(4);
    const float z = m->trace().hidden[0].z[4];
    m_view->setHeldTerm(StepTermHold {Quantity::Z1, 0, 4});
    m_view->setStage(1);
    QVERIFY(m_view->blankedValues().isEmpty());
    m_view->setStage(2);
    QVERIFY(m_view->blankedValues().contains(z));
    QVERIFY2(!m_view->pageHtml().contains(linkOf(z)), qPrintable(m_view->pageHtml()));
    QVERIFY(!m_view->pageHtml().contains(linkOf(m->allTerms(0, 4))));
    QVERIFY(std::isnan(m_view->grids().front()->values()[4]));
    QVERIFY(!m_view->diagram()->accessibleSummary().contains(formatExact(z)));
    m_view->setHeldTerm(std::nullopt);
    QVERIFY(m_view->pageHtml().contains(linkOf(z)));
    QVERIFY(!std::isnan(m_view->grids().front()->values()[4]));

    // The loss: blank on its stage and every later one that writes it.
    m_view->setHeldTerm(StepTermHold {Quantity::Loss, 0, 0});
    m_view->setStage(5);
    QVERIFY(m_view->blankedValues().isEmpty());
    for (int stage : {6, 10}) {
        m_view->setStage(stage);
        QVERIFY2(!m_view->pageHtml().contains(linkOf(m->trace().loss)), qPrintable(m_view->pageHtml()));
    }
    m_view->setStage(6); // nor in base 10, the loss over ln 10
    QVERIFY2(!m_view->pageHtml().contains(linkOf(m->lossBase10())), qPrintable(m_view->pageHtml()));
    m_view->setStage(6);
    m_view->setHeldTerm(std::nullopt);
    QVERIFY(m_view->pageHtml().contains(linkOf(m->trace().loss)));
}

// A lesson step's compute list: By hand on, with the cells' neurons selected.
void TestStepByHand::computeByHandSelectsTheCells()
{
    QVERIFY(!m_view->byHand()->isOn());
    m_view->computeByHand({*parseHandCell("p:8"), *parseHandCell("z1:5")});
    QVERIFY(m_view->byHand()->isOn());
    QCOMPARE(m_view->model()->outputNeuron(), 7);
    QCOMPARE(m_view->model()->hiddenNeuron(), 4);
    m_view->setStage(5);
    QCOMPARE(cellsAt(5).front().key, QStringLiteral("p:8"));
    QVERIFY(!m_view->pageHtml().contains(linkOf(m_view->model()->trace().probabilities[7])));
}

// File > Export worksheet: the shown image's sheet, its default blanks absent from page 1 and
// their values on page 2 (read back with pdftotext where poppler-utils is installed).
void TestStepByHand::aWorksheetOfTheShownImage()
{
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("sheet.pdf"));
    QCOMPARE(writeStepWorksheet(*m_view->model(), pdf, QPageSize::A4), QString());
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().startsWith("%PDF"));
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty())
        QSKIP("pdftotext (poppler-utils) is not installed");
    const auto page = [&](int n) {
        QProcess p;
        p.start(pdftotext, {"-f", QString::number(n), "-l", QString::number(n), pdf, "-"});
        p.waitForFinished(30000);
        return QString::fromUtf8(p.readAllStandardOutput()).split(QRegularExpression(QStringLiteral("[\\s;]+")), Qt::SkipEmptyParts);
    };
    const MlpTraceF &t = m_view->model()->trace();
    const QString p = sheetNumber(t.probabilities[kLabel]), loss = sheetNumber(t.loss);
    QVERIFY(page(1).contains(QStringLiteral("drawn")));
    QVERIFY(!page(1).contains(p) && !page(1).contains(loss));
    QVERIFY(page(2).contains(p) && page(2).contains(loss));
    // Without an image: a message, no file.
    StepView empty;
    QVERIFY(!writeStepWorksheet(*empty.model(), dir.filePath(QStringLiteral("none.pdf")), QPageSize::A4).isEmpty());
}

QTEST_MAIN(TestStepByHand)
#include "tst_stepbyhand.moc"
