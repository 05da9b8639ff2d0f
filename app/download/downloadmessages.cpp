// The texts a person reads when a download fails: one line per cause, each naming the file, the
// URLs tried and what to do about it.

#include "downloader.h"

#include <QDir>
#include <QFileInfo>

namespace bplab::download {

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
