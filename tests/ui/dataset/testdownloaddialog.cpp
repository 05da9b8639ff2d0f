// The download dialog against a local HTTP server started by the test: per-file bars reach their
// end and the folder is handed on; a mirror without the files leaves the message in the dialog
// and nothing under the real names; Cancel stops a stalled download and closes the dialog.

#include "downloaddialog.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSet>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;
using namespace bplab::download;

namespace {
/** Serves /files/NAME from a map (200 with Content-Length), /stall/NAME with headers and 100
 *  bytes then nothing, anything else with 404 and a short body. */
class TinyServer : public QTcpServer
{
public:
    QMap<QString, QByteArray> files;
    QSet<QString> stalling; ///< names that stall after 100 bytes under /files/ too

    TinyServer()
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] { answer(s); });
                connect(s, &QTcpSocket::disconnected, s, [this, s] {
                    m_requests.remove(s);
                    s->deleteLater();
                });
            }
        });
    }

private:
    void answer(QTcpSocket *s)
    {
        QByteArray &pending = m_requests[s];
        pending += s->readAll();
        if (!pending.contains("\r\n\r\n"))
            return;
        // Answered once and forgotten: a later socket may get this one's address, and a stale
        // request under it would make the server answer the old path.
        const QByteArray request = m_requests.take(s);
        const QString path = QString::fromLatin1(request.split(' ').value(1));
        const QString name = path.section(u'/', -1);
        const bool stall = path.startsWith(QLatin1String("/stall/")) || stalling.contains(name);
        if ((path.startsWith(QLatin1String("/files/")) || stall) && files.contains(name)) {
            const QByteArray body = files.value(name);
            s->write("HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(body.size())
                     + "\r\nConnection: close\r\n\r\n");
            if (stall) {
                s->write(body.left(100));
                return; // and nothing more
            }
            s->write(body);
        } else {
            // With a body, as real servers answer (S3 sends an XML error document).
            s->write("HTTP/1.1 404 Not Found\r\nContent-Length: 10\r\nConnection: close\r\n\r\nnot found\n");
        }
        s->disconnectFromHost();
    }
    QHash<QTcpSocket *, QByteArray> m_requests;
};

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
    QUrl mirror(const char *kind) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1/%2/").arg(m_server.serverPort()).arg(QLatin1String(kind)));
    }
    TinyServer m_server;
    Manifest m_manifest;
};

void TestDownloadDialog::initTestCase()
{
    QVERIFY(m_server.listen(QHostAddress::LocalHost));
    m_manifest.dataset = QStringLiteral("test");
    const QList<QPair<QString, QByteArray>> files{{QStringLiteral("a-images.gz"), pattern(300000, 1)},
                                                  {QStringLiteral("b-labels.gz"), pattern(1234, 2)}};
    for (const auto &[name, bytes] : files) {
        m_server.files.insert(name, bytes);
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
    dialog.show();
    QVERIFY(dialog.start());
    QTRY_VERIFY(dialog.fileStatusText(0).startsWith(QStringLiteral("from http://127.0.0.1")));
    QTest::qWait(200); // the server has sent 100 bytes and stalls
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
        m_server.files.insert(names[i], bytes);
        mnist.files.append({names[i], QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex(), bytes.size()});
    }
    m_server.stalling = {names[1]};
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
    QTest::qWait(300); // its 100 bytes arrive, then nothing
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
    m_server.stalling.clear();

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
#include "testdownloaddialog.moc"
