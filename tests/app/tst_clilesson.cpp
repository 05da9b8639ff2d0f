// inspect on lesson files: every shipped lesson is valid; a damaged or hostile one is refused
// with exit 2 and the wrong field named, on stderr and in --json's "error".

#include "clitestutil.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace bplab::test;

namespace {

const char *kLesson = R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample",
  "views": ["step"], "steps": [{"text": "One.", "view": "step", "stage": 5,
  "question": {"text": "Which?", "quantity": "argmax_p"}}]})";

} // namespace

class TestCliLesson : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    void shippedLessonsAreValid()
    {
        const QDir dir(QStringLiteral(BPLAB_LESSONS_DIR));
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 11);
        for (const QString &f : files) {
            const CliRun run = runCli({QStringLiteral("inspect"), QStringLiteral("--json"), dir.filePath(f)});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            const QJsonObject o = run.json();
            QCOMPARE(o.value(QStringLiteral("kind")).toString(), QStringLiteral("lesson"));
            QCOMPARE(o.value(QStringLiteral("valid")).toBool(), true);
            QVERIFY(o.value(QStringLiteral("details")).toObject().value(QStringLiteral("steps")).toInt() >= 4);
        }
    }

    void validLessonIsDescribed()
    {
        const CliRun run = runCli({QStringLiteral("inspect"), write(QStringLiteral("ok.json"), kLesson)});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("lesson (JSON): \"T\", 1 steps, 1 questions: valid"), run.out.constData());
    }

    void damagedLessonsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        const QByteArray base(kLesson);
        QByteArray unknownView = base;
        unknownView.replace("\"views\": [\"step\"]", "\"views\": [\"step\", \"projector\"]");
        QTest::newRow("unknown view") << unknownView << QStringLiteral("views[1]: \"projector\" is not a view");
        QByteArray wrongType = base;
        wrongType.replace("\"stage\": 5", "\"stage\": \"five\"");
        QTest::newRow("wrong type") << wrongType << QStringLiteral("steps[0].stage: must be a whole number from 1 to 38, not \"five\"");
        QByteArray huge = base;
        huge.replace("\"stage\": 5", "\"stage\": 1e308");
        QTest::newRow("huge number") << huge << QStringLiteral("steps[0].stage: must be a whole number from 1 to 38");
        QByteArray answer = base;
        answer.replace("\"quantity\": \"argmax_p\"", "\"quantity\": \"argmax_p\", \"answer\": 7");
        QTest::newRow("written-in answer") << answer << QStringLiteral("steps[0].question.answer: unknown field");
        QByteArray deep = base;
        deep.replace("\"T\"", QByteArray(5000, '[') + QByteArray(5000, ']'));
        QTest::newRow("deep nesting") << deep << QStringLiteral("nested more than 32");
        QByteArray cut = base.left(base.size() - 10);
        QTest::newRow("cut off") << cut << QStringLiteral("not valid JSON");
        QByteArray big = base;
        big.replace("\"One.\"", "\"" + QByteArray(10 * 1024 * 1024, 'a') + "\"");
        QTest::newRow("10 MB of text") << big << QStringLiteral("more than such a file can hold");
    }

    void damagedLessonsAreRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const QString path = write(QStringLiteral("bad.json"), bytes);
        const CliRun run = runCli({QStringLiteral("inspect"), path});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QVERIFY(run.out.contains("NOT valid"));
        const CliRun json = runCli({QStringLiteral("inspect"), QStringLiteral("--json"), path});
        QCOMPARE(json.exitCode, 2);
        QCOMPARE(json.json().value(QStringLiteral("kind")).toString(), QStringLiteral("lesson"));
        QVERIFY(json.json().value(QStringLiteral("error")).toString().contains(message));
    }

    void otherJsonIsStillAManifest()
    {
        const CliRun run = runCli({QStringLiteral("inspect"), QStringLiteral("--json"),
                                   write(QStringLiteral("m.json"), R"({"files": []})")});
        QCOMPARE(run.json().value(QStringLiteral("kind")).toString(), QStringLiteral("manifest"));
    }
};

QTEST_MAIN(TestCliLesson)
#include "tst_clilesson.moc"
