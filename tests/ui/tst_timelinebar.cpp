// The timeline's keys and buttons move through the batches trained, from the first to the latest
// and never beyond: at the latest batch neither Right on the focused scrubber (where the window's
// Right would train the next batch) nor "One batch on" asks for a batch to be trained.

#include "timelinebar.h"

#include <QAction>
#include <QSignalSpy>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtTest>

using namespace bplab;

class TestTimelineBar : public QObject
{
    Q_OBJECT

private slots:
    void rightOnTheScrubberAtTheLatestTrainsNothing();
};

void TestTimelineBar::rightOnTheScrubberAtTheLatestTrainsNothing()
{
    QWidget window;
    auto *train = new QAction(&window); // the window's Right: at the latest batch it trains one
    train->setShortcut(QKeySequence(Qt::Key_Right));
    window.addAction(train);
    QSignalSpy trained(train, &QAction::triggered);
    auto *bar = new TimelineBar;
    auto *layout = new QVBoxLayout(&window);
    layout->addWidget(bar);
    window.resize(900, 80);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    bar->setPosition(0, 20, 20);
    QSignalSpy moved(bar, &TimelineBar::cursorMoved);

    bar->slider()->setFocus(Qt::TabFocusReason);
    QVERIFY(bar->slider()->hasFocus());
    QTest::keyClick(bar->slider(), Qt::Key_Right);
    QCOMPARE(trained.count(), 0);
    QCOMPARE(moved.count(), 0);
    QCOMPARE(bar->cursor(), qint64(20));
    QTest::keyClick(bar->slider(), Qt::Key_Left); // the scrubber's own key moves it
    QCOMPARE(trained.count(), 0);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.last().at(0).toLongLong(), qint64(19));

    // "One batch on" at the latest: nothing.
    bar->setPosition(0, 20, 20);
    moved.clear();
    QToolButton *on = nullptr;
    for (QToolButton *b : bar->findChildren<QToolButton *>())
        if (b->accessibleName() == QStringLiteral("One batch on"))
            on = b;
    QVERIFY(on);
    QTest::mouseClick(on, Qt::LeftButton);
    QCOMPARE(moved.count(), 0);
    bar->setPosition(0, 20, 12);
    QTest::mouseClick(on, Qt::LeftButton);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.last().at(0).toLongLong(), qint64(13));
}

QTEST_MAIN(TestTimelineBar)
#include "tst_timelinebar.moc"
