// The confusion page wired to a real training controller: once visible it shows the test set's
// confusion matrix at the controller's current weights (the counts of evaluate() on them), names
// the batch, follows a step of training, and passes a double-clicked image's index on.

#include "guifixtures.h"

#include "mistakespage.h"
#include "confusionmatrixpanel.h"
#include "confusionview.h"
#include "gallerypanel.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

class TestGuiConfusionPage : public QObject
{
    Q_OBJECT

private:
    static ConfusionCounts expectedCounts(TrainingController &c)
    {
        const Evaluation ev = evaluate(*c.currentWeights(), c.dataSplit()->test, c.trainedConfig().normalize);
        return ev.confusion;
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void followsTheControllersWeights()
    {
        QTemporaryDir dir;
        QCOMPARE(writeSyntheticDataset(dir.path(), 640, 300), QString());
        TrainingController controller;
        QSignalSpy loaded(&controller, &TrainingController::dataChanged);
        controller.loadData(dir.path());
        QVERIFY(loaded.wait(20000));
        QTRY_COMPARE(controller.state(), TrainingState::Paused);

        int opened = -1;
        std::unique_ptr<QWidget> page(makeMistakesPage(&controller, [&opened](int i) { opened = i; }));
        page->resize(1280, 800);
        page->show();
        QVERIFY(QTest::qWaitForWindowExposed(page.get()));
        auto *matrix = page->findChild<ConfusionMatrixPanel *>();
        QVERIFY(matrix);
        QTRY_VERIFY_WITH_TIMEOUT(matrix->hasCounts(), 10000);
        QCOMPARE(matrix->counts(), expectedCounts(controller));
        QVERIFY(matrix->title().contains(QStringLiteral("300 test images")));

        // Double-click in the gallery: the page hands the image's test-set index on (the
        // untrained network gets most of them wrong).
        auto *view = page->findChild<ConfusionView *>();
        QVERIFY(view);
        view->showMistakes();
        GalleryPanel *gallery = view->gallery();
        QVERIFY(gallery->entries().size() > 10);
        QTest::mouseDClick(gallery, Qt::LeftButton, {}, gallery->tileRect(0, gallery->width()).center());
        QCOMPARE(opened, int(gallery->entries().first().item.index));

        runBatches(&controller, 7);
        QVERIFY(!QTest::currentTestFailed());
        const ConfusionCounts after = expectedCounts(controller);
        QTRY_COMPARE_WITH_TIMEOUT(matrix->counts(), after, 10000);
        QTRY_VERIFY(matrix->title().contains(QStringLiteral("300 test images")));
    }

    void describesTheBatch()
    {
        VisualSnapshot w;
        QCOMPARE(TrainingController::captionOf(w), QStringLiteral("untrained weights (batch 0)"));
        w.weightsStep = 1250;
        w.weightsEpoch = 10;
        QCOMPARE(TrainingController::captionOf(w), QStringLiteral("weights after batch 1,250 (epoch 10)"));
        w.atHead = false;
        QCOMPARE(TrainingController::captionOf(w), QStringLiteral("weights after batch 1,250 (epoch 10), from the timeline"));
        w.modelFile = QStringLiteral("m.bplab");
        QCOMPARE(TrainingController::captionOf(w), QStringLiteral("weights from the model file m.bplab"));
    }
};

QTEST_MAIN(TestGuiConfusionPage)
#include "tst_guiconfusionpage.moc"
