// The Compare page wired to a real training controller: runs added in the form train one after the
// other on a pool thread, on the controller's data with its seed and batch size; the table and the
// plot name only what differs, hold each run's accuracy after every epoch (the numbers CompareRun
// gives for the same settings) and its per-class accuracy; each finished run is announced; Stop
// ends the run that trains and drops the waiting ones; Clear empties the view.

#include "guifixtures.h"

#include "comparepage.h"

#include <compareview.h>
#include <drawview.h>
#include <gradientmaps.h>
#include <hiddenwidths.h>
#include <train/networktrainer.h>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QStandardItemModel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <qcustomplot.h>

using namespace bplab;
using namespace bplab::test;

class TestGuiCompare : public QObject
{
    Q_OBJECT

private:
    static void loadSynthetic(TrainingController &controller, const QTemporaryDir &dir)
    {
        QCOMPARE(writeSyntheticDataset(dir.path(), 640, 200), QString());
        QSignalSpy loaded(&controller, &TrainingController::dataChanged);
        controller.loadData(dir.path());
        QVERIFY(loaded.wait(20000));
        QTRY_COMPARE(controller.state(), TrainingState::Paused);
    }

    static CompareChoice choice(std::vector<int> hidden, int epochs)
    {
        CompareChoice c;
        c.arch.hidden = std::move(hidden);
        c.epochs = epochs;
        c.lr = 0.1;
        return c;
    }

    static QString cell(const CompareView *view, int row, int column)
    {
        const QTableWidgetItem *item = view->table()->item(row, column);
        return item ? item->text() : QString();
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void runsTrainSideBySide()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        QStringList heard;
        QVector<OtherNetwork> networks;
        int networkUpdates = 0;
        CompareView *view = makeComparePage(
                &controller, [&heard](const QString &text) { heard << text; },
                [&](const QVector<OtherNetwork> &n) {
                    networks = n;
                    ++networkUpdates;
                });
        const std::unique_ptr<CompareView> owner(view);
        view->resize(1100, 700);
        view->show();

        // Typed into the form as a teacher would: no hidden layer, then 16 ReLU neurons.
        auto *hidden = view->findChild<QLineEdit *>(QStringLiteral("compareHidden"));
        auto *epochs = view->findChild<QSpinBox *>(QStringLiteral("compareEpochs"));
        auto *add = view->findChild<QPushButton *>(QStringLiteral("compareAdd"));
        QVERIFY(hidden && epochs && add);
        epochs->setValue(2);
        hidden->setText(QStringLiteral("0"));
        QTest::mouseClick(add, Qt::LeftButton);
        hidden->setText(QStringLiteral("16"));
        QTest::keyClick(hidden, Qt::Key_Return); // Enter in the field adds it too
        QCOMPARE(view->rows().size(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 60000);

        QCOMPARE(cell(view, 0, 0), QStringLiteral("784-10"));
        QCOMPARE(cell(view, 1, 0), QStringLiteral("784-16-10, ReLU"));
        QCOMPARE(cell(view, 0, 2), QStringLiteral("finished"));
        QCOMPARE(cell(view, 1, 2), QStringLiteral("finished"));
        QCOMPARE(cell(view, 1, 1), QStringLiteral("784-16-10 ReLU, lr 0.1, 2 epochs"));

        // The numbers are those of the same run trained directly.
        const TrainConfig base = controller.trainedConfig();
        for (int i = 0; i < 2; ++i) {
            CompareRun direct(controller.dataSplit(), base, choice(i == 0 ? std::vector<int> {} : std::vector<int> {16}, 2));
            direct.run();
            const CompareProgress p = direct.progress();
            QCOMPARE(view->rows()[i].testAccuracy.size(), 2);
            QCOMPARE(view->rows()[i].testAccuracy.last(), p.epochs.back().testAccuracy);
            QCOMPARE(cell(view, i, 3), QLocale().toString(p.epochs.back().testAccuracy, 'f', 1) + QStringLiteral(" %"));
            const auto perClass = classAccuracies(p.epochs.back().confusion);
            for (int k = 0; k < kOutputs; ++k)
                QCOMPARE(cell(view, i, 5 + k), QLocale().toString(perClass[std::size_t(k)], 'f', 1));
            QVERIFY(view->rows()[i].seconds > 0);
            QCOMPARE(view->rows()[i].firstLayerGradient.size(), 2);
            QCOMPARE(view->rows()[i].firstLayerGradient.last(), p.firstLayerGradient.back());
        }
        // The plot: a graph per run, named as in the legend, one point per epoch.
        QCOMPARE(view->plot()->graphCount(), 2);
        QCOMPARE(view->plot()->graph(0)->name(), QStringLiteral("784-10"));
        QCOMPARE(view->plot()->graph(1)->data()->size(), 2);
        // Where two runs coincide the later one, narrower, dashed, with a smaller marker, leaves
        // the earlier one's colour showing around it.
        const QCPGraph *first = view->plot()->graph(0), *second = view->plot()->graph(1);
        QVERIFY(second->pen().widthF() < first->pen().widthF());
        QVERIFY(second->pen().style() != first->pen().style());
        QVERIFY(second->scatterStyle().size() < first->scatterStyle().size());
        QVERIFY2(view->plotSummary().contains(QStringLiteral("784-16-10, ReLU: ")), qPrintable(view->plotSummary()));
        // The losses after each epoch, from the same reports.
        view->setShown(CompareView::Shown::TestLoss);
        QCOMPARE(view->plot()->graph(1)->data()->size(), 2);
        QCOMPARE(view->plot()->graph(1)->data()->at(1)->value, view->rows()[1].testLoss[1]);
        QVERIFY2(view->plotSummary().startsWith(QStringLiteral("Test loss. 784-10: ")), qPrintable(view->plotSummary()));
        view->setShown(CompareView::Shown::TrainLoss);
        QCOMPARE(view->plot()->graph(0)->data()->at(0)->value, view->rows()[0].trainLoss[0]);
        QVERIFY(view->rows()[0].trainLoss[0] > view->rows()[0].trainLoss[1]); // it learns
        QCOMPARE(heard.size(), 2);
        QVERIFY2(heard[0].startsWith(QStringLiteral("784-10 finished: test accuracy ")), qPrintable(heard[0]));

        // The runs' latest weights reach the Draw view, which asks each of them about the drawing.
        QCOMPARE(networks.size(), 2);
        QCOMPARE(networks[1].label, std::string("784-16-10, ReLU"));
        QVERIFY(networks[0].weights && networks[0].weights->hasShape(networks[0].arch));
        QVERIFY2(networkUpdates <= 6, qPrintable(QString::number(networkUpdates))); // per epoch, not per refresh
        DrawView draw;
        QImage stroke(28, 28, QImage::Format_Grayscale8);
        stroke.fill(0);
        for (int y = 6; y < 22; ++y)
            stroke.setPixel(14, y, 255);
        draw.setPicture(stroke, QStringLiteral("a stroke"));
        QCOMPARE(draw.otherAnswersText(), QString());
        draw.setOtherNetworks(networks);
        QStringList expected;
        for (const OtherNetwork &n : networks) {
            const auto p = networkProbabilities(n.arch, *n.weights, draw.result().input.data(), n.normalize);
            const auto best = std::max_element(p.begin(), p.end());
            expected << QStringLiteral("%1 %2 (%3 %)").arg(QString::fromStdString(n.label)).arg(best - p.begin())
                                .arg(QLocale().toString(100.0 * *best, 'f', 1));
        }
        QCOMPARE(draw.otherAnswersText(), QStringLiteral("Compare view's networks: ") + expected.join(QStringLiteral(", ")));

        // Every batch's loss, as its moving average, from 0 to the last epoch's end.
        view->setShown(CompareView::Shown::BatchLoss);
        const LossHistory &losses = *view->rows()[1].losses;
        QCOMPARE(losses.batchCount(), std::size_t(2 * controller.progress().batchesPerEpoch));
        const QCPGraphDataContainer &drawn = *view->plot()->graph(1)->data();
        QCOMPARE(drawn.at(drawn.size() - 1)->key, 2.0);
        QCOMPARE(drawn.at(drawn.size() - 1)->value, losses.movingAverage(losses.batchCount() - 1));
        QVERIFY2(view->plotSummary().startsWith(QStringLiteral("Loss per batch. 784-10: ")), qPrintable(view->plotSummary()));

        // The first layer's gradient size per epoch, then per weight as pictures.
        view->setShown(CompareView::Shown::Gradient);
        QCOMPARE(view->plot()->graph(1)->data()->at(1)->value, view->rows()[1].firstLayerGradient[1]);
        QVERIFY(view->plot()->isVisible());
        view->setShown(CompareView::Shown::GradientMap);
        GradientMaps *maps = view->gradientMaps();
        QVERIFY(maps->isVisible() && !view->plot()->isVisible());
        QVERIFY(maps->scaleTop() > 0);
        QVERIFY2(view->plotSummary().contains(QStringLiteral("784-16-10, ReLU: mean ")), qPrintable(view->plotSummary()));
        // 784-10's first layer is its output layer: 10 tiles, 5 across; 16 neurons: 6 across.
        QCOMPARE(GradientMaps::tilesAcross(10), 5);
        QCOMPARE(GradientMaps::tilesAcross(128), 16);
        // Each weight's cell has the colour of its mean |dL/dW1| on the shared scale: a few cells of
        // neuron 0 and of the last neuron, sampled at their centres.
        const QImage shot = maps->grab().toImage();
        for (int i = 0; i < 2; ++i) {
            const QRect r = maps->mosaicRect(i);
            QVERIFY2(r.width() > 40 && r.height() > 20 && maps->rect().contains(r), qPrintable(QString::number(i)));
            const int neurons = view->rows()[i].firstLayerNeurons;
            const int across = GradientMaps::tilesAcross(neurons), down = (neurons + across - 1) / across;
            const double sx = r.width() / double(across * 29 - 1), sy = r.height() / double(down * 29 - 1);
            const auto &values = *view->rows()[i].gradientMap;
            for (const int j : {0, neurons - 1})
                for (const auto &[row, col] : {std::pair {14, 14}, {10, 20}, {0, 0}, {20, 8}}) {
                    const double v = values[std::size_t(j * kInputs + row * 28 + col)];
                    const QColor want = GradientMaps::colorOf(v / maps->scaleTop());
                    const QColor got = shot.pixelColor(r.left() + int(((j % across) * 29 + col + 0.5) * sx),
                                                       r.top() + int(((j / across) * 29 + row + 0.5) * sy));
                    QVERIFY2(std::abs(got.red() - want.red()) + std::abs(got.green() - want.green())
                                     + std::abs(got.blue() - want.blue()) <= 6,
                             qPrintable(QString("run %1, neuron %2, pixel (%3, %4): %5 drawn as %6, not %7")
                                                .arg(i).arg(j).arg(row).arg(col).arg(v).arg(got.name(), want.name())));
                }
        }
    }

    void stopAndClear()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        CompareView *view = makeComparePage(&controller, {});
        const std::unique_ptr<CompareView> owner(view);
        QSignalSpy add(view, &CompareView::addRequested);
        // Long runs: the first trains while the second waits.
        emit view->addRequested(choice({64}, 500));
        emit view->addRequested(choice({32}, 500));
        QCOMPARE(view->rows().size(), 2);
        QTRY_VERIFY(view->rows()[0].status.startsWith(QStringLiteral("epoch ")));
        QCOMPARE(view->rows()[1].status, QStringLiteral("waiting"));
        auto *stop = view->findChild<QPushButton *>(QStringLiteral("compareStop"));
        QVERIFY(stop->isEnabled());
        QTest::mouseClick(stop, Qt::LeftButton);
        QTRY_VERIFY(comparePageIsIdle(view));
        QCOMPARE(view->rows().size(), 1); // the waiting run is dropped
        QTRY_COMPARE(view->rows()[0].status, QStringLiteral("stopped"));
        QVERIFY(!stop->isEnabled());

        // Four runs at most; Clear empties the view.
        auto *addButton = view->findChild<QPushButton *>(QStringLiteral("compareAdd"));
        for (int i = 0; i < 3; ++i)
            emit view->addRequested(choice({8}, 1));
        QTRY_VERIFY(comparePageIsIdle(view));
        QCOMPARE(view->rows().size(), CompareView::kMaxRuns);
        QVERIFY(!addButton->isEnabled());
        QTest::mouseClick(view->findChild<QPushButton *>(QStringLiteral("compareClear")), Qt::LeftButton);
        QCOMPARE(view->rows().size(), 0);
        QVERIFY(addButton->isEnabled());
        QCOMPARE(view->plot()->graphCount(), 0);
    }

    void aBadWidthIsNamedAndCannotBeAdded()
    {
        TrainingController controller;
        CompareView *view = makeComparePage(&controller, {});
        const std::unique_ptr<CompareView> owner(view);
        auto *hidden = view->findChild<QLineEdit *>(QStringLiteral("compareHidden"));
        hidden->setText(QStringLiteral("0,5"));
        QVERIFY(!view->formChoice());
        QVERIFY(!view->findChild<QPushButton *>(QStringLiteral("compareAdd"))->isEnabled());
        auto *hint = view->findChild<QLabel *>(QStringLiteral("compareHint"));
        // The hint speaks of the control, never of the command line's --hidden.
        QCOMPARE(hint->text(), QStringLiteral("Hidden layer width 0: a hidden layer has 1 to 1,024 neurons."));
        // The words the Compare view and the toolbar's "Hidden layers" dialog show.
        QCOMPARE(hiddenWidthsProblem(QStringLiteral("5000")),
                 QStringLiteral("Hidden layer width 5,000: a hidden layer has 1 to 1,024 neurons."));
        QCOMPARE(hiddenWidthsProblem(QStringLiteral("64,x")),
                 QStringLiteral("Hidden layer widths \"64,x\": \"x\" is not a whole number. Write one width per "
                                "layer, such as 128 or 256,128, or 0 for no hidden layer."));
        QCOMPARE(hiddenWidthsProblem(QStringLiteral("8,8,8")),
                 QStringLiteral("Hidden layer widths 8,8,8: at most 2 hidden layers."));
        QCOMPARE(hiddenWidthsProblem(QStringLiteral(" 256,128 ")), QString());
        for (const char *bad : {"", "0,5", "99999999999999999999999", "-3", "1,,2"})
            QVERIFY2(!hiddenWidthsProblem(QString::fromLatin1(bad)).contains(QStringLiteral("--")), bad);
        hidden->setText(QStringLiteral("256,128"));
        QVERIFY(view->formChoice());
        QCOMPARE(view->formChoice()->arch.hidden, (std::vector<int> {256, 128}));

        // The optimiser: Adam at SGD's rate is allowed, with a word on the usual rate.
        auto *optimizer = view->findChild<QComboBox *>(QStringLiteral("compareOptimizer"));
        QVERIFY(optimizer);
        QCOMPARE(optimizer->currentText(), QStringLiteral("plain SGD"));
        optimizer->setCurrentIndex(optimizer->findText(QStringLiteral("Adam")));
        QVERIFY(view->formChoice()->adam);
        QVERIFY2(hint->text().startsWith(QStringLiteral("Adam usually trains at lr 0.001")), qPrintable(hint->text()));
        QVERIFY(view->findChild<QPushButton *>(QStringLiteral("compareAdd"))->isEnabled());
        // A lesson's momentum the list lacks is added to it.
        CompareChoice lesson;
        lesson.momentum = 0.8;
        view->setFormChoice(lesson);
        QCOMPARE(optimizer->currentText(), QStringLiteral("momentum 0.8"));
        QCOMPARE(view->formChoice()->momentum, 0.8);
        QVERIFY(!view->formChoice()->adam);
    }

    void dropoutAndWeightDecayRunsSideBySide()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        CompareView *view = makeComparePage(&controller, {});
        const std::unique_ptr<CompareView> owner(view);
        view->resize(1100, 700);
        view->show();
        auto *hidden = view->findChild<QLineEdit *>(QStringLiteral("compareHidden"));
        auto *decay = view->findChild<QLineEdit *>(QStringLiteral("compareWeightDecay"));
        auto *epochs = view->findChild<QSpinBox *>(QStringLiteral("compareEpochs"));
        auto *add = view->findChild<QPushButton *>(QStringLiteral("compareAdd"));
        auto *hint = view->findChild<QLabel *>(QStringLiteral("compareHint"));
        QVERIFY(hidden && decay && epochs && add && hint);

        // Refused with a line that says why: a layer list that cannot be built, a decay that is no
        // number from 0 to 1.
        hidden->setText(QStringLiteral("dense 16, dropout 1"));
        QVERIFY(!view->formChoice() && !add->isEnabled());
        QCOMPARE(hint->text(), layerListProblem(hidden->text()));
        QVERIFY(!hint->text().isEmpty());
        hidden->setText(QStringLiteral("16"));
        decay->setText(QStringLiteral("much"));
        QVERIFY(!view->formChoice() && !add->isEnabled());
        QCOMPARE(hint->text(), QStringLiteral("Weight decay \"much\": a number from 0 to 1 (0: none; e.g. 0.0005)."));
        decay->setText(QStringLiteral("5e-4"));
        QCOMPARE(view->formChoice()->weightDecay, 0.0005);

        // Plain, with dropout, with weight decay, and a conv net, as a teacher types them.
        epochs->setValue(2);
        decay->setText(QStringLiteral("0"));
        QTest::mouseClick(add, Qt::LeftButton);
        hidden->setText(QStringLiteral("dense 16, dropout 0.5"));
        QTest::mouseClick(add, Qt::LeftButton);
        hidden->setText(QStringLiteral("16"));
        decay->setText(QStringLiteral("0.01"));
        QTest::keyClick(decay, Qt::Key_Return);
        hidden->setText(QStringLiteral("conv 2 5x5, pool 2, dense 8"));
        decay->setText(QStringLiteral("0"));
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(view->rows().size(), 4);
        QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 120000);
        QCOMPARE(cell(view, 0, 0), QStringLiteral("784-16-10, no weight decay"));
        QCOMPARE(cell(view, 1, 0), QStringLiteral("dense 16, dropout 0.5, no weight decay"));
        QCOMPARE(cell(view, 2, 0), QStringLiteral("784-16-10, weight decay 0.01"));
        QCOMPARE(cell(view, 2, 1), QStringLiteral("784-16-10 ReLU, lr 0.1, weight decay 0.01, 2 epochs"));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(cell(view, i, 2), QStringLiteral("finished"));

        // The numbers are those of the same runs trained directly: the decay and the dropout
        // reach the training.
        const TrainConfig base = controller.trainedConfig();
        for (int i = 0; i < 3; ++i) {
            CompareChoice c = choice({16}, 2);
            if (i == 1)
                c.arch = withLayers(*parseLayers("dense 16, dropout 0.5"), Activation::ReLU);
            c.weightDecay = i == 2 ? 0.01 : 0.0;
            CompareRun direct(controller.dataSplit(), base, c);
            direct.run();
            const EpochReport e = direct.progress().epochs.back();
            const CompareRow &row = view->rows()[i];
            QCOMPARE(row.testLoss.last(), e.testLoss);
            QCOMPARE(row.trainAccuracy.last(), e.trainAccuracy);
            QCOMPARE(row.accuracyGap.last(), e.trainAccuracy - e.testAccuracy);
        }
        QVERIFY(view->rows()[0].testLoss.last() != view->rows()[2].testLoss.last());

        // Training accuracy and the gap, plotted per epoch and read out.
        view->setShown(CompareView::Shown::TrainAccuracy);
        QCOMPARE(view->plot()->graph(0)->data()->size(), 2);
        QCOMPARE(view->plot()->graph(0)->data()->at(1)->value, view->rows()[0].trainAccuracy.last());
        view->setShown(CompareView::Shown::AccuracyGap);
        QCOMPARE(view->plot()->graph(1)->data()->at(1)->value, view->rows()[1].accuracyGap.last());
        QVERIFY2(view->plotSummary().startsWith(QStringLiteral("Training minus test accuracy. ")), qPrintable(view->plotSummary()));
        QVERIFY2(view->plotSummary().contains(QStringLiteral(" points after epoch 2")), qPrintable(view->plotSummary()));
        // The conv net's first layer has no per-pixel map; the dense ones have theirs.
        view->setShown(CompareView::Shown::GradientMap);
        QVERIFY(!view->rows()[3].gradientMap);
        QCOMPARE(view->rows()[3].firstLayerNeurons, 0);
        QVERIFY(view->rows()[1].gradientMap);
        QCOMPARE(view->rows()[1].firstLayerNeurons, 16);
        QCOMPARE(view->rows()[3].firstLayerGradient.size(), 2);
        QVERIFY2(view->plotSummary().contains(QStringLiteral("conv 2 5x5, pool 2, dense 8, no weight decay: no map, its first "
                                                             "layer is a convolution")),
                 qPrintable(view->plotSummary()));
    }

    void aModelFileOfAnotherNetworkIsEvaluated()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        QVector<OtherNetwork> networks;
        QStringList heard;
        CompareView *view = makeComparePage(
                &controller, [&heard](const QString &text) { heard << text; },
                [&networks](const QVector<OtherNetwork> &n) { networks = n; });
        const std::unique_ptr<CompareView> owner(view);
        // A 784-16-10 sigmoid network, a little trained, written and read back as a file.
        CompareChoice c = choice({16}, 1);
        c.arch.activation = Activation::Sigmoid;
        CompareRun trained(controller.dataSplit(), controller.trainedConfig(), c);
        trained.run();
        const QString file = dir.filePath(QStringLiteral("s16.bplab"));
        QVERIFY(saveNetworkModel(file.toStdString(), c.arch, *trained.progress().weights).ok());
        const Result<NetworkModel> model = readAnyNetwork(file.toStdString());
        QVERIFY(model.ok());
        QVERIFY(compareModelFile(view, QStringLiteral("s16.bplab"), *model));
        QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 30000);
        QTRY_COMPARE(cell(view, 0, 2), QStringLiteral("evaluated"));

        // Its own numbers, under its file's name; nothing per epoch to plot; it answers drawings.
        QCOMPARE(cell(view, 0, 0), QStringLiteral("s16.bplab"));
        QCOMPARE(cell(view, 0, 1), QStringLiteral("784-16-10 sigmoid, model file"));
        const Evaluation direct = evaluateNetwork(c.arch, model->params, controller.dataSplit()->test,
                                                  controller.trainedConfig().normalize);
        QCOMPARE(view->rows()[0].testAccuracy.last(), direct.accuracy);
        QCOMPARE(direct.accuracy, trained.progress().epochs.back().testAccuracy);
        QCOMPARE(view->plot()->graphCount(), 0);
        QCOMPARE(networks.size(), 1);
        QCOMPARE(networks[0].label, std::string("s16.bplab"));
        QVERIFY2(heard.value(0).startsWith(QStringLiteral("s16.bplab evaluated: test accuracy ")), qPrintable(heard.value(0)));
        // Trained runs beside it are named by what tells them apart, the file by its name.
        CompareChoice f = c;
        f.fileName = "s16.bplab";
        QCOMPARE(runLabels({f, choice({32}, 1), choice({16}, 1)}),
                 (std::vector<std::string> {"s16.bplab", "784-32-10", "784-16-10"}));
    }

    void aRunGoesOnFromTheShownBatch()
    {
        QTemporaryDir dir;
        TrainingController controller;
        loadSynthetic(controller, dir);
        CompareView *view = makeComparePage(&controller, {});
        const std::unique_ptr<CompareView> owner(view);
        view->show(); // the form follows the shown batch while it is on screen
        QVERIFY(QTest::qWaitForWindowExposed(view));
        auto *start = view->findChild<QComboBox *>(QStringLiteral("compareStart"));
        auto *hidden = view->findChild<QLineEdit *>(QStringLiteral("compareHidden"));
        auto *epochs = view->findChild<QSpinBox *>(QStringLiteral("compareEpochs"));
        auto *add = view->findChild<QPushButton *>(QStringLiteral("compareAdd"));
        auto *hint = view->findChild<QLabel *>(QStringLiteral("compareHint"));
        QVERIFY(start && hidden && epochs && add && hint);
        // Nothing trained yet: only new weights.
        const auto offered = [start] {
            return qobject_cast<QStandardItemModel *>(start->model())->item(1)->isEnabled();
        };
        QVERIFY(!offered());

        const int perEpoch = int(controller.progress().batchesPerEpoch);
        QVERIFY(perEpoch > 2);
        const qint64 k = perEpoch + 3; // the 4th batch of epoch 2
        runBatches(&controller, k);
        QTRY_COMPARE(qint64(controller.shown()->weightsStep), k);
        QVERIFY(offered());
        QCOMPARE(start->itemText(1), QStringLiteral("batch %1 (epoch 2)").arg(k));
        hidden->setText(QStringLiteral("32"));
        start->setCurrentIndex(1);
        QCOMPARE(hidden->text(), QStringLiteral("128")); // the training's network, to start from
        // Its weights fit 784-128-10 only, and it trains to the end of epoch 2 at least.
        hidden->setText(QStringLiteral("64"));
        QVERIFY(!add->isEnabled());
        QVERIFY2(hint->text().startsWith(QStringLiteral("Only a 784-128-10 network")), qPrintable(hint->text()));
        hidden->setText(QStringLiteral("128"));
        epochs->setValue(1);
        QVERIFY(!add->isEnabled());
        QVERIFY2(hint->text().contains(QStringLiteral("at least 2 epochs")), qPrintable(hint->text()));
        epochs->setValue(3);
        QVERIFY(add->isEnabled());
        QCOMPARE(view->formChoice()->fromStep, std::size_t(k));
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 60000);

        // Epochs 2 and 3 of the training, gone on from batch k with the run's settings: the
        // numbers of the same run made directly from the shown weights.
        const CompareRow &row = view->rows().at(0);
        QCOMPARE(row.status, QStringLiteral("finished"));
        QCOMPARE(row.firstEpoch, 2);
        QCOMPARE(row.testAccuracy.size(), 2);
        QVERIFY2(row.network.endsWith(QStringLiteral(", from batch %1").arg(k)), qPrintable(row.network));
        CompareRun direct(controller.dataSplit(), controller.trainedConfig(), *view->formChoice(),
                          std::make_shared<const MlpParamsF>(*controller.shownWeights()));
        direct.run();
        QCOMPARE(row.testAccuracy.last(), direct.progress().epochs.back().testAccuracy);
        QCOMPARE(view->plot()->graph(0)->data()->at(0)->key, 2.0);

        // Hidden, the form waits; shown again, it offers the batch the views show now.
        view->hide();
        runBatches(&controller, 2);
        QCOMPARE(start->itemText(1), QStringLiteral("batch %1 (epoch 2)").arg(k));
        view->show();
        QTRY_COMPARE(start->itemText(1), QStringLiteral("batch %1 (epoch 2)").arg(k + 2));

        // Without data there is nothing to go on from.
        controller.loadData(dir.path() + QStringLiteral("/missing"));
        QTRY_VERIFY(!controller.dataSplit());
        QVERIFY(!offered());
        QCOMPARE(start->currentIndex(), 0);
    }

    void aRunWithTheTrainingsMomentumGoesOnAsTheTrainingDid_data()
    {
        QTest::addColumn<bool>("twoLayers");
        QTest::newRow("the source's network") << false;
        QTest::newRow("784-24-12-10 tanh") << true;
    }
    void aRunWithTheTrainingsMomentumGoesOnAsTheTrainingDid()
    {
        // Momentum 0.9: a run from batch k with the training's network, rate and momentum takes
        // the training's momentum buffer there, read from the worker first; it ends where the
        // same run made with that buffer ends, not where one with a fresh buffer does.
        QFETCH(bool, twoLayers);
        QTemporaryDir dir;
        TrainingController controller;
        TrainConfig config = controller.config();
        if (twoLayers)
            config = withNetwork(config, {24, 12}, Activation::Tanh);
        config.momentum = 0.9;
        controller.setConfig(config);
        loadSynthetic(controller, dir);
        QCOMPARE(controller.trainedConfig().momentum, 0.9);
        QVERIFY(controller.trainedConfig().network == config.network);
        CompareView *view = makeComparePage(&controller, {});
        const std::unique_ptr<CompareView> owner(view);
        const qint64 k = qint64(controller.progress().batchesPerEpoch) + 3;
        runBatches(&controller, k);
        QTRY_COMPARE(qint64(controller.shown()->weightsStep), k);
        // Going on from the shown batch, the form offers the training's network.
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view));
        auto *startBox = view->findChild<QComboBox *>(QStringLiteral("compareStart"));
        QVERIFY(startBox);
        QTRY_VERIFY(qobject_cast<QStandardItemModel *>(startBox->model())->item(1)->isEnabled());
        startBox->setCurrentIndex(1);
        QVERIFY(view->formChoice());
        QVERIFY(view->formChoice()->arch == config.network);
        QCOMPARE(view->formChoice()->fromStep, std::size_t(k));
        CompareChoice c = choice(config.network.hidden, 3);
        c.arch.activation = config.network.activation;
        c.lr = controller.trainedConfig().lr;
        c.momentum = 0.9;
        c.fromStep = std::size_t(k);
        startComparison(view, {c});
        QVERIFY(!comparePageIsIdle(view)); // the training's buffer is on its way
        QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 60000);
        const std::vector<std::optional<CompareResult>> results = comparisonResults(view);
        QCOMPARE(results.size(), std::size_t(1));
        QVERIFY(results[0].has_value());

        std::shared_ptr<const NetworkOptimizerState> state;
        std::uint64_t at = 0;
        controller.fetchShownOptimizerState(&controller, [&](std::shared_ptr<const NetworkOptimizerState> s,
                                                             std::uint64_t step) {
            state = std::move(s);
            at = step;
        });
        QTRY_VERIFY(state);
        QCOMPARE(at, std::uint64_t(k));
        const auto start = twoLayers ? controller.shown()->weights
                                     : std::make_shared<const MlpParamsF>(*controller.shownWeights());
        QVERIFY(start && start->hasShape(c.arch));
        CompareRun with(controller.dataSplit(), controller.trainedConfig(), c, start, state);
        CompareRun without(controller.dataSplit(), controller.trainedConfig(), c, start);
        QVERIFY(with.continuesOptimizer());
        with.run();
        without.run();
        const double gradient = with.progress().firstLayerGradient.back();
        QCOMPARE(results[0]->firstLayerGradient, gradient);
        QCOMPARE(results[0]->testAccuracy, with.progress().epochs.back().testAccuracy);
        QVERIFY(without.progress().firstLayerGradient.back() != gradient);
    }
};

QTEST_MAIN(TestGuiCompare)
#include "tst_guicompare.moc"
