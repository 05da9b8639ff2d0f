// The main window's path from the Dataset view into the Step view: a double-click on an image
// (also with a class filter, in either set) shows the Step view on exactly that image. And the
// window at a projector's font: 1280 x 800 still holds every view and every toolbar field.

#include "guifixtures.h"

#include <datasetmodel.h>
#include <datasetview.h>
#include <mainwindow.h>
#include <networkchoice.h>
#include <stepview.h>
#include <trainingcontroller.h>

#include <QListView>
#include <QToolBar>
#include <QToolButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace bplab;

class TestGuiDataset : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void doubleClickOpensTheStepViewOnThatImage_data();
    void doubleClickOpensTheStepViewOnThatImage();
    void doubleClickWithARunChosenStepsThroughItsNetwork();
    void presentationFits1280x800();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiDataset::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString error = test::writeSyntheticDataset(m_dir.path(), 300, 120);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiDataset::init()
{
    m_window = std::make_unique<MainWindow>();
    test::showOnData(*m_window, m_dir.path());
    if (QTest::currentTestFailed())
        return;
    QVERIFY(m_window->controller()->dataSplit());
}

void TestGuiDataset::cleanup()
{
    m_window.reset();
}

void TestGuiDataset::doubleClickOpensTheStepViewOnThatImage_data()
{
    QTest::addColumn<bool>("testSet");
    QTest::addColumn<int>("filter");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("index");
    // the synthetic labels are index % 10, so class c's row r is image 10 r + c
    QTest::newRow("training image 7") << false << -1 << 7 << 7;
    QTest::newRow("test image 13") << true << -1 << 13 << 13;
    QTest::newRow("training, class 4, row 2") << false << 4 << 2 << 24;
    QTest::newRow("test, class 9, row 3") << true << 9 << 3 << 39;
}

void TestGuiDataset::doubleClickOpensTheStepViewOnThatImage()
{
    QFETCH(bool, testSet);
    QFETCH(int, filter);
    QFETCH(int, row);
    QFETCH(int, index);
    m_window->setView(MainWindow::View::Data);
    DatasetView *view = m_window->datasetView();
    QVERIFY(view);
    QTRY_VERIFY(view->isVisible());
    view->setTestSet(testSet);
    view->setClassFilter(filter);
    // The answers arrive from the background and add a line to every cell: the cells' places are
    // final only then.
    QTRY_VERIFY(view->model()->answers());
    QCOMPARE(view->model()->imageIndex(row), index);
    QListView *grid = view->grid();
    const QRect cell = grid->visualRect(view->model()->index(row));
    QVERIFY(!cell.isEmpty());
    QVERIFY(grid->viewport()->rect().contains(cell.center()));
    // a different image in the Step view first, so that the double-click must change it
    m_window->stepView()->showSample(!testSet, 1);
    QTest::mouseClick(grid->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(grid->viewport(), Qt::LeftButton, {}, cell.center());

    QCOMPARE(int(m_window->view()), int(MainWindow::View::Step));
    QTRY_VERIFY(m_window->stepView()->isVisible());
    const StepModel *m = m_window->stepView()->model();
    const QString set = testSet ? QStringLiteral("test") : QStringLiteral("train");
    QCOMPARE(m->sampleSource(), QStringLiteral("%1 #%2").arg(set).arg(index));
    const DataSplitPtr data = m_window->controller()->dataSplit();
    const Dataset &images = testSet ? data->test : data->train;
    QCOMPARE(m->label(), int(images.label(std::size_t(index))));
    QVERIFY(std::equal(m->pixels().begin(), m->pixels().end(), images.image(std::size_t(index))));
    QCOMPARE(m_window->stepView()->chooser()->indexBox()->value(), index);
    QVERIFY(m->hasTrace()); // with the training's weights
}

void TestGuiDataset::doubleClickWithARunChosenStepsThroughItsNetwork()
{
    // The Compare view's run 1 (what its callback gives every view), chosen in the Dataset view.
    OtherNetwork run;
    run.label = "784-16-10 sigmoid";
    run.arch.hidden = {16};
    run.arch.activation = Activation::Sigmoid;
    run.weights = std::make_shared<const MlpParamsF>(initMlp(run.arch, 5));
    run.normalize = m_window->controller()->trainedConfig().normalize;
    run.run = 1;
    m_window->setView(MainWindow::View::Data);
    DatasetView *view = m_window->datasetView();
    view->setOtherNetworks({run});
    m_window->stepView()->chooser()->setNetworks({run});
    view->networkBox()->chooseRun(1);
    QTRY_VERIFY(view->model()->answers());
    QListView *grid = view->grid();
    const QRect cell = grid->visualRect(view->model()->index(2));
    QTest::mouseClick(grid->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(grid->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(int(m_window->view()), int(MainWindow::View::Step));
    const StepModel *m = m_window->stepView()->model();
    QVERIFY(m->arch() == run.arch);
    QCOMPARE(m->network(), run.weights);
    QVERIFY(m->hasTrace());
    // Back to the training's weights in the Dataset view: its next image opens with them.
    view->networkBox()->chooseRun(0);
    m_window->setView(MainWindow::View::Data);
    QTRY_VERIFY(view->model()->answers());
    QTest::mouseClick(grid->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(grid->viewport(), Qt::LeftButton, {}, cell.center());
    QTRY_VERIFY(m->arch() == Architecture::source());
    QVERIFY(m->hasTrace());
}

void TestGuiDataset::presentationFits1280x800()
{
    m_window->setPresentationMode(true, /*fullScreen=*/false);
    m_window->stepView()->setBatchSize(64); // the batch pages too
    for (int v = 0; v < MainWindow::kViewCount; ++v) {
        m_window->setView(MainWindow::View(v));
        QCoreApplication::processEvents();
        m_window->resize(MainWindow::defaultSize());
        QCoreApplication::processEvents();
        // No view asks for more than the projector's 1280 x 800 (the window would grow past it).
        QVERIFY2(m_window->minimumSizeHint().width() <= 1280 && m_window->minimumSizeHint().height() <= 800,
                 qPrintable(QStringLiteral("view %1 needs %2 x %3").arg(v).arg(m_window->minimumSizeHint().width())
                                .arg(m_window->minimumSizeHint().height())));
        QCOMPARE(m_window->size(), MainWindow::defaultSize());
    }
    // Every toolbar field on the bar itself, none in its overflow menu.
    auto *bar = m_window->findChild<QToolBar *>(QStringLiteral("controlBar"));
    QVERIFY(bar);
    auto *more = bar->findChild<QToolButton *>(QStringLiteral("qt_toolbar_ext_button"));
    QVERIFY(!more || !more->isVisible());
    for (const char *name : {"datasetBox", "recipeBox", "networkBox", "learningRateBox", "batchBox", "replicasBox",
                             "epochsBox", "seedBox"}) {
        auto *w = bar->findChild<QWidget *>(QLatin1String(name));
        QVERIFY2(w && w->isVisible(), name);
        QVERIFY2(bar->rect().contains(w->geometry()), name);
    }
    // Augmentation is in the Training menu there, its box off the bar.
    auto *augment = bar->findChild<QWidget *>(QStringLiteral("augmentBox"));
    QVERIFY(augment && !augment->isVisible());
    QAction *augmentAction = m_window->controlBar()->augmentAction();
    QVERIFY(m_window->findChild<QMenu *>()); // the menus exist
    augmentAction->trigger();
    QVERIFY(m_window->controller()->config().augment);
    QVERIFY(augmentAction->isChecked());
    augmentAction->trigger();
    QVERIFY(!m_window->controller()->config().augment);
    QVERIFY(!augment->isVisible());
    m_window->setPresentationMode(false);
}

QTEST_MAIN(TestGuiDataset)
#include "tst_guidataset.moc"
