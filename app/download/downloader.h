#pragma once
// Downloads the files of a manifest from a list of mirrors into a folder, verifying each one.
//
// The rule that keeps half-downloaded files from ever looking like data: a file is written to
// NAME.part in the destination, checked for its size and MD5, and only then renamed to NAME. A
// .part left by an interrupted run is resumed with an HTTP Range request (a server that ignores
// Range and answers 200 restarts it from byte 0); a .part that fails the check is deleted.
// Files already present under their real name with the right size and MD5 are skipped.
//
// For each file the mirrors are tried in order; a mirror that fails (HTTP error, refused, host
// unknown, no data for stallTimeout(), size or MD5 mismatch) passes the file to the next. A write
// error (disk full, folder not writable) stops at once: no mirror can fix it. When every mirror
// fails for a file, finished() carries one message per cause naming the file and the URLs tried.

#include "manifest.h"

#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace bplab::download {

/** Why a download stopped. The order is the priority when mirrors fail for different reasons. */
enum class DownloadError {
    None,         ///< every file is in place
    Cancelled,    ///< cancel() was called
    InvalidInput, ///< empty manifest, no mirrors, destination not a folder
    WriteError,   ///< a file in the destination could not be written (disk full, no right to write)
    Checksum,     ///< mirrors answered but the bytes had the wrong size or MD5
    NotFound,     ///< mirrors answered with an HTTP error (404, 403, 410, ...)
    Offline,      ///< no mirror could be reached: refused, host unknown, TLS, timeout, HTTP 5xx
};

/** One failed attempt: which URL, why (the cause and the detail a person can act on). */
struct MirrorFailure
{
    int fileIndex = -1;
    QUrl url;
    DownloadError cause = DownloadError::Offline;
    QString reason; ///< e.g. "HTTP 404 Not Found", "connection refused", "no data for 30 s"
};

/** What finished() reports. */
struct DownloadResult
{
    DownloadError error = DownloadError::None;
    /** Empty when ok(); else what happened and what to do, one line per cause (may be several lines). */
    QString message;
    QString destDir;             ///< the destination folder
    qint64 bytesTransferred = 0; ///< bytes received over the network in this run
    int filesSkipped = 0;        ///< files that were already complete
    QList<MirrorFailure> failures; ///< every failed attempt, in order (also those a later mirror fixed)

    bool ok() const { return error == DownloadError::None; }
};

/** A short name of an error ("offline", "not found", "checksum", "write error", ...). */
QString errorName(DownloadError error);

/**
 * Fetches a manifest's files. Lives in the thread that creates it, which must run an event loop
 * (the GUI thread, or QCoreApplication::exec() in the CLI); all calls come from that thread and
 * never block. One download at a time: start() while running is ignored (returns false).
 */
class Downloader : public QObject
{
    Q_OBJECT
public:
    explicit Downloader(QObject *parent = nullptr);
    ~Downloader() override;

    /** A mirror that sends nothing for this long fails (default 30,000 ms; tests use less). */
    void setStallTimeout(int milliseconds) { m_stallTimeoutMs = milliseconds; }
    int stallTimeout() const { return m_stallTimeoutMs; }

    bool isRunning() const { return m_running; }
    const Manifest &manifest() const { return m_manifest; }

public slots:
    /**
     * Starts fetching manifest's files from mirrors (base URLs; the file name is appended) into
     * destDir (created if missing). Returns false, and emits nothing, when a download is running.
     * Otherwise finished() is emitted exactly once, later (never from inside start()).
     */
    bool start(const bplab::download::Manifest &manifest, const QList<QUrl> &mirrors,
               const QString &destDir);
    /** Stops the running download: the current .part stays (a later start() resumes it) and
     *  finished() reports Cancelled. Does nothing when idle. */
    void cancel();

signals:
    /** File fileIndex is being requested from url (once per mirror tried). */
    void fileStarted(int fileIndex, const QString &name, const QUrl &url);
    /** received of total bytes of file fileIndex (bytes resumed from a .part included);
     *  bytesPerSecond is the current network rate. At most about ten times a second per file. */
    void progress(int fileIndex, qint64 received, qint64 total, double bytesPerSecond);
    /** All files together: received of the manifest's totalBytes(). */
    void totalProgress(qint64 received, qint64 total);
    /** A mirror failed for file fileIndex; the next one is tried (or finished() follows). */
    void mirrorFailed(int fileIndex, const QUrl &url, const QString &reason);
    /** File fileIndex is verified and in place; from is the mirror's file URL, empty when the file
     *  was already complete on disk (alreadyPresent). */
    void fileDone(int fileIndex, const QUrl &from, bool alreadyPresent);
    /** The download is over: every file in place (ok()), cancelled, or failed with a message. */
    void finished(const bplab::download::DownloadResult &result);

private:
    void begin(int generation);
    void nextFile();
    void tryMirror();
    void requestCurrent(qint64 offset);
    bool checkResponse();
    void onReadyRead();
    void onReplyFinished();
    void onStalled();
    void retryOrFail(DownloadError cause, const QString &reason);
    void attemptFailed(DownloadError cause, const QString &reason);
    void dropReply();
    void verifyAndRename();
    bool enoughSpace(qint64 needed);
    void writeFailed(const QString &path, const QString &reason);
    void finish(DownloadError error, const QString &message);
    void later(void (Downloader::*step)());
    void emitProgress(bool force);
    QString allMirrorsFailedMessage() const;
    QString partPath() const;
    QString finalPath() const;
    const ManifestFile &currentFile() const { return m_manifest.files.at(m_fileIndex); }

    QNetworkAccessManager *m_network = nullptr;
    QTimer *m_stallTimer = nullptr;
    QPointer<QNetworkReply> m_reply;
    QFile m_part;

    Manifest m_manifest;
    QList<QUrl> m_mirrors;
    QString m_destDir;
    int m_stallTimeoutMs = 30000;
    bool m_running = false;
    int m_generation = 0; ///< bumped by finish(): queued steps of an older run do nothing

    int m_fileIndex = -1;
    int m_mirrorIndex = 0;
    int m_retries = 0;              ///< retries of the current mirror after a dropped connection
    bool m_resumedEarlierBytes = false; ///< the .part held bytes from an earlier run or mirror
    QUrl m_url;                     ///< the current request's URL
    qint64 m_offset = 0;            ///< bytes in the .part before this request
    qint64 m_received = 0;          ///< bytes of the current file on disk (offset + this reply)
    bool m_rangeRequested = false;
    bool m_responseChecked = false; ///< the status line of the current reply has been handled
    qint64 m_doneBytes = 0;         ///< sizes of the files finished before the current one
    QElapsedTimer m_rateClock;
    QElapsedTimer m_progressClock;
    qint64 m_rateBytes = 0;
    double m_rate = 0;
    DownloadResult m_result;
    QList<MirrorFailure> m_fileFailures; ///< failures of the current file
};

} // namespace bplab::download

Q_DECLARE_METATYPE(bplab::download::DownloadResult)
Q_DECLARE_METATYPE(bplab::download::Manifest)
