// Tab reaches everything a mouse reaches, in the order the eye reads it: in the Train, Step
// through, Draw and Mistakes views, pressing Tab from the toolbar's first field visits the toolbar
// (Start, Step, Reset, the pace), the view's controls and every panel, then the timeline's buttons,
// its slider and "Continue from here", each once and in that order; a panel with the focus is the
// one F spotlights.

#include "guifixtures.h"

#include <confusionmatrixpanel.h>
#include <contrast.h>
#include <palettecolors.h>
#include <mistakesview.h>
#include <gallerypanel.h>
#include <drawcanvas.h>
#include <drawview.h>
#include <mainwindow.h>
#include "panelui.h"
#include <panelregistry.h>
#include <probabilitybars.h>
#include <spotlight.h>
#include <stagestrip.h>
#include <stepview.h>
#include <timelinebar.h>
#include <trainingcontroller.h>
#include <trainview.h>

#include <QAbstractButton>
#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMultiMap>
#include <QListWidget>
#include <QPushButton>
#include <QScopeGuard>
#include <QSlider>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QSpinBox>
#include <QTest>
#include <QTranslator>
#include <QToolButton>

#include <memory>

using namespace bplab;

class TestGuiFocus : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void tabVisitsEverythingInReadingOrder_data();
    void tabVisitsEverythingInReadingOrder();
    void aFocusedPanelIsSpotlit();
    void fullScreenAndPresentationHaveTheirKeys();
    void altKeysAreUniqueInEveryView_data();
    void altKeysAreUniqueInEveryView();
    void spaceAfterTheLastEpochKeepsTheNetwork();
    void spaceInANumberBoxStartsAndPauses();
    void theFocusedToolbarControlIsFramed_data();
    void theFocusedToolbarControlIsFramed();

private:
    /** The widgets Tab visits from the toolbar's first field until it comes back. */
    QList<QWidget *> tabCycle();
    /** The controls and panels of `view`, in reading order. */
    QList<QWidget *> expectedOrder(MainWindow::View view) const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QTranslator m_german; // installed for the German rows, before the window is made
};

void TestGuiFocus::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString error = test::writeSyntheticDataset(m_dir.path(), 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiFocus::init()
{
    if (QByteArray(QTest::currentDataTag()) == "de") {
#ifdef BPLAB_QM_DIR
        QVERIFY2(m_german.load(QStringLiteral(BPLAB_QM_DIR "/backprop-lab_de.qm")), BPLAB_QM_DIR);
        QCoreApplication::installTranslator(&m_german);
#endif
    }
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = sourceRecipe();
    config.seed = 2;
    m_window->setTrainingConfig(config);
    test::showOnData(*m_window, m_dir.path());
    if (QTest::currentTestFailed())
        return;
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    test::runBatches(m_window->controller(), 12);
    // A past batch shown: "Continue from here" is offered (and so reachable).
    QTest::keyClick(m_window.get(), Qt::Key_Left);
    QTRY_VERIFY(m_window->timelineBar()->continueButton()->isEnabled());
}

void TestGuiFocus::cleanup()
{
    m_window.reset();
    QCoreApplication::removeTranslator(&m_german);
}

QList<QWidget *> TestGuiFocus::tabCycle()
{
    QWidget *first = m_window->findChild<QWidget *>(QStringLiteral("datasetBox"));
    first->setFocus(Qt::TabFocusReason);
    [&] { QTRY_COMPARE(QApplication::focusWidget(), first); }();
    QList<QWidget *> visited{first};
    for (int i = 0; i < 200; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *now = QApplication::focusWidget();
        if (!now || now == first)
            break;
        // A compound widget's inner editor stands for the widget (a spin box's line edit).
        QWidget *shown = now->focusProxy() ? now->focusProxy() : now;
        for (QWidget *w = now->parentWidget(); w; w = w->parentWidget())
            if (w->focusProxy() == now)
                shown = w;
        if (visited.contains(shown))
            break;
        visited << shown;
    }
    return visited;
}

QList<QWidget *> TestGuiFocus::expectedOrder(MainWindow::View view) const
{
    const auto button = [this](const char *action) { return static_cast<QWidget *>(test::toolButton(m_window.get(), action)); };
    QList<QWidget *> order{button("actionStartPause"), button("actionStep"), button("actionReset"),
                           m_window->findChild<QWidget *>(QStringLiteral("paceBox"))};
    // The view's own controls and panels.
    switch (view) {
    case MainWindow::View::Train: {
        for (const char *id : {"digit", "softmax", "classes", "loss", "mosaic", "heatmaps"})
            order << m_window->panels()->registry()->find(QLatin1String(id))->widget.data();
        break;
    }
    case MainWindow::View::Step:
        for (QWidget *w : m_window->stepView()->tabOrder())
            if (w->isVisible() && w->isEnabled())
                order << w;
        break;
    case MainWindow::View::Draw: {
        auto *draw = m_window->findChild<DrawView *>();
        order << draw->canvas() << draw->findChild<QWidget *>(QStringLiteral("clearButton")) << draw->bars()
              << draw->playStepsButton() << draw->stages();
        break;
    }
    case MainWindow::View::Mistakes: {
        auto *mistakes = m_window->findChild<MistakesView *>();
        order << mistakes->matrix() << mistakes->gallery();
        break;
    }
    default:
        break;
    }
    // The timeline under every view.
    TimelineBar *timeline = m_window->timelineBar();
    const QList<QToolButton *> buttons = timeline->findChildren<QToolButton *>();
    if (!buttons.isEmpty())
        order << buttons.value(0) << buttons.value(1);
    order << timeline->slider();
    if (buttons.size() >= 4)
        order << buttons.value(2) << buttons.value(3);
    order << timeline->continueButton();
    return order;
}

void TestGuiFocus::tabVisitsEverythingInReadingOrder_data()
{
    QTest::addColumn<int>("view");
    QTest::newRow("train") << int(MainWindow::View::Train);
    QTest::newRow("step") << int(MainWindow::View::Step);
    QTest::newRow("draw") << int(MainWindow::View::Draw);
    QTest::newRow("mistakes") << int(MainWindow::View::Mistakes);
}

void TestGuiFocus::tabVisitsEverythingInReadingOrder()
{
    QFETCH(int, view);
    m_window->setView(MainWindow::View(view));
    if (MainWindow::View(view) == MainWindow::View::Mistakes)
        QTRY_VERIFY_WITH_TIMEOUT(m_window->panels()->isCurrent(QStringLiteral("confusion")), 20000);
    const QList<QWidget *> visited = tabCycle();
    const QList<QWidget *> expected = expectedOrder(MainWindow::View(view));
    int last = -1;
    for (QWidget *w : expected) {
        QVERIFY(w);
        const int at = int(visited.indexOf(w));
        QVERIFY2(at >= 0, qPrintable(QStringLiteral("Tab never reaches %1 %2 (%3)")
                                             .arg(QLatin1String(w->metaObject()->className()), w->objectName(),
                                                  w->accessibleName())));
        QVERIFY2(at > last, qPrintable(QStringLiteral("%1 %2 comes out of order")
                                               .arg(QLatin1String(w->metaObject()->className()), w->objectName())));
        last = at;
    }
    // Every visible control of the page is reached (nothing a mouse reaches is left out).
    QWidget *page = m_window->findChild<QStackedWidget *>()->currentWidget();
    for (QWidget *w : page->findChildren<QWidget *>()) {
        if (!w->isVisible() || !w->isEnabled() || !(w->focusPolicy() & Qt::TabFocus) || w->focusProxy())
            continue;
        if (qobject_cast<QAbstractButton *>(w) || w == page)
            QVERIFY2(visited.contains(w), qPrintable(QStringLiteral("Tab never reaches %1 '%2'")
                                                             .arg(QLatin1String(w->metaObject()->className()),
                                                                  w->accessibleName().isEmpty()
                                                                          ? qobject_cast<QAbstractButton *>(w)->text()
                                                                          : w->accessibleName())));
    }
}

void TestGuiFocus::aFocusedPanelIsSpotlit()
{
    QWidget *loss = m_window->panels()->registry()->find(QStringLiteral("loss"))->widget;
    const QList<QWidget *> visited = tabCycle();
    QVERIFY(visited.contains(loss));
    loss->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), loss);
    QTest::keyClick(loss, Qt::Key_F);
    QTRY_VERIFY(m_window->panels()->spotlight()->isActive());
    QCOMPARE(m_window->panels()->spotlight()->panel(), loss);
    QTest::keyClick(m_window.get(), Qt::Key_Escape);
    QTRY_VERIFY(!m_window->panels()->spotlight()->isActive());
}

void TestGuiFocus::fullScreenAndPresentationHaveTheirKeys()
{
    QVERIFY(!m_window->isFullScreen());
    const QKeySequence fullScreen = QKeySequence::keyBindings(QKeySequence::FullScreen).value(0, QKeySequence(Qt::Key_F11));
    QTest::keySequence(m_window.get(), fullScreen);
    QTRY_VERIFY(m_window->isFullScreen());
    QVERIFY(!m_window->isPresentationMode()); // the fonts stay as they are
    QTest::keySequence(m_window.get(), fullScreen);
    QTRY_VERIFY(!m_window->isFullScreen());
    // Presentation mode has its own key and goes full screen too; Esc leaves both.
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(m_window->isPresentationMode());
    QTRY_VERIFY(m_window->isFullScreen());
    QTest::keyClick(m_window.get(), Qt::Key_Escape);
    QVERIFY(!m_window->isPresentationMode());
    QTRY_VERIFY(!m_window->isFullScreen());
}

// Start pressed on its focused button, the run ends: Start and Step are disabled, and the focus
// must not pass on to Reset, where the next Space would throw the trained network away.
void TestGuiFocus::spaceAfterTheLastEpochKeepsTheNetwork()
{
    QWidget *start = m_window->findChild<QWidget *>(QStringLiteral("actionStartPauseButton"));
    QWidget *reset = m_window->findChild<QWidget *>(QStringLiteral("actionResetButton"));
    QVERIFY(start && reset);
    start->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), start);
    QTest::keyClick(start, Qt::Key_Space);
    TrainingController *c = m_window->controller();
    QTRY_COMPARE_WITH_TIMEOUT(c->state(), TrainingState::Finished, 60000);
    QVERIFY(QApplication::focusWidget() != reset);
    const std::uint64_t trained = c->stepCount();
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : m_window.get(), Qt::Key_Space);
    QTest::qWait(200);
    QCOMPARE(c->state(), TrainingState::Finished);
    QCOMPARE(c->stepCount(), trained);
}

// Space in a toolbar number box whose text Tab selected is Start/Pause, as everywhere else; it used
// to replace the selected text, leaving the box empty.
void TestGuiFocus::spaceInANumberBoxStartsAndPauses()
{
    QSpinBox *batch = m_window->controlBar()->batchBox();
    batch->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(batch));
    const QString text = batch->text();
    TrainingController *c = m_window->controller();
    QCOMPARE(c->state(), TrainingState::Paused);
    const std::uint64_t before = c->stepCount();
    QTest::keyClick(batch, Qt::Key_Space); // Start: the run goes on from the head
    QTRY_VERIFY(c->stepCount() > before);
    QCOMPARE(batch->text(), text);
    QTest::keyClick(batch, Qt::Key_Space); // Pause (or nothing, when the run has ended)
    QTRY_VERIFY(c->state() != TrainingState::Running);
    QCOMPARE(batch->text(), text);
    // All epochs done: Start is off, and Space still leaves the box alone.
    QTest::keyClick(batch, Qt::Key_Space);
    QTRY_COMPARE_WITH_TIMEOUT(c->state(), TrainingState::Finished, 60000);
    QTest::keyClick(batch, Qt::Key_Space);
    QCOMPARE(batch->text(), text);
    // Digits still go into the box.
    QTest::keyClick(batch, Qt::Key_End);
    QTest::keyClick(batch, Qt::Key_0);
    QCOMPARE(batch->text(), text + QLatin1Char('0'));
}

// Alt+letter reaches one thing only: on every view, the menus, the toolbar's boxes and the view's
// labelled boxes and buttons on screen never share a letter (two would make the key ambiguous, and
// Qt then does nothing, or cycles between them).
void TestGuiFocus::altKeysAreUniqueInEveryView_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
#ifdef BPLAB_QM_DIR
    QTest::newRow("de") << QStringLiteral("de"); // the translation's own letters
#endif
}

void TestGuiFocus::altKeysAreUniqueInEveryView()
{
    QFETCH(QString, language);
    QCOMPARE(m_window->menuBar()->actions().value(0)->text(), language == QLatin1String("de") ? QStringLiteral("&Datei") : QStringLiteral("&File"));
    QStringList clashes;
    for (int v = 0; v < MainWindow::kViewCount; ++v) {
        m_window->setView(MainWindow::View(v));
        QCoreApplication::processEvents();
        QMultiMap<int, QString> keys;
        const auto add = [&](const QString &text) {
            const QKeySequence key = QKeySequence::mnemonic(text);
            if (!key.isEmpty())
                keys.insert(key[0].toCombined(), text);
        };
        for (QAction *menu : m_window->menuBar()->actions())
            add(menu->text());
        for (QWidget *w : m_window->findChildren<QWidget *>()) {
            if (!w->isVisible())
                continue;
            if (auto *label = qobject_cast<QLabel *>(w); label && label->buddy())
                add(label->text());
            else if (auto *button = qobject_cast<QAbstractButton *>(w))
                add(button->text());
        }
        for (int key : keys.uniqueKeys())
            if (keys.count(key) > 1)
                clashes << QStringLiteral("view %1: %2 for %3")
                                   .arg(v)
                                   .arg(QKeySequence(key).toString(), QStringList(keys.values(key)).join(QStringLiteral(", ")));
    }
    // Within each menu and submenu, a letter opens one item: two items with one letter only
    // move the highlight between them.
    QList<QMenu *> menus;
    for (QAction *a : m_window->menuBar()->actions())
        if (a->menu())
            menus << a->menu();
    for (int i = 0; i < menus.size(); ++i) {
        QMultiMap<int, QString> keys;
        for (QAction *a : menus[i]->actions()) {
            if (a->menu())
                menus << a->menu();
            if (const QKeySequence key = QKeySequence::mnemonic(a->text()); !key.isEmpty() && a->isVisible())
                keys.insert(key[0].toCombined(), a->text());
        }
        for (int key : keys.uniqueKeys())
            if (keys.count(key) > 1)
                clashes << QStringLiteral("menu %1: %2 for %3")
                                   .arg(menus[i]->title(), QKeySequence(key).toString(),
                                        QStringList(keys.values(key)).join(QStringLiteral(", ")));
    }
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
}


void TestGuiFocus::theFocusedToolbarControlIsFramed_data()
{
    QTest::addColumn<bool>("highContrast");
    QTest::newRow("normal") << false;
    QTest::newRow("high contrast") << true;
}

// Tab along the toolbar frames each control it reaches: every edge changes colour, to one that
// stands out 3:1 from the bar, in the normal palette and in high contrast.
void TestGuiFocus::theFocusedToolbarControlIsFramed()
{
    QFETCH(bool, highContrast);
    colors::setHighContrast(highContrast);
    const auto restore = qScopeGuard([] { colors::setHighContrast(false); });
    QWidget *elsewhere = m_window->findChild<QWidget *>(QStringLiteral("datasetBox"));
    // The new palette reaches the widgets through posted events.
    QTRY_COMPARE(m_window->controlBar()->palette().color(QPalette::Window), QApplication::palette().color(QPalette::Window));
    const QColor bar = m_window->controlBar()->palette().color(QPalette::Window);
    // The middle of each edge, one pixel in.
    const auto edges = [](QWidget *w) {
        const QImage img = w->grab().toImage();
        return QList<QColor>{img.pixelColor(img.width() / 2, 0), img.pixelColor(img.width() / 2, img.height() - 1),
                             img.pixelColor(0, img.height() / 2), img.pixelColor(img.width() - 1, img.height() / 2)};
    };
    for (const char *name : {"actionStartPauseButton", "actionStepButton", "actionResetButton", "paceBox",
                             "networkBox", "batchBox", "seedBox"}) {
        auto *control = m_window->findChild<QWidget *>(QLatin1String(name));
        QVERIFY2(control && control->isVisible(), name);
        elsewhere->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), elsewhere);
        const QList<QColor> before = edges(control);
        control->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(control->hasFocus());
        const QList<QColor> after = edges(control);
        for (int i = 0; i < before.size(); ++i) {
            const QString where = QStringLiteral("%1, edge %2: %3, before %4, the bar %5").arg(QLatin1String(name)).arg(i)
                                          .arg(after[i].name(), before[i].name(), bar.name());
            QVERIFY2(after[i] != before[i], qPrintable(where));
            QVERIFY2(contrastRatio(after[i], bar) >= kGraphicContrast, qPrintable(where));
        }
    }
}

QTEST_MAIN(TestGuiFocus)
#include "tst_guifocus.moc"
