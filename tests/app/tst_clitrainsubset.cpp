// train --train-subset N and the training set's loss and accuracy in train --json: the subset
// is core's balancedSubset of the data, and train_eval_loss / train_accuracy are what eval gives
// on that (sub)set for the saved model.

#include "clitestutil.h"

#include <train/trainsubset.h>

#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

class TestCliTrainSubset : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void trainingSetScores_data();
    void trainingSetScores();
    void badValue();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }

    QTemporaryDir m_tmp;
    QString m_data;
    SyntheticSet m_train;
};

void TestCliTrainSubset::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_data = path(QStringLiteral("data"));
    QVERIFY(writeSyntheticFolder(m_data, 400, 50, 9, &m_train));
}

void TestCliTrainSubset::trainingSetScores_data()
{
    QTest::addColumn<int>("subset"); // 0: none
    QTest::newRow("whole set") << 0;
    QTest::newRow("subset of 60") << 60;
}

void TestCliTrainSubset::trainingSetScores()
{
    QFETCH(int, subset);
    const QString model = path(QStringLiteral("m%1.bplab").arg(subset));
    QStringList args {"train", "--data", m_data, "--epochs", "2",      "--batch",
                      "16",    "--seed", "5",    "--json",   "--save", model};
    if (subset > 0)
        args << "--train-subset" << QString::number(subset);
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QList<QByteArray> lines = run.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
    QVERIFY(last.contains("train_eval_loss") && last.contains("train_accuracy"));

    // The same images as a test set: eval of the saved model must give the same numbers.
    Dataset train;
    train.pixels.assign(m_train.pixels.begin(), m_train.pixels.end());
    train.labels.assign(m_train.labels.begin(), m_train.labels.end());
    if (subset > 0) {
        QVERIFY2(run.err.contains(
                         QStringLiteral("training set: %1 of the 400").arg(subset).toUtf8()),
                 run.err.constData());
        train = balancedSubset(train, std::size_t(subset), 5);
    }
    const QString asTest = path(QStringLiteral("as-test%1").arg(subset));
    QVERIFY(QDir().mkpath(asTest));
    const auto bytes = [](const std::vector<std::uint8_t> &v) {
        return QByteArray(reinterpret_cast<const char *>(v.data()), qsizetype(v.size()));
    };
    QVERIFY(writeFile(asTest + QStringLiteral("/t10k-images-idx3-ubyte"),
                      idxImages(std::uint32_t(train.size()), 28, 28, bytes(train.pixels))));
    QVERIFY(writeFile(asTest + QStringLiteral("/t10k-labels-idx1-ubyte"),
                      idxLabels(std::uint32_t(train.size()), bytes(train.labels))));
    const CliRun eval = runCli({"eval", "--model", model, "--data", asTest, "--json"});
    QVERIFY2(eval.exitCode == 0, eval.err.constData());
    QVERIFY(fuzzyEqual(eval.json().value("test_loss").toDouble(),
                       last.value("train_eval_loss").toDouble(), 1e-9));
    QCOMPARE(eval.json().value("test_accuracy").toDouble(),
             last.value("train_accuracy").toDouble());
}

void TestCliTrainSubset::badValue()
{
    const CliRun run = runCli({"train", "--data", m_data, "--epochs", "1", "--train-subset", "0"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("--train-subset"), run.err.constData());
}

QTEST_GUILESS_MAIN(TestCliTrainSubset)
#include "tst_clitrainsubset.moc"
