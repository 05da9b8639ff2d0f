// What a screen reader finds after a short training run, read through Qt's accessibility tree
// (QAccessible::queryAccessibleInterface, as the AT-SPI bridge reads it): in every view no object
// that shows data and no control lacks a name; the SoftMax table is a table of ten rows holding
// the numbers drawn; the confusion matrix's cells are the model's confusion; the loss plot's
// description holds the last test accuracy; the probability bars are values.

#include "guifixtures.h"

#include <classaccuracypanel.h>
#include <confusionmatrixpanel.h>
#include <mistakesview.h>
#include <drawview.h>
#include <lossplot.h>
#include <mainwindow.h>
#include "panelui.h"
#include <panelregistry.h>
#include <probabilitybars.h>
#include <softmaxpanel.h>
#include <trainingcontroller.h>
#include <trainview.h>
#include <uiformat.h>
#include <viewlist.h>

#include <QAccessible>
#include <QLocale>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace bplab;

namespace {

/** Roles of objects that show data: each needs a name. */
bool showsData(QAccessible::Role role)
{
    return role == QAccessible::Graphic || role == QAccessible::Chart || role == QAccessible::Table
           || role == QAccessible::ProgressBar || role == QAccessible::StatusBar;
}

/** Roles a person operates: each needs a name. */
bool isControl(QAccessible::Role role)
{
    switch (role) {
    case QAccessible::Button:
    case QAccessible::CheckBox:
    case QAccessible::RadioButton:
    case QAccessible::ComboBox:
    case QAccessible::SpinBox:
    case QAccessible::Slider:
    case QAccessible::ButtonMenu:
    case QAccessible::ButtonDropDown:
        return true;
    default:
        return false;
    }
}

/** "role 'name' (class objectName)" of every visible object of `iface`'s subtree that should
 *  have a name and has none. */
void findNameless(QAccessibleInterface *iface, QStringList &nameless, int depth = 0)
{
    if (!iface || !iface->isValid() || depth > 40 || iface->state().invisible)
        return;
    const QAccessible::Role role = iface->role();
    if ((showsData(role) || isControl(role)) && iface->text(QAccessible::Name).trimmed().isEmpty()) {
        QObject *o = iface->object();
        nameless << QStringLiteral("role 0x%1 %2 %3")
                            .arg(int(role), 0, 16)
                            .arg(o ? QString::fromLatin1(o->metaObject()->className()) : QStringLiteral("(part)"),
                                 o ? o->objectName() : QString());
    }
    // Table cells are parts, named by their text: only the widgets' subtrees are walked.
    if (role == QAccessible::Table || role == QAccessible::List)
        return;
    for (int i = 0; i < iface->childCount(); ++i)
        findNameless(iface->child(i), nameless, depth + 1);
}

/** Objects a screen reader is told are shown while their widget (or, for a cell or a bar, its
 *  panel) is hidden: another view's, leaking into this one. The whole tree is walked, hidden
 *  branches too, as an AT-SPI client does. */
void findLeaks(QAccessibleInterface *iface, QStringList &leaks, const QWidget *owner = nullptr, int depth = 0)
{
    if (!iface || !iface->isValid() || depth > 40)
        return;
    if (auto *w = qobject_cast<const QWidget *>(iface->object()))
        owner = w;
    if (!iface->state().invisible && owner && !owner->isVisible())
        leaks << QStringLiteral("%1 '%2' in hidden %3 %4")
                         .arg(int(iface->role()), 0, 16)
                         .arg(iface->text(QAccessible::Name), QString::fromLatin1(owner->metaObject()->className()),
                              owner->objectName());
    for (int i = 0; i < iface->childCount() && leaks.size() < 20; ++i)
        findLeaks(iface->child(i), leaks, owner, depth + 1);
}

/** Visible choice boxes read by their current item alone (no label, no name of their own). */
void findUnlabelledCombos(QAccessibleInterface *iface, QStringList &unlabelled, int depth = 0)
{
    if (!iface || !iface->isValid() || depth > 40 || iface->state().invisible)
        return;
    if (iface->role() == QAccessible::ComboBox) {
        const QString name = iface->text(QAccessible::Name), value = iface->text(QAccessible::Value);
        if (name.trimmed().isEmpty() || name == value)
            unlabelled << QStringLiteral("'%1' (%2)").arg(name, iface->object() ? iface->object()->objectName() : QString());
        return; // its list's items are its values
    }
    for (int i = 0; i < iface->childCount(); ++i)
        findUnlabelledCombos(iface->child(i), unlabelled, depth + 1);
}

QString cellText(QAccessibleTableInterface *table, int row, int column)
{
    QAccessibleInterface *cell = table->cellAt(row, column);
    return cell ? cell->text(QAccessible::Name) : QStringLiteral("(no cell)");
}

} // namespace

class TestGuiAccessibility : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void everyViewNamesItsDataAndControls_data();
    void everyViewNamesItsDataAndControls();
    void softmaxIsATableOfTheNumbersShown();
    void confusionMatrixCellsAreTheModelsConfusion();
    void lossPlotDescriptionHoldsTheLastTestAccuracy();
    void probabilityBarsAreValues();
    void panelsAreNamedByTheRegistry();

private:
    TrainingController *controller() const { return m_window->controller(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    EpochReport m_lastEpoch;
};

void TestGuiAccessibility::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // 640 images in batches of 64: 10 batches per epoch.
    const QString error = test::writeSyntheticDataset(m_dir.path(), 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiAccessibility::init()
{
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = sourceRecipe();
    config.seed = 3;
    config.epochs = 3;
    m_window->setTrainingConfig(config);
    test::showOnData(*m_window, m_dir.path());
    if (QTest::currentTestFailed())
        return;
    test::EventSpy<EpochReport> epochs(controller());
    test::runBatches(controller(), 25); // two epochs and half of the third
    QTRY_COMPARE(epochs.size(), 2);
    m_lastEpoch = epochs.last();
}

void TestGuiAccessibility::cleanup()
{
    m_window.reset();
}

void TestGuiAccessibility::everyViewNamesItsDataAndControls_data()
{
    QTest::addColumn<int>("view");
    for (int v = 0; v < MainWindow::kViewCount; ++v)
        QTest::newRow(qPrintable(viewKey(v))) << v;
}

void TestGuiAccessibility::everyViewNamesItsDataAndControls()
{
    QFETCH(int, view);
    m_window->setView(MainWindow::View(view));
    if (MainWindow::View(view) == MainWindow::View::Mistakes)
        QTRY_VERIFY_WITH_TIMEOUT(m_window->panels()->isCurrent(QStringLiteral("confusion")), 20000);
    QTest::qWait(0); // the page laid out
    m_window->statusBar()->clearMessage(); // between messages the bar still has a name
    QStringList nameless;
    findNameless(QAccessible::queryAccessibleInterface(m_window.get()), nameless);
    QVERIFY2(nameless.isEmpty(), qPrintable(nameless.join(QStringLiteral("\n"))));
    // Nothing of the views not shown is read as shown (the Step view held Draw's bars).
    QStringList leaks;
    findLeaks(QAccessible::queryAccessibleInterface(m_window.get()), leaks);
    QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(QStringLiteral("\n"))));
    // A choice box says what it chooses, not only what is chosen ("Image set", not "Test image").
    QStringList unlabelled;
    findUnlabelledCombos(QAccessible::queryAccessibleInterface(m_window.get()), unlabelled);
    QVERIFY2(unlabelled.isEmpty(), qPrintable(unlabelled.join(QStringLiteral("\n"))));
    // Every panel the registry lists for this view is in the tree with its name and a description.
    for (const PanelRegistry::Panel &p : m_window->panels()->registry()->panels()) {
        if (p.view != view || !p.widget || !p.widget->isVisible())
            continue;
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(p.widget);
        QVERIFY2(iface, p.id);
        QCOMPARE(iface->text(QAccessible::Name), PanelRegistry::name(p));
        QVERIFY2(!iface->text(QAccessible::Description).isEmpty(), p.id);
    }
}

void TestGuiAccessibility::softmaxIsATableOfTheNumbersShown()
{
    SoftmaxPanel *softmax = m_window->trainView()->softmaxPanel();
    QVERIFY(softmax->hasTrace());
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(softmax);
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Table);
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 10);
    QVERIFY(table->columnCount() >= 5);
    int ones = 0;
    for (int k = 0; k < 10; ++k) {
        QCOMPARE(cellText(table, k, 0), softmax->neuronText(k));
        QCOMPARE(cellText(table, k, 1), softmax->logitText(k));
        QCOMPARE(cellText(table, k, 2), softmax->expText(k));
        QCOMPARE(cellText(table, k, 3), softmax->probabilityText(k));
        // The one-hot target y: 1 in the label's row only.
        const QString y = cellText(table, k, 4);
        QCOMPARE(y, k == softmax->targetNeuron() ? QStringLiteral("1") : QStringLiteral("0"));
        ones += y == QLatin1String("1");
        // Each cell names its column's header.
        QAccessibleTableCellInterface *cell = table->cellAt(k, 3)->tableCellInterface();
        QVERIFY(cell);
        QCOMPARE(cell->rowIndex(), k);
        const QList<QAccessibleInterface *> headers = cell->columnHeaderCells();
        QCOMPARE(headers.size(), 1);
        QVERIFY(headers.first()->text(QAccessible::Name).contains(QStringLiteral("probability")));
    }
    QCOMPARE(ones, 1);
    // Children: the header row, then ten rows.
    QCOMPARE(iface->childCount(), 11 * table->columnCount());
    QCOMPARE(iface->child(table->columnCount() + 3)->text(QAccessible::Name), softmax->probabilityText(0));
}

void TestGuiAccessibility::confusionMatrixCellsAreTheModelsConfusion()
{
    m_window->setView(MainWindow::View::Mistakes);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->panels()->isCurrent(QStringLiteral("confusion")), 20000);
    ConfusionMatrixPanel *matrix = m_window->findChild<MistakesView *>()->matrix();
    QTRY_VERIFY(matrix->hasCounts());
    const Evaluation ev = evaluateNetwork(Architecture::source(), *controller()->shownWeights(), controller()->dataSplit()->test,
                                   controller()->trainedConfig().normalize);
    QAccessibleTableInterface *table = QAccessible::queryAccessibleInterface(matrix)->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 10);
    QCOMPARE(table->columnCount(), 11); // ten predicted classes and the row's right %
    for (int t = 0; t < 10; ++t) {
        int row = 0;
        for (int p = 0; p < 10; ++p) {
            QCOMPARE(cellText(table, t, p), QLocale().toString(ev.confusion[std::size_t(t)][std::size_t(p)]));
            row += ev.confusion[std::size_t(t)][std::size_t(p)];
        }
        const QString right = cellText(table, t, 10);
        if (row > 0)
            QVERIFY2(right.startsWith(QLocale().toString(100.0 * ev.confusion[std::size_t(t)][std::size_t(t)] / row, 'f', 1)),
                     qPrintable(right));
        QAccessibleTableCellInterface *cell = table->cellAt(t, 2)->tableCellInterface();
        QCOMPARE(cell->rowHeaderCells().size(), 1);
        QCOMPARE(cell->rowHeaderCells().first()->text(QAccessible::Name), QStringLiteral("true %1").arg(t));
        QCOMPARE(cell->columnHeaderCells().first()->text(QAccessible::Name), QStringLiteral("predicted 2"));
    }
}

void TestGuiAccessibility::lossPlotDescriptionHoldsTheLastTestAccuracy()
{
    LossPlot *plot = m_window->trainView()->lossPlot();
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(plot);
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Chart);
    const QString description = iface->text(QAccessible::Description);
    QVERIFY2(description.contains(QLocale().toString(m_lastEpoch.testAccuracy, 'f', 2) + QStringLiteral(" %")),
             qPrintable(description));
    // The latest batch's loss as the plot holds it.
    QVERIFY2(description.contains(formatSig4(plot->batchLoss(plot->batchCount() - 1))), qPrintable(description));
    // The per-class accuracies are a table of the same epoch.
    ClassAccuracyPanel *classes = m_window->trainView()->classAccuracyPanel();
    QAccessibleTableInterface *table = QAccessible::queryAccessibleInterface(classes)->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 10);
    for (int c = 0; c < 10; ++c)
        QVERIFY(classes->rowText(c).endsWith(cellText(table, c, 1)));
}

void TestGuiAccessibility::probabilityBarsAreValues()
{
    m_window->setView(MainWindow::View::Draw);
    auto *draw = m_window->findChild<DrawView *>();
    QTRY_VERIFY(draw->bars()->hasProbabilities()); // the example test image
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(draw->bars());
    QCOMPARE(iface->childCount(), 10);
    double sum = 0;
    for (int k = 0; k < 10; ++k) {
        QAccessibleInterface *bar = iface->child(k);
        QAccessibleValueInterface *value = bar->valueInterface();
        QVERIFY(value);
        QCOMPARE(bar->role(), QAccessible::ProgressBar);
        QCOMPARE(value->currentValue().toDouble(), double(draw->bars()->probability(k)));
        QCOMPARE(bar->text(QAccessible::Value), draw->bars()->valueText(k));
        sum += value->currentValue().toDouble();
    }
    QVERIFY(std::abs(sum - 1.0) < 1e-4);
    QVERIFY(iface->text(QAccessible::Description).contains(draw->bars()->topText()));
}

void TestGuiAccessibility::panelsAreNamedByTheRegistry()
{
    // Every --export-panel name is a panel of the registry, and every registered panel is bound.
    for (const QString &id : PanelUi::exportNames()) {
        const PanelRegistry::Panel *p = m_window->panels()->registry()->find(id);
        QVERIFY2(p && p->exported && p->widget, qPrintable(id));
        QVERIFY(m_window->panels()->exportNamed(id).has_value());
    }
    for (const PanelRegistry::Panel &p : m_window->panels()->registry()->panels()) {
        QVERIFY2(p.widget, p.id);
        QCOMPARE(p.widget->accessibleName(), PanelRegistry::name(p));
        QVERIFY2(p.widget->focusPolicy() & Qt::TabFocus, p.id);
    }
}

QTEST_MAIN(TestGuiAccessibility)
#include "tst_guiaccessibility.moc"
