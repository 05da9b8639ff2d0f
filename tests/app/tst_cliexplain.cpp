// explain: every key of the trace with its length, and the maths between them (SoftMax sums to
// 1, loss = -ln p[label], delta_out = p - y, a = relu(z), one SGD step lowers the loss).

#include "clitestutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <QRegularExpression>

#include <cmath>

using namespace bplab::test;

class TestCliExplain : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void jsonTrace_data();
    void jsonTrace();
    void textSummary();
    void indexOutOfRange();
    void overflowingExpIsNull();
    void gradientCheck_data();
    void gradientCheck();

private:
    QTemporaryDir m_tmp;
    QString m_data;
    QString m_model;
    SyntheticSet m_train;
    SyntheticSet m_test;
};

void TestCliExplain::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_data = m_tmp.filePath(QStringLiteral("data"));
    QVERIFY(writeSyntheticFolder(m_data, 200, 60, 7, &m_train, &m_test));
    // Untrained weights (he init, seed 5): losses near ln 10, where one step clearly helps.
    m_model = m_tmp.filePath(QStringLiteral("start.bplab"));
    const CliRun run = runCli(
            {"train", "--data", m_data, "--epochs", "0", "--seed", "5", "--save", m_model});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(QFile::exists(m_model));
}

void TestCliExplain::jsonTrace_data()
{
    QTest::addColumn<QString>("set");
    QTest::addColumn<int>("index");
    QTest::addColumn<double>("lr");
    QTest::newRow("test 0") << "test" << 0 << 0.1;
    QTest::newRow("test 59 (last)") << "test" << 59 << 0.05;
    QTest::newRow("train 123") << "train" << 123 << 0.01;
}

void TestCliExplain::jsonTrace()
{
    QFETCH(QString, set);
    QFETCH(int, index);
    QFETCH(double, lr);
    const CliRun run
            = runCli({"explain", "--model", m_model, "--data", m_data, "--set", set, "--index",
                      QString::number(index), "--lr", QString::number(lr), "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject o = run.json();

    // The keys of every network: the default one's hidden layer is hidden[0] and its output's
    // delta delta_out (the source's own z1, a1, delta1 and delta2 went with its trace type).
    const QStringList expectedKeys
            = {"set",  "index",  "label",  "predicted", "network",   "input",  "target",
               "hidden", "logits",    "exp",       "exp_sum", "probabilities",
               "loss", "delta_out", "lr",        "loss_after"};
    QStringList keys = o.keys();
    QStringList sortedExpected = expectedKeys;
    keys.sort();
    sortedExpected.sort();
    QCOMPARE(keys, sortedExpected);

    const SyntheticSet &source = set == QLatin1String("train") ? m_train : m_test;
    const int label = source.labels.at(index);
    QCOMPARE(o.value("set").toString(), set);
    QCOMPARE(o.value("index").toInt(), index);
    QCOMPARE(o.value("label").toInt(), label);
    QVERIFY(fuzzyEqual(o.value("lr").toDouble(), lr, 1e-6));

    const QVector<double> input = numbers(o.value("input"));
    const QVector<double> target = numbers(o.value("target"));
    QCOMPARE(o.value("hidden").toArray().size(), 1);
    const QJsonObject hidden = o.value("hidden").toArray()[0].toObject();
    const QVector<double> z1 = numbers(hidden.value("z"));
    const QVector<double> a1 = numbers(hidden.value("a"));
    const QVector<double> logits = numbers(o.value("logits"));
    const QVector<double> ex = numbers(o.value("exp"));
    const QVector<double> p = numbers(o.value("probabilities"));
    const QVector<double> delta2 = numbers(o.value("delta_out"));
    const QVector<double> delta1 = numbers(hidden.value("delta"));
    QCOMPARE(input.size(), 784);
    QCOMPARE(target.size(), 10);
    QCOMPARE(z1.size(), 128);
    QCOMPARE(a1.size(), 128);
    QCOMPARE(logits.size(), 10);
    QCOMPARE(ex.size(), 10);
    QCOMPARE(p.size(), 10);
    QCOMPARE(delta2.size(), 10);
    QCOMPARE(delta1.size(), 128);

    // The input is the image's bytes / 255 (no --normalize).
    for (int i = 0; i < 784; ++i) {
        const double expected = double(quint8(source.pixels.at(index * 784 + i))) / 255.0;
        QVERIFY2(fuzzyEqual(input[i], expected, 1e-6, 1e-7), qPrintable(QString::number(i)));
    }
    for (int k = 0; k < 10; ++k)
        QCOMPARE(target[k], k == label ? 1.0 : 0.0);
    for (int j = 0; j < 128; ++j) {
        QCOMPARE(a1[j], std::max(0.0, z1[j]));
        if (z1[j] <= 0) // relu'(z1) = 0 blocks the gradient
            QCOMPARE(delta1[j], 0.0);
    }

    double sum = 0, expSum = 0;
    int argmax = 0;
    for (int k = 0; k < 10; ++k) {
        sum += p[k];
        expSum += ex[k];
        if (p[k] > p[argmax])
            argmax = k;
        QVERIFY(fuzzyEqual(ex[k], std::exp(logits[k]), 1e-5));
        QVERIFY(fuzzyEqual(delta2[k], p[k] - target[k], 1e-5, 1e-7));
    }
    QVERIFY2(std::abs(sum - 1.0) < 1e-5, qPrintable(QString::number(sum, 'g', 10)));
    QVERIFY(fuzzyEqual(o.value("exp_sum").toDouble(), expSum, 1e-5));
    for (int k = 0; k < 10; ++k)
        QVERIFY(fuzzyEqual(p[k], ex[k] / expSum, 1e-5, 1e-9));
    QCOMPARE(o.value("predicted").toInt(), argmax);
    const double loss = o.value("loss").toDouble();
    QVERIFY2(fuzzyEqual(loss, -std::log(p[label]), 1e-5), qPrintable(QString::number(loss)));
    // One SGD step on this sample alone lowers its loss (untrained weights, small lr).
    QVERIFY2(
            o.value("loss_after").toDouble() < loss,
            qPrintable(QStringLiteral("%1 -> %2").arg(loss).arg(o.value("loss_after").toDouble())));
}

void TestCliExplain::textSummary()
{
    const CliRun run = runCli(
            {"explain", "--model", m_model, "--data", m_data, "--set", "test", "--index", "3"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const int label = m_test.labels.at(3);
    const QString out = QString::fromUtf8(run.out);
    QVERIFY2(out.contains(QStringLiteral("label: class %1%2 = output neuron %3")
                                  .arg(label)
                                  .arg(QString())
                                  .arg(label + 1)),
             run.out.constData());
    QVERIFY(out.contains(QStringLiteral("loss L = -ln p[%1]").arg(label)));
    QVERIFY(out.contains(QStringLiteral("after one SGD step")));
    // The ten probabilities: one row per output neuron 1..10 beside class 0..9.
    for (int k = 0; k < 10; ++k)
        QVERIFY(out.contains(
                QRegularExpression(QStringLiteral("\\n\\s+%1\\s+%2\\s").arg(k + 1).arg(k))));
}

void TestCliExplain::indexOutOfRange()
{
    const CliRun run = runCli(
            {"explain", "--model", m_model, "--data", m_data, "--set", "test", "--index", "60"});
    QCOMPARE(run.exitCode, 2);
    // The message is the last line of stderr (after the note on the data used).
    const QByteArray message = run.err.trimmed().split('\n').last();
    QVERIFY2(message.startsWith("backprop-lab-cli explain: "), run.err.constData());
    QVERIFY2(message.contains("0 to 59"), run.err.constData());
    const CliRun run2 = runCli({"explain", "--model", m_model, "--data", m_data, "--set", "train",
                                "--index", "1000000", "--json"});
    QCOMPARE(run2.exitCode, 2);
    QVERIFY2(run2.err.contains("0 to 199"), run2.err.constData());
    QVERIFY(run2.out.isEmpty());
}

void TestCliExplain::gradientCheck_data()
{
    QTest::addColumn<QStringList>("network");
    QTest::newRow("784-128-10 ReLU") << QStringList();
    QTest::newRow("784-32-16-10 sigmoid") << QStringList {"--hidden", "32,16", "--activation", "sigmoid"};
    QTest::newRow("784-10") << QStringList {"--hidden", "0"};
}

void TestCliExplain::gradientCheck()
{
    // explain --gradient-check 20 --json: 20 weights across every layer, each with its backward
    // pass's derivative and the central difference, agreeing to 1e-4; the keys in their order.
    // (tst_gradientcheck recomputes the differences independently.)
    QFETCH(QStringList, network);
    QString model = m_model;
    if (!network.isEmpty()) {
        model = m_tmp.filePath(QStringLiteral("net-%1.bplab").arg(network.join(QString()).remove(QLatin1Char(','))));
        const CliRun train = runCli(QStringList {"train", "--data", m_data, "--epochs", "1", "--seed", "5", "--save", model} + network);
        QVERIFY2(train.exitCode == 0, train.err.constData());
    }
    const int index = 4;
    const CliRun run = runCli({"explain", "--model", model, "--data", m_data, "--set", "test", "--index",
                               QString::number(index), "--gradient-check", "20", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    static const QRegularExpression entry(QStringLiteral(
            R"re(\{"layer":\d+,"row":\d+,"col":\d+,"backprop":[-0-9.e+]+,"numerical":[-0-9.e+]+,"h":[-0-9.e+]+,"relative_difference":[-0-9.e+]+\})re"));
    QCOMPARE(text.count(entry), 20);
    const QJsonArray checks = run.json().value("gradient_check").toArray();
    QCOMPARE(checks.size(), 20);
    const int layers = network.contains(QStringLiteral("32,16")) ? 3 : network.contains(QStringLiteral("0")) ? 1 : 2;
    QSet<int> seen;
    for (int i = 0; i < checks.size(); ++i) {
        const QJsonObject c = checks[i].toObject();
        const int layer = c.value("layer").toInt();
        QCOMPARE(layer, i % layers + 1);
        seen.insert(layer);
        const double b = c.value("backprop").toDouble(), n = c.value("numerical").toDouble();
        QVERIFY2(c.value("relative_difference").toDouble() <= 1e-4,
                 qPrintable(QStringLiteral("W%1[%2][%3]: %4 against %5").arg(layer).arg(c.value("row").toInt())
                                    .arg(c.value("col").toInt()).arg(b).arg(n)));
        const double scale = std::max(std::abs(b), std::abs(n));
        QCOMPARE(c.value("relative_difference").toDouble(), scale == 0 ? 0.0 : std::abs(b - n) / scale);
        QCOMPARE(c.value("h").toDouble(), 1e-4);
        if (layer == 1)
            QVERIFY(m_test.pixels.at(index * 784 + c.value("col").toInt()) != 0);
    }
    QCOMPARE(seen.size(), layers);
    // The text form lists them too.
    const CliRun plain = runCli({"explain", "--model", model, "--data", m_data, "--set", "test", "--index",
                                 QString::number(index), "--gradient-check", "5"});
    QVERIFY2(plain.exitCode == 0, plain.err.constData());
    QVERIFY2(plain.out.contains("gradient check") && plain.out.contains("largest relative difference"), plain.out.constData());
}

void TestCliExplain::overflowingExpIsNull()
{
    // W1 = 0, b1 = 0, W2 = 0: the logits are b2 = (100, 0, ..., 0); e^100 = 2.7e43 overflows float
    // (largest 3.4e38), yet p = SoftMax is exact: p0 = 1 / (1 + 9 e^-100), loss = 100 for label !=
    // 0.
    QVector<float> b2(10, 0.0f);
    b2[0] = 100.0f;
    const QString npz = m_tmp.filePath(QStringLiteral("overflow.npz"));
    QVERIFY(writeNpz(npz, {{"W1", {128, 784}, QVector<float>(128 * 784, 0.0f)},
                           {"b1", {128}, QVector<float>(128, 0.0f)},
                           {"W2", {10, 128}, QVector<float>(10 * 128, 0.0f)},
                           {"b2", {10}, b2}}));
    int index = 0; // a test image whose label is not 0
    while (m_test.labels.at(index) == 0)
        ++index;
    const CliRun run = runCli({"explain", "--model", npz, "--data", m_data, "--set", "test",
                               "--index", QString::number(index), "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains("overflow"), run.err.constData());
    const QJsonObject o = run.json();
    const QJsonArray ex = o.value("exp").toArray();
    QCOMPARE(ex.size(), 10);
    QVERIFY(ex[0].isNull());
    for (int k = 1; k < 10; ++k)
        QCOMPARE(ex[k].toDouble(), 1.0); // e^0
    QVERIFY(o.value("exp_sum").isNull());
    const QVector<double> p = numbers(o.value("probabilities"));
    QVERIFY(fuzzyEqual(p[0], 1.0, 1e-6));
    QVERIFY(fuzzyEqual(o.value("loss").toDouble(), 100.0, 1e-5));
    QCOMPARE(o.value("predicted").toInt(), 0);
    // The text summary says so instead of printing inf.
    const CliRun text = runCli({"explain", "--model", npz, "--data", m_data, "--set", "test",
                                "--index", QString::number(index)});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("overflow"));
    QVERIFY(!text.out.contains("inf"));
}

QTEST_MAIN(TestCliExplain)
#include "tst_cliexplain.moc"
