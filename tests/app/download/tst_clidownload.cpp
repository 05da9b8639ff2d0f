// `backprop-lab-cli download` end to end against a local HTTP server: success (exit 0) with a
// mirror answering 404 first, failures (exit 2) with the cause on stderr, usage errors (exit 1).

#include "downloadfixture.h"
#include "testhttpserver.h"
#include "testsupport.h"

#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using bplab::test::Route;

namespace {

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestCliDownload : public QObject
{
    Q_OBJECT

private:
    QByteArray m_a = bplab::test::generatedBytes(200000, 3);
    QByteArray m_b = bplab::test::generatedBytes(3000, 4);
    QTemporaryDir m_dir;
    QString m_manifestPath;

    /** Runs the CLI without blocking this thread's event loop (the server lives in it). */
    CliRun cli(const QStringList &args, const QProcessEnvironment &env = {})
    {
        QProcess process;
        if (!env.isEmpty())
            process.setProcessEnvironment(env);
        QSignalSpy finished(&process, &QProcess::finished);
        process.start(QStringLiteral(BPLAB_CLI_PATH), args);
        if (!finished.wait(9000)) {
            process.kill();
            process.waitForFinished();
            return {};
        }
        return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
                QString::fromUtf8(process.readAllStandardError())};
    }

    void serve(bplab::test::TestHttpServer &server, const QByteArray &prefix,
               const QByteArray &aBody)
    {
        Route a;
        a.body = aBody;
        server.setRoute('/' + prefix + "/a.bin", a);
        Route b;
        b.body = m_b;
        server.setRoute('/' + prefix + "/b.bin", b);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo::exists(QStringLiteral(BPLAB_CLI_PATH)));
        QVERIFY(m_dir.isValid());
        bplab::download::Manifest m;
        m.files = {bplab::test::entryFor(QStringLiteral("a.bin"), m_a),
                   bplab::test::entryFor(QStringLiteral("b.bin"), m_b)};
        m_manifestPath = m_dir.filePath(QStringLiteral("test.json"));
        QVERIFY(bplab::test::writeAll(m_manifestPath, bplab::test::manifestJson(m)));
    }

    void downloadsFromTheSecondMirror()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        serve(server, "good", m_a);
        const QString dest = m_dir.filePath(QStringLiteral("ok"));
        const CliRun r = cli({QStringLiteral("download"), QStringLiteral("--manifest"),
                              m_manifestPath, QStringLiteral("--dest"), dest,
                              QStringLiteral("--mirror"), server.base("gone").toString(),
                              QStringLiteral("--mirror"), server.base("good").toString()});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(bplab::test::readAll(dest + QStringLiteral("/a.bin")), m_a);
        QCOMPARE(bplab::test::readAll(dest + QStringLiteral("/b.bin")), m_b);
        QVERIFY(!QFileInfo::exists(dest + QStringLiteral("/a.bin.part")));
        QVERIFY2(r.out.contains(QLatin1String("test is in ") + dest), qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("train --data ") + dest), qPrintable(r.out));
        QVERIFY2(r.err.contains(QLatin1String("HTTP 404")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("a.bin: 200,000 bytes, MD5 verified")),
                 qPrintable(r.err));

        // Again: both files are already there; nothing is fetched.
        const qsizetype requests = server.requests().size();
        const CliRun again = cli({QStringLiteral("download"), QStringLiteral("--manifest"),
                                  m_manifestPath, QStringLiteral("--dest"), dest,
                                  QStringLiteral("--mirror"), server.base("good").toString()});
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.out.contains(QLatin1String("2 already there")), qPrintable(again.out));
        QCOMPARE(server.requests().size(), requests);
    }

    void checksumFailureExits2()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        QByteArray damaged = m_a;
        damaged[1234] = char(damaged[1234] ^ 0x10);
        serve(server, "bad", damaged);
        const QString dest = m_dir.filePath(QStringLiteral("bad"));
        const CliRun r = cli({QStringLiteral("download"), QStringLiteral("--manifest"),
                              m_manifestPath, QStringLiteral("--dest"), dest,
                              QStringLiteral("--mirror"), server.base("bad").toString()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("could not download a.bin")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("download: checksum:")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(dest + QStringLiteral("/a.bin")));
        QVERIFY(!QFileInfo::exists(dest + QStringLiteral("/a.bin.part")));
        QVERIFY(r.out.isEmpty());
    }

    void offlineExits2AndUsesTheDataFolder()
    {
        quint16 closedPort = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            closedPort = probe.serverPort();
        }
        // Without --dest the files go where the data lookup searches: $XDG_DATA_HOME/backprop-lab/mnist.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("xdg")));
        const CliRun r = cli({QStringLiteral("download"), QStringLiteral("--mirror"),
                              QStringLiteral("http://127.0.0.1:%1/mnist").arg(closedPort)},
                             env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(m_dir.filePath(QStringLiteral("xdg/backprop-lab/mnist"))),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("could not download train-images-idx3-ubyte.gz")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("offline:")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("connection refused")), qPrintable(r.err));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("ftp mirror") << QStringList {QStringLiteral("--mirror"),
                                                    QStringLiteral("ftp://h/x/")}
                                    << 1 << "not an http:// or https:// URL";
        QTest::newRow("manifest without dest")
                << QStringList {QStringLiteral("--manifest"), QStringLiteral("m.json")} << 1
                << "--manifest needs --dest";
        QTest::newRow("other dataset")
                << QStringList {QStringLiteral("--dataset"), QStringLiteral("cifar")} << 1
                << "--dataset must be one of mnist";
        QTest::newRow("bad timeout") << QStringList {QStringLiteral("--timeout"),
                                                     QStringLiteral("0")}
                                     << 1 << "--timeout must be a number above 0";
        QTest::newRow("missing manifest")
                << QStringList {QStringLiteral("--manifest"), QStringLiteral("/nonexistent/m.json"),
                                QStringLiteral("--dest"), QStringLiteral("/tmp/x")}
                << 2 << "/nonexistent/m.json: cannot read the manifest";
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        const CliRun r = cli(QStringList {QStringLiteral("download")} + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    }

    void help()
    {
        const CliRun r = cli({QStringLiteral("download"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QLatin1String("--mirror <URL>")));
        QVERIFY(r.out.contains(QLatin1String("https://ossci-datasets.s3.amazonaws.com/mnist/")));
        const CliRun overview = cli({QStringLiteral("--help")});
        QVERIFY(overview.out.contains(QLatin1String("download")));
    }
};

QTEST_MAIN(TestCliDownload)
#include "tst_clidownload.moc"
