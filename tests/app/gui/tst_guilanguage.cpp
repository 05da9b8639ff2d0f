// The app's languages: the German .qm translates what a user sees first (menus, views, toolbar,
// status line, stage names), the .ts has no unfinished entry and holds every tr() text of the
// sources (lupdate), View > Language stores its choice, --lang is parsed.

#include "guifixtures.h"

#include <answertally.h>
#include <comparepage.h>
#include <guioptions.h>
#include <language.h>
#include <snapshots.h>

#include <QAction>
#include <QCoreApplication>
#include <QDirIterator>
#include <QFile>
#include <QMenu>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QWidget>

using namespace bplab;

class TestGuiLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void germanTranslatesWhatUsersSeeFirst();
    void tsHasNoUnfinishedEntry();
    void tsHoldsEveryTextOfTheSources();
    void freeTrHelpersUseLupdatesContext();
    void menuStoresTheChoice();
    void unknownLanguagesFallBackToEnglish();
    void langOption();

private:
    QTemporaryDir m_home;
};

void TestGuiLanguage::initTestCase()
{
    QVERIFY(m_home.isValid());
    test::useOwnSettings(m_home.path());
    QVERIFY(QSettings().fileName().startsWith(m_home.path()));
    QCoreApplication::setOrganizationName(QStringLiteral("BackpropLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_guilanguage"));
    QSettings().clear();
}

void TestGuiLanguage::germanTranslatesWhatUsersSeeFirst()
{
    QTranslator de;
    QVERIFY2(de.load(QStringLiteral(BPLAB_QM_DIR "/backprop-lab_de.qm")), BPLAB_QM_DIR);
    const struct
    {
        const char *context, *source, *german;
    } expected[] = {
            {"bplab::MainWindow", "&File", "&Datei"},
            {"bplab::MainWindow", "&View", "&Ansicht"},
            {"bplab::MainWindow", "&Step through", "&Schrittweise"},
            {"bplab::MainActions", "Reset", "Neustart"}, // the window's actions (mainactions.h)
            {"bplab::ControlBar", "&Epochs", "&Epochen"},
            {"bplab::StatusLine", "Paused", "Angehalten"},
            {"bplab::LossPlot", "test loss", "Testverlust"},
            {"bplab", "Weighted sums", "Gewichtete Summen"}, // a free function's tr()
            {"bplab", "&Language", "Sp&rache"},
            {"bplab", "Export as %1…", "Als %1 exportieren…"}, // ui/panelexport.cpp
            {"QObject", "MNIST sample (offline)", "MNIST-Stichprobe (offline)"},
    };
    for (const auto &e : expected)
        QCOMPARE(de.translate(e.context, e.source), QString::fromUtf8(e.german));

    // The status line's state names come from the installed translator.
    QCoreApplication::installTranslator(&de);
    QCOMPARE(stateName(TrainingState::Running), QStringLiteral("Läuft"));
    // A class answers a lesson's question in German, and the true value is shown in German.
    LessonQuestion q;
    q.quantity = Quantity::LossAfterLower; // a yes or no question
    AnswerTally tally;
    QVERIFY(tally.record(q, QStringLiteral("Ja")).isEmpty());
    QVERIFY(tally.record(q, QStringLiteral("nein")).isEmpty());
    QVERIFY(tally.record(q, QStringLiteral("vielleicht")).contains(QStringLiteral("ja oder nein")));
    TrueAnswer truth;
    truth.kind = AnswerKind::YesNo;
    truth.value = 0;
    truth.text = "no";
    tally.judge(q, truth);
    QCOMPARE(tally.right, 1);
    QCOMPARE(shownAnswer(truth.text), QStringLiteral("nein"));
    // The Compare runs' legend names what differs in German words and numbers.
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    CompareChoice slow, fast;
    fast.lr = 0.5;
    fast.momentum = 0.9;
    fast.fromStep = 1250;
    fast.epochs = 4;
    const auto parts = runLabelParts({slow, fast});
    QCOMPARE(runLabelText(parts[0]), QStringLiteral("LR 0,1, einfaches SGD, 3 Epochen, ab Batch 0"));
    QCOMPARE(runLabelText(parts[1]), QStringLiteral("LR 0,5, Momentum 0,9, 4 Epochen, ab Batch 1.250"));
    QCOMPARE(runLabelText(runLabelParts({slow, slow})[1]), QStringLiteral("Lauf 2"));
    QLocale::setDefault(before);
    QCoreApplication::removeTranslator(&de);
    QCOMPARE(shownAnswer(truth.text), QStringLiteral("no"));
    QCOMPARE(stateName(TrainingState::Running), QStringLiteral("Running"));
}

static QString readTs()
{
    QFile f(QStringLiteral(BPLAB_TS_FILE));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

void TestGuiLanguage::tsHasNoUnfinishedEntry()
{
    const QString ts = readTs();
    QVERIFY2(ts.count(QStringLiteral("<message>")) > 600, BPLAB_TS_FILE);
    QCOMPARE(ts.count(QStringLiteral("type=\"unfinished\"")), 0);
    QCOMPARE(ts.count(QStringLiteral("type=\"vanished\"")), 0);
}

void TestGuiLanguage::tsHoldsEveryTextOfTheSources()
{
    // lupdate into a copy: a text added to the sources appears there as a new entry.
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("copy.ts"));
    QVERIFY(QFile::copy(QStringLiteral(BPLAB_TS_FILE), copy));
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(BPLAB_SOURCE_DIR));
    lupdate.start(QStringLiteral(BPLAB_LUPDATE),
                  {QStringLiteral("-locations"), QStringLiteral("none"),
                   QStringLiteral("-no-obsolete"), QStringLiteral("app/gui"), QStringLiteral("ui"),
                   QStringLiteral("-ts"), copy});
    QVERIFY(lupdate.waitForFinished(60000));
    const QString out
            = QString::fromUtf8(lupdate.readAllStandardOutput() + lupdate.readAllStandardError());
    QCOMPARE(lupdate.exitCode(), 0);
    const QRegularExpression found(QStringLiteral("Found (\\d+) source text\\(s\\) \\((\\d+) new"));
    const auto m = found.match(out);
    QVERIFY2(m.hasMatch(), qPrintable(out));
    QVERIFY2(m.captured(2) == QLatin1String("0"),
             qPrintable(
                     QStringLiteral(
                             "%1 texts of the sources are not in translations/backprop-lab_de.ts: "
                             "run `cmake --build build --target update_translations` and "
                             "translate them (%2)")
                             .arg(m.captured(2), out.simplified())));
    QCOMPARE(m.captured(1).toInt(), readTs().count(QStringLiteral("<message>")));
}

void TestGuiLanguage::freeTrHelpersUseLupdatesContext()
{
    // lupdate files a free function's tr("...") under the enclosing namespace; a helper that
    // translates under another context would find none of its texts in the .qm.
    const QRegularExpression helper(
            QStringLiteral("QString tr\\(const char \\*text\\)\\s*\\{\\s*return "
                           "QCoreApplication::translate\\(\"([^\"]+)\""));
    int helpers = 0;
    for (const char *dir : {"app/gui", "ui"}) {
        QDirIterator it(QStringLiteral(BPLAB_SOURCE_DIR "/") + QLatin1String(dir),
                        {QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const auto m = helper.match(QString::fromUtf8(f.readAll()));
            if (!m.hasMatch())
                continue;
            ++helpers;
            QVERIFY2(
                    m.captured(1) == QLatin1String("bplab"),
                    qPrintable(QStringLiteral("%1 translates under \"%2\", lupdate under \"bplab\"")
                                       .arg(f.fileName(), m.captured(1))));
        }
    }
    QVERIFY(helpers >= 5); // language.cpp, the three stage-page files, panelexport.cpp
}

void TestGuiLanguage::menuStoresTheChoice()
{
    QWidget parent;
    QMenu *menu = createLanguageMenu(&parent);
    QStringList names, checked;
    int disabled = 0;
    for (QAction *a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (!a->isEnabled()) {
            ++disabled; // the note that the choice applies at the next start
            continue;
        }
        names << a->text();
        if (a->isChecked())
            checked << a->objectName();
    }
    QCOMPARE(names, (QStringList {QStringLiteral("System"), QStringLiteral("English"),
                                  QStringLiteral("Deutsch")}));
    QCOMPARE(disabled, 1);
    QCOMPARE(checked, QStringList {QStringLiteral("actionLanguage_system")});

    menu->findChild<QAction *>(QStringLiteral("actionLanguage_de"))->trigger();
    QCOMPARE(storedLanguage(), QStringLiteral("de"));
    QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("de"));
    QMenu *again = createLanguageMenu(&parent);
    QVERIFY(again->findChild<QAction *>(QStringLiteral("actionLanguage_de"))->isChecked());

    menu->findChild<QAction *>(QStringLiteral("actionLanguage_system"))->trigger();
    QCOMPARE(storedLanguage(), QString());
    QVERIFY(!QSettings().contains(QStringLiteral("language")));

    QSettings().setValue(QStringLiteral("language"), QStringLiteral("fr")); // not shipped
    QCOMPARE(storedLanguage(), QString());
}

void TestGuiLanguage::unknownLanguagesFallBackToEnglish()
{
    QCOMPARE(applyLanguage(QStringLiteral("fr")), QStringLiteral("en"));
    QCOMPARE(applyLanguage(QStringLiteral("en")), QStringLiteral("en"));
    QCOMPARE(QCoreApplication::translate("bplab::MainWindow", "&File"), QStringLiteral("&File"));
}

void TestGuiLanguage::langOption()
{
    const auto parse = [](const QStringList &args, GuiOptions &o) {
        bool exitNow = false;
        return parseGuiOptions(QStringList {QStringLiteral("backprop-lab")} + args, o, exitNow);
    };
    GuiOptions o;
    QVERIFY(parse({}, o).isEmpty());
    QVERIFY(!o.language);
    QVERIFY(parse({QStringLiteral("--lang"), QStringLiteral("DE")}, o).isEmpty());
    QCOMPARE(*o.language, QStringLiteral("de"));
    GuiOptions s;
    QVERIFY(parse({QStringLiteral("--lang"), QStringLiteral("system")}, s).isEmpty());
    QCOMPARE(*s.language, QString());
    GuiOptions f;
    QCOMPARE(parse({QStringLiteral("--lang"), QStringLiteral("fr")}, f),
             QStringLiteral("--lang must be system, en or de, not \"fr\"."));
}

QTEST_MAIN(TestGuiLanguage)
#include "tst_guilanguage.moc"
