// What a screen reader is told while a class trains and steps: each epoch's result, "finished"
// with the final accuracy, the Step view's stage, the Draw view's answer after a stroke and a
// divergence as an alert; never faster than a listener can follow (Announcer::paceMs() after each
// announcement), and what comes meanwhile coalesced, the latest epoch's result never lost.
//
// Each announcement is read where a screen reader reads it: the live object's accessible name and
// role (QAccessible::queryAccessibleInterface) at the moment it is said. Qt 6.4 hands accessibility
// events to an update handler (QAccessible::installUpdateHandler) only while a platform bridge is
// active, which the offscreen platform never is; when one is (AT-SPI with a screen reader), the
// test also requires the NameChanged event of every announcement in the handler's record.

#include "guifixtures.h"

#include <announcer.h>
#include <drawcanvas.h>
#include <drawview.h>
#include <probabilitybars.h>
#include <mainwindow.h>
#include <stepmodel.h>
#include <stepview.h>
#include <trainingcontroller.h>

#include <QAccessible>
#include <QElapsedTimer>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace bplab;

namespace {

struct Heard
{
    qint64 ms;
    QString text;
    bool alert;
};

// The update handler is a plain function: it writes here while a test records.
QElapsedTimer g_clock;
QList<Heard> g_heard;
QObject *g_polite = nullptr;
QObject *g_alert = nullptr;

QStringList g_events; // the live objects' names at their NameChanged events (an active bridge only)

void recordEvent(QAccessibleEvent *event)
{
    QObject *o = event->object();
    if (event->type() != QAccessible::NameChanged || !o || (o != g_polite && o != g_alert))
        return;
    g_events << QAccessible::queryAccessibleInterface(o)->text(QAccessible::Name);
}

/** What the live object says when the announcer speaks: its name, role and the time. */
void hear(QObject *region, const QString &text, bool alert)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(region);
    const QString name = iface ? iface->text(QAccessible::Name) : QString();
    QCOMPARE(name, text);
    QCOMPARE(iface->role(), alert ? QAccessible::AlertMessage : QAccessible::Notification);
    g_heard.append({g_clock.elapsed(), name, alert});
}

} // namespace

class TestGuiAnnouncements : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void trainingAndSteppingAreAnnouncedAFewPerSecond();
    void theDrawAnswerFollowsEachStroke();
    void aDivergenceIsAnAlert();
    void fastEpochsAreCoalescedNeverLost();

private:
    TrainingController *controller() const { return m_window->controller(); }
    /** The time between consecutive announcements is never below the announcer's interval. */
    void checkRate();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiAnnouncements::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString error = test::writeSyntheticDataset(m_dir.path(), 640, 100); // 10 batches an epoch
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiAnnouncements::init()
{
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = sourceRecipe();
    config.seed = 11;
    config.epochs = 2;
    m_window->setTrainingConfig(config);
    test::showOnData(*m_window, m_dir.path());
    if (QTest::currentTestFailed())
        return;
    g_polite = m_window->announcer()->polite();
    g_alert = m_window->announcer()->urgent();
    g_heard.clear();
    g_events.clear();
    g_clock.start();
    QAccessible::installUpdateHandler(recordEvent);
    Announcer *announcer = m_window->announcer();
    connect(announcer, &Announcer::announced, this, [announcer](const QString &text, bool alert) {
        hear(alert ? static_cast<QObject *>(announcer->urgent()) : announcer->polite(), text, alert);
    });
}

void TestGuiAnnouncements::cleanup()
{
    QAccessible::installUpdateHandler(nullptr);
    g_polite = g_alert = nullptr;
    m_window.reset();
}

void TestGuiAnnouncements::checkRate()
{
    if (QAccessible::isActive()) { // a bridge listens: every announcement was an event too
        QStringList said;
        for (const Heard &h : std::as_const(g_heard))
            said << h.text;
        QCOMPARE(g_events, said);
    }
    // Each announcement waits until the one before could have been spoken (a little slack for
    // the timer's resolution).
    for (int i = 1; i < g_heard.size(); ++i)
        QVERIFY2(g_heard[i].ms - g_heard[i - 1].ms >= Announcer::paceMs(g_heard[i - 1].text) - 20,
                 qPrintable(QStringLiteral("%1 ms apart: \"%2\" then \"%3\"")
                                    .arg(g_heard[i].ms - g_heard[i - 1].ms)
                                    .arg(g_heard[i - 1].text, g_heard[i].text)));
    QVERIFY(Announcer::kMinIntervalMs >= 250); // a few per second at most
}

void TestGuiAnnouncements::trainingAndSteppingAreAnnouncedAFewPerSecond()
{
    test::EventSpy<EpochReport> epochs(controller());
    controller()->start();
    QTRY_COMPARE_WITH_TIMEOUT(controller()->state(), TrainingState::Finished, 30000);
    QCOMPARE(epochs.size(), 2);
    const EpochReport last = epochs.last();
    // The end comes with the final accuracy (it may replace the last epoch's line still waiting).
    const QString accuracy = QLocale().toString(last.testAccuracy, 'f', 2);
    QTRY_VERIFY_WITH_TIMEOUT(!g_heard.isEmpty() && g_heard.last().text.contains(QStringLiteral("finished"))
                                     && g_heard.last().text.contains(accuracy),
                             5000);
    bool epochSaid = false;
    for (const Heard &h : std::as_const(g_heard))
        epochSaid = epochSaid || h.text.startsWith(QStringLiteral("Epoch 1"));
    QVERIFY2(epochSaid, qPrintable(g_heard.isEmpty() ? QString() : g_heard.first().text));
    // The last epoch's result is said, alone or with the end, never replaced by it.
    bool lastSaid = false;
    for (const Heard &h : std::as_const(g_heard))
        lastSaid = lastSaid || h.text.contains(QStringLiteral("Epoch 2: test accuracy %1 %").arg(accuracy));
    QVERIFY2(lastSaid, qPrintable(g_heard.last().text));

    // Three stages stepped in quick succession: the stage reached is said, and no faster than the rate.
    m_window->setView(MainWindow::View::Step);
    StepView *step = m_window->stepView();
    QTRY_VERIFY(step->model()->hasTrace());
    const int before = int(g_heard.size());
    step->setFocus();
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(step, Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(g_heard.size() > before && g_heard.last().text.contains(step->pageTitle()), 8000);
    QVERIFY(!g_heard.last().alert);
    checkRate();
    // Stepping three stages at once is one announcement or two, never three within the interval.
    QVERIFY(g_heard.size() - before <= 2);
}

void TestGuiAnnouncements::theDrawAnswerFollowsEachStroke()
{
    m_window->setView(MainWindow::View::Draw);
    auto *draw = m_window->findChild<DrawView *>();
    DrawCanvas *canvas = draw->canvas();
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, canvas->canvasToWidget({200, 80}).toPoint());
    QTest::mouseMove(canvas, canvas->canvasToWidget({200, 320}).toPoint());
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, canvas->canvasToWidget({200, 320}).toPoint());
    QTRY_VERIFY_WITH_TIMEOUT(!g_heard.isEmpty() && g_heard.last().text.startsWith(QStringLiteral("Answer")), 3000);
    QVERIFY2(g_heard.last().text.contains(draw->bars()->topText()), qPrintable(g_heard.last().text));
    checkRate();
}

void TestGuiAnnouncements::aDivergenceIsAnAlert()
{
    // Nothing said yet: the alert is not in the window (no object without a name), then it is.
    QVERIFY(!m_window->announcer()->urgent()->isVisible());
    test::EventSpy<Divergence> diverged(controller());
    controller()->setLearningRate(1e30);
    controller()->start();
    QVERIFY(diverged.wait(20000));
    QTRY_VERIFY_WITH_TIMEOUT(!g_heard.isEmpty() && g_heard.last().alert, 3000);
    const Divergence d = diverged.at(0);
    QVERIFY2(g_heard.last().text.contains(QStringLiteral("epoch %1, batch %2").arg(d.epoch).arg(d.batch)),
             qPrintable(g_heard.last().text));
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(g_alert);
    QCOMPARE(iface->role(), QAccessible::AlertMessage);
    QVERIFY(m_window->announcer()->urgent()->isVisible());
    QCOMPARE(iface->text(QAccessible::Name), g_heard.last().text);
    checkRate();
}

// Ten epochs at full speed, faster than anyone can listen: the first is said, the ones that come
// while it is spoken give way to the newest, and the newest is said with the end of the run, at
// the listener's pace.
void TestGuiAnnouncements::fastEpochsAreCoalescedNeverLost()
{
    QWidget host;
    Announcer announcer(&host);
    QList<Heard> heard;
    QElapsedTimer clock;
    clock.start();
    connect(&announcer, &Announcer::announced, this,
            [&heard, &clock](const QString &text, bool alert) { heard.append({clock.elapsed(), text, alert}); });
    const auto epoch = [](int e) { return QStringLiteral("Epoch %1: test accuracy %2 %, test loss 0.1234").arg(e).arg(90 + e); };
    for (int e = 1; e <= 10; ++e) {
        announcer.announce(epoch(e), QStringLiteral("epoch"));
        QTest::qWait(20);
    }
    announcer.announce(QStringLiteral("Training finished after epoch 10: test accuracy 100 %"), QStringLiteral("run"));
    QCOMPARE(heard.size(), 1);
    QCOMPARE(heard[0].text, epoch(1));
    QTRY_COMPARE_WITH_TIMEOUT(heard.size(), 2, 10000);
    QVERIFY2(heard[1].text.startsWith(epoch(10) + QStringLiteral(". Training finished after epoch 10")),
             qPrintable(heard[1].text));
    QVERIFY(!heard[1].text.contains(QStringLiteral("Epoch 9")));
    QVERIFY2(heard[1].ms - heard[0].ms >= Announcer::paceMs(heard[0].text) - 20, qPrintable(QString::number(heard[1].ms)));
    QVERIFY(Announcer::paceMs(heard[0].text) >= 1500); // a sentence takes a second or two to speak
    QTest::qWait(200);
    QCOMPARE(heard.size(), 2);
}

QTEST_MAIN(TestGuiAnnouncements)
#include "tst_guiannouncements.moc"
