#pragma once
// Generated files for the download tests: deterministic bytes, their manifest entry (size, MD5)
// and the manifest as JSON.

#include "manifest.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace bplab::test {

/** size bytes from a small linear congruential generator seeded with seed. */
inline QByteArray generatedBytes(qint64 size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    quint32 x = seed * 2654435761u + 1u;
    for (qint64 i = 0; i < size; ++i) {
        // x = 1664525 x + 1013904223 (mod 2^32), top byte kept
        x = 1664525u * x + 1013904223u;
        bytes[i] = char(x >> 24);
    }
    return bytes;
}

inline download::ManifestFile entryFor(const QString &name, const QByteArray &bytes)
{
    return {name, QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex(),
            qint64(bytes.size())};
}

inline QByteArray manifestJson(const download::Manifest &manifest)
{
    QJsonArray files;
    for (const download::ManifestFile &f : manifest.files)
        files.append(QJsonObject {{QStringLiteral("name"), f.name},
                                  {QStringLiteral("md5"), QString::fromLatin1(f.md5)},
                                  {QStringLiteral("size"), double(f.size)}});
    return QJsonDocument(QJsonObject {{QStringLiteral("files"), files}}).toJson();
}

inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            && file.write(bytes) == bytes.size();
}

} // namespace bplab::test
