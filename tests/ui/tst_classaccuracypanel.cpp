// The accuracy-per-class panel: the diagonal of the confusion matrix over each row's sum.

#include <classaccuracypanel.h>

#include <QTest>

using namespace bplab;

class TestClassAccuracyPanel : public QObject
{
    Q_OBJECT

private slots:
    void aLowPanelDrawsNothingOverItsTitle()
    {
        // A projector's Train view under a lesson leaves the panel about two lines: no title then,
        // rather than the title drawn over the values.
        const int line = 21;
        QCOMPARE(ClassAccuracyPanel::shapeFor(45, line), ClassAccuracyPanel::Shape::Strip);
        QCOMPARE(ClassAccuracyPanel::shapeFor(line * 7 / 2 + 4, line), ClassAccuracyPanel::Shape::Columns);
        QCOMPARE(ClassAccuracyPanel::shapeFor(line * 11, line), ClassAccuracyPanel::Shape::Rows);
        ClassAccuracyPanel panel;
        std::array<std::array<int, 10>, 10> m {};
        for (int c = 0; c < 10; ++c)
            m[std::size_t(c)][std::size_t(c)] = 9 + c;
        panel.setConfusion(m, 1);
        panel.resize(500, 45);
        QVERIFY(!panel.grab().isNull());
    }

    void accuracyIsTheDiagonalOverTheRow()
    {
        ClassAccuracyPanel panel;
        QVERIFY(panel.accuracies().isEmpty());
        std::array<std::array<int, 10>, 10> confusion{};
        confusion[0][0] = 9; // class 0: 9 of 10 right
        confusion[0][6] = 1;
        confusion[7][7] = 3; // class 7: 3 of 4 right
        confusion[7][1] = 1;
        panel.setConfusion(confusion, 2);
        QCOMPARE(panel.accuracies().size(), 10);
        QCOMPARE(panel.accuracies()[0], 90.0);
        QCOMPARE(panel.accuracies()[7], 75.0);
        QCOMPARE(panel.accuracies()[3], -1.0); // no test images of class 3
        QCOMPARE(panel.rowText(7), QStringLiteral("7: 75.0 %"));
        QCOMPARE(panel.rowText(3), QStringLiteral("3: no test images"));
        panel.setClassNames({"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker",
                             "Bag", "Ankle boot"});
        QCOMPARE(panel.rowText(0), QStringLiteral("T-shirt/top: 90.0 %"));
        panel.resize(300, 300);
        QVERIFY(!panel.grab().isNull()); // paints rows without trouble
        panel.setConfusion({}, 3); // an empty matrix (a restored run's report) clears
        QVERIFY(panel.accuracies().isEmpty());
    }
};

QTEST_MAIN(TestClassAccuracyPanel)
#include "tst_classaccuracypanel.moc"
