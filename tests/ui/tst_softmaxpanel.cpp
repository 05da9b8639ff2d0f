// The SoftMax panel shows the logits, exponentials, probabilities and marks of a known trace.

#include "softmaxpanel.h"
#include "uiformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace bplab;

class TestSoftmaxPanel : public QObject
{
    Q_OBJECT

private slots:
    void fourSignificantDigits_data();
    void fourSignificantDigits();
    void fourSignificantDigitsInTheUsersLocale();
    void rowsShowTheTrace();
    void marksOnTargetAndPrediction();
    void rightPredictionHasBothMarks();
    void barsHaveTheProbabilityLength();
    void overflowIsExplained();
    void classNames();
    void wrongShapeClears();
    void exportsPictureAndTable();
};

// A trace as the core makes it: p = e^z / sum e^z for fixed logits.
static MlpTraceF knownTrace(int label, int predicted)
{
    static const float logits[10]
            = {1.23456f, -0.5f, 2.0f, 0.0f, -3.25f, 4.5f, 0.125f, -1.0f, 0.75f, 3.0f};
    MlpTraceF t;
    t.logits.resize(10);
    t.exp.resize(10);
    t.probabilities.resize(10);
    t.expSum = 0;
    for (int k = 0; k < 10; ++k) {
        t.logits[k] = logits[k];
        t.exp[k] = std::exp(logits[k]);
        t.expSum += t.exp[k];
    }
    for (int k = 0; k < 10; ++k)
        t.probabilities[k] = t.exp[k] / t.expSum;
    t.label = label;
    t.predicted = predicted;
    return t;
}

void TestSoftmaxPanel::fourSignificantDigits_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("half keeps zeros") << 0.5 << "0.5000";
    QTest::newRow("zero") << 0.0 << "0.000";
    QTest::newRow("rounds") << 1.23456 << "1.235";
    QTest::newRow("small") << 0.00123456 << "0.001235";
    QTest::newRow("negative") << -12.3456 << "-12.35";
    QTest::newRow("large") << 12346.0 << "1.235e4";
    QTest::newRow("four digits, no dangling point") << 5106.3 << "5106";
    QTest::newRow("a sum of e^z") << -5350.0 << "-5350";
    QTest::newRow("tiny") << 2.5e-7 << "2.500e-7";
    QTest::newRow("e^90") << std::exp(90.0) << "1.220e39";
    QTest::newRow("inf") << double(INFINITY) << "inf";
}

void TestSoftmaxPanel::fourSignificantDigits()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(bplab::formatSig4(value), text);
}

// On screen the reader's decimal point: German writes 0,5000.
void TestSoftmaxPanel::fourSignificantDigitsInTheUsersLocale()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(bplab::formatSig4(0.5), QStringLiteral("0,5000"));
    QCOMPARE(bplab::formatSig4(5106.3), QStringLiteral("5106"));
    QCOMPARE(bplab::formatSig4(2.5e-7), QStringLiteral("2,500e-7"));
    QLocale::setDefault(before);
    QCOMPARE(bplab::formatSig4(0.5), QStringLiteral("0.5000"));
}

void TestSoftmaxPanel::rowsShowTheTrace()
{
    SoftmaxPanel panel;
    const MlpTraceF t = knownTrace(3, 5);
    panel.setTrace(t);
    QVERIFY(panel.hasTrace());
    QCOMPARE(panel.rowCount(), 10);
    // Neuron 1 (class 0): z = 1.23456 -> "1.235", e^z = 3.4368... -> "3.437".
    QCOMPARE(panel.logitText(0), QStringLiteral("1.235"));
    QCOMPARE(panel.expText(0), QStringLiteral("3.437"));
    QCOMPARE(panel.neuronText(0), QStringLiteral("neuron 1 (class 0)"));
    QCOMPARE(panel.logitText(4), QStringLiteral("-3.250"));
    QCOMPARE(panel.expText(4), QStringLiteral("0.03877"));
    for (int k = 0; k < 10; ++k) {
        QCOMPARE(panel.probabilityText(k), formatSig4(t.probabilities[k]));
        QString expected = QStringLiteral("neuron %1 (class %2) | z = %3 | e^z = %4 | p = %5")
                                   .arg(k + 1)
                                   .arg(k)
                                   .arg(formatSig4(t.logits[k]), formatSig4(t.exp[k]),
                                        formatSig4(t.probabilities[k]));
        if (k == 3)
            expected += QStringLiteral(" | target");
        if (k == 5)
            expected += QStringLiteral(" | predicted");
        QCOMPARE(panel.rowText(k), expected);
    }
    QCOMPARE(panel.sumText(), QStringLiteral("sum e^z = ") + formatSig4(t.expSum));
    // The largest logit 4.5 has p = 90.017 / 126.19 = 0.7133.
    QCOMPARE(panel.probabilityText(5), QStringLiteral("0.7133"));
    QCOMPARE(panel.probabilityText(4), QStringLiteral("0.0003073"));
}

void TestSoftmaxPanel::marksOnTargetAndPrediction()
{
    SoftmaxPanel panel;
    panel.setTrace(knownTrace(3, 5));
    QCOMPARE(panel.targetNeuron(), 3);
    QCOMPARE(panel.predictedNeuron(), 5);
    for (int k = 0; k < 10; ++k) {
        const QString expected = k == 3   ? QStringLiteral("target")
                                 : k == 5 ? QStringLiteral("predicted")
                                          : QString();
        QCOMPARE(panel.markText(k), expected);
    }
}

void TestSoftmaxPanel::rightPredictionHasBothMarks()
{
    SoftmaxPanel panel;
    panel.setTrace(knownTrace(5, 5));
    QCOMPARE(panel.markText(5), QStringLiteral("target, predicted"));
    QVERIFY(panel.rowText(5).endsWith(QStringLiteral(" | target, predicted")));
    QCOMPARE(panel.markText(3), QString());
    QCOMPARE(panel.accessibleCell(3, 5), QStringLiteral("neither")); // read aloud, not a blank cell
    QCOMPARE(panel.accessibleCell(5, 5), QStringLiteral("target, predicted"));
}

void TestSoftmaxPanel::barsHaveTheProbabilityLength()
{
    SoftmaxPanel panel;
    panel.resize(700, 480);
    const MlpTraceF t = knownTrace(5, 5); // neuron 6 (index 5): p = 0.7133, drawn as the target
    panel.setTrace(t);
    const QImage shot = panel.grab().toImage();
    const double dpr = shot.devicePixelRatio();
    const QRect bar = panel.barRect(5);
    QVERIFY(bar.width() > 50);
    const auto colorAt = [&](double fraction) {
        const QPoint p(bar.left() + int(fraction * bar.width()), bar.center().y());
        return QColor(shot.pixel(QPoint(int(p.x() * dpr), int(p.y() * dpr))));
    };
    const QColor blue = colors::blue(panel.palette());
    QCOMPARE(colorAt(0.30), blue);
    QCOMPARE(colorAt(0.69), blue);
    QVERIFY(colorAt(0.74) != blue);
    QVERIFY(colorAt(0.90) != blue);
    // Neuron 5 (index 4) has p = 0.0003: almost nothing filled.
    const QRect small = panel.barRect(4);
    QVERIFY(QColor(shot.pixel(int((small.left() + small.width() * 0.2) * dpr),
                              int(small.center().y() * dpr)))
            != colors::grey(panel.palette()));
}

void TestSoftmaxPanel::overflowIsExplained()
{
    SoftmaxPanel panel;
    MlpTraceF t = knownTrace(1, 9);
    for (int k = 0; k < 10; ++k)
        t.logits[k] += 100.0f;
    for (int k = 0; k < 10; ++k)
        t.exp[k] = std::exp(t.logits[k]); // inf in float
    t.expSum = INFINITY;
    t.expFinite = false;
    panel.setTrace(t);
    QCOMPARE(panel.expText(9), QStringLiteral("inf"));
    QVERIFY(panel.sumText().contains(QStringLiteral("overflow")));
    QVERIFY(panel.sumText().contains(QStringLiteral("e^(z - max z)")));
    QCOMPARE(panel.logitText(5), QStringLiteral("104.5"));
    QCOMPARE(panel.probabilityText(5), formatSig4(t.probabilities[5]));
}

void TestSoftmaxPanel::classNames()
{
    SoftmaxPanel panel;
    panel.setClassNames({"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt",
                         "Sneaker", "Bag", "Ankle boot"});
    panel.setTrace(knownTrace(9, 9));
    QCOMPARE(panel.neuronText(9), QStringLiteral("neuron 10 (Ankle boot)"));
    QVERIFY(panel.rowText(0).startsWith(QStringLiteral("neuron 1 (T-shirt/top) | z = 1.235")));
    panel.setClassNames({});
    QCOMPARE(panel.neuronText(9), QStringLiteral("neuron 10 (class 9)"));
}

void TestSoftmaxPanel::wrongShapeClears()
{
    SoftmaxPanel panel;
    panel.setTrace(knownTrace(3, 5));
    MlpTraceF empty;
    panel.setTrace(empty);
    QVERIFY(!panel.hasTrace());
    QCOMPARE(panel.rowText(0), QString());
    QCOMPARE(panel.sumText(), QString());
}

QTEST_MAIN(TestSoftmaxPanel)
// The table as the class saw it: SVG with its words as text, a PDF, and the values as CSV and JSON.
void TestSoftmaxPanel::exportsPictureAndTable()
{
    SoftmaxPanel panel;
    panel.resize(700, 420);
    QTemporaryDir dir;
    QVERIFY(!writePanel(panel.panelExport(), dir.filePath(QStringLiteral("s.csv"))).isEmpty()); // nothing yet
    const MlpTraceF t = knownTrace(3, 5);
    panel.setTrace(t);
    const QString svg = dir.filePath(QStringLiteral("s.svg"));
    QCOMPARE(writePanel(panel.panelExport(), svg), QString());
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<title>the SoftMax table</title>"));
    QVERIFY(svgText.contains(panel.probabilityText(5).toUtf8())); // p of the predicted neuron, as text
    const QString pdf = dir.filePath(QStringLiteral("s.pdf"));
    QCOMPARE(writePanel(panel.panelExport(), pdf), QString());
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QCOMPARE(pdfFile.read(5), QByteArray("%PDF-"));

    const QList<QByteArray> rows = panel.csv().trimmed().split('\n');
    QCOMPARE(rows.size(), 11);
    QCOMPARE(rows[0], QByteArray("neuron,class,logit,exp,probability,target,predicted"));
    const QList<QByteArray> six = rows[6].split(','); // class 5, the predicted one
    QCOMPARE(six[0], QByteArray("6"));
    QCOMPARE(six[2].toFloat(), t.logits[5]);
    QCOMPARE(six[4].toFloat(), t.probabilities[5]);
    QCOMPARE(six[5] + six[6], QByteArray("01"));
    QCOMPARE(rows[4].split(',')[5], QByteArray("1")); // class 3: the target
    const QJsonObject o = QJsonDocument::fromJson(panel.json()).object();
    QCOMPARE(o.value(QStringLiteral("label")).toInt(), 3);
    QCOMPARE(o.value(QStringLiteral("probabilities")).toArray().size(), 10);
    QCOMPARE(float(o.value(QStringLiteral("probabilities")).toArray()[5].toDouble()), t.probabilities[5]);
    // Compact, in the table's order, one line (the bytes the export has always written).
    const QByteArray json = panel.json();
    QVERIFY2(json.startsWith("{\"label\":3,\"predicted\":5,\"logits\":["), json.constData());
    const qsizetype exp = json.indexOf("],\"exp\":["), sum = json.indexOf("],\"exp_sum\":"),
                    p = json.indexOf(",\"probabilities\":[");
    QVERIFY2(exp > 0 && sum > exp && p > sum, json.constData());
    QVERIFY(json.endsWith("]}\n") && json.count('\n') == 1 && !json.contains(' '));
    // With BPLAB_LOOK_DIR set, the exported picture is kept there for a person to look at.
    if (const QString look = qEnvironmentVariable("BPLAB_LOOK_DIR"); !look.isEmpty())
        QCOMPARE(writePanel(panel.panelExport(), look + QStringLiteral("/softmax.png")), QString());
}

#include "tst_softmaxpanel.moc"
