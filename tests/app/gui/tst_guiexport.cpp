// Every panel by name through the one export path, in the real window after real training: each
// of its formats is written and reads back as what it claims (a PNG at twice the panel's size, an
// SVG whose title and labels are text, a PDF, a CSV table, a JSON object); and the scripted flags
// (--export-panel, --export-file): the confusion matrix they write equals the CLI's evaluation of
// the model saved at the same batch, and wrong names and formats are refused with exit code 2.

#include "guifixtures.h"

#include <comparepage.h>

#include <mistakesview.h>
#include <gallerypanel.h>
#include <lossplot.h>
#include <mainwindow.h>
#include "panelui.h"
#include <softmaxpanel.h>
#include <spotlight.h>
#include <timelinebar.h>
#include <trainview.h>

#include <qcustomplot.h>

#include <QAction>

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QMenu>
#include <QMenuBar>
#include <QTest>
#include <QXmlStreamReader>

#include <memory>

using namespace bplab;

class TestGuiExport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyPanelInEveryFormat_data();
    void everyPanelInEveryFormat();
    void confusionEqualsTheCliEvaluation();
    void wrongExportsAreRefused_data();
    void wrongExportsAreRefused();
    void spotlightShowsOnePanelLarge();
    void theFileMenuExportsAWorksheet();

private:
    int run(const QString &program, const QStringList &args, QByteArray *out = nullptr, QByteArray *err = nullptr);

    QTemporaryDir m_dir;
    QString m_data;
};

void TestGuiExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_data = m_dir.filePath(QStringLiteral("data"));
    QVERIFY(QDir().mkpath(m_data));
    const QString error = test::writeSyntheticDataset(m_data, 640, 200);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

int TestGuiExport::run(const QString &program, const QStringList &args, QByteArray *out, QByteArray *err)
{
    return test::runOffscreen(program, args, out, err, 120000 * BPLAB_TEST_SLOWDOWN);
}

void TestGuiExport::everyPanelInEveryFormat_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : PanelUi::exportNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestGuiExport::everyPanelInEveryFormat()
{
    QFETCH(QString, name);
    MainWindow window;
    TrainConfig config = sourceRecipe();
    config.seed = 4;
    // The conv panels show a convolutional network with dropout under weight decay.
    if (QStringList{QStringLiteral("filters"), QStringLiteral("featuremaps"), QStringLiteral("dropout"),
                    QStringLiteral("weightnorm")}.contains(name)) {
        config.network = withLayers(*parseLayers("conv 4 5x5, pool 2, dense 16, dropout 0.25"), Activation::ReLU);
        config.init = initFor(config.network);
        config.weightDecay = 5e-4;
    }
    window.setTrainingConfig(config);
    window.show();
    window.openData(m_data);
    QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), TrainingState::Paused, 10000);
    test::runBatches(window.controller(), 30);
    QVERIFY(!QTest::currentTestFailed());

    window.panels()->prepareExport(name);
    QCOMPARE(window.view(), *PanelUi::viewOf(name));
    QTRY_VERIFY_WITH_TIMEOUT(window.panels()->isCurrent(name), 20000);
    if (name == QLatin1String("compare")) {
        // Two runs of one epoch, ended: the plot and the table have something to show.
        CompareChoice one;
        one.epochs = 1;
        CompareChoice other = one;
        other.arch.activation = Activation::Sigmoid;
        startComparison(window.page(MainWindow::View::Compare), {one, other});
        QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(window.page(MainWindow::View::Compare)), 60000 * BPLAB_TEST_SLOWDOWN);
    }
    if (name == QLatin1String("gallery")) {
        // The synthetic classes are learnt without a mistake: the gallery of a right cell.
        auto *view = window.findChild<MistakesView *>();
        QVERIFY(view);
        if (view->gallery()->entries().isEmpty())
            view->showCell(0, 0);
        QVERIFY(!view->gallery()->entries().isEmpty());
    }
    const std::optional<PanelExport> panel = window.panels()->exportNamed(name);
    QVERIFY(panel);
    QVERIFY(!panel->formats.isEmpty());
    QVERIFY(!panel->title.isEmpty());
    for (ExportFormat format : panel->formats) {
        const QString file = m_dir.filePath(name + QLatin1Char('.') + suffixOf(format));
        const QString error = writePanel(*panel, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        switch (format) {
        case ExportFormat::Png: {
            const QImage image = QImage::fromData(bytes, "PNG");
            QVERIFY2(image.width() >= 200 && image.height() >= 100, qPrintable(name));
            break;
        }
        case ExportFormat::Svg: {
            // Well-formed XML; the title and some labels are text, not pixels.
            QXmlStreamReader xml(bytes);
            QString title;
            int texts = 0;
            while (!xml.atEnd()) {
                if (xml.readNext() != QXmlStreamReader::StartElement)
                    continue;
                if (xml.name() == QLatin1String("title"))
                    title = xml.readElementText();
                else if (xml.name() == QLatin1String("text") && !xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed().isEmpty())
                    ++texts;
            }
            QVERIFY2(!xml.hasError(), qPrintable(name + QStringLiteral(": ") + xml.errorString()));
            QCOMPARE(title, panel->title);
            QVERIFY2(texts >= 3, qPrintable(QStringLiteral("%1: %2 texts").arg(name).arg(texts)));
            break;
        }
        case ExportFormat::Pdf:
            QVERIFY(bytes.startsWith("%PDF-"));
            QVERIFY(bytes.trimmed().endsWith("%%EOF"));
            break;
        case ExportFormat::Csv: {
            const QList<QByteArray> lines = bytes.trimmed().split('\n');
            QVERIFY2(lines.size() >= 2, qPrintable(name));
            // A table: every line has as many fields as the first.
            for (const QByteArray &line : lines)
                QCOMPARE(line.count(','), lines.first().count(','));
            break;
        }
        case ExportFormat::Json: {
            QJsonParseError error{};
            const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(name + QStringLiteral(": ") + error.errorString()));
            QVERIFY(doc.isObject() || doc.isArray());
            break;
        }
        }
    }
}

void TestGuiExport::confusionEqualsTheCliEvaluation()
{
    const QString json = m_dir.filePath(QStringLiteral("confusion.json"));
    const QString model = m_dir.filePath(QStringLiteral("m.bpmodel"));
    const QStringList common{QStringLiteral("--data"), m_data, QStringLiteral("--seed"), QStringLiteral("2"),
                             QStringLiteral("--after-batches"), QStringLiteral("25"), QStringLiteral("--timeline-at"),
                             QStringLiteral("17")};
    QByteArray err;
    QCOMPARE(run(QStringLiteral(BPLAB_GUI_PATH),
                 common + QStringList{QStringLiteral("--export-panel"), QStringLiteral("confusion"),
                                      QStringLiteral("--export-file"), json}, nullptr, &err), 0);
    QVERIFY2(err.contains("batch 17"), err.constData());
    QCOMPARE(run(QStringLiteral(BPLAB_GUI_PATH), common + QStringList{QStringLiteral("--save-model"), model}), 0);
    QByteArray out;
    QCOMPARE(run(QStringLiteral(BPLAB_CLI_PATH),
                 {QStringLiteral("eval"), QStringLiteral("--model"), model, QStringLiteral("--data"), m_data,
                  QStringLiteral("--json")}, &out), 0);
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray app = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("confusion")).toArray();
    const QJsonArray cli = QJsonDocument::fromJson(out).object().value(QStringLiteral("confusion")).toArray();
    QCOMPARE(app.size(), 10);
    QCOMPARE(app, cli);
    int total = 0;
    for (const QJsonValue &row : app)
        for (const QJsonValue &v : row.toArray())
            total += v.toInt();
    QCOMPARE(total, 200);
}

void TestGuiExport::wrongExportsAreRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    const QString file = QDir::temp().filePath(QStringLiteral("bplab-never-written.json"));
    QTest::newRow("unknown panel") << QStringList{QStringLiteral("--export-panel"), QStringLiteral("clock"),
                                                  QStringLiteral("--export-file"), file}
                                   << QStringLiteral("confusion");
    QTest::newRow("no file") << QStringList{QStringLiteral("--export-panel"), QStringLiteral("loss")}
                             << QStringLiteral("--export-file");
    QTest::newRow("unknown suffix") << QStringList{QStringLiteral("--export-panel"), QStringLiteral("loss"),
                                                   QStringLiteral("--export-file"), QStringLiteral("loss.bmp")}
                                    << QStringLiteral(".json");
    // The loss history has no JSON: refused after training, naming what it can write.
    QTest::newRow("format the panel lacks")
            << QStringList{QStringLiteral("--after-batches"), QStringLiteral("2"), QStringLiteral("--export-panel"),
                           QStringLiteral("loss"), QStringLiteral("--export-file"),
                           QDir::temp().filePath(QStringLiteral("bplab-never-written.json"))}
            << QStringLiteral(".csv");
}

void TestGuiExport::wrongExportsAreRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    QByteArray err;
    QCOMPARE(run(QStringLiteral(BPLAB_GUI_PATH), QStringList{QStringLiteral("--data"), m_data} + args, nullptr, &err), 2);
    QVERIFY2(err.contains(mentions.toUtf8()), err.constData());
    QVERIFY(!QFile::exists(QDir::temp().filePath(QStringLiteral("bplab-never-written.json"))));
}

void TestGuiExport::spotlightShowsOnePanelLarge()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openData(m_data);
    QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), TrainingState::Paused, 10000);
    test::runBatches(window.controller(), 5);
    LossPlot *loss = window.trainView()->lossPlot();
    QWidget *home = loss->parentWidget();
    const QSize before = loss->size();
    // A double click on the plot inside the panel spotlights the panel.
    QWidget *plot = loss->findChild<QCustomPlot *>();
    QVERIFY(plot);
    QTest::mouseDClick(plot, Qt::LeftButton, {}, plot->rect().center());
    Spotlight *spot = window.panels()->spotlight();
    QVERIFY(spot->isActive());
    QCOMPARE(spot->panel(), static_cast<QWidget *>(loss));
    QTRY_VERIFY(loss->width() > before.width());
    QVERIFY(!window.timelineBar()->isVisible());
    // Readable from the back of the room: text at least 1/40 of the window's height.
    QVERIFY2(loss->fontInfo().pixelSize() * 40 >= window.height(),
             qPrintable(QStringLiteral("%1 px in %2").arg(loss->fontInfo().pixelSize()).arg(window.height())));
    // Training goes on under the spotlight; Esc puts the panel back where it was, at its size.
    window.controller()->step();
    QTRY_COMPARE(window.controller()->stepCount(), std::uint64_t(6));
    QVERIFY(spot->isActive());
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(!spot->isActive());
    QCOMPARE(loss->parentWidget(), home);
    QTRY_COMPARE(loss->size(), before);
    QVERIFY(window.timelineBar()->isVisible());
    // F spotlights the panel with the focus; another view puts it back first.
    window.trainView()->softmaxPanel()->setFocus();
    window.findChild<QAction *>(QStringLiteral("actionSpotlight"))->trigger();
    QCOMPARE(spot->panel(), static_cast<QWidget *>(window.trainView()->softmaxPanel()));
    window.setView(MainWindow::View::Draw);
    QVERIFY(!spot->isActive());
    QCOMPARE(window.view(), MainWindow::View::Draw);
}

// File > Export worksheet... is there for the Step view's image (its file is tested with
// writeStepWorksheet in the Step view's tests; the dialog is not driven here).
void TestGuiExport::theFileMenuExportsAWorksheet()
{
    MainWindow window;
    QMenu *file = window.menuBar()->actions().constFirst()->menu();
    QVERIFY(file);
    QAction *worksheet = window.findChild<QAction *>(QStringLiteral("actionExportWorksheet"));
    QVERIFY(worksheet);
    QVERIFY(file->actions().contains(worksheet));
    QCOMPARE(worksheet->text(), QStringLiteral("Export &worksheet..."));
    QVERIFY(!worksheet->toolTip().isEmpty());
}

QTEST_MAIN(TestGuiExport)
#include "tst_guiexport.moc"
