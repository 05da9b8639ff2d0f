// The confusion matrix the app's panel counts (answerSet) equals `eval --json`'s "confusion" for
// the same weights: on a synthetic folder always, on the real MNIST test set when it is there.

#include "clitestutil.h"

#include "train/confusion.h"
#include "data/dataset.h"
#include "io/modelfile.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

class TestCliConfusion : public QObject
{
    Q_OBJECT

private:
    static void compare(const QString &folder, const QString &modelPath, Normalize normalize)
    {
        const CliRun run = runCli({QStringLiteral("eval"), QStringLiteral("--json"), QStringLiteral("--model"), modelPath,
                                   QStringLiteral("--data"), folder});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonArray rows = run.json().value(QStringLiteral("confusion")).toArray();
        QCOMPARE(rows.size(), kOutputs);
        auto data = loadDataFolder(folder.toStdString());
        QVERIFY2(data.ok(), data.error().c_str());
        auto params = loadModel(modelPath.toStdString());
        QVERIFY(params.ok());
        const SetAnswers a = answerSet(Architecture::source(), *params, data->test, normalize);
        long long wrong = 0;
        for (int t = 0; t < kOutputs; ++t) {
            const QJsonArray row = rows[t].toArray();
            QCOMPARE(row.size(), kOutputs);
            for (int j = 0; j < kOutputs; ++j) {
                QCOMPARE(row[j].toInt(-1), a.summary.confusion[std::size_t(t)][std::size_t(j)]);
                QCOMPARE(qsizetype(galleryOf(a, t, j).size()), qsizetype(row[j].toInt()));
                wrong += t == j ? 0 : row[j].toInt();
            }
        }
        QCOMPARE(run.json().value(QStringLiteral("count")).toInt(), int(a.size()));
        QVERIFY(wrong > 0); // random weights: the comparison covers off-diagonal cells
    }

private slots:
    void syntheticFolder()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("data"));
        QVERIFY(writeSyntheticFolder(folder, 100, 1500));
        const QString model = dir.filePath(QStringLiteral("m.bplab"));
        QVERIFY(saveModel(model.toStdString(), initMlp(Architecture::source(), Init::He, 5)).ok());
        compare(folder, model, Normalize::None); // a model without info is evaluated on x/255
    }

    void realMnist()
    {
        const std::string mnist = sharedMnistFolder();
        if (mnist.empty())
            QSKIP("the real MNIST files are not beside the repository (../shared/data/mnist)");
        QTemporaryDir dir;
        const QString model = dir.filePath(QStringLiteral("m.bplab"));
        QVERIFY(saveModel(model.toStdString(), initMlp(Architecture::source(), Init::Xavier, 9)).ok());
        compare(QString::fromStdString(mnist), model, Normalize::None);
    }
};

QTEST_MAIN(TestCliConfusion)
#include "tst_cliconfusion.moc"
