// A convolutional network in the app: --layers and --weight-decay on the command line (refused
// with --hidden, with the layer parser's message), and a tiny conv net trained a few batches in
// the window, after which the Train view's conv panels hold the trainer's values (kernels and
// their gradients, the sample's feature maps, its dropout mask, the weights' norm) and every view
// can be shown without a crash.

#include "guifixtures.h"

#include <conv/convfilterpanel.h>
#include <conv/dropoutmaskpanel.h>
#include <conv/featuremappanel.h>
#include <conv/weightnormpanel.h>
#include <guioptions.h>
#include <heatmappanel.h>
#include <softmaxpanel.h>
#include <steppredict.h>
#include <stepview.h>
#include <lesson/lessonanswer.h>
#include <trainervisuals.h>
#include <trainview.h>
#include <nn/layerpass.h>
#include <train/trainer.h>

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QMessageBox>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

#include <cmath>
#include <memory>
#include <random>

using namespace bplab;

namespace {
const char *const kLayers = "conv 4 5x5, pool 2, dense 16, dropout 0.25";

/** The messages Qt printed that name QPainter, while it is installed (the previous handler still
 *  prints every message). */
QStringList g_painterWarnings;
QtMessageHandler g_previousHandler = nullptr;
void notePainterWarnings(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains(QLatin1String("QPainter")) || message.contains(QLatin1String("paint buffer")))
        g_painterWarnings << message;
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

bool allFinite(const std::vector<float> &v)
{
    return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
}
} // namespace

class TestGuiConv : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useOwnSettings(m_dir.path() + QStringLiteral("/settings"));
        const QString error = test::writeSyntheticDataset(m_dir.path(), 320, 100);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void commandLineTakesLayers()
    {
        GuiOptions o;
        bool exitNow = false;
        QCOMPARE(parseGuiOptions({QStringLiteral("app"), QStringLiteral("--layers"), QString::fromLatin1(kLayers),
                                  QStringLiteral("--weight-decay"), QStringLiteral("5e-4")},
                                 o, exitNow),
                 QString());
        QVERIFY(o.layers.has_value());
        QCOMPARE(int(o.layers->size()), 4);
        QCOMPARE(*o.weightDecay, 5e-4);
        // --hidden names the network too: one of them.
        GuiOptions both;
        const QString refused = parseGuiOptions({QStringLiteral("app"), QStringLiteral("--layers"), QStringLiteral("conv 8 5x5"),
                                                 QStringLiteral("--hidden"), QStringLiteral("64")},
                                                both, exitNow);
        QVERIFY2(refused.contains(QStringLiteral("--layers and --hidden")), qPrintable(refused));
        // A layer that cannot be built: the parser's message, naming it.
        GuiOptions bad;
        const QString message = parseGuiOptions({QStringLiteral("app"), QStringLiteral("--layers"), QStringLiteral("conv 8 5x5, dropout 1")},
                                                bad, exitNow);
        QVERIFY2(message.contains(QStringLiteral("dropout 1")), qPrintable(message));
        GuiOptions decay;
        QVERIFY(!parseGuiOptions({QStringLiteral("app"), QStringLiteral("--weight-decay"), QStringLiteral("2")}, decay, exitNow).isEmpty());
    }

    void dropoutMaskIsTheTrainingPasss()
    {
        // Random pictures: the sample's values before the dropout layer are mostly not 0.
        auto data = std::make_shared<DataSplit>();
        std::mt19937 rng(3);
        for (Dataset *set : {&data->train, &data->test}) {
            set->pixels.resize(100 * 784);
            set->labels.resize(100);
            for (auto &p : set->pixels)
                p = std::uint8_t(rng() % 256);
            for (std::size_t i = 0; i < 100; ++i)
                set->labels[i] = std::uint8_t(i % 10);
        }
        TrainConfig config = sourceRecipe();
        config.network = withLayers(*parseLayers("conv 4 5x5, pool 2, dense 32, dropout 0.5"), Activation::Tanh);
        config.batch = 20;
        config.epochs = 1;
        config.seed = 11;
        Trainer trainer(data, config);
        trainer.trainBatch();
        trainer.trainBatch();
        const std::shared_ptr<VisualSnapshot> s = visualOf(trainer, data->train, config.lr);
        QVERIFY(s->conv);
        QCOMPARE(int(s->conv->masks.size()), 1);
        const DropoutMask &mask = s->conv->masks[0];
        QCOMPARE(mask.dropped.size(), std::size_t(32));
        // The sample's own training pass (the last batch, batch 1, where it came first): a value
        // the dropout layer was given and passed on as 0 is exactly one the mask calls off.
        LayerPass<float> pass(trainer.network(), 1);
        pass.X.col(0) = scaleInput<float>(data->train.image(std::size_t(s->sampleIndex)), config.normalize);
        PassContext ctx;
        ctx.training = true;
        ctx.seed = config.seed;
        ctx.batch = 1;
        ctx.firstSample = 0;
        pass.forward(trainer.params(), 1, ctx);
        int off = 0, given = 0;
        for (int j = 0; j < 32; ++j) {
            if (pass.values(2)(j, 0) == 0.0f)
                continue;
            ++given;
            QCOMPARE(bool(mask.dropped[std::size_t(j)]), pass.values(3)(j, 0) == 0.0f);
            off += mask.dropped[std::size_t(j)];
        }
        QVERIFY2(given > 20 && off > 3 && off < given - 3, qPrintable(QStringLiteral("%1 of %2 off").arg(off).arg(given)));
    }

    void trainsAndFillsTheConvPanels()
    {
        // Nothing paints into an empty device on the way (the hidden heatmaps' plot, for one).
        g_painterWarnings.clear();
        g_previousHandler = qInstallMessageHandler(notePainterWarnings);
        const auto restore = qScopeGuard([] { qInstallMessageHandler(g_previousHandler); });
        MainWindow window;
        TrainConfig config = sourceRecipe();
        config.network = withLayers(*parseLayers(kLayers), Activation::ReLU);
        config.init = initFor(config.network);
        config.weightDecay = 5e-4;
        config.batch = 16;
        config.epochs = 1;
        window.setTrainingConfig(config);
        test::showOnData(window, m_dir.path());
        if (QTest::currentTestFailed())
            return;
        QVERIFY(window.controller()->trainedConfig().network.layered());
        window.setView(View::Train);
        test::runBatches(window.controller(), 3);
        if (QTest::currentTestFailed())
            return;
        TrainView *train = window.trainView();
        // The kernels: 4 of 1 x 5 x 5, with the last batch's gradient, all finite.
        const auto &filters = train->convFilterPanel()->filters();
        QCOMPARE(int(filters.size()), 1);
        QCOMPARE(filters[0].weights.size(), std::size_t(4 * 25));
        QCOMPARE(filters[0].gradients.size(), std::size_t(4 * 25));
        QVERIFY(allFinite(filters[0].weights) && allFinite(filters[0].gradients));
        QVERIFY(std::any_of(filters[0].gradients.begin(), filters[0].gradients.end(), [](float g) { return g != 0; }));
        // The sample's maps after the convolution (28 x 28, same padding) and the pooling.
        const auto &maps = train->featureMapPanel()->maps();
        QCOMPARE(int(maps.size()), 2);
        QCOMPARE(maps[0].channels, 4);
        QCOMPARE(maps[0].height, 28);
        QCOMPARE(maps[1].height, 14);
        QVERIFY(allFinite(maps[1].values));
        // The dropout mask of the sample: 16 values, about a quarter off (not all, not none here).
        const auto &masks = train->dropoutMaskPanel()->masks();
        QCOMPARE(int(masks.size()), 1);
        QCOMPARE(masks[0].dropped.size(), std::size_t(16));
        // The weights' norm after the last batch.
        const auto &norm = train->weightNormPanel()->series();
        QVERIFY(!norm.isEmpty());
        QCOMPARE(norm.constLast().step, std::uint64_t(3));
        QVERIFY(norm.constLast().norm > 0 && std::isfinite(norm.constLast().norm));
        // The dense panels make room: the heatmaps are not shown for a conv net.
        QVERIFY(train->convFilterPanel()->isVisible());
        QVERIFY(train->featureMapPanel()->isVisible());
        QVERIFY(train->dropoutMaskPanel()->isVisible());
        QVERIFY(train->weightNormPanel()->isVisible());
        QVERIFY(!train->heatmapPanel()->isVisible());
        // A screenshot paints every panel, the hidden ones' pending resizes included.
        QVERIFY(!window.grab().isNull());
        QVERIFY2(g_painterWarnings.isEmpty(), qPrintable(g_painterWarnings.join(QLatin1Char('\n'))));
        // The SoftMax table's probabilities are the network's: they sum to 1.
        const VisualPtr shown = window.controller()->shown();
        QVERIFY(shown && shown->conv);
        QVERIFY(std::abs(shown->trace.probabilities.sum() - 1.0f) < 1e-4f);
        // Every view shows (or says it cannot show) the conv net.
        for (const View v : {View::Step, View::Draw, View::Data, View::Mistakes, View::Compare, View::Train}) {
            window.setView(v);
            QTest::qWait(50);
        }
        // Step through takes the conv net's weights: the list's stages, the convolution's page second.
        window.setView(View::Step);
        StepView *step = window.stepView();
        QTRY_VERIFY(step->model()->hasTrace() && step->model()->arch() == config.network);
        QCOMPARE(step->model()->stageCount(), 6 + 2 * 4);
        step->setStage(2);
        QVERIFY(step->pageText().contains(QStringLiteral("Feature map")));
        // Predict first asks for the convolution's selected z, whose true value is the trace's.
        const StepModel &m = *step->model();
        const auto q = StepPredict::questionFor(2, m);
        QVERIFY(q && q->quantity == Quantity::Z1 && q->layer == 0);
        AnswerSources sources;
        m.addTo(sources);
        const auto truth = trueAnswer(*q, sources);
        QVERIFY(truth.ok());
        QCOMPARE(float(truth.value().value), m.trace().hidden[0].z[q->index]);
        QVERIFY(!StepPredict::questionFor(3, m)); // pooling: nothing computed to predict
        window.setView(View::Train);
        test::runBatches(window.controller(), 2);
        QCOMPARE(train->weightNormPanel()->series().constLast().step, std::uint64_t(5));
        // A dense network again: the heatmaps come back and the conv panels go.
        TrainConfig dense = sourceRecipe();
        dense.batch = 16;
        window.setTrainingConfig(dense);
        test::EventSpy<HistoryRestart> resets(window.controller());
        window.controller()->reset();
        QVERIFY(resets.wait(10000));
        QTRY_VERIFY(train->heatmapPanel()->isVisible());
        QVERIFY(!train->convFilterPanel()->isVisible());
    }

    // On a projector's 1280 x 800 a conv net's name does not push the Seed box into the
    // toolbar's overflow menu: the bar names it by its channels ("conv 8-16").
    void presentationToolbarFitsAConvNet()
    {
        MainWindow window;
        TrainConfig config = sourceRecipe();
        config.network = withLayers(*parseLayers("conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64"), Activation::ReLU);
        config.init = initFor(config.network);
        window.setTrainingConfig(config);
        test::showOnData(window, m_dir.path()); // the network trained: no "applied on Reset" hint
        if (QTest::currentTestFailed())
            return;
        window.setPresentationMode(true, /*fullScreen=*/false);
        window.resize(MainWindow::defaultSize());
        QCoreApplication::processEvents();
        auto *bar = window.findChild<QToolBar *>(QStringLiteral("controlBar"));
        QVERIFY(bar);
        auto *network = bar->findChild<QToolButton *>(QStringLiteral("networkBox"));
        QVERIFY(network);
        // The bar lays itself out after the presentation's font and the window's size have
        // arrived: once the seed box is on it, a few more events may still move it off.
        auto *seed = bar->findChild<QWidget *>(QStringLiteral("seedBox"));
        QTRY_VERIFY(seed && seed->isVisible() && bar->rect().contains(seed->geometry()));
        QTest::qWait(300);
        auto *more = bar->findChild<QToolButton *>(QStringLiteral("qt_toolbar_ext_button"));
        QVERIFY(!more || !more->isVisible());
        for (const char *name : {"networkBox", "epochsBox", "seedBox"}) {
            auto *w = bar->findChild<QWidget *>(QLatin1String(name));
            QVERIFY2(w && w->isVisible(), name);
            QVERIFY2(bar->rect().contains(w->geometry()), name);
        }
        QCOMPARE(network->text(), QStringLiteral("conv 8-16"));
        window.setPresentationMode(false);
        QTRY_COMPARE(network->text(), QStringLiteral("conv 8-16, 64 ReLU")); // room for every layer again
    }

    void networkMenuTakesALayerList()
    {
        MainWindow window;
        test::showOnData(window, m_dir.path());
        if (QTest::currentTestFailed())
            return;
        auto *layers = window.findChild<QAction *>(QStringLiteral("networkLayers"));
        auto *decay = window.findChild<QAction *>(QStringLiteral("networkWeightDecay"));
        QVERIFY(layers && decay);
        // A list that cannot be built: the dialog's warning names the layer, nothing changes.
        QString warning;
        answerDialog(QStringLiteral("conv 8 5x5, dropout 1"), &warning);
        layers->trigger();
        QVERIFY2(warning.contains(QStringLiteral("dropout 1")), qPrintable(warning));
        QVERIFY(!window.controller()->config().network.layered());
        // A list that can: the training's settings take it, applied on Reset.
        answerDialog(QString::fromLatin1(kLayers));
        layers->trigger();
        QVERIFY(window.controller()->config().network.layered());
        QCOMPARE(QString::fromStdString(layersText(window.controller()->config().network.layers)), QString::fromLatin1(kLayers));
        QVERIFY(window.controller()->resetPending());
        answerDialog(QStringLiteral("0.001"));
        decay->trigger();
        QCOMPARE(window.controller()->config().weightDecay, 0.001);
        QVERIFY(decay->text().contains(QStringLiteral("0.001")));
    }

private:
    /** Answers the next input dialog with `text`; a warning box that follows is closed, its text
     *  in *warning. */
    void answerDialog(const QString &text, QString *warning = nullptr)
    {
        QTimer::singleShot(0, this, [this, text, warning] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            if (dialog->inputMode() == QInputDialog::DoubleInput)
                dialog->setDoubleValue(text.toDouble());
            else
                dialog->setTextValue(text);
            if (warning)
                QTimer::singleShot(0, this, [warning] {
                    if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                        *warning = box->text();
                        box->accept();
                    }
                });
            dialog->accept();
        });
    }

    QTemporaryDir m_dir;
};

QTEST_MAIN(TestGuiConv)
#include "tst_guiconv.moc"
