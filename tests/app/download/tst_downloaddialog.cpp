// The download dialog against the download tests' local HTTP server (testhttpserver.h): per-file
// bars reach their end and the folder is handed on; a mirror without the files leaves the message
// in the dialog and nothing under the real names; Cancel stops a stalled download and closes the
// dialog. The server serves /files/NAME whole and /stall/NAME as 100 bytes and then nothing;
// any other path is a 404.

#include "downloaddialog.h"
#include "testhttpserver.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;
using namespace bplab::download;

namespace {
QByteArray pattern(int size, int salt)
{
    QByteArray b(size, '\0');
    for (int i = 0; i < size; ++i)
        b[i] = char((i * 31 + salt) & 0xff);
    return b;
}
} // namespace

class TestDownloadDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanDownload();
    void missingFilesShowTheMessage();
    void cancelStopsAndCloses();
    void fitsAProjector_data();
    void fitsAProjector();

private:
    QUrl mirror(const char *kind) const { return m_server.base(QLatin1String(kind)); }
    /** Serves bytes as /files/NAME and, stalling after 100 bytes, as /stall/NAME. */
    void serve(const QString &name, const QByteArray &bytes)
    {
        m_server.setRoute("/files/" + name.toLatin1(), {bytes});
        test::Route stalling {bytes};
        stalling.stallAfter = 100;
        m_server.setRoute("/stall/" + name.toLatin1(), stalling);
    }
    test::TestHttpServer m_server;
    Manifest m_manifest;
};

void TestDownloadDialog::initTestCase()
{
    QVERIFY(m_server.listen());
    m_manifest.dataset = QStringLiteral("test");
    const QList<QPair<QString, QByteArray>> files{{QStringLiteral("a-images.gz"), pattern(300000, 1)},
                                                  {QStringLiteral("b-labels.gz"), pattern(1234, 2)}};
    for (const auto &[name, bytes] : files) {
        serve(name, bytes);
        m_manifest.files.append({name, QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex(), bytes.size()});
    }
}

void TestDownloadDialog::cleanDownload()
{
    QTemporaryDir dest;
    DownloadDialog dialog(m_manifest, {mirror("files")}, dest.path());
    QCOMPARE(dialog.fileCount(), 2);
    QCOMPARE(dialog.fileBar(0)->value(), 0);
    QSignalSpy done(&dialog, &DownloadDialog::downloaded);
    dialog.show();
    QVERIFY(dialog.start());
    QVERIFY(done.wait(10000));
    QCOMPARE(done.at(0).at(0).toString(), dest.path());
    QVERIFY(dialog.result().ok());
    QVERIFY(!dialog.isVisible()); // closes on success
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(dialog.fileBar(i)->value(), dialog.fileBar(i)->maximum());
        QVERIFY2(dialog.fileStatusText(i).contains(QStringLiteral("checked")), qPrintable(dialog.fileStatusText(i)));
        QCOMPARE(QFileInfo(QDir(dest.path()).filePath(m_manifest.files[i].name)).size(), m_manifest.files[i].size);
    }
    QCOMPARE(dialog.fileBytesText(0), formatBytes(300000));
}

void TestDownloadDialog::missingFilesShowTheMessage()
{
    QTemporaryDir dest;
    DownloadDialog dialog(m_manifest, {mirror("nothing-here")}, dest.path());
    QSignalSpy finished(dialog.downloader(), &Downloader::finished);
    QSignalSpy done(&dialog, &DownloadDialog::downloaded);
    dialog.show();
    QVERIFY(dialog.start());
    QVERIFY(finished.wait(10000));
    QCOMPARE(done.count(), 0);
    QVERIFY(dialog.isVisible());
    QVERIFY2(dialog.result().error == DownloadError::NotFound, qPrintable(dialog.message()));
    QVERIFY2(dialog.message().contains(QStringLiteral("a-images.gz")), qPrintable(dialog.message()));
    QVERIFY2(dialog.message().contains(QStringLiteral("404")), qPrintable(dialog.message()));
    QCOMPARE(dialog.cancelButton()->text(), QStringLiteral("Close"));
    QVERIFY(!QFileInfo::exists(QDir(dest.path()).filePath(QStringLiteral("a-images.gz"))));
}

void TestDownloadDialog::cancelStopsAndCloses()
{
    QTemporaryDir dest;
    DownloadDialog dialog(m_manifest, {mirror("stall")}, dest.path());
    const QByteArray stalled = "/stall/" + m_manifest.files[0].name.toLatin1();
    const qint64 sentBefore = m_server.sentFor(stalled);
    dialog.show();
    QVERIFY(dialog.start());
    QTRY_VERIFY(dialog.fileStatusText(0).startsWith(QStringLiteral("from http://127.0.0.1")));
    // The server has sent 100 bytes and stalls (the dialog's throttled progress may not show it).
    QTRY_COMPARE(m_server.sentFor(stalled) - sentBefore, qint64(100));
    QVERIFY(dialog.isRunning());
    QTest::mouseClick(dialog.cancelButton(), Qt::LeftButton);
    QVERIFY(!dialog.isRunning());
    QVERIFY(!dialog.isVisible());
    QVERIFY(!QFileInfo::exists(QDir(dest.path()).filePath(QStringLiteral("a-images.gz"))));
}

void TestDownloadDialog::fitsAProjector_data()
{
    QTest::addColumn<double>("scale");
    QTest::newRow("normal font") << 1.0;
    QTest::newRow("presentation font") << 1.5;
}

void TestDownloadDialog::fitsAProjector()
{
    // MNIST's four names; the first arrives, the second stalls after 100 bytes: every row shows a
    // state (checked, running, waiting). BPLAB_DIALOG_SHOTS=DIR keeps the pictures for a look.
    QFETCH(double, scale);
    Manifest mnist;
    mnist.dataset = QStringLiteral("mnist");
    const QStringList names{QStringLiteral("train-images-idx3-ubyte.gz"), QStringLiteral("train-labels-idx1-ubyte.gz"),
                            QStringLiteral("t10k-images-idx3-ubyte.gz"), QStringLiteral("t10k-labels-idx1-ubyte.gz")};
    for (int i = 0; i < names.size(); ++i) {
        const QByteArray bytes = pattern(i % 2 ? 30000 : 400000, 10 + i);
        serve(names[i], bytes);
        mnist.files.append({names[i], QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex(), bytes.size()});
    }
    const QByteArray stalledPath = "/files/" + names[1].toLatin1();
    m_server.route(stalledPath).stallAfter = 100;
    const qint64 sentBefore = m_server.sentFor(stalledPath); // by the earlier rows
    QTemporaryDir dest;
    DownloadDialog dialog(mnist, {mirror("files")}, dest.path());
    QFont font = dialog.font();
    font.setPointSizeF(font.pointSizeF() * scale);
    dialog.setFont(font);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.start());
    QTRY_VERIFY(dialog.fileStatusText(0).startsWith(QStringLiteral("checked")));
    QTRY_VERIFY(dialog.fileStatusText(1).startsWith(QStringLiteral("from http://127.0.0.1")));
    QTRY_COMPARE(m_server.sentFor(stalledPath) - sentBefore,
                 qint64(100)); // its 100 bytes, then nothing
    QCOMPARE(dialog.fileBar(0)->value(), dialog.fileBar(0)->maximum());
    QCOMPARE(dialog.fileStatusText(2), QStringLiteral("waiting"));
    // On a 1280 x 800 projector the dialog fits, and no text is cut: every label has its width.
    QVERIFY2(dialog.width() <= 1280 && dialog.height() <= 800,
             qPrintable(QStringLiteral("%1 x %2").arg(dialog.width()).arg(dialog.height())));
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (!label->isVisible() || label->wordWrap())
            continue;
        QVERIFY2(label->width() >= label->sizeHint().width(),
                 qPrintable(QStringLiteral("\"%1\" has %2 px of %3").arg(label->text()).arg(label->width())
                                .arg(label->sizeHint().width())));
    }
    const QString shots = qEnvironmentVariable("BPLAB_DIALOG_SHOTS");
    if (!shots.isEmpty())
        QVERIFY(dialog.grab().save(QStringLiteral("%1/download-%2.png").arg(shots).arg(scale)));
    QTest::mouseClick(dialog.cancelButton(), Qt::LeftButton);
    QVERIFY(!dialog.isRunning());
    m_server.route(stalledPath).stallAfter = -1;

    // A failure: every cause in the message, the dialog stays with Try again and Close.
    DownloadDialog failing(mnist, {mirror("nothing-here"), mirror("stall")}, dest.path());
    failing.setFont(font);
    failing.show();
    QSignalSpy finished(failing.downloader(), &Downloader::finished);
    failing.downloader()->setStallTimeout(300);
    QVERIFY(failing.start());
    QVERIFY(finished.wait(10000));
    QVERIFY(failing.isVisible());
    QVERIFY2(failing.message().contains(QStringLiteral("404")), qPrintable(failing.message()));
    QTRY_VERIFY(failing.width() <= 1280 && failing.height() <= 800);
    // The message gets its height; the rows above it keep theirs.
    QTRY_VERIFY2(failing.findChild<QLabel *>(QStringLiteral("downloadMessage"))->height()
                     >= failing.findChild<QLabel *>(QStringLiteral("downloadMessage"))->heightForWidth(
                         failing.findChild<QLabel *>(QStringLiteral("downloadMessage"))->width()),
                 "the message is cut");
    QVERIFY(failing.fileBar(0)->height() >= failing.fileBar(0)->minimumSizeHint().height());
    if (!shots.isEmpty())
        QVERIFY(failing.grab().save(QStringLiteral("%1/download-failed-%2.png").arg(shots).arg(scale)));
}

QTEST_MAIN(TestDownloadDialog)
#include "tst_downloaddialog.moc"
