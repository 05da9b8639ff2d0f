// Replays every committed fuzzing input through the entry points the libFuzzer targets use:
// tests/fuzz/regressions/TARGET/* (inputs that once crashed, hung or leaked, each named after
// what it found) and the seed corpora tests/fuzz/corpus/TARGET/*. Built with the normal compiler;
// under the sanitizer build of CI a memory error in a reader fails this test.

#include "fuzzentry.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private:
    /** Runs every file in dir through target; returns how many there were. */
    static int replay(const bplab::fuzz::Target &target, const QString &dir)
    {
        int n = 0;
        const QFileInfoList files = QDir(dir).entryInfoList(QDir::Files | QDir::Hidden, QDir::Name);
        for (const QFileInfo &info : files) {
            if (info.fileName() == QLatin1String("README.md"))
                continue;
            QFile f(info.filePath());
            if (!f.open(QIODevice::ReadOnly))
                qFatal("cannot read %s", qPrintable(info.filePath()));
            const QByteArray bytes = f.readAll();
            QElapsedTimer timer;
            timer.start();
            target.run(reinterpret_cast<const std::uint8_t *>(bytes.constData()), std::size_t(bytes.size()));
            // A reader that takes seconds on a few kilobytes is a hang in waiting.
            if (timer.elapsed() > 20000)
                qFatal("%s took %lld ms", qPrintable(info.filePath()), timer.elapsed());
            ++n;
        }
        return n;
    }

private slots:
    void replay_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto &t : bplab::fuzz::targets())
            QTest::newRow(std::string(t.name).c_str()) << QString::fromUtf8(t.name.data(), qsizetype(t.name.size()));
    }

    void replay()
    {
        QFETCH(QString, name);
        const auto *target = bplab::fuzz::findTarget(name.toStdString());
        QVERIFY(target);
        const QString root = QStringLiteral(BPLAB_FUZZ_DIR);
        const int seeds = replay(*target, root + QStringLiteral("/corpus/") + name);
        const int regressions = replay(*target, root + QStringLiteral("/regressions/") + name);
        qInfo("%s: %d seed inputs, %d regression inputs replayed", qPrintable(name), seeds, regressions);
        // Every target ships seeds: none found means the folder moved and nothing was tested.
        QVERIFY2(seeds > 0, qPrintable(QStringLiteral("no seed inputs in %1/corpus/%2").arg(root, name)));
    }

    void unknownTargetIsNotFound() { QCOMPARE(bplab::fuzz::findTarget("no-such-reader"), nullptr); }
};

QTEST_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
