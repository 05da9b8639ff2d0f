// The Downloader against a local HTTP server: clean download, a mirror answering 404, a dropped
// connection resumed with Range, a server that ignores Range, wrong bytes, a stalled mirror, a
// refused one, a slow server and Cancel, files already present, a write error.

#include "downloader.h"
#include "downloadfixture.h"
#include "testhttpserver.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace bplab::download;
using bplab::test::Route;

namespace {

const QString kBig = QStringLiteral("big.bin");
const QString kSmall = QStringLiteral("small.bin");

} // namespace

class TestDownloader : public QObject
{
    Q_OBJECT

private:
    QByteArray m_big = bplab::test::generatedBytes(300000, 7);
    QByteArray m_small = bplab::test::generatedBytes(5000, 8);

    Manifest manifest() const
    {
        Manifest m;
        m.dataset = QStringLiteral("test");
        m.files = {bplab::test::entryFor(kBig, m_big), bplab::test::entryFor(kSmall, m_small)};
        return m;
    }

    /** Serves both files under /prefix/. */
    void serve(bplab::test::TestHttpServer &server, const QByteArray &prefix, Route big = {})
    {
        big.body = big.body.isEmpty() ? m_big : big.body;
        server.setRoute('/' + prefix + "/big.bin", big);
        Route small;
        small.body = m_small;
        server.setRoute('/' + prefix + "/small.bin", small);
    }

    /** Runs a download to its end (at most 10 s) and returns what finished() reported. */
    static DownloadResult run(Downloader &downloader, const Manifest &m, const QList<QUrl> &mirrors,
                              const QString &dest)
    {
        QSignalSpy finished(&downloader, &Downloader::finished);
        if (!downloader.start(m, mirrors, dest))
            return {DownloadError::InvalidInput, QStringLiteral("start() refused"), {}, 0, 0, {}};
        if (!finished.wait(10000))
            return {DownloadError::InvalidInput, QStringLiteral("no finished() in 10 s"), {}, 0, 0,
                    {}};
        QTest::qWait(50); // a second finished() would arrive here
        if (finished.size() != 1)
            return {DownloadError::InvalidInput, QStringLiteral("finished() more than once"), {},
                    0, 0, {}};
        return finished.at(0).at(0).value<DownloadResult>();
    }

    void verifyComplete(const QString &dest)
    {
        QCOMPARE(bplab::test::readAll(QDir(dest).filePath(kBig)), m_big);
        QCOMPARE(bplab::test::readAll(QDir(dest).filePath(kSmall)), m_small);
        QVERIFY(!QFileInfo::exists(QDir(dest).filePath(partName(kBig))));
        QVERIFY(!QFileInfo::exists(QDir(dest).filePath(partName(kSmall))));
    }

private slots:
    void cleanDownload()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        serve(server, "a");
        QTemporaryDir dir;
        const QString dest = dir.filePath(QStringLiteral("new/folder"));
        Downloader downloader;
        QSignalSpy done(&downloader, &Downloader::fileDone);
        QSignalSpy progress(&downloader, &Downloader::progress);
        QSignalSpy total(&downloader, &Downloader::totalProgress);
        const DownloadResult r = run(downloader, manifest(), {server.base("a")}, dest);
        QVERIFY2(r.ok(), qPrintable(r.message));
        QCOMPARE(r.error, DownloadError::None);
        QVERIFY(r.message.isEmpty());
        QCOMPARE(r.destDir, QDir(dest).absolutePath());
        QCOMPARE(r.bytesTransferred, qint64(m_big.size() + m_small.size()));
        QCOMPARE(r.filesSkipped, 0);
        verifyComplete(dest);

        QCOMPARE(done.size(), 2);
        QCOMPARE(done[0][0].toInt(), 0);
        QCOMPARE(done[0][1].toUrl().toString(), server.base("a").toString() + kBig);
        QCOMPARE(done[0][2].toBool(), false);
        QCOMPARE(done[1][0].toInt(), 1);
        // The last progress of each file reports it whole; the total reaches the manifest's size.
        QList<QVariant> lastBig;
        for (const QList<QVariant> &p : progress) {
            if (p[0].toInt() == 0)
                lastBig = p;
        }
        QCOMPARE(lastBig[1].toLongLong(), qint64(m_big.size()));
        QCOMPARE(lastBig[2].toLongLong(), qint64(m_big.size()));
        QCOMPARE(total.last()[0].toLongLong(), manifest().totalBytes());
        QCOMPARE(total.last()[1].toLongLong(), manifest().totalBytes());
        QCOMPARE(server.requests().size(), 2);
        QVERIFY(server.requests()[0].range.isEmpty());
    }

    void firstMirrorAnswers404()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        serve(server, "good"); // nothing under /gone/: 404
        QTemporaryDir dir;
        Downloader downloader;
        QSignalSpy failed(&downloader, &Downloader::mirrorFailed);
        QSignalSpy done(&downloader, &Downloader::fileDone);
        const DownloadResult r
                = run(downloader, manifest(), {server.base("gone"), server.base("good")},
                      dir.path());
        QVERIFY2(r.ok(), qPrintable(r.message));
        verifyComplete(dir.path());
        QCOMPARE(failed.size(), 2); // once per file
        QCOMPARE(failed[0][1].toUrl().toString(), server.base("gone").toString() + kBig);
        QVERIFY2(failed[0][2].toString().contains(QLatin1String("HTTP 404")),
                 qPrintable(failed[0][2].toString()));
        QCOMPARE(r.failures.size(), 2);
        QCOMPARE(r.failures[0].cause, DownloadError::NotFound);
        QCOMPARE(done[0][1].toUrl().toString(), server.base("good").toString() + kBig);
        QCOMPARE(done[1][1].toUrl().toString(), server.base("good").toString() + kSmall);
    }

    void notFoundWithAnEmptyBody_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("empty"); // Route::emptyErrorBody
        QTest::newRow("404 with a body") << 404 << 0;
        QTest::newRow("404, Content-Length: 0") << 404 << 1;
        QTest::newRow("404, no body, no length") << 404 << 2;
        QTest::newRow("410, no body, no length") << 410 << 2;
        QTest::newRow("403, Content-Length: 0") << 403 << 1;
    }

    void notFoundWithAnEmptyBody()
    {
        // Some servers answer a missing file with the status line only (Content-Length: 0): still
        // "not found", not a transfer that ended early.
        QFETCH(int, status);
        QFETCH(int, empty);
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        Route missing;
        missing.status = status;
        missing.emptyErrorBody = empty;
        serve(server, "gone", missing);
        QTemporaryDir dir;
        Downloader downloader;
        QSignalSpy failed(&downloader, &Downloader::mirrorFailed);
        const DownloadResult r = run(downloader, manifest(), {server.base("gone")}, dir.path());
        QVERIFY(!r.ok());
        QCOMPARE(r.error, DownloadError::NotFound);
        QCOMPARE(r.failures.size(), 1);
        QCOMPARE(r.failures[0].cause, DownloadError::NotFound);
        QVERIFY2(r.failures[0].reason.startsWith(QStringLiteral("HTTP %1").arg(status)),
                 qPrintable(r.failures[0].reason));
        QVERIFY2(!r.message.contains(QLatin1String("transfer ended")), qPrintable(r.message));
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed[0][2].toString().startsWith(QStringLiteral("HTTP %1").arg(status)),
                 qPrintable(failed[0][2].toString()));
        QVERIFY(!QFileInfo::exists(dir.filePath(kBig)));
        QVERIFY(!QFileInfo::exists(dir.filePath(kBig + QStringLiteral(".part"))));
    }

    void droppedConnectionResumesWithRange()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        Route dropping;
        dropping.dropAfter = 120000;
        dropping.drops = 1;
        serve(server, "a", dropping);
        QTemporaryDir dir;
        Downloader downloader;
        const DownloadResult r = run(downloader, manifest(), {server.base("a")}, dir.path());
        QVERIFY2(r.ok(), qPrintable(r.message));
        verifyComplete(dir.path());
        // Qt's HTTP layer may resend the request once by itself after the early close; what
        // matters is that the downloader resumed with Range and wrote each byte once.
        const QList<bplab::test::SeenRequest> big = server.requestsFor("/a/big.bin");
        QVERIFY(big.size() >= 2);
        QVERIFY(big[0].range.isEmpty());
        QCOMPARE(big.last().range, QByteArray("bytes=120000-"));
        QCOMPARE(r.bytesTransferred, qint64(m_big.size() + m_small.size()));
        QCOMPARE(r.failures.size(), 1);
        QVERIFY2(r.failures[0].reason.contains(QLatin1String("120000 of 300000")),
                 qPrintable(r.failures[0].reason));
    }

    void partFromAnEarlierRunIsResumed()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        serve(server, "a");
        QTemporaryDir dir;
        QVERIFY(bplab::test::writeAll(dir.filePath(partName(kBig)), m_big.left(100000)));
        Downloader downloader;
        QSignalSpy progress(&downloader, &Downloader::progress);
        const DownloadResult r = run(downloader, manifest(), {server.base("a")}, dir.path());
        QVERIFY2(r.ok(), qPrintable(r.message));
        verifyComplete(dir.path());
        QCOMPARE(server.requestsFor("/a/big.bin").size(), 1);
        QCOMPARE(server.requestsFor("/a/big.bin")[0].range, QByteArray("bytes=100000-"));
        QCOMPARE(server.sentFor("/a/big.bin"), qint64(m_big.size() - 100000));
        // Progress counts the resumed bytes: the first report starts at 100,000, not 0.
        QCOMPARE(progress.first()[1].toLongLong(), 100000);
    }

    void serverIgnoringRangeRestartsFromZero()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        Route ignoring;
        ignoring.ignoreRange = true;
        serve(server, "a", ignoring);
        QTemporaryDir dir;
        QVERIFY(bplab::test::writeAll(dir.filePath(partName(kBig)), m_big.left(50000)));
        Downloader downloader;
        const DownloadResult r = run(downloader, manifest(), {server.base("a")}, dir.path());
        QVERIFY2(r.ok(), qPrintable(r.message));
        verifyComplete(dir.path()); // not 50,000 bytes twice
        QCOMPARE(server.requestsFor("/a/big.bin")[0].range, QByteArray("bytes=50000-"));
        QCOMPARE(server.sentFor("/a/big.bin"), qint64(m_big.size()));
    }

    void wrongBytesAreRefused()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        Route damaged;
        damaged.body = m_big;
        damaged.body[150000] = char(damaged.body[150000] ^ 0x40); // same size, other MD5
        serve(server, "a", damaged);
        serve(server, "b", damaged);
        QTemporaryDir dir;
        Downloader downloader;
        const DownloadResult r = run(downloader, manifest(),
                                     {server.base("a"), server.base("b")}, dir.path());
        QCOMPARE(r.error, DownloadError::Checksum);
        QVERIFY(!QFileInfo::exists(dir.filePath(kBig)));
        QVERIFY(!QFileInfo::exists(dir.filePath(partName(kBig))));
        QVERIFY(!QFileInfo::exists(dir.filePath(kSmall))); // stopped at the first failing file
        QVERIFY2(r.message.contains(kBig), qPrintable(r.message));
        QVERIFY2(r.message.contains(QLatin1String("checksum:")), qPrintable(r.message));
        QVERIFY2(r.message.contains(server.base("a").toString() + kBig), qPrintable(r.message));
        QVERIFY2(r.message.contains(server.base("b").toString() + kBig), qPrintable(r.message));
        QVERIFY2(r.message.contains(QString::fromLatin1(manifest().files[0].md5)),
                 qPrintable(r.message));
    }

    void wrongSizeIsRefusedBeforeDownloading()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        Route longer;
        longer.body = m_big + "x";
        serve(server, "a", longer);
        QTemporaryDir dir;
        Downloader downloader;
        const DownloadResult r = run(downloader, manifest(), {server.base("a")}, dir.path());
        QCOMPARE(r.error, DownloadError::Checksum);
        QVERIFY2(r.message.contains(QLatin1String("300001 bytes")), qPrintable(r.message));
        QVERIFY(!QFileInfo::exists(dir.filePath(kBig)));
        QVERIFY(!QFileInfo::exists(dir.filePath(partName(kBig))));
    }

    void stalledMirrorPassesToTheNextWhichResumes()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        Route stalling;
        stalling.stallAfter = 40000;
        serve(server, "slow", stalling);
        serve(server, "b");
        QTemporaryDir dir;
        Downloader downloader;
        downloader.setStallTimeout(300);
        QElapsedTimer clock;
        clock.start();
        const DownloadResult r = run(downloader, manifest(),
                                     {server.base("slow"), server.base("b")}, dir.path());
        QVERIFY2(r.ok(), qPrintable(r.message));
        QVERIFY(clock.elapsed() < 5000);
        verifyComplete(dir.path());
        QCOMPARE(r.failures.size(), 1);
        QCOMPARE(r.failures[0].cause, DownloadError::Offline);
        QVERIFY2(r.failures[0].reason.contains(QLatin1String("no data for 0.3 s")),
                 qPrintable(r.failures[0].reason));
        QCOMPARE(server.requestsFor("/b/big.bin")[0].range, QByteArray("bytes=40000-"));
    }

    void refusedConnectionReportsOffline()
    {
        quint16 closedPort = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            closedPort = probe.serverPort();
        }
        const QUrl mirror(QStringLiteral("http://127.0.0.1:%1/x/").arg(closedPort));
        QTemporaryDir dir;
        Downloader downloader;
        const DownloadResult r = run(downloader, manifest(), {mirror}, dir.path());
        QCOMPARE(r.error, DownloadError::Offline);
        QVERIFY2(r.message.contains(QLatin1String("connection refused")), qPrintable(r.message));
        QVERIFY2(r.message.startsWith(QLatin1String("could not download big.bin (file 1 of 2)")),
                 qPrintable(r.message));
        QVERIFY2(r.message.contains(QLatin1String("offline:")), qPrintable(r.message));
        // The reason, then the mirror it came from; no parenthesis inside a parenthesis.
        QVERIFY2(r.message.contains(QLatin1String("connection refused at ") + mirror.toString()),
                 qPrintable(r.message));
        QVERIFY2(!r.message.contains(QLatin1String("))")), qPrintable(r.message));
        QVERIFY(!QFileInfo::exists(dir.filePath(kBig)));
    }

    void mixedCausesGiveOneLinePerCause()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        Route damaged;
        damaged.body = m_big;
        damaged.body[0] = char(damaged.body[0] ^ 1);
        serve(server, "bad", damaged);
        QTemporaryDir dir;
        Downloader downloader;
        const DownloadResult r = run(downloader, manifest(),
                                     {server.base("gone"), server.base("bad")}, dir.path());
        QCOMPARE(r.error, DownloadError::Checksum); // the more telling cause
        const QStringList lines = r.message.split(u'\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[1].startsWith(QLatin1String("checksum:")));
        QVERIFY(lines[2].startsWith(QLatin1String("not found:")));
        QVERIFY(lines[2].contains(server.base("gone").toString() + kBig));
    }

    void slowServerAndCancel()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        Route slow;
        slow.chunkDelayMs = 30; // 4 KB per 30 ms: 300 KB would take over 2 s
        serve(server, "a", slow);
        QTemporaryDir dir;
        Downloader downloader;
        QSignalSpy finished(&downloader, &Downloader::finished);
        QSignalSpy progress(&downloader, &Downloader::progress);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(downloader.start(manifest(), {server.base("a")}, dir.path()));
        QVERIFY(downloader.isRunning());
        QVERIFY(!downloader.start(manifest(), {server.base("a")}, dir.path())); // one at a time
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last()[1].toLongLong() > 0, 5000);
        downloader.cancel();
        QVERIFY(!downloader.isRunning());
        QCOMPARE(finished.size(), 1);
        const DownloadResult r = finished[0][0].value<DownloadResult>();
        QCOMPARE(r.error, DownloadError::Cancelled);
        QVERIFY2(r.message.contains(partName(kBig)), qPrintable(r.message));
        QVERIFY(clock.elapsed() < 2000);
        QVERIFY(!QFileInfo::exists(dir.filePath(kBig)));
        const qint64 kept = QFileInfo(dir.filePath(partName(kBig))).size();
        QVERIFY(kept > 0 && kept < m_big.size());
        QCOMPARE(bplab::test::readAll(dir.filePath(partName(kBig))), m_big.left(kept));
        downloader.cancel(); // idle: nothing happens
        QTest::qWait(100);
        QCOMPARE(finished.size(), 1);
    }

    void completeFilesAreSkippedAndDamagedOnesReplaced()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        serve(server, "a");
        QTemporaryDir dir;
        QVERIFY(bplab::test::writeAll(dir.filePath(kSmall), m_small));
        QByteArray damaged = m_big;
        damaged[10] = char(damaged[10] ^ 1);
        QVERIFY(bplab::test::writeAll(dir.filePath(kBig), damaged));
        Downloader downloader;
        QSignalSpy done(&downloader, &Downloader::fileDone);
        const DownloadResult r = run(downloader, manifest(), {server.base("a")}, dir.path());
        QVERIFY2(r.ok(), qPrintable(r.message));
        verifyComplete(dir.path());
        QCOMPARE(r.filesSkipped, 1);
        QCOMPARE(done[1][2].toBool(), true);
        QVERIFY(done[1][1].toUrl().isEmpty());
        QCOMPARE(server.requestsFor("/a/small.bin").size(), 0);

        // All complete: no request at all.
        const qsizetype before = server.requests().size();
        const DownloadResult again = run(downloader, manifest(), {server.base("a")}, dir.path());
        QVERIFY(again.ok());
        QCOMPARE(again.filesSkipped, 2);
        QCOMPARE(again.bytesTransferred, 0);
        QCOMPARE(server.requests().size(), before);
    }

    void writeErrorStopsAtOnce()
    {
        bplab::test::TestHttpServer server;
        QVERIFY(server.listen());
        serve(server, "a");
        serve(server, "b");
        QTemporaryDir dir;
        // A folder where the .part should go: it cannot be opened as a file.
        QVERIFY(QDir(dir.path()).mkpath(partName(kBig) + QStringLiteral("/x")));
        Downloader downloader;
        const DownloadResult r = run(downloader, manifest(),
                                     {server.base("a"), server.base("b")}, dir.path());
        QCOMPARE(r.error, DownloadError::WriteError);
        QVERIFY2(r.message.contains(dir.filePath(partName(kBig))), qPrintable(r.message));
        QVERIFY(server.requests().isEmpty()); // no mirror was bothered
        QVERIFY(!QFileInfo::exists(dir.filePath(kBig)));
    }

    void invalidInput()
    {
        QTemporaryDir dir;
        Downloader downloader;
        DownloadResult r = run(downloader, Manifest {}, {QUrl(QStringLiteral("http://h/"))},
                               dir.path());
        QCOMPARE(r.error, DownloadError::InvalidInput);
        r = run(downloader, manifest(), {}, dir.path());
        QCOMPARE(r.error, DownloadError::InvalidInput);
        QVERIFY(bplab::test::writeAll(dir.filePath(QStringLiteral("file")), "x"));
        r = run(downloader, manifest(), {QUrl(QStringLiteral("http://h/"))},
                dir.filePath(QStringLiteral("file")));
        QCOMPARE(r.error, DownloadError::InvalidInput);
        QVERIFY2(r.message.contains(QLatin1String("not a folder")), qPrintable(r.message));
        QCOMPARE(errorName(DownloadError::Checksum), QStringLiteral("checksum"));
    }
};

QTEST_MAIN(TestDownloader)
#include "tst_downloader.moc"
