// The Mistakes view wired to a real training controller: once visible it shows the test set's
// confusion matrix at the controller's current weights (the counts of evaluate() on them), names
// the batch, follows a step of training, and passes a double-clicked image's index on; another
// folder's test set opened in the page is evaluated with the same weights; a Compare run chosen
// in its Network box is evaluated instead of the training's weights.

#include "guifixtures.h"

#include "mistakespage.h"
#include "confusionmatrixpanel.h"
#include "mistakesview.h"
#include "gallerypanel.h"

#include <drawnstore.h>
#include <train/networktrainer.h>

#include <QComboBox>
#include <QSettings>
#include <QStandardPaths>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

class TestGuiMistakesPage : public QObject
{
    Q_OBJECT

private:
    /** 640 training and 300 test images of the synthetic set in `dir`, read by `controller`. */
    static void loadSynthetic(TrainingController &controller, const QTemporaryDir &dir)
    {
        QCOMPARE(writeSyntheticDataset(dir.path(), 640, 300), QString());
        QSignalSpy loaded(&controller, &TrainingController::dataChanged);
        controller.loadData(dir.path());
        QVERIFY(loaded.wait(20000));
        QTRY_COMPARE(controller.state(), TrainingState::Paused);
    }

    static ConfusionCounts expectedCounts(TrainingController &c)
    {
        const Evaluation ev = evaluateNetwork(Architecture::source(), *c.currentWeights(), c.dataSplit()->test, c.trainedConfig().normalize);
        return ev.confusion;
    }

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        // The Draw view's kept digits and the remembered test sets: this test's own.
        QVERIFY(m_home.isValid());
        qputenv("XDG_DATA_HOME", m_home.path().toLocal8Bit());
        test::useOwnSettings(m_home.path());
        QVERIFY(QSettings().fileName().startsWith(m_home.path()));
        QSettings().clear();
    }

    void followsTheControllersWeights()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        if (QTest::currentTestFailed())
            return;

        MistakeImage opened;
        opened.index = -1;
        std::unique_ptr<QWidget> page(makeMistakesPage(&controller, [&opened](const MistakeImage &i) { opened = i; }));
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
        auto *view = page->findChild<MistakesView *>();
        QVERIFY(view);
        view->showMistakes();
        GalleryPanel *gallery = view->gallery();
        QVERIFY(gallery->entries().size() > 10);
        QTest::mouseDClick(gallery, Qt::LeftButton, {}, gallery->tileRect(0, gallery->width()).center());
        QCOMPARE(opened.index, int(gallery->entries().first().item.index));
        QVERIFY(opened.ownTestSet);
        QCOMPARE(opened.set, &controller.dataSplit()->test);

        runBatches(&controller, 7);
        QVERIFY(!QTest::currentTestFailed());
        const ConfusionCounts after = expectedCounts(controller);
        QTRY_COMPARE_WITH_TIMEOUT(matrix->counts(), after, 10000);
        QTRY_VERIFY(matrix->title().contains(QStringLiteral("300 test images")));

        // Another folder's test set (120 images of other pixels), with the same weights.
        QTemporaryDir other;
        QCOMPARE(writeSyntheticDataset(other.path(), 20, 120), QString());
        openMistakesTestSet(page.get(), other.path());
        QTRY_VERIFY_WITH_TIMEOUT(matrix->title().contains(QStringLiteral("120 test images")), 10000);
        const Result<DataSplit> otherData = loadDataFolder(other.path().toStdString());
        QVERIFY(otherData.ok());
        QTRY_COMPARE(matrix->counts(), evaluateNetwork(Architecture::source(), *controller.currentWeights(), otherData->test, controller.trainedConfig().normalize).confusion);
        auto *sets = page->findChild<QComboBox *>(QStringLiteral("testSetBox"));
        QVERIFY(sets);
        QVERIFY(sets->currentText().startsWith(QDir(other.path()).dirName()));
        const ConfusionCounts counts = matrix->counts();
        for (int t = 0, shown = 0; t < 10 && !shown; ++t) // the first cell that holds images
            for (int p = 0; p < 10 && !shown; ++p)
                if (counts[std::size_t(t)][std::size_t(p)] > 0) {
                    view->showCell(t, p);
                    shown = 1;
                }
        QVERIFY(!gallery->entries().isEmpty());
        QTest::mouseDClick(gallery, Qt::LeftButton, {}, gallery->tileRect(0, gallery->width()).center());
        QVERIFY(!opened.ownTestSet);
        QCOMPARE(opened.set->size(), std::size_t(120));

        // Back to the data's own test set.
        sets->setCurrentIndex(0);
        emit sets->activated(0);
        QTRY_VERIFY_WITH_TIMEOUT(matrix->title().contains(QStringLiteral("300 test images")), 10000);
        QCOMPARE(matrix->counts(), expectedCounts(controller));

        // A folder without a test set: the page says why instead of answers; the box stays on
        // the set it showed.
        QTemporaryDir empty;
        openMistakesTestSet(page.get(), empty.path());
        QTRY_VERIFY_WITH_TIMEOUT(view->answers() == nullptr, 10000);
        QCOMPARE(sets->currentIndex(), 0);
    }

    // "Open a test set...": a test set needs its t10k files only (a training set beside them is
    // not read, even half of one), and a folder of pictures in 0-9 is imported on the fly.
    void opensATestSetAloneOrPictures()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        if (QTest::currentTestFailed())
            return;
        std::unique_ptr<QWidget> page(makeMistakesPage(&controller, [](const MistakeImage &) {}));
        page->resize(1280, 800);
        page->show();
        QVERIFY(QTest::qWaitForWindowExposed(page.get()));
        auto *matrix = page->findChild<ConfusionMatrixPanel *>();
        auto *view = page->findChild<MistakesView *>();
        QTRY_VERIFY_WITH_TIMEOUT(matrix->hasCounts(), 10000);

        // The test files beside a training set missing its labels: the test set opens.
        QTemporaryDir half;
        QCOMPARE(writeSyntheticDataset(half.path(), 20, 40), QString());
        for (const QString &name : QDir(half.path()).entryList({QStringLiteral("train-labels*")}, QDir::Files))
            QVERIFY(QFile::remove(half.filePath(name)));
        openMistakesTestSet(page.get(), half.path());
        QTRY_VERIFY_WITH_TIMEOUT(matrix->title().contains(QStringLiteral("40 test images")), 10000);

        // Pictures in folders 0-9.
        QTemporaryDir pictures;
        for (int digit : {1, 4, 7}) {
            QImage page(90, 120, QImage::Format_Grayscale8);
            page.fill(255);
            for (int y = 20; y < 100; ++y)
                for (int x = 40; x < 50 + 8 * digit; ++x)
                    page.scanLine(y)[x] = 0;
            QVERIFY(QDir().mkpath(pictures.filePath(QString::number(digit))));
            QVERIFY(page.save(pictures.filePath(QStringLiteral("%1/a.png").arg(digit))));
        }
        openMistakesTestSet(page.get(), pictures.path());
        QTRY_VERIFY_WITH_TIMEOUT(matrix->title().contains(QStringLiteral("3 test images")), 10000);

        // Neither: no answers (the page says what a test set is, not that training files are missing).
        QTemporaryDir nothing;
        openMistakesTestSet(page.get(), nothing.path());
        QTRY_VERIFY_WITH_TIMEOUT(view->answers() == nullptr, 10000);
    }

    void listsDrawnDigitsAndRemembersSets()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        if (QTest::currentTestFailed())
            return;
        const auto makePage = [&controller] {
            std::unique_ptr<QWidget> page(makeMistakesPage(&controller, {}));
            page->resize(1280, 800);
            page->show();
            return page;
        };
        const auto items = [](const QComboBox *box) {
            QStringList texts;
            for (int i = 0; i < box->count(); ++i)
                texts << box->itemText(i);
            return texts;
        };

        // Nothing drawn, nothing opened: the data's own set and "Open a test set...".
        {
            auto page = makePage();
            auto *sets = page->findChild<QComboBox *>(QStringLiteral("testSetBox"));
            QVERIFY(sets);
            QCOMPARE(sets->count(), 2);
        }
        // Three digits kept in the Draw view: listed as a set of three, evaluated when chosen.
        std::array<std::uint8_t, kInputs> pixels{};
        for (int label : {1, 7, 7})
            QVERIFY(appendDrawnDigit(drawnDigitsFolder(), pixels, label).ok());
        QTemporaryDir other;
        QCOMPARE(writeSyntheticDataset(other.path(), 20, 120), QString());
        {
            auto page = makePage();
            auto *sets = page->findChild<QComboBox *>(QStringLiteral("testSetBox"));
            auto *matrix = page->findChild<ConfusionMatrixPanel *>();
            QVERIFY(items(sets).contains(QStringLiteral("Digits drawn here (3)")));
            const int drawn = int(items(sets).indexOf(QStringLiteral("Digits drawn here (3)")));
            sets->setCurrentIndex(drawn);
            emit sets->activated(drawn);
            QTRY_VERIFY_WITH_TIMEOUT(matrix->title().contains(QStringLiteral("3 test images")), 10000);
            int sevens = 0;
            for (int p = 0; p < 10; ++p)
                sevens += matrix->counts()[7][std::size_t(p)];
            QCOMPARE(sevens, 2);
            // A folder opened here is listed again in the next session, after the drawn digits.
            openMistakesTestSet(page.get(), other.path());
            QTRY_VERIFY_WITH_TIMEOUT(matrix->title().contains(QStringLiteral("120 test images")), 10000);
        }
        auto page = makePage();
        auto *sets = page->findChild<QComboBox *>(QStringLiteral("testSetBox"));
        auto *matrix = page->findChild<ConfusionMatrixPanel *>();
        const QString name = QDir(other.path()).dirName();
        QCOMPARE(items(sets).size(), 4);
        QCOMPARE(sets->itemText(2), name); // not read yet: no count
        sets->setCurrentIndex(2);
        emit sets->activated(2);
        QTRY_VERIFY_WITH_TIMEOUT(matrix->title().contains(QStringLiteral("120 test images")), 10000);
        QCOMPARE(sets->currentText(), QStringLiteral("%1 (120)").arg(name));
    }

    void showsTheMistakesOfACompareRun()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        if (QTest::currentTestFailed())
            return;
        std::optional<MistakeImage> opened;
        std::unique_ptr<QWidget> page(makeMistakesPage(&controller, [&opened](const MistakeImage &i) { opened = i; }));
        page->resize(1280, 800);
        page->show();
        QVERIFY(QTest::qWaitForWindowExposed(page.get()));
        auto *matrix = page->findChild<ConfusionMatrixPanel *>();
        auto *networks = page->findChild<QComboBox *>(QStringLiteral("mistakesNetworkBox"));
        QVERIFY(matrix && networks);
        QTRY_COMPARE_WITH_TIMEOUT(matrix->counts(), expectedCounts(controller), 10000);
        QVERIFY(!networks->isVisible()); // no run yet: nothing to choose

        // Two runs of the Compare view: a linear model and a 2-hidden-layer tanh network.
        const Normalize normalize = controller.trainedConfig().normalize;
        auto network = [normalize](const char *label, std::vector<int> hidden, Activation f, std::uint64_t seed) {
            OtherNetwork n;
            n.label = label;
            n.arch.hidden = std::move(hidden);
            n.arch.activation = f;
            n.weights = std::make_shared<const MlpParamsF>(initMlp(n.arch, seed));
            n.normalize = normalize;
            return n;
        };
        QVector<OtherNetwork> runs = {network("784-10", {}, Activation::ReLU, 3),
                                      network("784-24-12-10 tanh", {24, 12}, Activation::Tanh, 4)};
        setMistakesNetworks(page.get(), runs);
        QVERIFY(networks->isVisible());
        QCOMPARE(networks->count(), 3);
        QCOMPARE(networks->currentIndex(), 0); // still the training's weights
        QCOMPARE(matrix->counts(), expectedCounts(controller));

        const DataSplitPtr data = controller.dataSplit();
        auto countsOf = [&data](const OtherNetwork &n) {
            return evaluateNetwork(n.arch, *n.weights, data->test, n.normalize).confusion;
        };
        QVERIFY(countsOf(runs[1]) != expectedCounts(controller)); // so that the check below can fail
        networks->setCurrentIndex(2);
        emit networks->activated(2);
        QTRY_COMPARE_WITH_TIMEOUT(matrix->counts(), countsOf(runs[1]), 10000);
        QTRY_VERIFY(mistakesPageIsCurrent(page.get()));
        auto *view = page->findChild<MistakesView *>();
        QVERIFY(view);

        // The run's weights after its next epoch are shown as they come; training the
        // controller's network changes nothing here.
        runs[1].weights = std::make_shared<const MlpParamsF>(initMlp(runs[1].arch, 9));
        setMistakesNetworks(page.get(), runs);
        QTRY_COMPARE_WITH_TIMEOUT(matrix->counts(), countsOf(runs[1]), 10000);
        QTRY_VERIFY(mistakesPageIsCurrent(page.get()));
        runBatches(&controller, 3);
        QVERIFY(!QTest::currentTestFailed());
        QTRY_VERIFY(mistakesPageIsCurrent(page.get()));
        QCOMPARE(matrix->counts(), countsOf(runs[1]));

        // Cleared runs: back to the training's weights, and the box hides.
        setMistakesNetworks(page.get(), {});
        QVERIFY(!networks->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(matrix->counts(), expectedCounts(controller), 10000);

        // A lesson asks for run 2 before it has finished an epoch: the page says it waits, and
        // shows that run as soon as its weights come (by its row, whatever came before it).
        showMistakesOfRun(page.get(), 2);
        QTRY_VERIFY2(matrix->accessibleSummary().contains(QStringLiteral("Run 2 of the Compare view has not finished an epoch")),
                     qPrintable(matrix->accessibleSummary()));
        QVERIFY(!mistakesPageIsCurrent(page.get()));
        runs[0].run = 1;
        runs[1].run = 2;
        setMistakesNetworks(page.get(), {runs[1]}); // run 1 stopped before its first epoch
        QTRY_COMPARE_WITH_TIMEOUT(matrix->counts(), countsOf(runs[1]), 10000);
        QTRY_VERIFY(mistakesPageIsCurrent(page.get()));
        QCOMPARE(networks->currentText(), QStringLiteral("784-24-12-10 tanh"));
        setMistakesNetworks(page.get(), runs); // run 1 too now: still run 2 shown
        QCOMPARE(networks->currentText(), QStringLiteral("784-24-12-10 tanh"));
        // A double-clicked image opens in Step through with the network the page shows.
        emit view->imageActivated(3);
        QVERIFY(opened && opened->index == 3);
        QCOMPARE(opened->run, 2);
        showMistakesOfRun(page.get(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(matrix->counts(), expectedCounts(controller), 10000);
        QCOMPARE(networks->currentIndex(), 0);
        opened.reset();
        emit view->imageActivated(3);
        QVERIFY(opened);
        QCOMPARE(opened->run, 0);
    }

    // Every network names itself first, 784-128-10 as any other.
    void describesTheBatch()
    {
        VisualSnapshot w;
        QCOMPARE(TrainingController::captionOf(w), QStringLiteral("784-128-10 ReLU, untrained weights (batch 0)"));
        w.weightsStep = 1250;
        w.weightsEpoch = 10;
        QCOMPARE(TrainingController::captionOf(w), QStringLiteral("784-128-10 ReLU, weights after batch 1,250 (epoch 10)"));
        w.atHead = false;
        w.network.hidden = {256, 128};
        w.network.activation = Activation::Tanh;
        QCOMPARE(TrainingController::captionOf(w),
                 QStringLiteral("784-256-128-10 tanh, weights after batch 1,250 (epoch 10), from the timeline"));
        w.modelFile = QStringLiteral("m.bplab");
        QCOMPARE(TrainingController::captionOf(w), QStringLiteral("weights from the model file m.bplab"));
    }

private:
    QTemporaryDir m_home;
};

QTEST_MAIN(TestGuiMistakesPage)
#include "tst_guimistakespage.moc"
