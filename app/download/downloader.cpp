#include "downloader.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QStorageInfo>
#include <QTimer>

namespace bplab::download {

namespace {

// A dropped connection that delivered bytes is resumed from the same mirror this many times
// before the mirror counts as failed.
constexpr int kMaxRetriesPerMirror = 3;
constexpr qint64 kProgressIntervalMs = 100;
constexpr qint64 kRateWindowMs = 500;

QString describeNetworkError(QNetworkReply::NetworkError error, const QString &detail)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return QStringLiteral("connection refused");
    case QNetworkReply::HostNotFoundError:
        return QStringLiteral("host not found (no internet connection or DNS)");
    case QNetworkReply::RemoteHostClosedError:
        return QStringLiteral("the server closed the connection");
    case QNetworkReply::TimeoutError:
        return QStringLiteral("connection timed out");
    case QNetworkReply::SslHandshakeFailedError:
        return QStringLiteral("secure connection failed (%1)").arg(detail);
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::TemporaryNetworkFailureError:
        return QStringLiteral("the network is down");
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyNotFoundError:
    case QNetworkReply::ProxyTimeoutError:
    case QNetworkReply::ProxyAuthenticationRequiredError:
        return QStringLiteral("proxy error (%1)").arg(detail);
    default:
        return detail;
    }
}

} // namespace

Downloader::Downloader(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
    , m_stallTimer(new QTimer(this))
{
    qRegisterMetaType<bplab::download::DownloadResult>();
    qRegisterMetaType<bplab::download::Manifest>();
    m_stallTimer->setSingleShot(true);
    connect(m_stallTimer, &QTimer::timeout, this, &Downloader::onStalled);
}

Downloader::~Downloader()
{
    // No signals from a half-destroyed object: drop the reply quietly, keep the .part.
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
    m_part.close();
}

bool Downloader::start(const Manifest &manifest, const QList<QUrl> &mirrors,
                       const QString &destDir)
{
    if (m_running)
        return false;
    m_running = true;
    m_manifest = manifest;
    m_mirrors = mirrors;
    m_destDir = QDir::cleanPath(QDir(destDir).absolutePath());
    m_result = DownloadResult {};
    m_result.destDir = m_destDir;
    m_fileIndex = -1;
    m_doneBytes = 0;
    // finished() must never come from inside start(): the caller connects, starts, then waits.
    const int generation = m_generation;
    QTimer::singleShot(0, this, [this, generation] { begin(generation); });
    return true;
}

void Downloader::begin(int generation)
{
    if (generation != m_generation || !m_running)
        return;
    if (m_manifest.files.isEmpty())
        return finish(DownloadError::InvalidInput, QStringLiteral("the manifest lists no files"));
    if (m_mirrors.isEmpty())
        return finish(DownloadError::InvalidInput,
                      QStringLiteral("no mirror to download from; give at least one base URL"));
    const QFileInfo dest(m_destDir);
    if (dest.exists() && !dest.isDir())
        return finish(DownloadError::InvalidInput,
                      QStringLiteral("%1 is a file, not a folder; choose a folder to download "
                                     "into")
                              .arg(m_destDir));
    if (!QDir().mkpath(m_destDir))
        return finish(DownloadError::WriteError,
                      QStringLiteral("cannot create the folder %1 (check who may write there, or "
                                     "choose another folder)")
                              .arg(m_destDir));
    nextFile();
}

void Downloader::cancel()
{
    if (!m_running)
        return;
    dropReply();
    const QString part = m_fileIndex >= 0 && m_fileIndex < m_manifest.files.size()
            ? partName(currentFile().name)
            : QString();
    finish(DownloadError::Cancelled,
           part.isEmpty() || !QFileInfo::exists(partPath())
                   ? QStringLiteral("download cancelled")
                   : QStringLiteral("download cancelled; %1 is kept in %2 and the next download "
                                    "resumes it")
                             .arg(part, m_destDir));
}

void Downloader::later(void (Downloader::*step)())
{
    // Steps run from the event loop, not from inside a reply's signal (which is being emitted).
    const int generation = m_generation;
    QTimer::singleShot(0, this, [this, generation, step] {
        if (generation == m_generation && m_running)
            (this->*step)();
    });
}

QString Downloader::partPath() const
{
    return QDir(m_destDir).filePath(partName(currentFile().name));
}

QString Downloader::finalPath() const
{
    return QDir(m_destDir).filePath(currentFile().name);
}

void Downloader::nextFile()
{
    for (;;) {
        ++m_fileIndex;
        if (m_fileIndex >= m_manifest.files.size())
            return finish(DownloadError::None, {});
        m_mirrorIndex = 0;
        m_retries = 0;
        m_fileFailures.clear();
        const ManifestFile &file = currentFile();
        if (checkFile(finalPath(), file) != FileState::Complete)
            break;
        ++m_result.filesSkipped;
        m_doneBytes += file.size;
        emit progress(m_fileIndex, file.size, file.size, 0.0);
        emit totalProgress(m_doneBytes, m_manifest.totalBytes());
        emit fileDone(m_fileIndex, QUrl(), true);
    }

    // A .part of the full size is either the finished file (an earlier run stopped before the
    // rename) or garbage; one longer than the file is garbage.
    const ManifestFile &file = currentFile();
    const QFileInfo part(partPath());
    if (part.exists() && part.size() >= file.size) {
        if (part.size() == file.size && fileMd5(partPath()) == file.md5) {
            m_url = QUrl();
            return verifyAndRename();
        }
        QFile::remove(partPath());
    }
    const qint64 have = QFileInfo::exists(partPath()) ? QFileInfo(partPath()).size() : 0;
    if (!enoughSpace(file.size - have))
        return;
    m_resumedEarlierBytes = have > 0;
    tryMirror();
}

bool Downloader::enoughSpace(qint64 needed)
{
    const QStorageInfo storage(m_destDir);
    if (!storage.isValid() || storage.bytesAvailable() < 0 || storage.bytesAvailable() >= needed)
        return true;
    writeFailed(partPath(),
                QStringLiteral("not enough space: %1 MB free, %2 needs %3 MB")
                        .arg(double(storage.bytesAvailable()) / 1e6, 0, 'f', 1)
                        .arg(currentFile().name)
                        .arg(double(needed) / 1e6, 0, 'f', 1));
    return false;
}

void Downloader::tryMirror()
{
    if (m_mirrorIndex >= m_mirrors.size()) {
        // The most telling cause decides the error value; the message lists every cause.
        DownloadError worst = DownloadError::Offline;
        for (const MirrorFailure &f : m_fileFailures)
            worst = std::min(worst, f.cause);
        return finish(worst, allMirrorsFailedMessage());
    }
    const QFileInfo part(partPath());
    requestCurrent(part.exists() ? part.size() : 0);
}

void Downloader::requestCurrent(qint64 offset)
{
    const ManifestFile &file = currentFile();
    m_part.close();
    m_part.setFileName(partPath());
    const QIODevice::OpenMode mode = offset > 0 ? QIODevice::WriteOnly | QIODevice::Append
                                                : QIODevice::WriteOnly | QIODevice::Truncate;
    if (!m_part.open(mode))
        return writeFailed(partPath(), m_part.errorString());

    m_url = fileUrl(m_mirrors.at(m_mirrorIndex), file.name);
    m_offset = offset;
    m_received = offset;
    m_rangeRequested = offset > 0;
    m_responseChecked = false;

    QNetworkRequest request(m_url);
    // The bytes are checked against the MD5 of the file as stored: no transfer compression.
    request.setRawHeader("Accept-Encoding", "identity");
    if (m_rangeRequested)
        request.setRawHeader("Range", "bytes=" + QByteArray::number(offset) + '-');
    m_reply = m_network->get(request);
    connect(m_reply, &QNetworkReply::readyRead, this, &Downloader::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &Downloader::onReplyFinished);

    m_rateClock.start();
    m_progressClock.start();
    m_rateBytes = 0;
    m_rate = 0;
    m_stallTimer->start(m_stallTimeoutMs);
    emit fileStarted(m_fileIndex, file.name, m_url);
    emitProgress(true);
}

bool Downloader::checkResponse()
{
    const QVariant statusValue = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!statusValue.isValid())
        return true; // no status line yet (or a network error: onReplyFinished() reports it)
    m_responseChecked = true;
    const int status = statusValue.toInt();
    const qint64 size = currentFile().size;
    if (status >= 400 || status < 200 || (status >= 300 && status < 400)) {
        const QString text = QString::fromLatin1(
                m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray());
        if (status == 416) {
            // The server has fewer bytes than the .part: the .part is not a prefix of its file.
            dropReply();
            QFile::remove(partPath());
            m_resumedEarlierBytes = false;
            requestCurrent(0);
            return false;
        }
        attemptFailed(status >= 500 ? DownloadError::Offline : DownloadError::NotFound,
                      QStringLiteral("HTTP %1%2").arg(status).arg(text.isEmpty() ? QString()
                                                                                  : u' ' + text));
        return false;
    }
    if (status == 206 && m_rangeRequested) {
        // Content-Range: bytes START-END/TOTAL
        static const QRegularExpression range(QStringLiteral("^bytes (\\d+)-(\\d+)/(\\d+|\\*)"));
        const auto match = range.match(QString::fromLatin1(m_reply->rawHeader("Content-Range")));
        if (!match.hasMatch() || match.captured(1).toLongLong() != m_offset) {
            // A range that does not start where the .part ends cannot be appended: start over.
            dropReply();
            m_resumedEarlierBytes = false;
            requestCurrent(0);
            return false;
        }
        if (match.captured(3) != QLatin1String("*") && match.captured(3).toLongLong() != size) {
            attemptFailed(DownloadError::Checksum,
                          QStringLiteral("the server's file has %1 bytes, the manifest says %2")
                                  .arg(match.captured(3))
                                  .arg(size));
            return false;
        }
        return true;
    }
    // 200 (or 206 to a request without Range): the whole file from byte 0.
    if (m_offset > 0) {
        // The server ignored the Range header: the .part is replaced, not appended to.
        if (!m_part.resize(0) || !m_part.seek(0)) {
            writeFailed(partPath(), m_part.errorString());
            return false;
        }
        m_offset = 0;
        m_received = 0;
        m_resumedEarlierBytes = false;
    }
    const QVariant length = m_reply->header(QNetworkRequest::ContentLengthHeader);
    if (length.isValid() && length.toLongLong() != size) {
        attemptFailed(DownloadError::Checksum,
                      QStringLiteral("the server's file has %1 bytes, the manifest says %2")
                              .arg(length.toLongLong())
                              .arg(size));
        return false;
    }
    return true;
}

void Downloader::onReadyRead()
{
    if (!m_reply)
        return;
    m_stallTimer->start(m_stallTimeoutMs);
    if (!m_responseChecked && m_reply->isRunning()
        && m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() >= 400) {
        // An error page: judged when the reply finishes (aborting it now makes Qt report
        // the error twice).
        m_reply->readAll();
        return;
    }
    if (!m_responseChecked && !checkResponse())
        return;
    if (!m_responseChecked)
        return;
    const QByteArray data = m_reply->readAll();
    if (data.isEmpty())
        return;
    const qint64 size = currentFile().size;
    if (m_received + data.size() > size) {
        attemptFailed(DownloadError::Checksum,
                      QStringLiteral("the server sent more than the %1 bytes in the manifest")
                              .arg(size));
        return;
    }
    if (m_part.write(data) != data.size() || !m_part.flush())
        return writeFailed(partPath(), m_part.errorString());
    m_received += data.size();
    m_rateBytes += data.size();
    m_result.bytesTransferred += data.size();
    emitProgress(false);
}

void Downloader::onReplyFinished()
{
    if (!m_reply)
        return;
    m_stallTimer->stop();
    if (!m_responseChecked && !checkResponse())
        return; // an HTTP error, or a restart
    if (m_responseChecked && m_reply->bytesAvailable() > 0) {
        onReadyRead();
        if (!m_reply || !m_running)
            return; // failed while reading
    }
    const QNetworkReply::NetworkError error = m_reply->error();
    const QString detail = m_reply->errorString();
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    dropReply();

    const qint64 size = currentFile().size;
    if (error != QNetworkReply::NoError && status < 400) {
        const QString reason = describeNetworkError(error, detail);
        return retryOrFail(DownloadError::Offline,
                           m_received == 0 ? reason
                                           : QStringLiteral("%1 after %2 of %3 bytes")
                                                     .arg(reason)
                                                     .arg(m_received)
                                                     .arg(size));
    }
    if (m_received < size)
        return retryOrFail(DownloadError::Checksum,
                           QStringLiteral("the transfer ended after %1 of %2 bytes")
                                   .arg(m_received)
                                   .arg(size));
    emitProgress(true);
    verifyAndRename();
}

void Downloader::retryOrFail(DownloadError cause, const QString &reason)
{
    // A connection that delivered bytes and then broke is resumed from the same mirror.
    if (m_received > m_offset && m_retries < kMaxRetriesPerMirror) {
        ++m_retries;
        m_result.failures.append({m_fileIndex, m_url, cause, reason});
        emit mirrorFailed(m_fileIndex, m_url, reason + QStringLiteral(", resuming"));
        m_resumedEarlierBytes = true;
        later(&Downloader::tryMirror);
        return;
    }
    attemptFailed(cause, reason);
}

void Downloader::verifyAndRename()
{
    const ManifestFile &file = currentFile();
    m_part.close();
    const QByteArray md5 = fileMd5(partPath());
    if (md5 != file.md5) {
        QFile::remove(partPath());
        if (m_resumedEarlierBytes && !m_url.isEmpty()) {
            // The bytes kept from before may be the bad ones: fetch the whole file once more.
            m_resumedEarlierBytes = false;
            m_result.failures.append({m_fileIndex, m_url, DownloadError::Checksum,
                                      QStringLiteral("resumed file had MD5 %1")
                                              .arg(QString::fromLatin1(md5))});
            return requestCurrent(0);
        }
        return attemptFailed(DownloadError::Checksum,
                             QStringLiteral("MD5 %1, expected %2 (%3 bytes)")
                                     .arg(QString::fromLatin1(md5), QString::fromLatin1(file.md5))
                                     .arg(file.size));
    }
    // Replace a damaged file under the real name only now that its replacement is verified.
    if (QFileInfo::exists(finalPath()) && !QFile::remove(finalPath()))
        return writeFailed(finalPath(), QStringLiteral("cannot replace the damaged file"));
    if (!QFile::rename(partPath(), finalPath()))
        return writeFailed(finalPath(), QStringLiteral("cannot rename %1 to %2")
                                                .arg(partName(file.name), file.name));
    m_doneBytes += file.size;
    emit totalProgress(m_doneBytes, m_manifest.totalBytes());
    emit fileDone(m_fileIndex, m_url, false);
    later(&Downloader::nextFile);
}

void Downloader::onStalled()
{
    if (!m_reply)
        return;
    attemptFailed(DownloadError::Offline,
                  QStringLiteral("no data for %1 s, timed out after %2 of %3 bytes")
                          .arg(m_stallTimeoutMs / 1000.0, 0, 'g', 3)
                          .arg(m_received)
                          .arg(currentFile().size));
}

void Downloader::attemptFailed(DownloadError cause, const QString &reason)
{
    dropReply();
    if (cause == DownloadError::Checksum)
        QFile::remove(partPath());
    const MirrorFailure failure {m_fileIndex, m_url, cause, reason};
    m_fileFailures.append(failure);
    m_result.failures.append(failure);
    emit mirrorFailed(m_fileIndex, m_url, reason);
    ++m_mirrorIndex;
    m_retries = 0;
    m_resumedEarlierBytes = QFileInfo::exists(partPath()) && QFileInfo(partPath()).size() > 0;
    later(&Downloader::tryMirror);
}

void Downloader::dropReply()
{
    m_stallTimer->stop();
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        // A reply that already reported an error (an HTTP 404) must not be aborted again.
        if (reply->isRunning() && reply->error() == QNetworkReply::NoError)
            reply->abort();
        reply->deleteLater();
    }
    if (m_part.isOpen()) {
        m_part.close();
        // An empty .part says nothing; only bytes worth resuming are kept.
        if (m_part.size() == 0)
            m_part.remove();
    }
}

void Downloader::writeFailed(const QString &path, const QString &reason)
{
    dropReply();
    m_result.failures.append({m_fileIndex, m_url, DownloadError::WriteError, reason});
    finish(DownloadError::WriteError,
           QStringLiteral("cannot write %1: %2. Check that the folder is writable and has room "
                          "for the download (%3 MB in all), or choose another folder.")
                   .arg(path, reason)
                   .arg(double(m_manifest.totalBytes()) / 1e6, 0, 'f', 1));
}

void Downloader::finish(DownloadError error, const QString &message)
{
    dropReply();
    ++m_generation;
    m_running = false;
    m_result.error = error;
    m_result.message = message;
    emit finished(m_result);
}

void Downloader::emitProgress(bool force)
{
    const qint64 sinceRate = m_rateClock.elapsed();
    if (sinceRate >= kRateWindowMs) {
        m_rate = double(m_rateBytes) * 1000.0 / double(sinceRate);
        m_rateBytes = 0;
        m_rateClock.restart();
    }
    if (!force && m_progressClock.elapsed() < kProgressIntervalMs)
        return;
    m_progressClock.restart();
    emit progress(m_fileIndex, m_received, currentFile().size, m_rate);
    emit totalProgress(m_doneBytes + m_received, m_manifest.totalBytes());
}

QString errorName(DownloadError error)
{
    switch (error) {
    case DownloadError::None:
        return QStringLiteral("ok");
    case DownloadError::Cancelled:
        return QStringLiteral("cancelled");
    case DownloadError::InvalidInput:
        return QStringLiteral("invalid input");
    case DownloadError::WriteError:
        return QStringLiteral("write error");
    case DownloadError::Checksum:
        return QStringLiteral("checksum");
    case DownloadError::NotFound:
        return QStringLiteral("not found");
    case DownloadError::Offline:
        return QStringLiteral("offline");
    }
    return {};
}

QString Downloader::allMirrorsFailedMessage() const
{
    const ManifestFile &file = currentFile();
    const auto attempts = [this](DownloadError cause) {
        QStringList parts;
        for (const MirrorFailure &f : m_fileFailures) {
            if (f.cause == cause)
                parts << QStringLiteral("%1 at %2").arg(f.reason, f.url.toString());
        }
        return parts.join(QStringLiteral("; "));
    };
    const auto has = [this](DownloadError cause) {
        for (const MirrorFailure &f : m_fileFailures) {
            if (f.cause == cause)
                return true;
        }
        return false;
    };

    QStringList lines;
    lines << QStringLiteral("could not download %1 (file %2 of %3) from any of the %4 mirror(s):")
                     .arg(file.name)
                     .arg(m_fileIndex + 1)
                     .arg(m_manifest.files.size())
                     .arg(m_mirrors.size());
    if (has(DownloadError::Checksum))
        lines << QStringLiteral("checksum: the bytes did not match the manifest (%1 bytes, MD5 "
                                "%2): %3; nothing was kept under %4. Try another mirror, or "
                                "check the manifest.")
                         .arg(file.size)
                         .arg(QString::fromLatin1(file.md5), attempts(DownloadError::Checksum),
                              file.name);
    if (has(DownloadError::NotFound))
        lines << QStringLiteral("not found: %1. The mirror does not have the file; try another "
                                "mirror (a base URL to which the file name is appended).")
                         .arg(attempts(DownloadError::NotFound));
    if (has(DownloadError::Offline)) {
        const QString part = QDir(m_destDir).filePath(partName(file.name));
        lines << QStringLiteral("offline: %1. Check the internet connection (or proxy settings) "
                                "and run the download again; %2 resumes where it stopped. "
                                "Without internet, copy the files into %3.")
                         .arg(attempts(DownloadError::Offline),
                              QFileInfo::exists(part) ? QStringLiteral("the partial file")
                                                      : QStringLiteral("it"),
                              m_destDir);
    }
    return lines.join(u'\n');
}

} // namespace bplab::download
