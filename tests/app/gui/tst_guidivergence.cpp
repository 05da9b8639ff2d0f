// One divergence policy and one thread policy for both programs: the same data, seed and diverging
// learning rate give the same {"divergence": ...} object in backprop-lab-cli train --json and in
// the app's --report, and both name the training threads the core's policy chooses.

#include "guifixtures.h"

#include <nn/batchthreads.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace bplab;

class TestGuiDivergence : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void appAndCliNameTheSameDivergence();

private:
    QTemporaryDir m_dir;
    QString m_data;
};

void TestGuiDivergence::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_data = m_dir.filePath(QStringLiteral("data"));
    QVERIFY(QDir().mkpath(m_data));
    const QString error = test::writeSyntheticDataset(m_data, 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiDivergence::appAndCliNameTheSameDivergence()
{
    // The source recipe (plain SGD, x/255 inputs, batch 64) at learning rate 8: the weights blow
    // up within the first epochs.
    const QStringList run {QStringLiteral("--data"),   m_data,
                           QStringLiteral("--epochs"), QStringLiteral("3"),
                           QStringLiteral("--seed"),   QStringLiteral("1"),
                           QStringLiteral("--lr"),     QStringLiteral("8")};

    QByteArray out, err;
    QCOMPARE(test::runOffscreen(QStringLiteral(BPLAB_CLI_PATH),
                                QStringList {QStringLiteral("train")} + run
                                        + QStringList {QStringLiteral("--json")},
                                &out, &err),
             2);
    const QList<QByteArray> lines = out.trimmed().split('\n');
    const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
    QVERIFY2(last.contains(QStringLiteral("divergence")), out.constData());
    const QJsonObject cli = last.value(QStringLiteral("divergence")).toObject();
    for (const char *key : {"epoch", "batch", "quantity", "rate", "suggested_rate"})
        QVERIFY2(cli.contains(QLatin1String(key)), key);
    QCOMPARE(cli.value(QStringLiteral("rate")).toDouble(), 8.0);
    QCOMPARE(cli.value(QStringLiteral("suggested_rate")).toDouble(), suggestedLearningRate(8.0));
    QVERIFY(cli.value(QStringLiteral("epoch")).toInt() >= 1);
    QVERIFY(cli.value(QStringLiteral("batch")).toInt() >= 1);
    // The epoch lines before it name the threads of the CLI's default policy.
    for (qsizetype i = 0; i + 1 < lines.size(); ++i)
        QCOMPARE(QJsonDocument::fromJson(lines[i])
                         .object()
                         .value(QStringLiteral("training_threads"))
                         .toInt(),
                 defaultTrainingThreads());

    const QString report = m_dir.filePath(QStringLiteral("report.json"));
    QCOMPARE(test::runOffscreen(QStringLiteral(BPLAB_GUI_PATH),
                                run
                                        + QStringList {QStringLiteral("--quit-when-done"),
                                                       QStringLiteral("--report"), report},
                                nullptr, &err),
             2);
    QFile file(report);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    QVERIFY2(o.contains(QStringLiteral("divergence")), err.constData());
    const QJsonObject app = o.value(QStringLiteral("divergence")).toObject();
    QCOMPARE(app, cli);
    // The app's threads: the same policy, for a run with the live dashboard.
    QCOMPARE(o.value(QStringLiteral("training_threads")).toInt(), defaultTrainingThreads());
    // Both report epochs from 1: the epochs the app finished are those before the divergence.
    QCOMPARE(o.value(QStringLiteral("epoch_reports")).toArray().size(),
             qsizetype(cli.value(QStringLiteral("epoch")).toInt() - 1));
}

QTEST_MAIN(TestGuiDivergence)
#include "tst_guidivergence.moc"
