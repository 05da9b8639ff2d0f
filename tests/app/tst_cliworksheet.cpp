// worksheet: the PDF read back with pdftotext holds explain --json's numbers at its 4 significant
// digits; the --blanks cells are absent from page 1 and present on page 2; every network shape;
// cells the network does not have are refused by name.

#include "clitestutil.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace bplab::test;

class TestCliWorksheet : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sheetHoldsExplainNumbers_data();
    void sheetHoldsExplainNumbers();
    void refusesCellsNotInTheNetwork();
    void letterPaper();
    void sheetInGerman();

private:
    QString train(const QString &name, const QStringList &network);
    /** The words of one page of the PDF, as pdftotext reads them. */
    static QStringList pageWords(const QString &pdf, int page);

    QTemporaryDir m_tmp;
    QString m_data;
    QString m_pdftotext;
};

namespace {
QString sheetNumber(double v)
{
    return QString::number(v + 0.0, 'g', 4);
}
} // namespace

void TestCliWorksheet::initTestCase()
{
    m_pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (m_pdftotext.isEmpty())
        QSKIP("pdftotext (poppler-utils) is not installed");
    QVERIFY(m_tmp.isValid());
    m_data = m_tmp.filePath(QStringLiteral("data"));
    QVERIFY(writeSyntheticFolder(m_data, 200, 20, 7));
}

QString TestCliWorksheet::train(const QString &name, const QStringList &network)
{
    const QString model = m_tmp.filePath(name + QStringLiteral(".bplab"));
    const CliRun run = runCli(
            QStringList {"train", "--data", m_data, "--epochs", "1", "--seed", "3", "--save", model}
            + network);
    if (run.exitCode != 0)
        qWarning("%s", run.err.constData());
    return model;
}

QStringList TestCliWorksheet::pageWords(const QString &pdf, int page)
{
    QProcess p;
    p.start(QStandardPaths::findExecutable(QStringLiteral("pdftotext")),
            {"-f", QString::number(page), "-l", QString::number(page), pdf, "-"});
    p.waitForFinished(30000);
    return QString::fromUtf8(p.readAllStandardOutput())
            .split(QRegularExpression(QStringLiteral("[\\s;]+")), Qt::SkipEmptyParts);
}

void TestCliWorksheet::sheetHoldsExplainNumbers_data()
{
    QTest::addColumn<QStringList>("network");
    QTest::addColumn<int>("hiddenLayers");
    QTest::newRow("784-10") << QStringList {"--hidden", "0"} << 0;
    QTest::newRow("784-128-10 ReLU") << QStringList {} << 1;
    QTest::newRow("784-256-128-10 tanh")
            << QStringList {"--hidden", "256,128", "--activation", "tanh"} << 2;
}

void TestCliWorksheet::sheetHoldsExplainNumbers()
{
    QFETCH(QStringList, network);
    QFETCH(int, hiddenLayers);
    const QString model = train(QString::number(hiddenLayers), network);
    const CliRun explain = runCli({"explain", "--model", model, "--data", m_data, "--set", "test",
                                   "--index", "4", "--json"});
    QVERIFY2(explain.exitCode == 0, explain.err.constData());
    const QJsonObject o = explain.json();
    const int label = o.value("label").toInt();
    const QJsonArray hidden = o.value("hidden").toArray();
    QCOMPARE(hidden.size(), hiddenLayers);
    const QVector<double> p = numbers(o.value("probabilities"));
    const QVector<double> logits = numbers(o.value("logits"));
    const QVector<double> deltaOut = numbers(o.value("delta_out"));
    const QVector<double> x = numbers(o.value("input"));
    const int L = hiddenLayers + 1;
    const int k = (label + 3) % 10; // a class other than the label: its delta is its p
    const int j = 4;                // hidden neuron 5 of every hidden layer
    int pixel = 0;                  // a pixel that is not 0
    while (x[pixel] == 0)
        ++pixel;

    // The blanks and their values from explain.
    QStringList spec;
    QVector<QPair<QString, double>> blanks;
    for (int l = 1; l <= hiddenLayers; ++l) {
        const QJsonObject h = hidden[l - 1].toObject();
        blanks.push_back({QStringLiteral("z%1:%2").arg(l).arg(j + 1), numbers(h.value("z"))[j]});
        blanks.push_back({QStringLiteral("a%1:%2").arg(l).arg(j + 1), numbers(h.value("a"))[j]});
        blanks.push_back(
                {QStringLiteral("delta%1:%2").arg(l).arg(j + 1), numbers(h.value("delta"))[j]});
    }
    blanks.push_back({QStringLiteral("p:%1").arg(k + 1), p[k]});
    blanks.push_back({QStringLiteral("loss"), o.value("loss").toDouble()});
    blanks.push_back({QStringLiteral("z%1:%2").arg(L).arg(label + 1), logits[label]});
    // dL/dw of the output layer's weight from the last layer's neuron 5 (the pixel without one)
    const double in = hiddenLayers ? numbers(hidden.last().toObject().value("a"))[j] : x[pixel];
    const int col = hiddenLayers ? j : pixel;
    blanks.push_back({QStringLiteral("dLdw%1:%2:%3").arg(L).arg(label + 1).arg(col + 1),
                      double(float(deltaOut[label]) * float(in))});
    // its change in the step, Delta w = -lr dL/dw (lr 0.1, the worksheet's default)
    blanks.push_back({QStringLiteral("Deltaw%1:%2:%3").arg(L).arg(label + 1).arg(col + 1),
                      double(-0.1f * (float(deltaOut[label]) * float(in)))});
    for (const auto &b : blanks)
        spec << b.first;
    spec << QStringLiteral("w%1:%2:%3").arg(L).arg(label + 1).arg(col + 1);

    const QString pdf = m_tmp.filePath(QStringLiteral("sheet%1.pdf").arg(hiddenLayers));
    const CliRun run
            = runCli({"worksheet", "--model", model, "--data", m_data, "--set", "test", "--index",
                      "4", "--blanks", spec.join(QLatin1Char(',')), "--out", pdf});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(readFile(pdf).startsWith("%PDF"));
    const QStringList page1 = pageWords(pdf, 1), page2 = pageWords(pdf, 2);
    QVERIFY2(page1.size() > 100, qPrintable(page1.join(' ')));

    for (const auto &[name, value] : std::as_const(blanks)) {
        const QString text = sheetNumber(value);
        if (text == QLatin1String("0") || text == QLatin1String("1") || text == QLatin1String("-1"))
            continue; // too common to tell a blank from another cell
        QVERIFY2(!page1.contains(text),
                 qPrintable(QStringLiteral("%1 = %2 is on page 1").arg(name, text)));
        QVERIFY2(page2.contains(text),
                 qPrintable(QStringLiteral("%1 = %2 is not on page 2").arg(name, text)));
        QVERIFY2(page2.contains(name), qPrintable(name + " is not listed on page 2"));
    }
    // The numbers not blank: every logit and probability of the other classes, at 4 digits.
    for (int c = 0; c < 10; ++c) {
        if (c == k || c == label)
            continue;
        QVERIFY2(page1.contains(sheetNumber(p[c])),
                 qPrintable(QStringLiteral("p%1 = %2").arg(c + 1).arg(sheetNumber(p[c]))));
        QVERIFY2(page1.contains(sheetNumber(logits[c])),
                 qPrintable(QStringLiteral("z%1 = %2").arg(c + 1).arg(sheetNumber(logits[c]))));
    }
    QVERIFY(page2.contains(sheetNumber(p[label])));
    QVERIFY(page1.join(QLatin1Char(' ')).contains(o.value("network").toString()));
}

void TestCliWorksheet::refusesCellsNotInTheNetwork()
{
    const QString model = train(QStringLiteral("refuse"), {});
    const QString pdf = m_tmp.filePath(QStringLiteral("refused.pdf"));
    const QStringList base {"worksheet", "--model", model, "--data", m_data, "--set",
                            "test",      "--index", "0",   "--out",  pdf};
    CliRun run = runCli(base + QStringList {"--blanks", "a2:5"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("a2:5") && run.err.contains("784-128-10"), run.err.constData());
    run = runCli(base + QStringList {"--blanks", "z1:129"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("128 neurons"), run.err.constData());
    run = runCli(base + QStringList {"--blanks", "z1:5,q:2"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("item 2") && run.err.contains("\"q:2\""), run.err.constData());
    run = runCli(base + QStringList {"--index", "20"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(!QFile::exists(pdf));
}

void TestCliWorksheet::letterPaper()
{
    const QString model = train(QStringLiteral("letter"), {"--hidden", "16"});
    const QString pdf = m_tmp.filePath(QStringLiteral("letter.pdf"));
    const CliRun run = runCli({"worksheet", "--model", model, "--data", m_data, "--set", "train",
                               "--index", "7", "--page", "letter", "--out", pdf});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QProcess info;
    info.start(QStandardPaths::findExecutable(QStringLiteral("pdfinfo")), {pdf});
    info.waitForFinished(30000);
    const QString text = QString::fromUtf8(info.readAllStandardOutput());
    QVERIFY2(text.contains(QLatin1String("612 x 792")), qPrintable(text));
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Pages:\\s+2"))), qPrintable(text));
}

void TestCliWorksheet::sheetInGerman()
{
    // --lang de: the sheet's words in German from the app's translations (the .qm files the
    // build writes), its numbers as in English; without them a note says the sheet stays
    // English. --lang en whatever the system's language; another language is refused.
    const QString model = train(QStringLiteral("german"), {"--hidden", "16"});
    const QString pdf = m_tmp.filePath(QStringLiteral("german.pdf"));
    const QStringList base {"worksheet", "--model", model, "--data", m_data, "--set", "test",
                            "--index", "2", "--blanks", "loss,dLdw2:1:1", "--out", pdf};
    CliRun run = runCli(base + QStringList {"--lang", "de"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString german = pageWords(pdf, 2).join(QLatin1Char(' '));
    if (run.err.contains("no \"de\" translation"))
        QVERIFY2(german.contains(QLatin1String("worksheet")), qPrintable(german));
    else
        for (const char *word : {"Arbeitsblatt", "Testbild", "Verlust", "Lösungen"})
            QVERIFY2(german.contains(QString::fromUtf8(word)), qPrintable(german));
    run = runCli(base + QStringList {"--lang", "en"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString english = pageWords(pdf, 2).join(QLatin1Char(' '));
    QVERIFY2(english.contains(QLatin1String("worksheet: test image 2")) && english.contains(QLatin1String("Answers")),
             qPrintable(english));
    // the same numbers in either language
    const QStringList numbers = english.split(QLatin1Char(' ')).filter(QRegularExpression(QStringLiteral("^-?[0-9.]+(e-?[0-9]+)?$")));
    for (const QString &n : numbers)
        QVERIFY2(german.contains(n), qPrintable(n));
    QCOMPARE(runCli(base + QStringList {"--lang", "fr"}).exitCode, 1);
}

QTEST_GUILESS_MAIN(TestCliWorksheet)
#include "tst_cliworksheet.moc"
