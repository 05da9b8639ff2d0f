// train, bench and info with --layers and --weight-decay: a small convolutional network trains
// and reports, 1 and 2 threads give the same numbers, info lists every layer's parameters, values
// and multiply-adds, and every refusal is one line naming the part that cannot be built, with
// nothing written.

#include "clitestutil.h"

#include <QTemporaryDir>
#include <QFile>
#include <QTest>

using namespace bplab::test;

class TestCliLayers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_data = m_tmp.filePath(QStringLiteral("data"));
        QVERIFY(writeSyntheticFolder(m_data, 300, 100, 5));
    }

    void trainsAConvNet()
    {
        QByteArray out[2];
        for (int threads : {1, 2}) {
            qputenv("BPLAB_THREADS", QByteArray::number(threads));
            const CliRun run = runCli({"train", "--data", m_data, "--epochs", "2", "--batch", "20", "--seed", "3",
                                       "--json", "--lr", "0.05", "--optimizer", "momentum", "--weight-decay", "5e-4",
                                       "--layers", "conv 4 5x5, pool 2, conv 6 3x3 stride 2 valid, dense 16, dropout 0.25"});
            qunsetenv("BPLAB_THREADS");
            QVERIFY2(run.exitCode == 0, run.err.constData());
            QVERIFY2(run.err.contains("training conv 4 5x5, pool 2, conv 6 3x3 stride 2 valid, dense 16, dropout "
                                      "0.25 -> 10 ReLU"),
                     run.err.constData());
            const QList<QByteArray> lines = run.out.trimmed().split('\n');
            QCOMPARE(lines.size(), 2);
            const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
            QVERIFY2(last.value("test_accuracy").toDouble() > 80, lines.last().constData());
            QJsonObject withoutTime = last;
            withoutTime.remove("seconds");
            withoutTime.remove("samples_per_second");
            withoutTime.remove("training_threads");
            out[threads - 1] = QJsonDocument(withoutTime).toJson();
        }
        QCOMPARE(out[0], out[1]);
    }

    void infoListsTheLayers()
    {
        const CliRun run = runCli({"info", "--json", "--layers", "conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject j = run.json();
        // conv 8 5x5: 8 x 25 weights, 784 positions; conv 16 5x5 over 8 channels at 14 x 14
        QCOMPARE(j.value("weights").toInt(), 200 + 3200 + 784 * 64 + 640);
        QCOMPARE(j.value("biases").toInt(), 8 + 16 + 64 + 10);
        QCOMPARE(j.value("multiply_adds_per_sample").toInt(), 200 * 784 + 3200 * 196 + 50176 + 640);
        const QJsonArray layers = j.value("layers").toArray();
        QCOMPARE(layers.size(), 6);
        QCOMPARE(layers[2].toObject().value("layer").toString(), QStringLiteral("conv 16 5x5"));
        QCOMPARE(layers[2].toObject().value("activations").toInt(), 16 * 14 * 14);
        QCOMPARE(layers[2].toObject().value("activation_bytes_fp32").toInt(), 16 * 14 * 14 * 4);
        QCOMPARE(layers[3].toObject().value("shape").toArray(), (QJsonArray {16, 7, 7}));
        const CliRun text = runCli({"info", "--layers", "conv 8 5x5, pool 2, dense 64", "--weight-decay", "0.001"});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("conv 8 5x5") && text.out.contains("156,800"), text.out.constData());
        QVERIFY2(text.out.contains("weight decay: lambda 0.001"), text.out.constData());
    }

    void benchTimesAConvNet()
    {
        const CliRun run = runCli({"bench", "--data", m_data, "--samples", "200", "--repeats", "1", "--json",
                                   "--layers", "conv 4 3x3, pool 2, dense 8", "--weight-decay", "1e-4"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.json().value("network").toString(), QStringLiteral("conv 4 3x3, pool 2, dense 8 -> 10 ReLU"));
        QVERIFY(run.json().value("epoch_seconds").toDouble() > 0);
        QCOMPARE(run.json().value("weight_decay").toDouble(), 1e-4);
    }

    void savedConvNetLoadsEverywhere()
    {
        // train --save writes a conv net's model file; eval and predict read it and give the
        // training's own numbers; --init-from with --epochs 0 writes the same weights again.
        const QString model = m_tmp.filePath(QStringLiteral("conv.bplab"));
        const QString again = m_tmp.filePath(QStringLiteral("again.bplab"));
        const QString layers = QStringLiteral("conv 3 3x3, pool 2, dense 12, dropout 0.2");
        const CliRun run = runCli({"train", "--data", m_data, "--epochs", "1", "--batch", "20", "--seed", "4", "--json",
                                   "--activation", "tanh", "--layers", layers, "--save", model});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const double accuracy = QJsonDocument::fromJson(run.out.trimmed().split('\n').last())
                                        .object()
                                        .value("test_accuracy")
                                        .toDouble();
        const CliRun eval = runCli({"eval", "--data", m_data, "--model", model, "--json"});
        QVERIFY2(eval.exitCode == 0, eval.err.constData());
        QCOMPARE(eval.json().value("test_accuracy").toDouble(), accuracy);
        const CliRun inspect = runCli({"inspect", model, "--json"});
        QVERIFY2(inspect.exitCode == 0, inspect.err.constData());
        QVERIFY2(inspect.out.contains("conv 3 3x3"), inspect.out.constData());
        const CliRun copy = runCli({"train", "--data", m_data, "--epochs", "0", "--init-from", model, "--save", again});
        QVERIFY2(copy.exitCode == 0, copy.err.constData());
        const CliRun evalAgain = runCli({"eval", "--data", m_data, "--model", again, "--json"});
        QVERIFY2(evalAgain.exitCode == 0, evalAgain.err.constData());
        QCOMPARE(evalAgain.json().value("test_loss").toDouble(), eval.json().value("test_loss").toDouble());
    }

    void explainsAConvNet()
    {
        // explain --json of a conv net: the layer list's keys in their order, the --layers text as
        // "network", each layer's values and deltas in its shape, PyTorch's weight shapes for the
        // gradients, and the gradient check across every layer with parameters.
        const QString model = m_tmp.filePath(QStringLiteral("explain.bplab"));
        const QString layers = QStringLiteral("conv 3 5x5, pool 2, conv 4 3x3 stride 2 valid, dense 12");
        const CliRun train = runCli({"train", "--data", m_data, "--epochs", "1", "--batch", "20", "--seed", "6",
                                     "--layers", layers, "--save", model});
        QVERIFY2(train.exitCode == 0, train.err.constData());
        const CliRun run = runCli({"explain", "--model", model, "--data", m_data, "--set", "test", "--index", "3",
                                   "--json", "--gradient-check", "8"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        qsizetype at = -1;
        for (const char *key : {"set", "index", "label", "predicted", "network", "activation", "input", "target",
                                "layers", "logits", "exp", "exp_sum", "probabilities", "loss", "delta_out",
                                "gradients", "lr", "loss_after", "gradient_check"}) {
            const qsizetype next = run.out.indexOf(QByteArray("\"") + key + "\":", at + 1);
            QVERIFY2(next > at, key);
            at = next;
        }
        const QJsonObject j = run.json();
        QCOMPARE(j.value("network").toString(), layers);
        const QJsonArray stages = j.value("layers").toArray();
        QCOMPARE(stages.size(), 4);
        QCOMPARE(stages[2].toObject().value("layer").toString(), QStringLiteral("conv 4 3x3 stride 2 valid"));
        QCOMPARE(stages[2].toObject().value("shape").toArray(), (QJsonArray {4, 6, 6}));
        QCOMPARE(stages[2].toObject().value("a").toArray().size(), 4 * 6 * 6);
        QCOMPARE(stages[2].toObject().value("delta").toArray().size(), 4 * 6 * 6);
        const QJsonArray gradients = j.value("gradients").toArray();
        QCOMPARE(gradients.size(), 4);
        QCOMPARE(gradients[1].toObject().value("shape").toArray(), (QJsonArray {4, 3, 3, 3}));
        QCOMPARE(gradients[1].toObject().value("dW").toArray().size(), 4 * 3 * 3 * 3);
        QCOMPARE(gradients[2].toObject().value("shape").toArray(), (QJsonArray {12, 144}));
        QCOMPARE(gradients[3].toObject().value("db").toArray().size(), 10);
        const QJsonArray checks = j.value("gradient_check").toArray();
        QCOMPARE(checks.size(), 8);
        for (int i = 0; i < checks.size(); ++i) {
            const QJsonObject c = checks[i].toObject();
            QCOMPARE(c.value("layer").toInt(), i % 4 + 1);
            QVERIFY2(c.value("relative_difference").toDouble() <= 1e-4, qPrintable(QString::number(i)));
        }
        const CliRun text = runCli({"explain", "--model", model, "--data", m_data, "--set", "test", "--index", "3"});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("conv 4 3x3 stride 2 valid") && text.out.contains("4 x 6 x 6"), text.out.constData());
    }

    void exportsAConvNetAsNpz()
    {
        // export --npz writes a conv net in PyTorch's layouts; eval reads it back to the same loss.
        const QString model = m_tmp.filePath(QStringLiteral("npz.bplab"));
        const QString npz = m_tmp.filePath(QStringLiteral("conv.npz"));
        const CliRun train = runCli({"train", "--data", m_data, "--epochs", "1", "--batch", "20", "--seed", "8",
                                     "--layers", "conv 2 3x3, pool 2, dense 6, dropout 0.5", "--save", model});
        QVERIFY2(train.exitCode == 0, train.err.constData());
        const CliRun run = runCli({"export", "--model", model, "--npz", npz});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("W1 2x9"), run.err.constData());
        const CliRun fromModel = runCli({"eval", "--data", m_data, "--model", model, "--json"});
        const CliRun fromNpz = runCli({"eval", "--data", m_data, "--model", npz, "--json"});
        QVERIFY2(fromNpz.exitCode == 0, fromNpz.err.constData());
        QCOMPARE(fromNpz.json().value("test_loss").toDouble(), fromModel.json().value("test_loss").toDouble());
    }

    void resumesAConvNetExactly()
    {
        // 2 epochs straight, and 1 epoch + snapshot + --resume to 2: byte-identical model files,
        // with dropout (its masks follow the batch's number), momentum and weight decay.
        const QStringList recipe {"train", "--data", m_data, "--epochs", "2", "--batch", "20", "--seed", "9",
                                  "--optimizer", "momentum", "--lr", "0.05", "--weight-decay", "1e-3",
                                  "--layers", "conv 3 3x3, pool 2, dense 10, dropout 0.3"};
        const QString straight = m_tmp.filePath(QStringLiteral("straight.bplab"));
        const QString resumedModel = m_tmp.filePath(QStringLiteral("resumed.bplab"));
        const QString snaps = m_tmp.filePath(QStringLiteral("convsnaps"));
        const CliRun whole = runCli(recipe + QStringList {"--save", straight});
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        const CliRun first = runCli(recipe + QStringList {"--checkpoint-dir", snaps, "--stop-after", "1"});
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const CliRun resumed = runCli({"train", "--resume", snaps, "--save", resumedModel});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        // The model files' info blocks differ in their seconds: the weights must be the same bits.
        const CliRun evalStraight = runCli({"eval", "--data", m_data, "--model", straight, "--json"});
        const CliRun evalResumed = runCli({"eval", "--data", m_data, "--model", resumedModel, "--json"});
        QCOMPARE(evalResumed.json().value("test_loss").toDouble(), evalStraight.json().value("test_loss").toDouble());
        const CliRun npzA = runCli({"export", "--model", straight, "--npz", straight + ".npz"});
        const CliRun npzB = runCli({"export", "--model", resumedModel, "--npz", resumedModel + ".npz"});
        QVERIFY(npzA.exitCode == 0 && npzB.exitCode == 0);
        QFile na(straight + ".npz"), nb(resumedModel + ".npz");
        QVERIFY(na.open(QIODevice::ReadOnly) && nb.open(QIODevice::ReadOnly));
        QCOMPARE(na.readAll(), nb.readAll());
        // --weight-decay cannot change on a resume.
        const CliRun refused = runCli({"train", "--resume", snaps, "--weight-decay", "0.1"});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("--weight-decay cannot be combined with --resume"), refused.err.constData());
    }

    void workersEqualOneReplicaOfTheirBatch()
    {
        // --workers 2 --batch 10 and one replica with --batch 20: the same global batches, the
        // same dropout masks (drawn by the sample's place in the global batch), the same weights
        // within float rounding (the replicas' gradients are summed in another order).
        QJsonObject last[2];
        for (int workers : {1, 2}) {
            const CliRun run = runCli({"train", "--data", m_data, "--epochs", "2", "--seed", "4", "--json", "--lr",
                                       "0.05", "--optimizer", "momentum", "--weight-decay", "1e-3", "--layers",
                                       "conv 3 3x3, pool 2, dense 10, dropout 0.3", "--workers",
                                       QString::number(workers), "--batch", QString::number(20 / workers)});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            last[workers - 1] = QJsonDocument::fromJson(run.out.trimmed().split('\n').last()).object();
        }
        for (const char *key : {"train_loss", "train_eval_loss", "test_loss"}) {
            const double one = last[0].value(key).toDouble(), two = last[1].value(key).toDouble();
            QVERIFY2(one > 0 && std::abs(one - two) <= 1e-5 * one, qPrintable(QStringLiteral("%1: %2 against %3")
                                                                              .arg(key)
                                                                              .arg(one, 0, 'g', 17)
                                                                              .arg(two, 0, 'g', 17)));
        }
    }

    void refusals_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("kernel larger than its input")
                << QStringList {"--layers", "conv 4 5x5, pool 2, pool 2, pool 2, conv 4 5x5"}
                << "--layers: \"conv 4 5x5\" (layer 5): the 5 x 5 kernel is larger than its 3 x 3 input" << 2;
        QTest::newRow("pool over 1x1") << QStringList {"--layers", "pool 2, pool 2, pool 2, pool 2, pool 2"}
                                       << "--layers: \"pool 2\" (layer 5): a 2 x 2 pool over a 1 x 1 map" << 2;
        QTest::newRow("0 channels") << QStringList {"--layers", "conv 0 3x3"}
                                    << "a convolution needs 1 to 256 channels, not 0" << 2;
        QTest::newRow("rate 1") << QStringList {"--layers", "dense 8, dropout 1"}
                                << "\"dropout 1\" (layer 2): a dropout rate is at least 0 and below 1" << 2;
        QTest::newRow("with --hidden") << QStringList {"--layers", "conv 2 3x3", "--hidden", "8"}
                                       << "--layers and --hidden both name the network: give one" << 1;
        QTest::newRow("negative decay") << QStringList {"--weight-decay", "-1"} << "--weight-decay" << 1;
    }
    void refusals()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QFETCH(int, exitCode);
        const QString save = m_tmp.filePath(QStringLiteral("bad.bplab"));
        args.replaceInStrings(QStringLiteral("SAVE"), save);
        for (const char *command : {"train", "info"}) {
            QStringList all {QString::fromLatin1(command)};
            if (QByteArray(command) == "train")
                all << "--data" << m_data << "--epochs" << "1";
            const CliRun run = runCli(all + args);
            QCOMPARE(run.exitCode, exitCode);
            QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
            QCOMPARE(run.err.trimmed().count('\n'), 0); // one line
            QVERIFY(run.out.isEmpty());
            QVERIFY(!QFile::exists(save));
        }
    }

private:
    QTemporaryDir m_tmp;
    QString m_data;
};

QTEST_MAIN(TestCliLayers)
#include "tst_clilayers.moc"
