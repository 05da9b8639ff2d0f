// The placeholder page shows its title and text.

#include "comingpage.h"

#include <QLabel>
#include <QtTest>

using namespace bplab;

class TestComingPage : public QObject
{
    Q_OBJECT

private slots:
    void showsTitleAndText();
};

void TestComingPage::showsTitleAndText()
{
    ComingPage page(QStringLiteral("Draw"),
                    QStringLiteral("Draw a digit and watch the network guess it."));
    page.resize(600, 400);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QCOMPARE(page.title(), QStringLiteral("Draw"));
    QCOMPARE(page.text(), QStringLiteral("Draw a digit and watch the network guess it."));
    const auto labels = page.findChildren<QLabel *>();
    QCOMPARE(labels.size(), 2);
    for (QLabel *label : labels) {
        QVERIFY(label->isVisible());
        QVERIFY(label->font().pointSizeF() >= 11.0);
        // The text fits the page: its label is as wide as its text needs, up to the page width.
        QVERIFY(label->width() <= page.width());
        QVERIFY(label->height() >= label->heightForWidth(label->width()));
    }
}

QTEST_MAIN(TestComingPage)
#include "tst_comingpage.moc"
