#pragma once
// What a download fetches: a list of files, each with its size and MD5, and the mirrors that serve
// them. The built-in list is MNIST's four .gz files; a JSON manifest replaces it for other
// datasets (and for tests). Plain values, usable from any thread.

#include "result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

namespace bplab::download {

/** One file of a dataset as the mirrors serve it. */
struct ManifestFile
{
    QString name;   ///< file name, appended to each mirror's base URL and used in the destination
    QByteArray md5; ///< 32 lower-case hex digits of the whole file's MD5
    qint64 size = 0; ///< exact size in bytes
};

/** The files of one dataset, downloaded in this order. */
struct Manifest
{
    QString dataset; ///< "mnist" or a manifest's file name, for messages
    QList<ManifestFile> files;

    /** Sum of the files' sizes. */
    qint64 totalBytes() const;
};

/** MNIST's four .gz files (train-images, train-labels, t10k-images, t10k-labels), 11,594,722 bytes. */
Manifest mnistManifest();

/** The built-in mirrors, tried in order (base URLs ending in '/'; the file name is appended). */
QList<QUrl> mnistMirrors();

/**
 * Parses a manifest: {"files": [{"name": "...", "md5": "32 hex digits", "size": bytes}, ...]}.
 * source names the file in messages. Names must be plain file names (no '/', no "..") and
 * unique; sizes positive. The error says which entry and which field is wrong.
 */
Result<Manifest> parseManifest(const QByteArray &json, const QString &source);

/** Reads and parses a manifest file (the error names the file). */
Result<Manifest> loadManifest(const QString &path);

/**
 * A mirror given as text ("https://host/path" or "https://host/path/"): the base URL, always
 * ending in '/', so that the file name is appended, not substituted. Errors for an empty text,
 * a scheme other than http/https, or a URL without a host.
 */
Result<QUrl> parseMirror(const QString &text);

/** The URL of file on mirror (mirror's path + name). */
QUrl fileUrl(const QUrl &mirror, const QString &name);

/** Where MNIST goes by default: the folder the data lookup searches (appDataFolder()/mnist). */
QString defaultMnistFolder();

/** The temporary name a file is downloaded to before it is verified: NAME.part in the same folder. */
QString partName(const QString &name);

/** How a file on disk compares with its manifest entry. */
enum class FileState {
    Missing,      ///< no such file
    WrongSize,    ///< present, size differs
    WrongMd5,     ///< right size, MD5 differs
    Complete,     ///< right size and MD5
};

/** Checks path against file (size first; the MD5 only when the size matches). */
FileState checkFile(const QString &path, const ManifestFile &file);

/** The MD5 of a file on disk as 32 lower-case hex digits, or empty when it cannot be read. */
QByteArray fileMd5(const QString &path);

/** True when every file of manifest is in folder under its real name with the right size and MD5. */
bool isDownloaded(const Manifest &manifest, const QString &folder);

} // namespace bplab::download
