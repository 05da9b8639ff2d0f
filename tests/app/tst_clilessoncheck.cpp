// lesson check: plays lessons without a window and checks the claims of their steps. The shipped
// lessons' claims hold on the offline sample they name (skipped where import-sample has not been
// run); a lesson whose claim is inverted, or whose runs cannot learn, fails with exit 2 naming the
// step and the claim; a claim without a direction is refused when the lesson is read.

#include "clitestutil.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace bplab::test;

class TestCliLessonCheck : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_synthetic;

    static QString lesson(const QString &name) { return QDir(QStringLiteral(BPLAB_LESSONS_DIR)).filePath(name); }
    /** The offline sample the lessons name, when import-sample has written it for this user ("" if
     *  not); given to lesson check as --data (the CLI runs with a data folder of its own). */
    static QString sample()
    {
        return QStandardPaths::locate(QStandardPaths::GenericDataLocation, QStringLiteral("backprop-lab/sample"),
                                      QStandardPaths::LocateDirectory);
    }
    /** A copy of a shipped lesson, changed by `edit`. */
    QString copyOf(const QString &name, const std::function<void(QJsonObject &)> &edit)
    {
        QFile in(lesson(name));
        if (!in.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(name));
        QJsonObject o = QJsonDocument::fromJson(in.readAll()).object();
        edit(o);
        const QString path = m_dir.filePath(QStringLiteral("copy-") + name);
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        out.write(QJsonDocument(o).toJson());
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_synthetic = m_dir.filePath(QStringLiteral("synthetic"));
        QVERIFY(writeSyntheticFolder(m_synthetic, 640, 200, 3));
    }

    void shippedLessonsHoldTheirClaims()
    {
        if (sample().isEmpty())
            QSKIP("the offline sample is not imported here (backprop-lab-cli import-sample)");
        // Every shipped lesson, those whose text makes no checkable claim too (they are played).
        QStringList files;
        for (const QString &name : QDir(QStringLiteral(BPLAB_LESSONS_DIR)).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            files << lesson(name);
        QVERIFY(files.size() >= 10);
        const CliRun run = runCli(QStringList {QStringLiteral("lesson"), QStringLiteral("check"), QStringLiteral("--data"), sample()} + files, 600000);
        QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
        for (const QString &f : files)
            QVERIFY2(run.out.contains(QFileInfo(f).fileName().toUtf8() + '\n'), run.out.constData());
        QVERIFY2(run.out.count("holds") >= 17, run.out.constData());
        // Lessons 1, 3 and 4 claim what their training reaches, lesson 10 what dropout does to the gap.
        for (const char *claim : {"01-one-hot-and-softmax.json\n  step 8, claim 1: test_loss", "03-learning-rate-too-high.json\n  step 1, claim 1: test_accuracy",
                                  "04-what-the-network-gets-wrong.json\n  step 1, claim 1: test_accuracy",
                                  "10-fighting-overfitting.json\n  step 1, claim 1: compare_best"})
            QVERIFY2(run.out.contains(claim), run.out.constData());
        QVERIFY(!run.out.contains("FAILS"));
        QVERIFY2(run.out.contains("02-backprop-by-hand.json\n  step 5, compute p:8 = "), run.out.constData());
    }

    // A step's "compute" cells are printed with their values: at batch 0 the lesson's weights are
    // the seed's initial ones, which train --epochs 0 writes; explain then gives the same numbers.
    void computeCellsPrintTheirValues()
    {
        const QString path = m_dir.filePath(QStringLiteral("compute.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"format": "backprop-lab-lesson", "version": 1, "title": "By hand", "dataset": "sample",
          "settings": {"recipe": "source", "lr": 0.1, "batch": 64, "epochs": 1, "seed": 1}, "views": ["step"],
          "steps": [{"text": "Compute.", "view": "step", "stage": 5, "test_image": 3, "compute": ["p:8", "z1:5", "loss"]}]})");
        out.close();
        const CliRun run = runCli({QStringLiteral("lesson"), QStringLiteral("check"), QStringLiteral("--data"), m_synthetic, path});
        QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
        const QString model = m_dir.filePath(QStringLiteral("init.bplab"));
        QCOMPARE(runCli({"train", "--data", m_synthetic, "--epochs", "0", "--seed", "1", "--save", model}).exitCode, 0);
        const CliRun explain = runCli({"explain", "--model", model, "--data", m_synthetic, "--set", "test", "--index", "3", "--json"});
        QCOMPARE(explain.exitCode, 0);
        const QJsonObject o = explain.json();
        const auto line = [](const char *cell, double v) { return QStringLiteral("  step 1, compute %1 = %2\n").arg(QLatin1String(cell)).arg(v, 0, 'g', 4); };
        const QString text = QString::fromUtf8(run.out);
        QVERIFY2(text.contains(line("p:8", o.value("probabilities").toArray()[7].toDouble())), qPrintable(text));
        QVERIFY2(text.contains(line("z1:5", o.value("hidden").toArray()[0].toObject().value("z").toArray()[4].toDouble())), qPrintable(text));
        QVERIFY2(text.contains(line("loss", o.value("loss").toDouble())), qPrintable(text));
    }

    // A step through a Compare run's network (step_of) prints its cells too, at that run's weights
    // after its last epoch: the weights train writes with the run's settings (the same seed, batch
    // and data), which explain then spells out.
    void computeCellsOfAStepThroughARun()
    {
        const QString path = m_dir.filePath(QStringLiteral("compute-of-run.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"format": "backprop-lab-lesson", "version": 1, "title": "By hand, run 2", "dataset": "sample",
          "settings": {"recipe": "source", "lr": 0.1, "batch": 64, "epochs": 1, "seed": 1}, "views": ["compare", "step"],
          "steps": [{"text": "Two runs.", "view": "compare", "compare": [{"hidden": "8", "epochs": 1}, {"hidden": "16", "epochs": 2}]},
                    {"text": "Run 2 by hand.", "view": "step", "stage": 2, "test_image": 3, "step_of": 2,
                     "compute": ["z1:5", "p:8", "Deltaw2:8:5"]}]})");
        out.close();
        const CliRun run = runCli({QStringLiteral("lesson"), QStringLiteral("check"), QStringLiteral("--data"), m_synthetic, path});
        QVERIFY2(run.exitCode == 0, (run.out + run.err).constData());
        const QString text = QString::fromUtf8(run.out);
        for (const char *cell : {"z1:5", "p:8", "Deltaw2:8:5"})
            QVERIFY2(text.contains(QStringLiteral("  step 2, compute %1 = ").arg(QLatin1String(cell))), qPrintable(text));
        const QString model = m_dir.filePath(QStringLiteral("run2.bplab"));
        QCOMPARE(runCli({"train", "--data", m_synthetic, "--hidden", "16", "--epochs", "2", "--seed", "1", "--lr", "0.1",
                         "--batch", "64", "--save", model})
                         .exitCode,
                 0);
        const CliRun explain = runCli({"explain", "--model", model, "--data", m_synthetic, "--set", "test", "--index", "3", "--json"});
        QCOMPARE(explain.exitCode, 0);
        const QJsonObject o = explain.json();
        const auto line = [](const char *cell, double v) { return QStringLiteral("  step 2, compute %1 = %2\n").arg(QLatin1String(cell)).arg(v, 0, 'g', 4); };
        QVERIFY2(text.contains(line("z1:5", o.value("hidden").toArray()[0].toObject().value("z").toArray()[4].toDouble())), qPrintable(text));
        QVERIFY2(text.contains(line("p:8", o.value("probabilities").toArray()[7].toDouble())), qPrintable(text));
    }

    void anInvertedClaimFails()
    {
        if (sample().isEmpty())
            QSKIP("the offline sample is not imported here (backprop-lab-cli import-sample)");
        // Lesson 9 claims that the network with a hidden layer (run 2) beats the linear model: the
        // copy claims the opposite.
        const QString copy = copyOf(QStringLiteral("09-why-a-hidden-layer.json"), [](QJsonObject &o) {
            QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
            QJsonObject first = steps[0].toObject();
            QJsonArray claims = first.value(QStringLiteral("claims")).toArray();
            QJsonObject claim = claims[0].toObject();
            QCOMPARE(claim.value(QStringLiteral("claim")).toString(), QStringLiteral("compare_best"));
            claim.insert(QStringLiteral("run"), 1);
            claims[0] = claim;
            first.insert(QStringLiteral("claims"), claims);
            steps[0] = first;
            o.insert(QStringLiteral("steps"), steps);
        });
        const CliRun run = runCli({QStringLiteral("lesson"), QStringLiteral("check"), QStringLiteral("--data"), sample(), copy}, 600000);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("step 1, claim 1: compare_best of run 1"), run.err.constData());
        QVERIFY2(run.out.contains("FAILS"), run.out.constData());
    }

    void runsThatCannotLearnFail()
    {
        // Lesson 7 with every Compare run at lr 1e-6 (on a small synthetic set, so that it runs
        // everywhere): none learns, and the first claim on them says so.
        const QString copy = copyOf(QStringLiteral("07-relu-against-sigmoid.json"), [](QJsonObject &o) {
            QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
            for (int i = 0; i < steps.size(); ++i) {
                QJsonObject s = steps[i].toObject();
                QJsonArray runs = s.value(QStringLiteral("compare")).toArray();
                for (int r = 0; r < runs.size(); ++r) {
                    QJsonObject run = runs[r].toObject();
                    run.insert(QStringLiteral("lr"), 1e-6);
                    runs[r] = run;
                }
                if (!runs.isEmpty())
                    s.insert(QStringLiteral("compare"), runs);
                steps[i] = s;
            }
            o.insert(QStringLiteral("steps"), steps);
        });
        const CliRun run = runCli({QStringLiteral("lesson"), QStringLiteral("check"), QStringLiteral("--data"), m_synthetic, copy}, 600000);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("copy-07-relu-against-sigmoid.json, step 1, claim 1"), run.err.constData());
        QVERIFY2(run.out.startsWith("copy-07-relu-against-sigmoid.json\n"), run.out.constData());
    }

    void aClaimNeedsADirection()
    {
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample",
          "views": ["compare"], "steps": [{"text": "Two runs.", "view": "compare",
          "compare": [{"hidden": "8", "epochs": 1}, {"hidden": "16", "epochs": 1}],
          "claims": [{"claim": "compare_best", "run": 2}]}]})");
        f.close();
        const CliRun run = runCli({QStringLiteral("inspect"), bad});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("steps[0].claims[0].by: a comparison needs a margin"), run.err.constData());
    }
};

QTEST_MAIN(TestCliLessonCheck)
#include "tst_clilessoncheck.moc"
