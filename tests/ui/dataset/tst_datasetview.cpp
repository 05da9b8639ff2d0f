// The Dataset view on a small synthetic DataSplit: jump to an index, the class filter and the
// train/test switch, the distribution beside the grid, and double-click asking for the Step view.

#include "datasetfixture.h"
#include "datasetview.h"
#include "distributionplot.h"
#include "imagedelegate.h"
#include "testsupport.h"

#include <QComboBox>
#include <QListView>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

class TestDatasetView : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void showsTheSet();
    void jumpSelectsRow();
    void jumpClearsHidingFilter();
    void jumpOutOfRange();
    void indexBoxJumps();
    void classBoxFilters();
    void testSwitch();
    void doubleClickRequestsStep_data();
    void doubleClickRequestsStep();
    void enterAndButtonRequestStep();
    void plotClickFilters();
    void realMnist();
    void sixtyThousandImages();

private:
    QPoint cellCentre(int row) const;
    DatasetView *m_view = nullptr;
};

void TestDatasetView::init()
{
    m_view = new DatasetView;
    m_view->resize(1100, 700);
    m_view->setDataset(fixtureSplit());
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

void TestDatasetView::cleanup()
{
    delete m_view;
    m_view = nullptr;
}

QPoint TestDatasetView::cellCentre(int row) const
{
    const QRect r = m_view->grid()->visualRect(m_view->model()->index(row));
    return r.center();
}

void TestDatasetView::showsTheSet()
{
    QCOMPARE(m_view->grid()->model()->rowCount(), 12);
    QCOMPARE(m_view->statusText(), QStringLiteral("Showing all 12 training images"));
    QCOMPARE(m_view->distribution()->barValue(3), 4.0);
    QCOMPARE(m_view->distribution()->barValue(9), 2.0);
    QCOMPARE(m_view->distribution()->barValue(5), 0.0);
    QCOMPARE(m_view->classBox()->count(), 11);
    QCOMPARE(m_view->indexBox()->maximum(), 11);
    // Cells are laid out in rows: the second cell is to the right of the first.
    const QRect a = m_view->grid()->visualRect(m_view->model()->index(0));
    const QRect b = m_view->grid()->visualRect(m_view->model()->index(1));
    QCOMPARE(a.size(), m_view->delegate()->cellSize(m_view->grid()->font()));
    QCOMPARE(b.top(), a.top());
    QVERIFY(b.left() >= a.right());
}

void TestDatasetView::jumpSelectsRow()
{
    QVERIFY(m_view->jumpTo(10));
    QCOMPARE(m_view->grid()->currentIndex().row(), 10);
    QCOMPARE(m_view->selectedIndex(), 10);
    QCOMPARE(m_view->indexBox()->value(), 10);
    QVERIFY(m_view->grid()->selectionModel()->isSelected(m_view->model()->index(10)));
    // Under a filter, the row differs from the index.
    m_view->setClassFilter(3); // images 0, 7, 9, 11
    QVERIFY(m_view->jumpTo(9));
    QCOMPARE(m_view->grid()->currentIndex().row(), 2);
    QCOMPARE(m_view->selectedIndex(), 9);
    QCOMPARE(m_view->model()->classFilter(), 3);
}

void TestDatasetView::jumpClearsHidingFilter()
{
    m_view->setClassFilter(2); // images 3, 6, 8
    QCOMPARE(m_view->grid()->model()->rowCount(), 3);
    QVERIFY(m_view->jumpTo(4)); // class 9: hidden by the filter
    QCOMPARE(m_view->model()->classFilter(), -1);
    QCOMPARE(m_view->classBox()->currentIndex(), 0);
    QCOMPARE(m_view->grid()->currentIndex().row(), 4);
}

void TestDatasetView::jumpOutOfRange()
{
    QVERIFY(m_view->jumpTo(2));
    QVERIFY(!m_view->jumpTo(12));
    QVERIFY(!m_view->jumpTo(-1));
    QCOMPARE(m_view->selectedIndex(), 2);
    QVERIFY(m_view->statusText().contains(QStringLiteral("no image -1")));
}

void TestDatasetView::indexBoxJumps()
{
    QSpinBox *box = m_view->indexBox();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("7"));
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(m_view->selectedIndex(), 7);
}

void TestDatasetView::classBoxFilters()
{
    QComboBox *box = m_view->classBox();
    box->setCurrentIndex(4); // "3"
    emit box->activated(4);
    QCOMPARE(m_view->model()->classFilter(), 3);
    QCOMPARE(m_view->grid()->model()->rowCount(), 4);
    QCOMPARE(m_view->statusText(), QStringLiteral("Showing 4 of 12 training images: class 3"));
    QVERIFY(m_view->distribution()->isBarHighlighted(3));
    QCOMPARE(m_view->distribution()->barValue(3), 4.0);
    emit box->activated(0);
    QCOMPARE(m_view->grid()->model()->rowCount(), 12);
    QVERIFY(!m_view->distribution()->isBarHighlighted(3));
}

void TestDatasetView::testSwitch()
{
    auto *testButton = m_view->findChild<QPushButton *>(QStringLiteral("datasetTestButton"));
    QVERIFY(testButton);
    QCOMPARE(testButton->text(), QStringLiteral("Test set (3)"));
    QTest::mouseClick(testButton, Qt::LeftButton);
    QVERIFY(m_view->isTestSet());
    QCOMPARE(m_view->grid()->model()->rowCount(), 3);
    QCOMPARE(m_view->distribution()->barValue(5), 2.0);
    QCOMPARE(m_view->distribution()->barValue(3), 0.0);
    QVERIFY(m_view->distribution()->title().contains(QStringLiteral("test set")));
    QCOMPARE(m_view->indexBox()->maximum(), 2);
    auto *trainButton = m_view->findChild<QPushButton *>(QStringLiteral("datasetTrainButton"));
    QTest::mouseClick(trainButton, Qt::LeftButton);
    QVERIFY(!m_view->isTestSet());
    QCOMPARE(m_view->grid()->model()->rowCount(), 12);
}

void TestDatasetView::doubleClickRequestsStep_data()
{
    QTest::addColumn<bool>("test");
    QTest::addColumn<int>("filter");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("index");
    QTest::newRow("train 6") << false << -1 << 6 << 6;
    QTest::newRow("train class 9, row 1") << false << 9 << 1 << 10;
    QTest::newRow("test 2") << true << -1 << 2 << 2;
    QTest::newRow("test class 7") << true << 7 << 0 << 1;
}

void TestDatasetView::doubleClickRequestsStep()
{
    QFETCH(bool, test);
    QFETCH(int, filter);
    QFETCH(int, row);
    QFETCH(int, index);
    m_view->setTestSet(test);
    m_view->setClassFilter(filter);
    QSignalSpy spy(m_view, &DatasetView::openInStepRequested);
    QWidget *viewport = m_view->grid()->viewport();
    const QPoint at = cellCentre(row);
    QTest::mouseClick(viewport, Qt::LeftButton, {}, at);
    QTest::mouseDClick(viewport, Qt::LeftButton, {}, at);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toBool(), test);
    QCOMPARE(spy.at(0).at(1).toInt(), index);
    QCOMPARE(m_view->selectedIndex(), index);
}

void TestDatasetView::enterAndButtonRequestStep()
{
    QSignalSpy spy(m_view, &DatasetView::openInStepRequested);
    QVERIFY(m_view->jumpTo(5));
    m_view->grid()->setFocus();
    QTest::keyClick(m_view->grid(), Qt::Key_Return);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(1).toInt(), 5);
    QVERIFY(m_view->stepButton()->isEnabled());
    QTest::mouseClick(m_view->stepButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).toBool(), false);
    QCOMPARE(spy.at(1).at(1).toInt(), 5);
}

void TestDatasetView::plotClickFilters()
{
    emit m_view->distribution()->classClicked(2);
    QCOMPARE(m_view->model()->classFilter(), 2);
    QCOMPARE(m_view->classBox()->currentIndex(), 3);
    emit m_view->distribution()->classClicked(2); // again: all classes
    QCOMPARE(m_view->model()->classFilter(), -1);
}

void TestDatasetView::realMnist()
{
    const std::string folder = sharedMnistFolder();
    if (folder.empty())
        QSKIP("the shared MNIST folder is not present");
    auto loaded = loadDataFolder(folder);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().c_str());
    m_view->setDataset(std::make_shared<const DataSplit>(std::move(loaded.value())));
    QCOMPARE(m_view->model()->setSize(), 10000);
    QCOMPARE(m_view->model()->classCounts()[1], 1127); // ones in the first 10,000 training images
    m_view->setTestSet(true);
    const DatasetModel::Counts test{980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009};
    QCOMPARE(m_view->model()->classCounts(), test);
    QVERIFY(m_view->jumpTo(9999));
    QCOMPARE(m_view->model()->label(m_view->grid()->currentIndex().row()), 6); // the last test digit
}

void TestDatasetView::sixtyThousandImages()
{
    // The size of MNIST's training set: the grid lays it out once and paints only what is visible.
    auto big = std::make_shared<DataSplit>();
    std::vector<std::uint8_t> labels(60000);
    for (std::size_t i = 0; i < labels.size(); ++i)
        labels[i] = std::uint8_t((i * 7) % 10);
    big->train = fixtureSet(labels);
    big->test = fixtureSet(kTestLabels);
    QElapsedTimer clock;
    clock.start();
    m_view->setDataset(big);
    QVERIFY(m_view->jumpTo(59999));
    QCoreApplication::processEvents();
    const qint64 layoutMs = clock.elapsed();
    QCOMPARE(m_view->grid()->model()->rowCount(), 60000);
    const QRect last = m_view->grid()->visualRect(m_view->model()->index(59999));
    QVERIFY(m_view->grid()->viewport()->rect().intersects(last));
    clock.restart();
    for (int i = 0; i < 20; ++i) {
        m_view->grid()->verticalScrollBar()->setValue(m_view->grid()->verticalScrollBar()->maximum() * i / 20);
        m_view->grid()->viewport()->repaint();
    }
    qInfo("60,000 images: set + layout + jump %lld ms, 20 scrolled repaints %lld ms", layoutMs, clock.elapsed());
    m_view->setClassFilter(3); // i * 7 % 10 == 3 for i % 10 == 9
    QCOMPARE(m_view->grid()->model()->rowCount(), 6000);
    QCOMPARE(m_view->model()->imageIndex(0), 9);
}

QTEST_MAIN(TestDatasetView)
#include "tst_datasetview.moc"
