// Moving the focus with Tab changes what the screen shows: a panel with the focus, or with it
// inside, has a frame in the highlight colour, also where a child (a plot) covers the whole panel;
// without the focus the panel is drawn as before.

#include "focusframe.h"
#include "lossplot.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QPainter>
#include <QtTest>

using namespace bplab;

namespace {
/** A panel that paints itself a flat colour. */
class FlatPanel : public QWidget
{
public:
    FlatPanel()
    {
        setFocusPolicy(Qt::StrongFocus);
        setMinimumSize(200, 100);
    }

protected:
    void paintEvent(QPaintEvent *) override { QPainter(this).fillRect(rect(), QColor(0x20, 0x40, 0x60)); }
};

QColor edgePixel(QWidget *w)
{
    const QImage img = w->grab().toImage();
    return img.pixelColor(img.width() / 2, 0);
}
} // namespace

class TestFocusFrame : public QObject
{
    Q_OBJECT

private slots:
    void frameFollowsTheFocus();
};

void TestFocusFrame::frameFollowsTheFocus()
{
    QWidget window;
    auto *layout = new QHBoxLayout(&window);
    auto *flat = new FlatPanel;
    auto *loss = new LossPlot; // a plot fills it: the frame goes over the plot
    loss->setFocusPolicy(Qt::StrongFocus);
    auto *elsewhere = new QLineEdit;
    layout->addWidget(flat);
    layout->addWidget(loss);
    layout->addWidget(elsewhere);
    window.resize(900, 300);
    FocusFrame *flatFrame = FocusFrame::attach(flat);
    FocusFrame *lossFrame = FocusFrame::attach(loss);
    QCOMPARE(FocusFrame::attach(flat), flatFrame); // one frame per panel
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    const QColor highlight = window.palette().color(QPalette::Highlight);

    elsewhere->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(elsewhere->hasFocus());
    const QColor flatBefore = edgePixel(flat), lossBefore = edgePixel(loss);
    QVERIFY(flatBefore != highlight);
    QVERIFY(lossBefore != highlight);
    QVERIFY(!flatFrame->shown());

    flat->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(flatFrame->shown());
    QCOMPARE(edgePixel(flat), highlight);
    QCOMPARE(edgePixel(loss), lossBefore);

    loss->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(lossFrame->shown());
    QVERIFY(!flatFrame->shown());
    QCOMPARE(edgePixel(loss), highlight);
    QCOMPARE(edgePixel(flat), flatBefore);
    QVERIFY(lossFrame->width() >= 2);
}

QTEST_MAIN(TestFocusFrame)
#include "tst_focusframe.moc"
